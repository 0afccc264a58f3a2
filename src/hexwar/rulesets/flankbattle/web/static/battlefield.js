// The flank battle's battlefield as SVG (seed 004, Terrain map): the 400 x 400 terrain map as an
// image and each flank a square of its side's colour (cyan the attacker, red the defender;
// darker when routed). Drawn the same on the moderator's page (moderator.js) and on a seat's
// game page (flankbattle.js). Every text goes in through textContent.

export const SVG = 'http://www.w3.org/2000/svg';
export const SIZE = 400; // map pixels a side (one pixel is one metre)
export const SIDES = ['attacker', 'defender'];
export const COLOURS = [['#00ffff', '#008080'], ['#ff0000', '#800000']]; // [normal, routed]
export const HALF = 7; // half the side of a flank's square, in map pixels

// The terrain map under the flanks: an <image> of the field.
export function showMap(image, url) {
  image.setAttribute('href', url);
}

// One flank's square at (f.x, f.y): its class names its side (and `selected`, `routed`), its
// data-side and data-index say which flank it is, its title what the pointer tells.
export function flankSquare(side, index, f, { title = '', selected = false, label = null } = {}) {
  const routed = f.status === 'Routed';
  const g = document.createElementNS(SVG, 'g');
  const rect = document.createElementNS(SVG, 'rect');
  rect.setAttribute('x', String(f.x - HALF));
  rect.setAttribute('y', String(f.y - HALF));
  rect.setAttribute('width', String(2 * HALF));
  rect.setAttribute('height', String(2 * HALF));
  rect.setAttribute('fill', COLOURS[side][routed ? 1 : 0]);
  rect.setAttribute('class', `flank ${SIDES[side]}${selected ? ' selected' : ''}${routed ? ' routed' : ''}`);
  rect.dataset.side = String(side);
  rect.dataset.index = String(index);
  if (title) {
    const t = document.createElementNS(SVG, 'title');
    t.textContent = title;
    rect.append(t);
  }
  if (label === null) return rect;
  g.setAttribute('class', 'flank-mark');
  const text = document.createElementNS(SVG, 'text');
  text.setAttribute('x', String(f.x));
  text.setAttribute('y', String(f.y + 3.5));
  text.setAttribute('text-anchor', 'middle');
  text.setAttribute('font-size', '10');
  text.setAttribute('pointer-events', 'none');
  text.setAttribute('fill', routed || side === 1 ? '#fff' : '#000');
  text.textContent = label;
  g.append(rect, text);
  return g;
}

// Moves a drawn square (and its label) to (x, y) in place, so that a drag keeps its element.
export function moveSquare(node, x, y) {
  const rect = node instanceof SVGRectElement ? node : node.querySelector('rect');
  rect.setAttribute('x', String(x - HALF));
  rect.setAttribute('y', String(y - HALF));
  const text = node.querySelector && node.querySelector('text');
  if (text) {
    text.setAttribute('x', String(x));
    text.setAttribute('y', String(y + 3.5));
  }
}

// The map point (x, y) under a pointer event, a tenth of a pixel, within the map.
export function mapPoint(svg, evt) {
  const pt = svg.createSVGPoint();
  pt.x = evt.clientX;
  pt.y = evt.clientY;
  const p = pt.matrixTransform(svg.getScreenCTM().inverse());
  const clamp = (v) => Math.min(SIZE - 1, Math.max(0, Math.round(v * 10) / 10));
  return [clamp(p.x), clamp(p.y)];
}
