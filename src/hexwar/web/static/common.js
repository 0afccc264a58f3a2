// Shared helpers: the map (an SVG fetched from the server) and log entries with receipts.
// Every text from the server goes in through textContent, never as markup; the SVG is parsed
// as XML (its texts are escaped by the server's renderer).

export function el(tag, attrs = {}, text = null) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, v);
  if (text !== null) node.textContent = text;
  return node;
}

export async function loadBoard(container, url) {
  const response = await fetch(url, { credentials: 'same-origin', cache: 'no-store' });
  if (!response.ok) return false;
  const text = await response.text();
  const doc = new DOMParser().parseFromString(text, 'image/svg+xml');
  const svg = doc.documentElement;
  if (svg.nodeName !== 'svg') return false;
  const node = document.importNode(svg, true);
  node.removeAttribute('width');
  node.removeAttribute('height');
  container.replaceChildren(node);
  return true;
}

export function eventItem(e) {
  const li = el('li', { 'data-seq': String(e.seq), class: `ev ev-${e.kind}` });
  // A clock in days (IDAHEX) can fall between frames: six figures are plenty to read.
  const time = typeof e.time === 'number' && !Number.isInteger(e.time) ? String(Number(e.time.toPrecision(6))) : String(e.time);
  li.append(el('span', { class: 'time' }, time), ' ', el('span', { class: 'text' }, e.text));
  if (e.receipt) {
    const details = el('details', { class: 'receipt' });
    details.append(el('summary', {}, 'receipt'));
    details.append(el('pre', {}, JSON.stringify(e.receipt, null, 2)));
    li.append(details);
  }
  return li;
}
