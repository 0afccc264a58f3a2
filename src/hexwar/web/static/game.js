// The game page: live updates by Server-Sent Events, the map, the order form.
import { el, eventItem, loadBoard } from './common.js';

const body = document.body;
const gameId = body.dataset.game;
const api = `/api/games/${encodeURIComponent(gameId)}`;
const map = document.getElementById('map');
const statusBox = document.getElementById('status');
const clock = document.getElementById('clock');
const facts = document.getElementById('facts');
const log = document.getElementById('log');
const textView = document.getElementById('text');
const form = document.getElementById('order-form');
const orderBox = document.getElementById('order');
const reply = document.getElementById('reply');
const help = document.getElementById('help');
// The umpire may look through one side's eyes: /games/ID?side=S.
const looking = body.dataset.role === 'umpire' ? new URLSearchParams(location.search).get('side') : null;
const sideQuery = looking ? `side=${encodeURIComponent(looking)}` : '';
let selected = null;
let lastSeen = -1;
let boardVersion = null;
let deadlineAt = null;

function insert(text) {
  if (!orderBox) return;
  const start = orderBox.selectionStart ?? orderBox.value.length;
  const end = orderBox.selectionEnd ?? start;
  const before = orderBox.value.slice(0, start);
  // A coordinate written '@XY' glues to the word before it (Aggressor's TYPE@XY set-up).
  const glue = text.startsWith('@') && /[A-Za-z]$/.test(before);
  const pad = before && !glue && !/\s$/.test(before) ? ' ' : '';
  orderBox.setRangeText(pad + text + ' ', start, end, 'end');
  orderBox.focus();
}

function select(ref) {
  selected = selected === ref ? null : ref;
  for (const g of map.querySelectorAll('g.counter')) {
    g.classList.toggle('selected', g.dataset.ref === selected);
  }
  for (const g of map.querySelectorAll('g.sight')) {
    g.style.display = g.dataset.counter === selected ? '' : 'none';
  }
}

map.addEventListener('click', (ev) => {
  const counter = ev.target.closest('g.counter');
  if (counter) {
    insert(counter.dataset.ref);
    if (counter.classList.contains('own')) select(counter.dataset.ref);
    return;
  }
  const hex = ev.target.closest('[data-label]');
  if (hex) insert(hex.dataset.label);
});

async function refreshBoard() {
  await loadBoard(map, `${api}/board.svg?v=${Date.now()}${sideQuery ? '&' + sideQuery : ''}`);
  if (selected) {
    const ref = selected;
    selected = null;
    select(ref);
  }
  const svg = map.querySelector('svg');
  const lines = svg && svg.getAttribute('data-status');
  facts.replaceChildren();
  for (const [name, value] of lines ? JSON.parse(lines) : []) {
    facts.append(el('dt', {}, name), el('dd', {}, value));
  }
}

function tick() {
  if (deadlineAt === null) {
    clock.hidden = true;
    return;
  }
  const left = Math.max(0, (deadlineAt - performance.now()) / 1000);
  clock.hidden = false;
  clock.textContent = `Time left for this move: ${left.toFixed(0)} s`;
  clock.classList.toggle('urgent', left < 10);
}
setInterval(tick, 250);

function applyState(s) {
  document.dispatchEvent(new CustomEvent('hexwar:state', { detail: s }));
  statusBox.textContent = s.status;
  statusBox.classList.toggle('your-turn', s.your_turn);
  statusBox.classList.toggle('over', s.outcome !== null);
  textView.textContent = s.text || '';
  if (help) help.textContent = s.prompt ? `${s.prompt}\n\n${s.help}` : s.help || '';
  if (orderBox) {
    // The orders can be written while waiting; they are sent when it is the side's turn.
    document.getElementById('send').disabled = !s.your_turn;
    document.getElementById('concede').disabled = s.outcome !== null;
  }
  deadlineAt = s.deadline ? performance.now() + s.deadline.seconds_left * 1000 : null;
  tick();
  const version = `${s.orders}:${s.step}:${s.outcome ? 1 : 0}`;
  if (version !== boardVersion) {
    boardVersion = version;
    refreshBoard();
  }
}

// The stream ends when the server stops; the browser reconnects by itself (after the
// server's `retry`), and when it gives up (an answer other than 200 while the server
// restarts, e.g. a proxy's 502) the page opens a new stream after the last event it has.
const RECONNECT_MS = 2000;

function connect() {
  const query = new URLSearchParams(sideQuery);
  if (lastSeen >= 0) query.set('last_event_id', String(lastSeen));
  const qs = query.toString();
  const source = new EventSource(`${api}/events${qs ? '?' + qs : ''}`);
  source.addEventListener('log', (m) => {
    const e = JSON.parse(m.data);
    if (e.seq <= lastSeen) return;
    lastSeen = e.seq;
    log.prepend(eventItem(e));
  });
  source.addEventListener('state', (m) => applyState(JSON.parse(m.data)));
  source.onerror = () => {
    statusBox.classList.add('offline');
    if (source.readyState === EventSource.CLOSED) setTimeout(connect, RECONNECT_MS);
  };
  source.onopen = () => { statusBox.classList.remove('offline'); };
}

async function send(order) {
  reply.textContent = '';
  reply.className = 'reply';
  const response = await fetch(`${api}/orders`, {
    method: 'POST',
    credentials: 'same-origin',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ order }),
  });
  const data = await response.json();
  if (response.ok) {
    reply.textContent = data.message;
    reply.classList.add(data.late ? 'late' : 'ok');
    if (typeof order === 'string') orderBox.value = '';
  } else {
    const detail = typeof data.detail === 'string' ? data.detail : JSON.stringify(data.detail);
    reply.textContent = `refused: ${detail}`;
    reply.classList.add('refused');
  }
}

if (form) {
  form.addEventListener('submit', (ev) => {
    ev.preventDefault();
    const text = orderBox.value.trim();
    if (text) send(text);
  });
  orderBox.addEventListener('keydown', (ev) => {
    if (ev.key === 'Enter' && !ev.shiftKey) {
      ev.preventDefault();
      form.requestSubmit();
    }
  });
  document.getElementById('concede').addEventListener('click', () => {
    if (window.confirm('Concede the game?')) send({ concede: true });
  });
}

connect();
