// Play by pointing: the seat's legal choices (GET /api/games/ID/choices) drawn on the map.
//
// Click (tap) one of your pieces: its choices are marked on the map, one style per kind; click a
// mark (or press Enter on it) to take it. Choices that concern no piece (send the plan, the
// computer's set-up, end the turn) are buttons beside the map, and so are a piece's choices
// that mark no hex. The plan taken so far is listed, each action removable until it is sent,
// and the order box shows the same orders as text. Escape, or a click on the map off the
// piece's marks, clears the selection. Every choice goes back to the server by its index and
// the step it was listed at (POST .../choices), so the page never builds an order of its own:
// the server's list is the one the research adapters use.
import { el, newest } from './common.js';

const SVG = 'http://www.w3.org/2000/svg';
const body = document.body;
const api = `/api/games/${encodeURIComponent(body.dataset.game)}`;
const map = document.getElementById('map');
const orderBox = document.getElementById('order');
const reply = document.getElementById('reply');
const panel = document.getElementById('choices');
const planList = document.getElementById('plan');
const buttons = document.getElementById('choice-buttons');
const pieceBox = document.getElementById('piece-choices');
// Kinds taken as a whole decision, shown as buttons whatever is selected.
const DECISIONS = new Set(['submit', 'auto', 'end', 'pass', 'concede']);

let current = null; // the last answer of /choices
let selected = null; // the piece whose choices are marked
let version = null; // the state the list was fetched for
let busy = false;

function escapeSelector(text) {
  return window.CSS && CSS.escape ? CSS.escape(text) : text.replace(/["\\]/g, '\\$&');
}

function hexPolygon(svg, id) {
  const key = escapeSelector(id);
  return svg.querySelector(`polygon.hex[data-hex="${key}"]`) || svg.querySelector(`polygon.hex[data-label="${key}"]`);
}

function say(text, kind = '') {
  if (!reply) return;
  reply.textContent = text;
  reply.className = `reply ${kind}`.trim();
}

// The panel is aria-busy while a request is out (a list read, a choice taken): a screen
// reader waits for the new list, and so can a test.
let pending = 0;

function hold() {
  pending += 1;
  panel?.setAttribute('aria-busy', 'true');
}

function release() {
  pending -= 1;
  if (pending === 0) panel?.removeAttribute('aria-busy');
}

// An answer of the list is shown only if no answer to a later request was shown before it
// (common.js, `newest`): `ask` gives the answer and whether it may be shown; an older one's
// message is still said.
const lists = newest();

async function ask(method, payload) {
  hold();
  const ticket = lists.ticket();
  try {
    const data = await request(method, payload);
    return { data, fresh: data !== null && lists.fresh(ticket) };
  } finally {
    release();
  }
}

async function request(method, payload) {
  const init = { method, credentials: 'same-origin', cache: 'no-store' };
  if (payload !== undefined) {
    init.headers = { 'Content-Type': 'application/json' };
    init.body = JSON.stringify(payload);
  }
  let response;
  try {
    response = await fetch(`${api}/choices`, init);
  } catch {
    say('no answer from the server: check the connection and try again', 'refused');
    return null;
  }
  const data = await response.json().catch(() => null);
  if (response.status === 409) return request('GET'); // the game moved on: the new list
  if (!response.ok || data === null) {
    const detail = data && typeof data.detail === 'string' ? data.detail : `the server answered ${response.status}`;
    say(`refused: ${detail}`, 'refused');
    return null;
  }
  return data;
}

function byPiece(choices) {
  const out = new Map();
  for (const c of choices) {
    if (c.piece === null || DECISIONS.has(c.kind)) continue;
    if (!out.has(c.piece)) out.set(c.piece, []);
    out.get(c.piece).push(c);
  }
  return out;
}

function clearMarks() {
  for (const layer of map.querySelectorAll('g.marks')) layer.remove();
  for (const g of map.querySelectorAll('g.counter')) {
    g.classList.remove('chosen');
  }
}

function choiceButton(c) {
  const b = el('button', { type: 'button', class: `choice kind-${c.kind}`, 'data-index': String(c.index), title: c.text }, label(c));
  b.addEventListener('click', () => take(c));
  if (c.hexes.length > 1) {
    b.addEventListener('pointerenter', () => preview(c.hexes));
    b.addEventListener('focus', () => preview(c.hexes));
    b.addEventListener('pointerleave', () => preview([]));
    b.addEventListener('blur', () => preview([]));
  }
  return b;
}

function preview(hexes) {
  for (const layer of map.querySelectorAll('g.preview')) layer.remove();
  const svg = map.querySelector('svg');
  if (!svg || !hexes.length) return;
  const layer = document.createElementNS(SVG, 'g');
  layer.setAttribute('class', 'preview');
  layer.setAttribute('pointer-events', 'none');
  for (const hex of hexes) {
    const poly = hexPolygon(svg, hex);
    if (!poly) continue;
    const shape = document.createElementNS(SVG, 'polygon');
    shape.setAttribute('points', poly.getAttribute('points'));
    layer.append(shape);
  }
  (svg.querySelector('g.map') || svg).append(layer);
}

// Auto: the computer's order for the whole decision (a set-up of dozens of pieces at once).
const autoButton = el('button', { type: 'button', class: 'choice kind-auto', title: "the computer's order for this decision, as :auto in the terminal" }, 'Auto');
autoButton.addEventListener('click', async () => {
  if (busy || !current) return;
  busy = true;
  try {
    const { data, fresh } = await ask('POST', { step: current.step, auto: true });
    if (data === null) return;
    say(data.submitted ? data.submitted.message : 'sent', 'ok');
    if (orderBox) orderBox.value = '';
    selected = null;
    if (!fresh) return;
    current = data;
    render();
  } finally {
    busy = false;
  }
});

function label(c) {
  // (a long plan -- a set-up with the rest drawn -- is the button's title, not its label)
  if (c.kind === 'submit') return c.text && c.text.length <= 80 ? `Send: ${c.text}` : 'Send';
  if (c.kind === 'end') return `End the turn (${c.text})`;
  if (c.kind === 'pass') return `Pass (${c.text})`;
  return c.action || c.text;
}

// Marks on the map: every choice of the selected piece, and the choices that concern a hex
// but no piece (placements), each hex once; a hex with several choices asks which.
function drawMarks() {
  clearMarks();
  const svg = map.querySelector('svg');
  if (!svg || !current) return;
  const shown = current.choices.filter((c) => !DECISIONS.has(c.kind) && c.hexes.length && (c.piece === null ? c.hexes.length === 1 : c.piece === selected));
  const atHex = new Map();
  for (const c of shown) {
    for (const h of c.hexes) {
      if (!atHex.has(h)) atHex.set(h, []);
      atHex.get(h).push(c);
    }
  }
  const layer = document.createElementNS(SVG, 'g');
  layer.setAttribute('class', 'marks');
  for (const [hex, choices] of atHex) {
    const poly = hexPolygon(svg, hex);
    if (!poly) continue;
    const mark = document.createElementNS(SVG, 'polygon');
    mark.setAttribute('points', poly.getAttribute('points'));
    mark.setAttribute('class', `mark kind-${choices[0].kind}`);
    mark.setAttribute('tabindex', '0');
    mark.setAttribute('role', 'button');
    mark.setAttribute('data-hex', hex);
    mark.setAttribute('aria-label', choices.map(label).join(' or '));
    const title = document.createElementNS(SVG, 'title');
    title.textContent = choices.map(label).join('\n');
    mark.append(title);
    const go = () => (choices.length === 1 ? take(choices[0]) : offer(choices));
    mark.addEventListener('click', go);
    mark.addEventListener('keydown', (ev) => {
      if (ev.key === 'Enter' || ev.key === ' ') { ev.preventDefault(); go(); }
    });
    layer.append(mark);
  }
  // A set-up placed piece by piece: the hexes placed so far (the Send entry's) are shown.
  const send = current.choices.find((c) => c.kind === 'submit' && c.hexes.length);
  if (send) {
    for (const hex of new Set(send.hexes)) {
      const poly = hexPolygon(svg, hex);
      if (!poly) continue;
      const shape = document.createElementNS(SVG, 'polygon');
      shape.setAttribute('points', poly.getAttribute('points'));
      shape.setAttribute('class', 'placed');
      shape.setAttribute('pointer-events', 'none');
      layer.prepend(shape);
    }
  }
  const top = svg.querySelector('g.map') || svg;
  top.append(layer);
  // A map whose pieces and marks are buttons is a group of controls, not one image.
  svg.setAttribute('role', 'group');
  if (selected) {
    for (const g of map.querySelectorAll('g.counter')) g.classList.toggle('chosen', g.dataset.ref === selected);
  }
}

// Several choices at one hex (a move or an assault there): the player picks one beside the map.
function offer(choices) {
  pieceBox.replaceChildren(el('p', { class: 'hint' }, 'Which one?'), ...choices.map(choiceButton));
  pieceBox.querySelector('button')?.focus();
}

// What the panel and the marks show, as text: a render that would show the same leaves the
// page's elements in place (a refresh after every state event must not pull a button or a
// mark from under a pointer that is about to press it).
let shown = null;

function render() {
  const choices = current ? current.choices : [];
  const svg = map.querySelector('svg');
  const now = JSON.stringify([current, selected]);
  if (shown && shown.text === now && shown.svg === svg && (!svg || svg.querySelector('g.marks'))) return;
  shown = { text: now, svg };
  panel.hidden = choices.length === 0 && !(current && current.plan);
  const pieces = byPiece(choices);
  for (const g of map.querySelectorAll('g.counter')) {
    const has = pieces.has(g.dataset.ref);
    g.classList.toggle('has-choices', has);
    if (has) {
      g.setAttribute('tabindex', '0');
      g.setAttribute('role', 'button');
      g.setAttribute('aria-label', `${g.dataset.ref}: ${pieces.get(g.dataset.ref).length} choices`);
    }
  }
  if (selected && !pieces.has(selected)) selected = null;
  planList.replaceChildren();
  const actions = current && current.actions ? current.actions : [];
  actions.forEach((text, i) => {
    const item = el('li', {}, text);
    if (current.undo !== false) {
      const undo = el('button', { type: 'button', class: 'quiet undo', 'aria-label': `remove ${text}` }, 'undo');
      undo.addEventListener('click', () => remove(i));
      item.append(' ', undo);
    }
    planList.append(item);
  });
  if (!actions.length && current && current.plan) planList.append(el('li', {}, current.plan));
  // A choice of no piece that marks many hexes is a whole placement (a set-up from the menu):
  // a button, whose hexes are shown while the pointer or the focus is on it.
  const decisions = choices.filter((c) => DECISIONS.has(c.kind) || (c.piece === null && c.hexes.length !== 1));
  buttons.replaceChildren(...decisions.map(choiceButton));
  if (choices.length) buttons.append(autoButton);
  pieceBox.replaceChildren(
    ...(selected ? pieces.get(selected).filter((c) => !c.hexes.length).map(choiceButton) : []),
  );
  drawMarks();
}

async function refresh() {
  const { data, fresh } = await ask('GET');
  if (!fresh) return;
  current = data;
  render();
}

async function take(choice) {
  if (busy || !current) return;
  busy = true;
  try {
    const { data, fresh } = await ask('POST', { step: current.step, index: choice.index });
    if (data === null) return;
    const sent = Boolean(data.submitted) || data.step !== current.step;
    say(sent ? (data.submitted ? data.submitted.message : `sent: ${choice.text}`) : `taken: ${choice.text}`, sent && data.submitted && data.submitted.late ? 'late' : 'ok');
    if (!fresh) return;
    current = data;
    // The order box shows the plan as text (an expert may go on typing from it).
    if (orderBox) orderBox.value = sent ? '' : data.plan || '';
    if (selected && !byPiece(data.choices).has(selected)) selected = null;
    render();
  } finally {
    busy = false;
  }
}

async function remove(i) {
  if (busy || !current) return;
  busy = true;
  try {
    const { data, fresh } = await ask('POST', { step: current.step, undo: i });
    if (!fresh) return;
    current = data;
    if (orderBox) orderBox.value = data.plan || '';
    render();
  } finally {
    busy = false;
  }
}

// The opponent's last move: the hexes where enemy pieces stand now and did not on the board
// before (and those they left), as this seat's own view shows them, so nothing is told that
// the seat did not see. Drawn on each new board until the next one.
let enemyBefore = null;

function enemyHexes(svg) {
  const out = new Set();
  for (const g of svg.querySelectorAll('g.counter.enemy')) out.add(g.dataset.hex);
  return out;
}

function drawLastMove() {
  const svg = map.querySelector('svg');
  if (!svg) return;
  const now = enemyHexes(svg);
  const before = enemyBefore;
  enemyBefore = now;
  if (before === null) return;
  const layer = document.createElementNS(SVG, 'g');
  layer.setAttribute('class', 'last-move');
  layer.setAttribute('pointer-events', 'none');
  const mark = (hex, kind) => {
    const poly = svg.querySelector(`polygon.hex[data-hex="${escapeSelector(hex)}"]`);
    if (!poly) return;
    const shape = document.createElementNS(SVG, 'polygon');
    shape.setAttribute('points', poly.getAttribute('points'));
    shape.setAttribute('class', kind);
    layer.append(shape);
  };
  for (const hex of now) if (!before.has(hex)) mark(hex, 'arrived');
  for (const hex of before) if (!now.has(hex)) mark(hex, 'left');
  if (!layer.childNodes.length) return;
  const terrain = svg.querySelector('g.terrain');
  if (terrain) terrain.after(layer);
}

// Stacked counters (several in one hex) fan out while the mouse (or a pen) hovers over one of
// them, so each can be seen and clicked. Not under a finger: a touch's pointerover comes as
// the finger lands, and the fan would move the counter from under it before it lifts.
function fanOut(counter, open) {
  const svg = map.querySelector('svg');
  if (!svg) return;
  const stack = [...svg.querySelectorAll(`g.counter[data-hex="${escapeSelector(counter.dataset.hex)}"]`)];
  if (stack.length < 2) return;
  const box = stack[0].getBBox();
  stack.forEach((g, i) => {
    const shift = open ? (i - (stack.length - 1) / 2) * box.width * 0.9 : 0;
    g.style.transform = open ? `translate(${shift}px, ${-box.height * 0.3}px)` : '';
    g.classList.toggle('fanned', open);
  });
}

function choose(ref) {
  selected = selected === ref ? null : ref;
  render();
}

if (panel) {
  // A piece with choices is selected (the page's own click, which writes a counter into the
  // order box, leaves such a piece to this one and still shows its sight); a click elsewhere
  // on the map but on a mark (an empty hex, a piece without choices) clears the selection, as
  // Escape does: a phone has no Escape key.
  map.addEventListener('click', (ev) => {
    const counter = ev.target.closest('g.counter.has-choices');
    if (counter) choose(counter.dataset.ref);
    else if (selected && !ev.target.closest('.mark') && ev.target.closest('svg')) {
      selected = null;
      render();
    }
  });
  map.addEventListener('keydown', (ev) => {
    const counter = ev.target.closest && ev.target.closest('g.counter.has-choices');
    if (counter && (ev.key === 'Enter' || ev.key === ' ')) {
      ev.preventDefault();
      choose(counter.dataset.ref);
    }
  });
  document.addEventListener('keydown', (ev) => {
    if (ev.key === 'Escape' && selected) {
      selected = null;
      render();
    }
  });
  // The board is redrawn after every change: marks go on the new one.
  new MutationObserver(() => {
    drawLastMove();
    if (current) render();
  }).observe(map, { childList: true });
  map.addEventListener('pointerover', (ev) => {
    if (ev.pointerType === 'touch') return;
    const counter = ev.target.closest && ev.target.closest('g.counter');
    if (counter && !counter.classList.contains('fanned')) fanOut(counter, true);
  });
  map.addEventListener('pointerout', (ev) => {
    const counter = ev.target.closest && ev.target.closest('g.counter');
    const into = ev.relatedTarget && ev.relatedTarget.closest && ev.relatedTarget.closest('g.counter');
    if (counter && (!into || into.dataset.hex !== counter.dataset.hex)) fanOut(counter, false);
  });
  // An order sent from the order box (typed, or a panel's own Send): the list is stale until
  // the answer, so the panel is busy from the sending to the new list.
  document.addEventListener('hexwar:sending', hold);
  document.addEventListener('hexwar:sent', async () => {
    try {
      await refresh();
    } finally {
      release();
    }
  });
  document.addEventListener('hexwar:state', (ev) => {
    const s = ev.detail;
    const now = `${s.step}:${s.orders}:${s.your_turn}:${s.outcome ? 1 : 0}`;
    if (now === version) return;
    version = now;
    refresh();
  });
  // The page's scripts run in turn as they arrive: the game's first state may have come
  // before this one listened, and it may be the last for a while (the seat's turn, the
  // computer's move made before the page opened). So the list is asked for now as well.
  refresh();
}
