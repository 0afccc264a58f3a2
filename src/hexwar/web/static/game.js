// The game page: live updates by Server-Sent Events, the map, the order form.
import { el, eventItem, loadBoard } from './common.js';

const body = document.body;
const gameId = body.dataset.game;
// A spectator's page reads the public routes (/api/watch/ID) instead of a seat's.
const api = body.dataset.api || `/api/games/${encodeURIComponent(gameId)}`;
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
const endBox = document.getElementById('end');
const rematchButton = document.getElementById('rematch');
const rematchNote = document.getElementById('rematch-note');
const rematchPassword = document.getElementById('rematch-password');
const rematchLinks = document.getElementById('rematch-links');
const soundBox = document.getElementById('sound');
const notifyBox = document.getElementById('notify');
const notifyNote = document.getElementById('notify-note');
const icon = document.querySelector('link[rel="icon"]');
const baseTitle = document.title;
const ICONS = { plain: '/static/favicon.svg', turn: '/static/favicon-turn.svg', wait: '/static/favicon-wait.svg' };
// The umpire may look through one side's eyes: /games/ID?side=S.
const looking = body.dataset.role === 'umpire' ? new URLSearchParams(location.search).get('side') : null;
const sideQuery = looking ? `side=${encodeURIComponent(looking)}` : '';
let selected = null;
let lastSeen = -1;
let boardVersion = null;
let deadlineAt = null;
let wasYourTurn = null; // unknown until the first state: no signal for a turn the page opens on

// A touch on the map writes into the order box without focusing it: on a phone the focus
// opens the keyboard over the map.
let touched = false;
map.addEventListener('pointerdown', (ev) => { touched = ev.pointerType === 'touch'; });

function insert(text) {
  if (!orderBox) return;
  const start = orderBox.selectionStart ?? orderBox.value.length;
  const end = orderBox.selectionEnd ?? start;
  const before = orderBox.value.slice(0, start);
  // A coordinate written '@XY' glues to the word before it (Aggressor's TYPE@XY set-up).
  const glue = text.startsWith('@') && /[A-Za-z]$/.test(before);
  const pad = before && !glue && !/\s$/.test(before) ? ' ' : '';
  orderBox.setRangeText(pad + text + ' ', start, end, 'end');
  if (!touched) orderBox.focus();
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
    // A piece with choices is pointing.js's to take (its marks); its sight still shows.
    if (!counter.classList.contains('has-choices')) insert(counter.dataset.ref);
    if (counter.classList.contains('own')) select(counter.dataset.ref);
    return;
  }
  if (ev.target.closest('.mark')) return; // a choice's mark: taken by pointing.js
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

// -- Your turn: the tab's title and icon, a beep, a notification while the tab is hidden --------

function remembered(key, fallback) {
  try {
    const value = localStorage.getItem(key);
    return value === null ? fallback : value === '1';
  } catch {
    return fallback; // storage refused (a private window): the default
  }
}

function remember(key, on) {
  try { localStorage.setItem(key, on ? '1' : '0'); } catch { /* not remembered */ }
}

if (soundBox) {
  soundBox.checked = remembered('hexwar.sound', true);
  soundBox.addEventListener('change', () => remember('hexwar.sound', soundBox.checked));
}

// Notifications only after the player asks for them (the checkbox): the browser then asks for
// its permission, never unprompted.
if (notifyBox) {
  const can = 'Notification' in window;
  notifyBox.disabled = !can;
  notifyBox.checked = can && Notification.permission === 'granted' && remembered('hexwar.notify', false);
  if (!can) notifyNote.textContent = '(this browser shows no notifications)';
  notifyBox.addEventListener('change', async () => {
    notifyNote.textContent = '';
    if (notifyBox.checked && Notification.permission !== 'granted') {
      const answer = await Notification.requestPermission().catch(() => 'denied');
      if (answer !== 'granted') {
        notifyBox.checked = false;
        notifyNote.textContent = 'the browser did not allow notifications';
      }
    }
    remember('hexwar.notify', notifyBox.checked);
  });
}

// A browser lets a page sound only after the player has touched it: the audio context is made
// (or resumed) on the first click or key press.
let audio = null;
function wakeAudio() {
  const Context = window.AudioContext || window.webkitAudioContext;
  if (!audio && Context) audio = new Context();
  if (audio && audio.state === 'suspended') audio.resume().catch(() => {});
}
document.addEventListener('pointerdown', wakeAudio);
document.addEventListener('keydown', wakeAudio);

function beep() {
  if (!soundBox || !soundBox.checked || !audio || audio.state !== 'running') return;
  const t = audio.currentTime;
  const tone = audio.createOscillator();
  const gain = audio.createGain();
  tone.frequency.value = 880;
  gain.gain.setValueAtTime(0.12, t);
  gain.gain.exponentialRampToValueAtTime(0.0001, t + 0.25);
  tone.connect(gain).connect(audio.destination);
  tone.start(t);
  tone.stop(t + 0.3);
}

function notify(s) {
  if (!notifyBox || !notifyBox.checked || !document.hidden) return;
  if (!('Notification' in window) || Notification.permission !== 'granted') return;
  try {
    const note = new Notification('Your turn', {
      body: `${s.title} (${s.scenario}): ${s.prompt || s.status}`,
      tag: `hexwar-${gameId}`,
      icon: ICONS.turn,
    });
    note.onclick = () => { window.focus(); note.close(); };
  } catch { /* a browser that shows them only from a service worker */ }
}

function endWords(s) {
  if (s.result === 'won') return 'You won';
  if (s.result === 'lost') return 'You lost';
  if (s.result === 'draw' || s.outcome.winner === null) return 'Draw';
  return `${s.outcome.winner} won`; // the umpire's page
}

function signal(s) {
  const over = s.outcome !== null;
  const yours = s.your_turn && !over;
  document.title = over ? `${endWords(s)} — ${baseTitle}` : yours ? `● Your turn — ${baseTitle}` : baseTitle;
  if (icon) icon.href = yours ? ICONS.turn : over || !s.side ? ICONS.plain : ICONS.wait;
  if (yours && wasYourTurn === false) {
    beep();
    notify(s);
  }
  wasYourTurn = yours;
}

// -- The end: the result as this seat meets it, the reason, a rematch --------------------------

function showEnd(s) {
  endBox.hidden = s.outcome === null;
  if (s.outcome === null) return;
  endBox.className = `end ${s.result || ''}`;
  document.getElementById('end-result').textContent = endWords(s);
  document.getElementById('end-reason').textContent = `${s.outcome.reason}.`;
  rematchButton.textContent = s.rematch ? 'Join the rematch' : 'Rematch';
  if (!rematchNote.textContent || rematchNote.dataset.auto) {
    rematchNote.textContent = s.rematch
      ? 'a rematch has been asked for: the same scenario, sides swapped'
      : 'the same scenario, sides swapped, new links';
    rematchNote.dataset.auto = '1';
  }
}

function say(text) {
  rematchNote.textContent = text;
  delete rematchNote.dataset.auto;
}

async function rematch() {
  const password = rematchPassword.value;
  let response;
  try {
    response = await fetch(`${api}/rematch`, {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(password ? { password } : {}),
    });
  } catch {
    say('no answer from the server: check the connection and try again');
    return;
  }
  const data = await response.json().catch(() => null);
  if (!response.ok) {
    const detail = data && typeof data.detail === 'string' ? data.detail : `the server answered ${response.status}`;
    if (response.status === 401 && /password/.test(detail)) {
      document.getElementById('rematch-password-box').hidden = false;
      rematchPassword.focus();
    }
    say(`no rematch: ${detail}`);
    return;
  }
  if (data.side) {
    location.assign(data.links[data.side]); // signs this browser in to its new seat
    return;
  }
  // The umpire: every link of the new game, to hand to the players.
  say('the rematch: send each player the link of their side');
  rematchLinks.replaceChildren();
  for (const [role, url] of [...Object.entries(data.links), ['umpire', data.umpire]]) {
    const row = el('tr');
    const cell = el('td');
    cell.append(el('a', { class: 'seat-link', 'data-role': role, href: url }, url));
    row.append(el('th', {}, role), cell);
    rematchLinks.append(row);
  }
  rematchLinks.hidden = false;
}

rematchButton.addEventListener('click', rematch);

function applyState(s) {
  document.dispatchEvent(new CustomEvent('hexwar:state', { detail: s }));
  signal(s);
  showEnd(s);
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

function refused(text) {
  reply.textContent = text;
  reply.className = 'reply refused';
}

// The pointing panel (pointing.js) hears of an order sent here: its choices are stale until
// the answer.
async function send(order) {
  document.dispatchEvent(new CustomEvent('hexwar:sending'));
  try {
    await post(order);
  } finally {
    document.dispatchEvent(new CustomEvent('hexwar:sent'));
  }
}

async function post(order) {
  reply.textContent = '';
  reply.className = 'reply';
  let response;
  try {
    response = await fetch(`${api}/orders`, {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ order }),
    });
  } catch {
    // The order box keeps the text: send it again once the connection is back.
    refused('not sent: no answer from the server (the network or the server is down); your order is still in the box, send it again');
    return;
  }
  const data = await response.json().catch(() => null);
  if (response.status >= 500 || data === null) {
    const why = data && typeof data.detail === 'string' ? `: ${data.detail}` : '';
    refused(`not taken: the server failed (${response.status}${why}); your order is still in the box, send it again`);
    return;
  }
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
    else refused('write an order first (click a hex or a counter to insert it; the help below shows how)');
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
