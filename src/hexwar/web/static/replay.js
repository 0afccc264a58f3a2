// The replay viewer: a slider over the orders; the board after each; the events seen so far.
import { eventItem, loadBoard } from './common.js';

const gameId = document.body.dataset.game;
const api = `/api/games/${encodeURIComponent(gameId)}`;
const slider = document.getElementById('frame');
const label = document.getElementById('frame-label');
const map = document.getElementById('map');
const log = document.getElementById('log');
const orderBox = document.getElementById('frame-order');
let data = null;
let pending = null;

async function show(i) {
  const f = data.frames[i];
  label.textContent = `after ${f.n} of ${data.frames.length - 1} orders`;
  orderBox.textContent = f.n === 0
    ? 'The start of the game.'
    : f.text !== null // an own order, or one every side was told of (an amendment's notice)
      ? `Order ${f.n} (${f.side}, decision ${f.step}): ${f.text}`
      : `Order ${f.n}: ${f.side} gave orders (not shown to you).`;
  const previous = i > 0 ? data.frames[i - 1].log : 0;
  log.replaceChildren();
  for (const e of data.events) {
    if (e.seq >= f.log) break;
    const item = eventItem(e);
    if (e.seq >= previous) item.classList.add('new');
    log.prepend(item);
  }
  await loadBoard(map, `${api}/board.svg?at=${f.n}`);
}

slider.addEventListener('input', () => {
  const i = Number(slider.value);
  clearTimeout(pending);
  pending = setTimeout(() => show(i), 60);
});

async function start() {
  const response = await fetch(`${api}/replay`, { credentials: 'same-origin' });
  data = await response.json();
  slider.max = String(data.frames.length - 1);
  slider.value = slider.max;
  await show(data.frames.length - 1);
  document.body.dataset.ready = '1';
}
start();
