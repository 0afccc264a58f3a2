// The umpire's page: amendments (POST /api/games/ID/amend). Clicking a counter inserts
// 'SIDE REF' (the unit as amendments name it), clicking a hex its label.
const api = `/api/games/${encodeURIComponent(document.body.dataset.game)}`;
const map = document.getElementById('map');
const form = document.getElementById('amend-form');
const box = document.getElementById('amendment');
const reason = document.getElementById('reason');
const reply = document.getElementById('amend-reply');

function insert(text) {
  const start = box.selectionStart ?? box.value.length;
  const end = box.selectionEnd ?? start;
  const before = box.value.slice(0, start);
  const pad = before && !/\s$/.test(before) ? ' ' : '';
  box.setRangeText(pad + text + ' ', start, end, 'end');
  box.focus();
}

map.addEventListener('click', (ev) => {
  const counter = ev.target.closest('g.counter');
  if (counter) {
    insert(`${counter.dataset.side} ${counter.dataset.ref}`);
    return;
  }
  const hex = ev.target.closest('[data-label]');
  if (hex) insert(hex.dataset.label);
});

form.addEventListener('submit', async (ev) => {
  ev.preventDefault();
  const what = box.value.trim();
  const why = reason.value.trim();
  if (!what || !why) return;
  reply.textContent = '';
  reply.className = 'reply';
  const response = await fetch(`${api}/amend`, {
    method: 'POST',
    credentials: 'same-origin',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ amendment: `${what}: ${why}` }),
  });
  const data = await response.json();
  if (response.ok) {
    reply.textContent = data.message;
    reply.classList.add('ok');
    box.value = '';
    reason.value = '';
  } else {
    const detail = typeof data.detail === 'string' ? data.detail : JSON.stringify(data.detail);
    reply.textContent = `refused: ${detail}`;
    reply.classList.add('refused');
  }
});
