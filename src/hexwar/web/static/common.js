// Shared helpers: the map (an SVG fetched from the server) and log entries with receipts.
// Every text from the server goes in through textContent, never as markup; the SVG is parsed
// as XML (its texts are escaped by the server's renderer).

export function el(tag, attrs = {}, text = null) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, v);
  if (text !== null) node.textContent = text;
  return node;
}

// The server answers a page's requests in parallel, so answers can come in another order than
// the requests went: a page takes an answer only if no request sent after it has been answered
// already (an older answer would put back what the newer one replaced). `newest()` numbers the
// requests of one kind; `ticket()` when one is sent, `fresh(t)` when its answer comes (and the
// answer taken).
export function newest() {
  let sent = 0;
  let taken = 0;
  return {
    ticket() {
      sent += 1;
      return sent;
    },
    fresh(ticket) {
      if (ticket < taken) return false;
      taken = ticket;
      return true;
    },
  };
}

const boards = new WeakMap(); // container -> the order of its boards' requests

// The board at `url` drawn in `container`; false if none came, or a newer one came first.
export async function loadBoard(container, url) {
  if (!boards.has(container)) boards.set(container, newest());
  const order = boards.get(container);
  const ticket = order.ticket();
  const response = await fetch(url, { credentials: 'same-origin', cache: 'no-store' });
  if (!response.ok) return false;
  const text = await response.text();
  const doc = new DOMParser().parseFromString(text, 'image/svg+xml');
  const svg = doc.documentElement;
  if (svg.nodeName !== 'svg' || !order.fresh(ticket)) return false;
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
