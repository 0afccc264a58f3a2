// The flank battle moderator page (seed 004, Interface). The page keeps the war being prepared;
// every rule (the even split, the status messages, the errors, the war) is asked of the server.
// Texts from the server go in through textContent or .value, never as markup.
import { el } from '/static/common.js';
import { SIDES, flankSquare, mapPoint, moveSquare, showMap as drawMap } from './battlefield.js';

const $ = (id) => document.getElementById(id);
const ROLES = ['infantry', 'cavalry', 'artillery'];

const state = {
  data: null,
  flanks: [[], []],
  before: null, // the strategy as it was when the war was run
  after: null, // and as the battle left it
  showing: 'before',
  hours: [], // the battle hour by hour: [{hour, flanks: [[[x, y, men, morale, status]...], [...]]}]
  hour: null, // the hour the slider shows, or null: the end of the battle
  run: null,
  selected: null, // {side, index}
  clipboard: null,
  editing: null,
  errors: [],
};

function headers() {
  const h = { 'Content-Type': 'application/json' };
  const pw = $('password');
  if (pw && pw.value) h['X-Hexwar-Password'] = pw.value;
  return h;
}

async function api(method, path, body) {
  const response = await fetch(path, {
    method,
    headers: headers(),
    body: body === undefined ? undefined : JSON.stringify(body),
    credentials: 'same-origin',
  });
  let data = null;
  try { data = await response.json(); } catch { data = null; }
  if (!response.ok) throw new Error((data && data.detail) || response.statusText);
  return data;
}

const clone = (x) => JSON.parse(JSON.stringify(x));

// The flank editor is the page's last box: whatever is laid out again above it (the errors
// list, a side's status wrapping to two lines, a note) moves it on the screen, and the answers
// to a military just chosen (its side's flanks split, the war checked) can come back after the
// editor was opened and brought into view. So the page changes itself through steady(): an
// open editor stays where the user sees it, the page scrolled by as much as the change moved
// it (as far as the page can scroll): only the user moves it, scrolling or choosing a tab.
// The changes never write the editor's inputs: what was typed in them and the focus stay.
// (The browser's scroll anchoring, done as the page is laid out, keeps the first box in view
// in its place, not the editor: a status wrapping in the bar above the map moved it 8 px out
// of an 800 px window. The move measured here is what is left after it.)
function steady(change) {
  const editor = $('editor');
  if (!editor.open) return change();
  const before = editor.getBoundingClientRect();
  try {
    return change();
  } finally {
    const moved = editor.open ? editor.getBoundingClientRect().top - before.top : 0;
    // The page scrolls by whole pixels: the rest of a move leaves the editor a little higher
    // when it is in the lower half of the window, lower in the upper half (inside, not out).
    const low = before.top + before.bottom > window.innerHeight;
    const by = low ? Math.ceil(moved) : Math.floor(moved);
    if (by) window.scrollBy({ top: by, behavior: 'instant' });
  }
}

// After a run the Strategy tab shows where the battle left the flanks (seed 004, Output); the
// war that Run fights again is still the strategy from before the battle. Changing anything on
// the tab makes what it shows the strategy, and the before/after pair of Restore goes.
function strategy() {
  return state.showing === 'after' && state.before ? state.before : state.flanks;
}

function edited() {
  state.hour = null;
  if (!state.before) return;
  state.before = null;
  state.after = null;
  state.showing = 'before';
  $('restore').disabled = true;
  $('restore-note').textContent = '';
}
const size = (f) => f.infantry + f.cavalry + f.artillery;

function option(select, value, text = value) {
  select.append(el('option', { value }, text));
}

function military(name) {
  return state.data.militaries.find((m) => m.name === name) || null;
}

// -- Tactics -------------------------------------------------------------------------------------

function fillMenus() {
  const d = state.data;
  $('motive').replaceChildren();
  for (const m of d.motives) option($('motive'), m);
  for (const side of SIDES) {
    $(side).replaceChildren();
    option($(side), 'default');
    for (const n of d.nations) option($(side), n.name);
    fillMilitaries(side);
  }
  $('location').replaceChildren();
  option($('location'), 'default');
  for (const l of d.locations) option($('location'), l.name);
  fillMaps();
  fillOutputLists();
  $('ed-maneuver').replaceChildren();
  for (const m of d.maneuvers) option($('ed-maneuver'), m.name);
}

function fillMilitaries(side) {
  const nation = $(side).value;
  const select = $(`${side}-military`);
  const keep = select.value;
  select.replaceChildren();
  option(select, 'default');
  for (const m of state.data.militaries) {
    if (nation === 'default' || m.nations.includes(nation)) option(select, m.name);
  }
  select.value = [...select.options].some((o) => o.value === keep) ? keep : 'default';
}

function fillMaps(selected) {
  const select = $('map');
  const keep = selected || select.value;
  select.replaceChildren();
  for (const name of state.data.maps.generic) option(select, name);
  for (const name of state.data.maps.files) option(select, name, `${name} (Maps folder)`);
  if (keep) select.value = keep;
  showMap();
}

function showMap() {
  const name = $('map').value;
  if (name) drawMap($('field-map'), `/api/moderator/maps/${encodeURIComponent(name)}.png`);
}

function sideInfo(side) {
  const m = military($(`${side}-military`).value);
  const info = $(`${side}-info`);
  if (!m) { info.textContent = 'default: no military chosen'; return; }
  const leaders = m.leaders.length ? m.leaders.join(', ') : 'none';
  info.textContent = `Size ${Number(m.size).toLocaleString('en')}; leaders: ${leaders}`;
}

async function chooseMilitary(i) {
  const side = SIDES[i];
  steady(() => sideInfo(side));
  const name = $(`${side}-military`).value;
  if (name === 'default') { await check(); return; }
  const current = state.flanks[i];
  try {
    const r = await api('POST', '/api/moderator/split', {
      side,
      military: name,
      nation: $(side).value,
      positions: current.length ? current.map((f) => [f.x, f.y]) : null,
    });
    state.flanks[i] = r.flanks;
  } catch (e) {
    state.errors = [e.message];
  }
  steady(() => {
    clearResult();
    draw();
  });
  await check();
}

function chooseLocation() {
  const name = $('location').value;
  const loc = state.data.locations.find((l) => l.name === name);
  const terrain = loc ? loc.terrain : 'Plain';
  $('location-info').textContent = `Terrain: ${terrain}`;
  $('map').value = terrain;
  showMap();
}

// -- the war as sent to the server ----------------------------------------------------------------

function war() {
  const flanks = strategy().map((list) => list.map((f) => ({
    x: f.x, y: f.y, infantry: f.infantry, cavalry: f.cavalry, artillery: f.artillery,
    ships: f.ships, maneuver: f.maneuver,
  })));
  return {
    title: $('war-name').value,
    year: Number($('war-date').value),
    motive: $('motive').value,
    attacker: { nation: $('attacker').value, military: $('attacker-military').value },
    defender: { nation: $('defender').value, military: $('defender-military').value },
    location: $('location').value,
    map: $('map').value,
    seed: Math.max(0, Math.round(Number($('seed').value) || 0)),
    flanks,
  };
}

let checking = 0;
async function check() {
  const mine = ++checking;
  let r;
  try {
    r = await api('POST', '/api/moderator/check', war());
  } catch (e) {
    r = { errors: [e.message], status: [] };
  }
  if (mine !== checking) return;
  steady(() => showCheck(r));
  document.body.dataset.checked = String(mine);
}

function showCheck(r) {
  state.errors = r.errors;
  $('errors').replaceChildren(...r.errors.map((t) => el('li', {}, t)));
  $('run').disabled = r.errors.length > 0;
  SIDES.forEach((side, i) => {
    const s = r.status[i];
    const node = $(`${side}-status`);
    const m = military($(`${side}-military`).value);
    if (state.showing === 'after' && m) {
      // each flank's own size as the battle left it (its units are rounded one by one)
      const left = state.flanks[i].reduce((n, f) => n + (f.size !== undefined ? f.size : size(f)), 0);
      node.textContent = `After the battle (${left}/${m.size})`;
      node.className = 'mod-status after';
    } else {
      node.textContent = s ? s.text : '';
      node.className = `mod-status ${s ? s.colour : ''}`;
    }
    $(`${side}-add`).disabled = s ? !s.can_add : false;
  });
}

// -- Strategy ------------------------------------------------------------------------------------

// What the map shows: the flanks, or the battle at the slider's hour.
function shown() {
  if (state.hour === null || state.showing !== 'after') {
    return state.flanks.map((list) => list.map((f) => ({ ...f, men: size(f) })));
  }
  return state.hours[state.hour].flanks.map((list) => list.map(([x, y, men, morale, status]) => ({
    x, y, men, morale, status,
  })));
}

function showHours() {
  const on = state.showing === 'after' && state.hours.length > 1;
  $('hours').hidden = !on;
  if (!on) { state.hour = null; return; }
  const slider = $('hour');
  const last = state.hours.length - 1;
  slider.max = String(last);
  const i = state.hour === null ? last : state.hour;
  slider.value = String(i);
  const h = state.hours[i];
  const men = h.flanks.map((list) => list.reduce((n, f) => n + f[2], 0));
  $('hour-note').textContent = `hour ${h.hour} of ${state.hours[last].hour}: `
    + `attacker ${men[0].toLocaleString('en')} men, defender ${men[1].toLocaleString('en')}`;
}

function draw() {
  followEditor();
  const g = $('flanks');
  g.replaceChildren();
  showHours();
  shown().forEach((list, side) => {
    $(`${SIDES[side]}-count`).textContent = String(list.length);
    list.forEach((f, index) => {
      const sel = state.selected && state.selected.side === side && state.selected.index === index;
      const morale = f.morale !== undefined ? `, morale ${f.morale}` : '';
      const title = `${SIDES[side]} flank ${index + 1}: ${f.men} men${morale} (${f.status})`;
      g.append(flankSquare(side, index, f, { title, selected: Boolean(sel) }));
    });
  });
  $('remove').disabled = state.selected === null;
}

function markSelected() {
  for (const r of $('flanks').querySelectorAll('rect.flank')) {
    const sel = state.selected && state.selected.side === Number(r.dataset.side)
      && state.selected.index === Number(r.dataset.index);
    r.classList.toggle('selected', Boolean(sel));
  }
  $('remove').disabled = state.selected === null;
}

function setupDragging() {
  // The squares are moved in place while dragging (not redrawn), so that a double-click
  // lands on the same element twice.
  const svg = $('field');
  let drag = null;
  svg.addEventListener('pointerdown', (evt) => {
    const t = evt.target;
    if (!(t instanceof SVGRectElement) || !t.classList.contains('flank')) return;
    evt.preventDefault();
    if (state.hour !== null) return; // an hour of the battle is shown, not the strategy
    state.selected = { side: Number(t.dataset.side), index: Number(t.dataset.index) };
    drag = { rect: t, moved: false };
    markSelected();
    $('pane-strategy').focus({ preventScroll: true });
  });
  window.addEventListener('pointermove', (evt) => {
    if (!drag || !state.selected) return;
    const f = state.flanks[state.selected.side][state.selected.index];
    [f.x, f.y] = mapPoint(svg, evt);
    moveSquare(drag.rect, f.x, f.y);
    drag.moved = true;
  });
  window.addEventListener('pointerup', () => {
    if (drag && drag.moved) { edited(); check(); }
    drag = null;
  });
  svg.addEventListener('dblclick', (evt) => {
    const t = evt.target;
    if (state.hour !== null) return;
    if (!(t instanceof SVGRectElement) || !t.classList.contains('flank')) return;
    openEditor(Number(t.dataset.side), Number(t.dataset.index));
  });
}

function addFlank(side, flank) {
  const list = state.flanks[side];
  if (list.length >= state.data.max_flanks) return;
  edited();
  list.push(flank);
  state.selected = { side, index: list.length - 1 };
  draw();
  check();
}

function newFlank(side) {
  // Seed 004, Terrain map: a new flank has size 0 and is Inactive.
  const x = side === 0 ? 30 : 370;
  const y = Math.min(399, 20 + 15 * (state.flanks[side].length % 25));
  addFlank(side, {
    x, y, infantry: 0, cavalry: 0, artillery: 0, ships: 0, maneuver: 'Normal', status: 'Inactive',
  });
}

function removeSelected() {
  if (!state.selected) return;
  edited();
  state.flanks[state.selected.side].splice(state.selected.index, 1);
  state.selected = null;
  draw();
  check();
}

function onKey(evt) {
  if ($('editor').open) {
    // Closing the editor by hand is Cancel (seed 004, Flank editor).
    if (evt.key === 'Escape') { evt.preventDefault(); closeEditor(); }
    return;
  }
  if ($('pane-strategy').hidden) return;
  const tag = (evt.target && evt.target.tagName) || '';
  if (['INPUT', 'SELECT', 'TEXTAREA'].includes(tag)) return;
  if (evt.key === 'Delete') { evt.preventDefault(); removeSelected(); return; }
  if (!(evt.ctrlKey || evt.metaKey)) return;
  const key = evt.key.toLowerCase();
  if ((key === 'c' || key === 'x') && state.selected) {
    // Copy, or cut: copy and remove (seed 004, Interface: "copy, cut and paste flanks").
    state.clipboard = { side: state.selected.side, flank: clone(state.flanks[state.selected.side][state.selected.index]) };
    evt.preventDefault();
    if (key === 'x') removeSelected();
  } else if (key === 'v' && state.clipboard) {
    const f = clone(state.clipboard.flank);
    f.x = Math.min(399, f.x + 12);
    f.y = Math.min(399, f.y + 12);
    addFlank(state.clipboard.side, f);
    evt.preventDefault();
  }
}

async function reset() {
  // Seed 004, Terrain map: three flanks a side, the military spread evenly; the map stays.
  edited();
  for (let i = 0; i < 2; i++) {
    const name = $(`${SIDES[i]}-military`).value;
    if (name === 'default') { state.flanks[i] = []; continue; }
    try {
      const r = await api('POST', '/api/moderator/split', {
        side: SIDES[i], military: name, nation: $(SIDES[i]).value, positions: null,
      });
      state.flanks[i] = r.flanks;
    } catch (e) {
      state.flanks[i] = [];
    }
  }
  state.selected = null;
  steady(draw);
  await check();
}

function restore() {
  if (!state.before || !state.after) return;
  state.showing = state.showing === 'after' ? 'before' : 'after';
  state.flanks = clone(state.showing === 'after' ? state.after : state.before);
  state.selected = null;
  state.hour = null;
  $('restore-note').textContent = state.showing === 'after' ? 'after the battle' : 'before the battle';
  draw();
  check();
}

// -- Flank editor ----------------------------------------------------------------------------------

function editorValues() {
  const v = {};
  for (const r of [...ROLES, 'ships']) v[r] = Math.max(0, Math.round(Number($(`ed-${r}`).value) || 0));
  return v;
}

function editorTotals() {
  const v = editorValues();
  const total = v.infantry + v.cavalry + v.artillery;
  $('ed-size').textContent = String(total);
  const f = editedFlank();
  // Morale is the size times twenty; after a battle the flank's own morale is shown.
  const unchanged = f && [...ROLES, 'ships'].every((r) => v[r] === f[r]);
  const morale = unchanged && f.morale !== undefined ? f.morale : total * 20;
  $('ed-morale').textContent = String(morale);
}

function openEditor(side, index) {
  const f = state.flanks[side][index];
  // The flank itself is kept, not its place: a flank removed before it moves it in its list.
  state.editing = { side, flank: f };
  state.selected = { side, index };
  markSelected();
  const m = military($(`${SIDES[side]}-military`).value);
  for (const r of ROLES) {
    const type = m ? m.units[r] : null;
    $(`ed-${r}-type`).textContent = type || '<none selected>';
    $(`ed-${r}`).value = String(f[r]);
    $(`ed-${r}`).disabled = !type;
  }
  const ship = m ? m.ship : null;
  $('ed-ships-type').textContent = ship || 'Barge';
  $('ed-ships').value = String(f.ships);
  $('ed-ships').disabled = !ship;
  $('ed-maneuver').value = f.maneuver;
  showSummary();
  const status = $('ed-status');
  status.textContent = f.status;
  status.style.color = state.data.status_colours[f.status] || 'black';
  $('ed-title').textContent = `${SIDES[side]} flank ${index + 1}`;
  editorTotals();
  if (!$('editor').open) $('editor').show();
  // The editor follows the page's panels: brought into view, or it opens below the fold.
  const editor = $('editor');
  editor.scrollIntoView({ block: 'nearest' });
  // The page scrolls by whole pixels, which can leave a fraction of one below the window.
  const r = editor.getBoundingClientRect();
  const out = Math.ceil(r.bottom - document.documentElement.clientHeight);
  if (out > 0 && r.top >= out) window.scrollBy({ top: out, behavior: 'instant' });
}

function showSummary() {
  const m = state.data.maneuvers.find((x) => x.name === $('ed-maneuver').value);
  $('ed-summary').textContent = m ? m.summary : '';
}

// The flank open in the editor, while its side still has it (else null).
function editedFlank() {
  const e = state.editing;
  return e && state.flanks[e.side].includes(e.flank) ? e.flank : null;
}

// Every change to the flanks is drawn: the editor follows its flank to its new place in the
// list, and closes when the flank is gone (removed, cut, reset, another military's split, the
// state before or after a battle restored), so that Apply never writes to another flank.
function followEditor() {
  const e = state.editing;
  if (!e) return;
  const f = editedFlank();
  if (!f) {
    closeEditor();
    return;
  }
  $('ed-title').textContent = `${SIDES[e.side]} flank ${state.flanks[e.side].indexOf(f) + 1}`;
}

function applyEditor() {
  const f = editedFlank();
  if (!f) {
    closeEditor();
    return;
  }
  edited();
  Object.assign(f, editorValues(), { maneuver: $('ed-maneuver').value });
  delete f.morale;
  delete f.size;
  draw();
  check();
}

function closeEditor() {
  state.editing = null;
  $('editor').close();
}

// -- Run, Switch sides, Commit stability -----------------------------------------------------------

function clearResult() {
  state.run = null;
  state.hours = [];
  state.hour = null;
  state.before = null;
  state.after = null;
  state.showing = 'before';
  $('commit').disabled = true;
  $('restore').disabled = true;
  $('restore-note').textContent = '';
  $('receipt').value = '';
  $('copy-receipt').disabled = true;
  $('log').textContent = '';
  $('log-download').hidden = true;
  $('war-results').replaceChildren();
  $('run-plots').replaceChildren();
}

async function showPlots(run) {
  const pw = $('password');
  const query = pw && pw.value ? `?password=${encodeURIComponent(pw.value)}` : '';
  const response = await fetch(`/api/moderator/runs/${encodeURIComponent(run)}/plots${query}`, { credentials: 'same-origin' });
  if (!response.ok) return;
  const { plots } = await response.json();
  steady(() => $('run-plots').replaceChildren(...plots.map((p) => {
    const figure = el('figure', { class: 'plot', 'data-plot': p.name });
    figure.append(el('img', { src: p.url, alt: p.name.replaceAll('-', ' ') }), el('figcaption', {}, p.name.replaceAll('-', ' ')));
    return figure;
  })));
}

async function runWar() {
  $('run').disabled = true;
  const before = clone(strategy());
  let r;
  try {
    r = await api('POST', '/api/moderator/run', war());
  } catch (e) {
    steady(() => $('errors').replaceChildren(el('li', {}, e.message)));
    await check();
    return;
  }
  steady(() => showRun(r, before));
  showPlots(r.run);
  await check();
  document.body.dataset.run = r.run;
}

function showRun(r, before) {
  state.run = r.run;
  state.hours = r.hours;
  state.hour = null;
  state.before = before;
  state.after = r.flanks;
  state.showing = 'after';
  state.flanks = clone(r.flanks);
  state.selected = null;
  $('restore').disabled = false;
  $('restore-note').textContent = 'after the battle';
  $('commit').disabled = false;
  $('commit-note').textContent = '';
  $('receipt').value = r.receipt;
  $('copy-receipt').disabled = false;
  $('log').textContent = r.log;
  const link = $('log-download');
  const pw = $('password');
  link.href = `/api/moderator/runs/${encodeURIComponent(r.run)}/log.txt${pw && pw.value ? `?password=${encodeURIComponent(pw.value)}` : ''}`;
  link.setAttribute('download', r.log_name);
  link.hidden = false;
  const items = r.stability.map((s) => el('li', {}, `${s.nation}: stability ${s.before} → ${s.after} (${s.result})${s.notes.length ? `; ${s.notes.join('; ')}` : ''}`));
  items.push(el('li', {}, `Occupation: score ${r.occupation.score}, ${r.occupation.value} (${r.occupation.result})`));
  $('war-results').replaceChildren(...items);
  draw();
}

async function switchSides() {
  const a = { nation: $('attacker').value, military: $('attacker-military').value };
  const d = { nation: $('defender').value, military: $('defender-military').value };
  $('attacker').value = d.nation; fillMilitaries('attacker'); $('attacker-military').value = d.military;
  $('defender').value = a.nation; fillMilitaries('defender'); $('defender-military').value = a.military;
  // The result is cleared: each nation's flanks as they stood before the battle go with it to
  // its new role, where they were placed.
  const base = clone(strategy());
  state.flanks = [base[1], base[0]];
  clearResult();
  sideInfo('attacker');
  sideInfo('defender');
  state.selected = null;
  draw();
  await check();
}

async function commitStability() {
  if (!state.run) return;
  try {
    const r = await api('POST', '/api/moderator/commit', { run: state.run });
    const text = Object.entries(r.written).map(([n, v]) => `${n} ${v}`).join(', ');
    const note = `Stability written to the Nation tab: ${text}`;
    steady(() => { $('commit-note').textContent = note; });
    $('commit').disabled = true;
  } catch (e) {
    steady(() => { $('commit-note').textContent = e.message; });
  }
}

async function copyReceipt() {
  const text = $('receipt').value;
  try {
    await navigator.clipboard.writeText(text);
  } catch {
    $('receipt').select();
    document.execCommand('copy');
  }
  steady(() => { $('copy-note').textContent = 'copied'; });
}

// -- Output lists -----------------------------------------------------------------------------------

function fillOutputLists() {
  const bands = (kind) => state.data.results[kind].map((b, i, all) => {
    const next = all[i + 1];
    const range = i === 0 ? `below ${next ? next.from : ''}` : next ? `${b.from} to ${next.from}` : `${b.from} and above`;
    return el('li', {}, `${b.text}: ${range}`);
  });
  $('stability-bands').replaceChildren(...bands('stability'));
  $('occupation-bands').replaceChildren(...bands('occupation'));
  $('legend').replaceChildren(...state.data.legend.map((l) => {
    const li = el('li');
    const sw = el('span', { class: 'swatch' });
    sw.style.background = l.colour;
    li.append(sw, el('span', {}, `${l.feature} (${l.colour})`));
    return li;
  }));
}

async function importDatabase(evt) {
  evt.preventDefault();
  const form = new FormData();
  for (const file of $('import-files').files) form.append('files', file);
  const h = headers();
  delete h['Content-Type'];
  const response = await fetch('/api/moderator/import', { method: 'POST', body: form, headers: h });
  const data = await response.json().catch(() => ({}));
  if (!response.ok) {
    const detail = data.detail || {};
    const problems = Array.isArray(detail.problems) ? detail.problems : [String(detail.problems ? '' : detail)];
    steady(() => {
      $('import-errors').replaceChildren(...problems.map((t) => el('li', {}, t)));
      $('import-note').textContent = 'nothing imported';
    });
    return;
  }
  const counts = Object.entries(data.imported).map(([tab, n]) => `${n} ${tab}`).join(', ');
  steady(() => {
    $('import-errors').replaceChildren();
    $('import-note').textContent = `imported ${counts}`;
    clearResult();
  });
  state.flanks = [[], []];
  await load();
}

// -- wiring ------------------------------------------------------------------------------------------

function showTab(name) {
  for (const t of ['tactics', 'strategy', 'output']) {
    $(`pane-${t}`).hidden = t !== name;
    $(`tab-${t}`).classList.toggle('on', t === name);
  }
}

async function load() {
  try {
    state.data = await api('GET', '/api/moderator/data');
  } catch (e) {
    steady(() => $('errors').replaceChildren(el('li', {}, e.message)));
    return;
  }
  steady(() => {
    fillMenus();
    chooseLocation();
    sideInfo('attacker');
    sideInfo('defender');
    draw();
  });
  await check();
  document.body.dataset.ready = 'yes';
}

function wire() {
  // A tab is shown where the page stands (an open editor may go out of view: the user went
  // elsewhere); the other controls keep an open editor in its place (steady).
  for (const b of document.querySelectorAll('.mod-tabs button')) {
    b.addEventListener('click', () => showTab(b.dataset.tab));
  }
  const on = (node, type, handler) => {
    node.addEventListener(type, (evt) => steady(() => handler(evt)));
  };
  SIDES.forEach((side, i) => {
    on($(side), 'change', () => {
      fillMilitaries(side);
      chooseMilitary(i);
    });
    on($(`${side}-military`), 'change', () => chooseMilitary(i));
    on($(`${side}-add`), 'click', () => newFlank(i));
  });
  on($('location'), 'change', () => { chooseLocation(); check(); });
  on($('map'), 'change', () => { showMap(); check(); });
  for (const id of ['war-name', 'war-date', 'motive']) on($(id), 'input', () => check());
  on($('remove'), 'click', removeSelected);
  on($('reset'), 'click', reset);
  on($('restore'), 'click', restore);
  on($('hour'), 'input', () => {
    const i = Number($('hour').value);
    state.hour = i >= state.hours.length - 1 ? null : i;
    state.selected = null;
    draw();
  });
  on($('run'), 'click', runWar);
  on($('switch'), 'click', switchSides);
  on($('commit'), 'click', commitStability);
  on($('copy-receipt'), 'click', copyReceipt);
  for (const r of [...ROLES, 'ships']) $(`ed-${r}`).addEventListener('input', editorTotals);
  $('ed-maneuver').addEventListener('change', showSummary);
  on($('ed-apply'), 'click', applyEditor);
  $('ed-save').addEventListener('click', () => { applyEditor(); closeEditor(); });
  $('ed-cancel').addEventListener('click', closeEditor);
  $('ed-close').addEventListener('click', closeEditor);
  $('ed-delete').addEventListener('click', () => {
    const f = editedFlank();
    const side = state.editing.side;
    state.selected = f && { side, index: state.flanks[side].indexOf(f) };
    closeEditor();
    removeSelected();
  });
  document.addEventListener('keydown', onKey);
  $('upload').addEventListener('submit', async (evt) => {
    evt.preventDefault();
    const file = $('map-file').files[0];
    if (!file) return;
    const form = new FormData();
    form.append('file', file);
    const h = headers();
    delete h['Content-Type'];
    const response = await fetch('/api/moderator/maps', { method: 'POST', body: form, headers: h });
    const data = await response.json().catch(() => ({}));
    if (!response.ok) {
      steady(() => { $('upload-note').textContent = data.detail || 'upload failed'; });
      return;
    }
    state.data.maps.files = [...new Set([...state.data.maps.files, data.map])];
    steady(() => {
      fillMaps(data.map);
      $('upload-note').textContent = `added ${data.map}`;
    });
    check();
  });
  $('import-form').addEventListener('submit', importDatabase);
  const pw = $('password');
  if (pw) pw.addEventListener('change', load);
  setupDragging();
}

wire();
load();
