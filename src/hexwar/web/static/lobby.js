// The lobby: the seat choices follow the chosen scenario's ruleset.
const data = JSON.parse(document.getElementById('lobby-data').textContent);
const byId = Object.fromEntries(data.rulesets.map((r) => [r.id, r]));
const scenario = document.getElementById('scenario');
const summary = document.getElementById('ruleset-summary');

function fill() {
  const option = scenario.selectedOptions[0];
  const ruleset = byId[option ? option.dataset.ruleset : data.rulesets[0].id];
  summary.textContent = ruleset.summary + (ruleset.board ? '' : ' (no map yet: text view)');
  ruleset.sides.slice(0, 2).forEach((side, i) => {
    document.getElementById(`side${i}`).textContent = side;
    const select = document.getElementById(`seat${i}`);
    const keep = select.value;
    select.replaceChildren();
    for (const who of ['human', ...ruleset.agents]) {
      const o = document.createElement('option');
      o.value = who;
      o.textContent = who === 'human' ? 'human (gets a link)' : `computer: ${who}`;
      select.append(o);
    }
    const computer = ruleset.agents.find((a) => a !== 'random') || 'random';
    select.value = keep && [...select.options].some((o) => o.value === keep)
      ? keep : (i === 0 ? 'human' : computer);
  });
}
scenario.addEventListener('change', fill);
fill();
