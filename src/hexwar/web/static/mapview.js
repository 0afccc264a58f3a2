// Zoom and pan of a map (an SVG board the page loads into a container, again after each
// change): the mouse wheel and a pinch zoom about the pointer, a drag pans, the buttons zoom in
// and out, fit the whole board, or return to the reading zoom; + - 0 on the focused map do the
// same. The map keeps its place on the page, so the status, clock and orders beside it stay in
// view; the zoom and the place survive each redraw of the board.
//
// The first zoom is the reading zoom: the hexes' labels at least READABLE px tall (a large
// board fitted whole on a phone is a picture, not a map), centred on the player's own pieces.
const SVG_TEXT_MIN = 'g.labels text';
const READABLE = 11; // px: the least a label is drawn at the reading zoom
const MAX_ZOOM = 12; // times the whole board's fit
const DRAG = 6; // px a pointer moves before a press is a drag, not a click

// Whether an element's focus came from the keyboard (the browser's :focus-visible), not from a
// click or a tap.
function keyboardFocus(node) {
  try {
    return node.matches(':focus-visible');
  } catch {
    return true; // a browser without :focus-visible: as before it
  }
}

export function zoomable(container) {
  const box = container.parentElement;
  const tools = document.createElement('div');
  tools.className = 'zoom-tools';
  tools.setAttribute('role', 'toolbar');
  tools.setAttribute('aria-label', 'map zoom');
  const button = (text, title, fn) => {
    const b = document.createElement('button');
    b.type = 'button';
    b.className = 'quiet zoom';
    b.textContent = text;
    b.title = title;
    b.setAttribute('aria-label', title);
    b.addEventListener('click', fn);
    tools.append(b);
    return b;
  };
  box.insertBefore(tools, container);
  container.classList.add('zoomable');
  if (!container.hasAttribute('tabindex')) container.setAttribute('tabindex', '0');

  let base = null; // the board's own viewBox: [x, y, w, h]
  let zoom = 1; // times the fit
  let centre = null; // [x, y] in board units
  let placed = false; // the reading zoom was set (once per page)
  let fitAsked = false; // the whole board asked for before the board came: shown when it comes

  const svg = () => container.querySelector('svg');
  const size = () => [container.clientWidth || 1, container.clientHeight || 1];
  const fitScale = () => {
    const [w, h] = size();
    return Math.min(w / base[2], h / base[3]);
  };

  function apply() {
    const node = svg();
    if (!node || !base) return;
    const [w, h] = size();
    const scale = fitScale() * zoom; // px per board unit
    const vw = w / scale;
    const vh = h / scale;
    // Keep some of the board in view whatever the pan.
    const [bx, by, bw, bh] = base;
    const cx = Math.min(Math.max(centre[0], bx - vw / 2 + Math.min(vw, bw) * 0.25), bx + bw + vw / 2 - Math.min(vw, bw) * 0.25);
    const cy = Math.min(Math.max(centre[1], by - vh / 2 + Math.min(vh, bh) * 0.25), by + bh + vh / 2 - Math.min(vh, bh) * 0.25);
    centre = [cx, cy];
    node.setAttribute('viewBox', `${cx - vw / 2} ${cy - vh / 2} ${vw} ${vh}`);
    node.setAttribute('preserveAspectRatio', 'xMidYMid meet');
    container.dataset.zoom = zoom.toFixed(3);
    container.dataset.scale = scale.toFixed(3);
  }

  function readingZoom(node) {
    let least = Infinity;
    for (const t of node.querySelectorAll(SVG_TEXT_MIN)) {
      const f = parseFloat(t.getAttribute('font-size'));
      if (f > 0) least = Math.min(least, f);
    }
    if (!Number.isFinite(least)) return 1;
    return Math.min(MAX_ZOOM, Math.max(1, READABLE / (least * fitScale())));
  }

  function ownCentre(node) {
    const own = [...node.querySelectorAll('g.counter.own')];
    if (!own.length) return null;
    let x0 = Infinity; let y0 = Infinity; let x1 = -Infinity; let y1 = -Infinity;
    for (const g of own) {
      const b = g.getBBox();
      x0 = Math.min(x0, b.x); y0 = Math.min(y0, b.y);
      x1 = Math.max(x1, b.x + b.width); y1 = Math.max(y1, b.y + b.height);
    }
    return [(x0 + x1) / 2, (y0 + y1) / 2];
  }

  function loaded() {
    const node = svg();
    if (!node) return;
    const given = node.dataset.base || node.getAttribute('viewBox');
    if (!given) return;
    node.dataset.base = given;
    const next = given.trim().split(/[\s,]+/).map(Number);
    const same = base && next.every((v, i) => v === base[i]);
    base = next;
    if (!same || centre === null) centre = [base[0] + base[2] / 2, base[1] + base[3] / 2];
    if (!placed) {
      placed = true;
      zoom = fitAsked ? 1 : readingZoom(node);
      if (zoom > 1) centre = ownCentre(node) || centre;
    }
    apply();
  }

  function toBoard(px, py) {
    const rect = container.getBoundingClientRect();
    const [w, h] = size();
    const scale = fitScale() * zoom;
    return [centre[0] + (px - rect.left - w / 2) / scale, centre[1] + (py - rect.top - h / 2) / scale];
  }

  function zoomAt(factor, px = null, py = null) {
    if (!base) return;
    const next = Math.min(MAX_ZOOM, Math.max(0.5, zoom * factor));
    if (px !== null) {
      const [x, y] = toBoard(px, py);
      const keep = zoom / next; // the point under the pointer stays under it
      centre = [x + (centre[0] - x) * keep, y + (centre[1] - y) * keep];
    }
    zoom = next;
    apply();
  }

  function fit() {
    if (!base) {
      fitAsked = true; // the board is not here yet: it comes whole (see loaded)
      return;
    }
    zoom = 1;
    centre = [base[0] + base[2] / 2, base[1] + base[3] / 2];
    apply();
  }

  button('+', 'zoom in', () => zoomAt(1.5));
  button('−', 'zoom out', () => zoomAt(1 / 1.5));
  button('fit', 'the whole board', fit);
  button('read', 'the reading zoom (labels readable)', () => {
    const node = svg();
    if (!node || !base) return;
    zoom = readingZoom(node);
    apply();
  });

  container.addEventListener('wheel', (ev) => {
    if (!base) return;
    ev.preventDefault();
    zoomAt(Math.pow(1.0015, -ev.deltaY), ev.clientX, ev.clientY);
  }, { passive: false });

  container.addEventListener('keydown', (ev) => {
    if (ev.target !== container) return;
    if (ev.key === '+' || ev.key === '=') zoomAt(1.5);
    else if (ev.key === '-') zoomAt(1 / 1.5);
    else if (ev.key === '0') fit();
    else return;
    ev.preventDefault();
  });

  // Pointers: one drags the map, two pinch it; a press that did not move is a click.
  const pointers = new Map();
  let dragged = false;
  let pinch = null;
  container.addEventListener('pointerdown', (ev) => {
    pointers.set(ev.pointerId, [ev.clientX, ev.clientY, ev.clientX, ev.clientY]);
    if (pointers.size === 1) dragged = false;
    if (pointers.size === 2) {
      const [a, b] = [...pointers.values()];
      pinch = { distance: Math.hypot(a[2] - b[2], a[3] - b[3]), zoom };
    }
  });
  container.addEventListener('pointermove', (ev) => {
    const p = pointers.get(ev.pointerId);
    if (!p || !base) return;
    const [, , lx, ly] = p;
    p[2] = ev.clientX;
    p[3] = ev.clientY;
    if (pointers.size >= 2 && pinch) {
      const [a, b] = [...pointers.values()];
      const d = Math.hypot(a[2] - b[2], a[3] - b[3]);
      if (pinch.distance > 0) zoomAt((pinch.zoom * d) / pinch.distance / zoom, (a[2] + b[2]) / 2, (a[3] + b[3]) / 2);
      dragged = true;
      return;
    }
    if (!dragged && Math.hypot(ev.clientX - p[0], ev.clientY - p[1]) < DRAG) return;
    if (!dragged) {
      dragged = true;
      container.setPointerCapture(ev.pointerId);
    }
    const scale = fitScale() * zoom;
    centre = [centre[0] - (ev.clientX - lx) / scale, centre[1] - (ev.clientY - ly) / scale];
    apply();
  });
  const release = (ev) => {
    pointers.delete(ev.pointerId);
    if (pointers.size < 2) pinch = null;
  };
  container.addEventListener('pointerup', release);
  container.addEventListener('pointercancel', release);
  // A drag or a pinch ends in a click on what lies under the pointer: not a choice.
  container.addEventListener('click', (ev) => {
    if (dragged) {
      ev.stopImmediatePropagation();
      ev.preventDefault();
      dragged = false;
    }
  }, true);

  // A piece or mark reached by the keyboard is brought into view. Not one focused by a click
  // or a tap: it is in view already, and a pan between the press and its release would take
  // the click away from it (a piece near the map's edge could not be picked).
  container.addEventListener('focusin', (ev) => {
    const node = svg();
    if (!node || !base || ev.target === container || !node.contains(ev.target) || !ev.target.getBBox) return;
    if (!keyboardFocus(ev.target)) return;
    const b = ev.target.getBBox();
    const [w, h] = size();
    const scale = fitScale() * zoom;
    const [cx, cy] = [b.x + b.width / 2, b.y + b.height / 2];
    if (Math.abs(cx - centre[0]) * scale > w / 2 - 20 || Math.abs(cy - centre[1]) * scale > h / 2 - 20) {
      centre = [cx, cy];
      apply();
    }
  });

  new MutationObserver(loaded).observe(container, { childList: true });
  new ResizeObserver(() => apply()).observe(container);
  loaded();
  return { fit, zoomAt };
}

for (const node of document.querySelectorAll('[data-zoomable]')) zoomable(node);
