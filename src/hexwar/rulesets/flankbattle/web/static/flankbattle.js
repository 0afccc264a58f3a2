// The flank battle on the game page: the battlefield drawn as the moderator's page draws it
// (battlefield.js) from the seat's view, and the deployment placed by pointing.
//
// Before the battle the view holds the seat's own military and its default flanks, and of the
// enemy only its nation, military and size: the panel draws the seat's own flanks and nothing of
// the enemy's. The player picks a flank and clicks the map where it is to stand (or drags it),
// sets its troops, ships and maneuver beside the map; every change writes the whole deployment
// in the console's notation into the order box (`(x,y) inf N cav N art N ships N Maneuver`,
// flanks separated by ';'), and the server checks it as the order will be judged (Good (X/Y) or
// Invalid ...). "Send orders" sends the box as any order. After the battle the view holds the
// report: every flank of both sides where the battle left it, the hours, the result.
import { el } from '/static/common.js';
import { HALF, SIDES, SIZE, flankSquare, mapPoint, moveSquare, showMap } from './battlefield.js';

const ROLES = ['infantry', 'cavalry', 'artillery'];
const TOLERANCE = 10; // soldiers a role may be off (seed 004, Terrain map): for the totals' colour

const body = document.body;
const api = `/api/games/${encodeURIComponent(body.dataset.game)}`;
const looking = body.dataset.role === 'umpire' ? new URLSearchParams(location.search).get('side') : null;
const $ = (id) => document.getElementById(id);
const field = $('fb-field');
const layer = $('fb-flanks');
const orderBox = $('order');
const deploy = $('fb-deploy');

const panel = {
  data: null, // the view's data (the seat's, or the side the umpire looks through)
  side: null, // 0 attacker, 1 defender: the flanks' colour
  flanks: [], // the deployment being placed: {x, y, infantry, cavalry, artillery, ships, maneuver}
  selected: 0,
  yourTurn: false,
  forms: null, // the maneuvers and the most flanks a side may have
  version: null,
  written: null, // the deployment the panel last wrote into the order box
};

const short = (v) => String(Math.round(v * 10) / 10);
const count = (n) => Number(n).toLocaleString('en');
const men = (f) => ROLES.reduce((n, r) => n + f[r], 0);
// A flank's men, or its ships when it has no land troops (a fleet's flank)
const strength = (f) => (men(f) || f.ships === 0 ? `${count(men(f))} men` : `${f.ships === null ? 'a share of the' : count(f.ships)} ships`);

// -- the order: the deployment in the console's notation -------------------------------------

function notation(f) {
  const ships = f.ships === null ? 'share' : String(f.ships);
  return `(${short(f.x)},${short(f.y)}) inf ${f.infantry} cav ${f.cavalry} art ${f.artillery} ships ${ships} ${f.maneuver}`;
}

let checking = 0;
async function check(order) {
  const mine = ++checking;
  const status = $('fb-status');
  let response;
  try {
    response = await fetch(`${api}/flankbattle/check`, {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ order }),
    });
  } catch {
    return; // no answer: the order is judged when it is sent
  }
  const data = await response.json().catch(() => null);
  if (mine !== checking || data === null) return;
  if (response.ok) {
    status.textContent = data.good ? `${data.text}: ready to send` : `${data.text}: the flanks must hold your whole army`;
    status.className = `fb-status ${data.colour}`;
  } else {
    status.textContent = typeof data.detail === 'string' ? data.detail : JSON.stringify(data.detail);
    status.className = 'fb-status red';
  }
  status.dataset.checked = String(mine);
}

// Writes the deployment into the order box (the whole order: it replaces what was there).
function write(order = panel.flanks.map(notation).join('; ')) {
  if (!orderBox) return;
  panel.written = order;
  orderBox.value = order;
  orderBox.dispatchEvent(new Event('input', { bubbles: true }));
  check(order);
}

// -- drawing ----------------------------------------------------------------------------------

function facts(d, seat) {
  const box = $('fb-facts');
  const r = d.phase === 'over' ? d.report : d;
  const war = `${r.war} (${r.year}), ${r.motive}, at ${r.location}: map ${r.map}.`;
  if (d.phase === 'over' || !seat) {
    box.textContent = war;
    return;
  }
  const m = d.military;
  const parts = ROLES.filter((r) => m.units[r]).map((r) => `${count(m.totals[r])} ${m.units[r]}`);
  parts.push(`${count(m.ships)} ${m.transport}`);
  box.textContent = `${war} You are the ${d.side}: ${m.nation}, ${m.name}, ${count(m.size)} (${parts.join(', ')}). The enemy: ${d.enemy.nation}, ${d.enemy.military}, `
    + `${count(d.enemy.size)}; its flanks are not seen before the battle.`;
}

function drawOwn() {
  layer.replaceChildren(...panel.flanks.map((f, i) => flankSquare(panel.side, i, f, {
    title: `your flank ${i + 1}: (${short(f.x)},${short(f.y)}), ${strength(f)}, ${f.maneuver}`,
    selected: panel.yourTurn && i === panel.selected,
    label: String(i + 1),
  })));
}

function drawReport(report) {
  const squares = [];
  for (const b of report.belligerents) {
    const side = SIDES.indexOf(b.side);
    b.flanks.forEach((f, i) => {
      // a flank that ran to the edge is drawn whole, just inside it
      const inside = (v) => Math.min(SIZE - HALF, Math.max(HALF, v));
      const at = { ...f, x: inside(f.x), y: inside(f.y) };
      squares.push(flankSquare(side, i, at, {
        title: `${b.side} ${f.flank}: ${count(f.size)} of ${count(f.start_size)} men, morale ${count(f.morale)} (${f.status})`,
        label: String(i + 1),
      }));
    });
  }
  layer.replaceChildren(...squares);
  const result = $('fb-result');
  const lines = [el('p', { class: 'fb-outcome' }, `After ${report.hours} hours the ${report.winner} wins: ${report.reason}.`)];
  const list = el('ul');
  for (const b of report.belligerents) {
    const leader = b.leader ? `; ${b.leader.name} ${b.leader.survived ? 'survives' : 'is killed'}` : '';
    list.append(el('li', {}, `${b.nation} (${b.side}), ${b.military}: ${count(b.starting_size)} → `
      + `${count(b.final_size)} (killed ${count(b.killed)}, died ${count(b.died)}, captured ${count(b.captured)})${leader}; `
      + `stability ${b.stability_before} → ${b.stability_after} (${b.stability_result})`));
  }
  lines.push(list, el('p', { class: 'hint' }, `Occupation: ${report.occupation.text}. The squares stand where the battle left each flank (hover for its men and morale).`));
  result.replaceChildren(...lines);
  result.hidden = false;
}

function note(text) {
  $('fb-note').textContent = text;
}

// -- the deployment's controls ------------------------------------------------------------------

function showList() {
  const list = $('fb-list');
  list.replaceChildren(...panel.flanks.map((f, i) => {
    const b = el('button', {
      type: 'button',
      class: `fb-pick${i === panel.selected ? ' on' : ''}`,
      'aria-pressed': String(i === panel.selected),
      'data-index': String(i),
    }, `${i + 1}: (${short(f.x)},${short(f.y)}) ${strength(f)} ${f.maneuver}`);
    b.addEventListener('click', () => pick(i));
    return b;
  }));
}

function showEditor() {
  const f = panel.flanks[panel.selected];
  const m = panel.data.military;
  $('fb-editor-title').textContent = `Flank ${panel.selected + 1}`;
  $('fb-x').value = short(f.x);
  $('fb-y').value = short(f.y);
  for (const r of ROLES) {
    $(`fb-${r}`).value = String(f[r]);
    $(`fb-${r}-type`).textContent = m.units[r] ? `${r} (${m.units[r]})` : `${r} (none)`;
    $(`fb-${r}`).disabled = !m.units[r] && f[r] === 0;
  }
  $('fb-ships-type').textContent = `ships (${m.transport})`;
  $('fb-ships').value = f.ships === null ? '' : String(f.ships);
  $('fb-maneuver').value = f.maneuver;
  const man = panel.forms ? panel.forms.maneuvers.find((x) => x.name === f.maneuver) : null;
  $('fb-maneuver-summary').textContent = man ? man.summary : '';
}

function showTotals() {
  const m = panel.data.military;
  const rows = ROLES.filter((r) => m.units[r] || m.totals[r]).map((r) => {
    const placed = panel.flanks.reduce((n, f) => n + f[r], 0);
    const off = placed - m.totals[r];
    const cls = Math.abs(off) <= TOLERANCE ? 'green' : off > 0 ? 'red' : 'orange';
    const row = el('tr', {}, null);
    row.append(el('th', { scope: 'row' }, r), el('td', { class: cls }, count(placed)), el('td', {}, count(m.totals[r])));
    return row;
  });
  const given = panel.flanks.filter((f) => f.ships !== null).reduce((n, f) => n + f.ships, 0);
  const shared = panel.flanks.some((f) => f.ships === null);
  const row = el('tr');
  row.append(el('th', { scope: 'row' }, 'ships'), el('td', {}, shared ? `${count(given)} + share` : count(given)), el('td', {}, count(m.ships)));
  rows.push(row);
  $('fb-totals').replaceChildren(...rows);
}

function showControls() {
  showList();
  showEditor();
  showTotals();
  const max = panel.forms ? panel.forms.max_flanks : 99;
  $('fb-add').disabled = panel.flanks.length >= max;
  $('fb-remove').disabled = panel.flanks.length <= 1;
}

function redraw() {
  drawOwn();
  showControls();
}

function pick(i) {
  panel.selected = i;
  redraw();
}

function changed() {
  redraw();
  write();
}

// A click on the map places the picked flank there and picks the next one.
function place(x, y) {
  const f = panel.flanks[panel.selected];
  f.x = x;
  f.y = y;
  panel.selected = (panel.selected + 1) % panel.flanks.length;
  changed();
}

function spreadEvenly() {
  // Each role's troops and the ships shared out as evenly as whole numbers go (the first flanks
  // take the remainder), so the flanks hold the whole army.
  const m = panel.data.military;
  const n = panel.flanks.length;
  const share = (total, i) => Math.floor(total / n) + (i < total % n ? 1 : 0);
  panel.flanks.forEach((f, i) => {
    for (const r of ROLES) f[r] = share(m.totals[r], i);
    f.ships = share(m.ships, i);
  });
  changed();
}

function defaults() {
  return panel.data.default_flanks.map((f) => ({ ...f, ships: f.ships === undefined ? null : f.ships }));
}

function keepDefault() {
  panel.flanks = defaults();
  panel.selected = 0;
  redraw();
  write('default');
}

function addFlank() {
  // A new flank holds no one (seed 004, Terrain map: a new flank has size 0): give it troops
  // here or spread the army evenly.
  const x = panel.side === 0 ? 50 : 350;
  const y = Math.min(399, 20 + 30 * (panel.flanks.length % 13));
  panel.flanks.push({ x, y, infantry: 0, cavalry: 0, artillery: 0, ships: 0, maneuver: 'Normal' });
  panel.selected = panel.flanks.length - 1;
  changed();
}

function removeFlank() {
  if (panel.flanks.length <= 1) return;
  panel.flanks.splice(panel.selected, 1);
  panel.selected = Math.min(panel.selected, panel.flanks.length - 1);
  changed();
}

function wireControls() {
  for (const key of ['x', 'y']) {
    $(`fb-${key}`).addEventListener('change', () => {
      const v = Number($(`fb-${key}`).value);
      if (!Number.isFinite(v)) return;
      panel.flanks[panel.selected][key] = Math.min(399.9, Math.max(0, Math.round(v * 10) / 10));
      changed();
    });
  }
  for (const r of [...ROLES, 'ships']) {
    $(`fb-${r}`).addEventListener('input', () => {
      const text = $(`fb-${r}`).value.trim();
      const v = Math.max(0, Math.round(Number(text) || 0));
      panel.flanks[panel.selected][r] = r === 'ships' && text === '' ? null : v;
      drawOwn();
      showList();
      showTotals();
      write();
    });
  }
  $('fb-maneuver').addEventListener('change', () => {
    panel.flanks[panel.selected].maneuver = $('fb-maneuver').value;
    changed();
  });
  $('fb-add').addEventListener('click', addFlank);
  $('fb-remove').addEventListener('click', removeFlank);
  $('fb-even').addEventListener('click', spreadEvenly);
  $('fb-default').addEventListener('click', keepDefault);

  // Pointing: a press on a square picks it and drags it; a click elsewhere on the map places
  // the picked flank there.
  let drag = null;
  let onSquare = false; // the press began on a square: its click picks, it does not place
  field.addEventListener('pointerdown', (evt) => {
    const rect = evt.target.closest && evt.target.closest('rect.flank');
    onSquare = Boolean(rect);
    if (!panel.yourTurn || !rect) return;
    evt.preventDefault();
    const i = Number(rect.dataset.index);
    panel.selected = i;
    showControls();
    for (const r of layer.querySelectorAll('rect.flank')) r.classList.toggle('selected', r === rect);
    drag = { node: rect.parentNode instanceof SVGGElement && rect.parentNode !== layer ? rect.parentNode : rect, moved: false };
    field.setPointerCapture(evt.pointerId);
  });
  field.addEventListener('pointermove', (evt) => {
    if (!drag) return;
    const f = panel.flanks[panel.selected];
    [f.x, f.y] = mapPoint(field, evt);
    moveSquare(drag.node, f.x, f.y);
    drag.moved = true;
  });
  const drop = () => {
    if (drag && drag.moved) changed();
    drag = null;
  };
  field.addEventListener('pointerup', drop);
  field.addEventListener('pointercancel', drop);
  field.addEventListener('click', (evt) => {
    const picked = onSquare;
    onSquare = false;
    if (!panel.yourTurn || picked) return;
    const [x, y] = mapPoint(field, evt);
    place(x, y);
  });
}

// -- the view --------------------------------------------------------------------------------

function fillManeuvers() {
  const select = $('fb-maneuver');
  if (!select || !panel.forms) return;
  select.replaceChildren(...panel.forms.maneuvers.map((m) => el('option', { value: m.name }, m.name)));
}

// `seat`: the view is a side's (a seat's, or the side the umpire looks through); else the
// umpire's page, which sees no side's flanks before the battle.
function show(d, state, seat) {
  const wasTurn = panel.yourTurn;
  panel.data = d;
  panel.side = SIDES.indexOf(d.side);
  panel.yourTurn = seat && Boolean(state.your_turn) && d.phase === 'deployment' && Boolean(deploy);
  facts(d, seat);
  if (d.phase === 'over') {
    if (deploy) deploy.hidden = true;
    note('');
    drawReport(d.report);
    body.dataset.flankbattle = 'over';
    return;
  }
  $('fb-result').hidden = true;
  if (panel.yourTurn) {
    if (!wasTurn || !panel.flanks.length) {
      panel.flanks = defaults();
      panel.selected = 0;
      panel.written = null;
    }
    deploy.hidden = false;
    note('The squares start as the default deployment: the scenario\'s flanks for your side, else three even flanks.');
    redraw();
  } else {
    if (deploy) deploy.hidden = true;
    layer.replaceChildren();
    note(state.side
      ? 'Your deployment is sealed until the battle: waiting for the other side\'s.'
      : 'Both sides\' deployments are sealed until the battle.');
  }
  body.dataset.flankbattle = panel.yourTurn ? 'deploy' : 'waiting';
}

let asked = 0;
async function refresh(state, ready) {
  const mine = ++asked;
  const query = looking ? `?side=${encodeURIComponent(looking)}` : '';
  const response = await fetch(`${api}/view${query}`, { credentials: 'same-origin', cache: 'no-store' });
  if (!response.ok) return;
  const r = await response.json();
  await ready;
  if (mine !== asked) return; // a newer state's view is on its way
  // A seat's view; the umpire's page has both sides' views (the same report after the battle).
  const view = r.view || (r.views && Object.values(r.views)[0]);
  if (view) show(view.data, state, Boolean(r.view));
}

async function forms() {
  if (!deploy) return;
  const response = await fetch(`${api}/flankbattle/forms`, { credentials: 'same-origin' });
  if (response.ok) panel.forms = await response.json();
  fillManeuvers();
  wireControls();
}

showMap($('fb-map'), `${api}/flankbattle/map.png`);
const ready = forms();
// Send with the box emptied by another of the page's scripts (the choices' list writes its
// plan there when it redraws): what the map shows is sent. Runs before the form's own submit.
document.addEventListener('submit', (ev) => {
  if (ev.target === orderBox?.form && panel.yourTurn && panel.written && !orderBox.value.trim()) {
    orderBox.value = panel.written;
  }
}, true);
// The page's state comes by its event stream (game.js): the panel follows each change.
document.addEventListener('hexwar:state', (ev) => {
  const s = ev.detail;
  const version = `${s.orders}:${s.step}:${s.your_turn}:${s.outcome ? 1 : 0}`;
  if (version === panel.version) return;
  panel.version = version;
  refresh(s, ready);
});
