// IDAHEX on the game page: forms that write the console's command lines into the order box
// (checked by the server as the console checks a typed line), and the console's information
// requests as a panel. Everything shown comes from the seat's view, through the server.
import { el } from '/static/common.js';

const gameId = document.body.dataset.game;
const api = `/api/games/${encodeURIComponent(gameId)}`;
const looking = document.body.dataset.role === 'umpire' ? new URLSearchParams(location.search).get('side') : null;
const sideQuery = looking ? `side=${encodeURIComponent(looking)}` : '';
const orderBox = document.getElementById('order');
const said = document.getElementById('ida-said');
const answer = document.getElementById('ida-answer');
let formsVersion = null;
let forms = null;

const list = (text) => text.split(/[\s,]+/).filter((x) => x).join(',');

function tell(text, ok) {
  if (!said) return;
  said.textContent = text;
  said.className = `reply ${ok ? 'ok' : 'refused'}`;
}

// The console's check of one line, then the line goes into the order box.
async function add(command) {
  const response = await fetch(`${api}/idahex/check`, {
    method: 'POST',
    credentials: 'same-origin',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ command }),
  });
  const data = await response.json();
  if (!response.ok) {
    tell(typeof data.detail === 'string' ? data.detail : JSON.stringify(data.detail), false);
    return false;
  }
  const before = orderBox.value.trim();
  orderBox.value = before ? `${before}; ${data.command}` : data.command;
  tell(`+ ${data.command}`, true);
  return true;
}

function value(form, name) {
  const input = form.elements[name];
  return input ? String(input.value).trim() : '';
}

function options(select, items, label, keep) {
  const old = select.value;
  select.replaceChildren(...keep.map((n) => n.cloneNode(true)));
  for (const item of items) select.append(el('option', { value: String(item.number) }, label(item)));
  if ([...select.options].some((o) => o.value === old)) select.value = old;
}

function fill(f) {
  forms = f;
  const units = document.getElementById('ida-units');
  if (units) {
    units.replaceChildren(...f.units.map((u) => el('option', { value: String(u.number) }, `${u.number} ${u.name} (cell ${u.location}, posture ${u.posture})`)));
  }
  const tfLabel = (tf) => `task force ${tf.number}: units ${tf.units.join(', ')}`;
  const mission = document.getElementById('ida-mission');
  if (mission) {
    const first = mission.elements.tf.options[0];
    options(mission.elements.tf, f.task_forces, tfLabel, [first]);
    options(document.getElementById('ida-cancel').elements.tf, f.task_forces, tfLabel, []);
    options(document.getElementById('ida-deliver').elements.tf, f.task_forces, tfLabel, []);
    options(document.getElementById('ida-undeliver').elements.number, f.deliveries,
      (d) => `delivery order ${d.number}: task force ${d.task_force} at cell ${d.cell}`, []);
    const amounts = document.querySelector('#ida-transfer .ida-amounts');
    if (!amounts.querySelector('input')) {
      f.resource_names.forEach((name, i) => {
        const label = el('label', {}, `${i + 1} ${name} `);
        label.append(el('input', { name: `amount-${i + 1}`, type: 'number', min: '0', step: 'any' }));
        amounts.append(label);
      });
    }
    const aircraft = document.querySelector('#ida-strike .ida-aircraft');
    if (!aircraft.querySelector('input')) {
      for (let i = 1; i <= f.aircraft_types; i += 1) {
        const label = el('label', {}, `type ${i} `);
        label.append(el('input', { name: `aircraft-${i}`, type: 'number', min: '0', value: '0' }));
        aircraft.append(label);
      }
    }
    const when = document.getElementById('ida-strike-when');
    when.textContent = f.strikes_now
      ? `A cycle starts now (t = ${f.time}): strikes may be entered.`
      : `Not now: strikes are entered at the start of a cycle only (§6); t = ${f.time}.`;
    document.querySelector('#ida-strike button[type=submit]').disabled = !f.strikes_now;
    if (f.strikes_now) document.getElementById('ida-strike-box').open = true;
    syncMission();
  }
}

async function refresh() {
  const response = await fetch(`${api}/idahex/forms${sideQuery ? '?' + sideQuery : ''}`, { credentials: 'same-origin' });
  if (response.ok) fill(await response.json());
}

function syncMission() {
  const mission = document.getElementById('ida-mission');
  const fresh = mission.elements.tf.value === '';
  for (const label of mission.querySelectorAll('.ida-new')) label.hidden = !fresh;
}

function syncStrike() {
  const strike = document.getElementById('ida-strike');
  strike.querySelector('.ida-priority').hidden = strike.elements.role.value !== 'interdiction';
}

if (orderBox) {
  const mission = document.getElementById('ida-mission');
  mission.elements.tf.addEventListener('change', syncMission);
  document.getElementById('ida-more').addEventListener('click', () => {
    const body = mission.querySelector('.ida-orders tbody');
    const row = body.rows[0].cloneNode(true);
    for (const input of row.querySelectorAll('input')) { input.value = ''; input.required = false; }
    body.append(row);
  });
  mission.addEventListener('submit', async (ev) => {
    ev.preventDefault();
    const orders = [];
    for (const row of mission.querySelectorAll('.ida-orders tbody tr')) {
      const [obj, post, start] = [...row.querySelectorAll('input')].map((i) => i.value.trim());
      if (!obj && !post) continue;
      orders.push(start ? `${obj},${post},${start}` : `${obj},${post}`);
    }
    const tf = value(mission, 'tf');
    const text = tf
      ? `mission tf ${tf} ${orders.join(' ')}`
      : `mission ${orders.join(' ')} units ${list(value(mission, 'units'))} mode ${value(mission, 'mode') || '0'}`;
    if (await add(text)) mission.reset();
    syncMission();
  });
  document.getElementById('ida-cancel').addEventListener('submit', (ev) => {
    ev.preventDefault();
    add(`cancel ${value(ev.target, 'tf')}`);
  });
  document.getElementById('ida-transfer').addEventListener('submit', async (ev) => {
    ev.preventDefault();
    const form = ev.target;
    let text = `transfer ${value(form, 'cell')}`;
    if (value(form, 'givers')) text += ` givers ${list(value(form, 'givers'))}`;
    if (value(form, 'takers')) text += ` takers ${list(value(form, 'takers'))}`;
    const amounts = [...form.querySelectorAll('.ida-amounts input')]
      .filter((i) => i.value.trim() !== '')
      .map((i) => `${i.name.slice('amount-'.length)}=${i.value.trim()}`);
    if (amounts.length) text += ` amounts ${amounts.join(',')}`;
    if (await add(text)) form.reset();
  });
  document.getElementById('ida-deliver').addEventListener('submit', async (ev) => {
    ev.preventDefault();
    const form = ev.target;
    let text = `deliver tf ${value(form, 'tf')} ${value(form, 'cell')} size ${value(form, 'size') || '1'}`;
    if (value(form, 'to')) text += ` to ${list(value(form, 'to'))}`;
    add(text);
  });
  document.getElementById('ida-undeliver').addEventListener('submit', (ev) => {
    ev.preventDefault();
    add(`undeliver ${value(ev.target, 'number')}`);
  });
  const strike = document.getElementById('ida-strike');
  strike.elements.role.addEventListener('change', syncStrike);
  syncStrike();
  strike.addEventListener('submit', (ev) => {
    ev.preventDefault();
    const role = value(strike, 'role');
    const aircraft = [...strike.querySelectorAll('.ida-aircraft input')].map((i) => i.value.trim() || '0');
    let text = `${role} ${value(strike, 'cell')}`;
    if (role === 'interdiction') text += ` priority ${list(value(strike, 'priority'))}`;
    add(`${text} aircraft ${aircraft.join(',')}`);
  });
}

document.getElementById('ida-ask').addEventListener('submit', async (ev) => {
  ev.preventDefault();
  const form = ev.target;
  const what = value(form, 'what');
  const n = value(form, 'n');
  const q = n && ['unit', 'cell', 'engagements'].includes(what) ? `${what} ${n}` : what;
  const params = new URLSearchParams({ q });
  if (looking) params.set('side', looking);
  const response = await fetch(`${api}/idahex/ask?${params}`, { credentials: 'same-origin' });
  const data = await response.json();
  answer.textContent = response.ok ? data.text : `${data.detail}`;
});

document.addEventListener('hexwar:state', (ev) => {
  const s = ev.detail;
  const version = `${s.orders}:${s.step}`;
  if (version !== formsVersion && (orderBox || looking)) {
    formsVersion = version;
    refresh();
  }
});

if (orderBox) refresh();
