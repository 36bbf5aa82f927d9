// clients/web/labels.js: where the table's labels go, so that no two
// overlap. Plain functions on boxes, with no DOM: the page measures its
// labels and applies the offsets; a test may run them anywhere.
//
//   const placed = placeLabels([{ box: { x, y, w, h } }, ...], { fixed, bounds });
//   // placed[i]: { dx, dy } to move label i by, or null: no room near it
//
// Labels are placed in the order given (the first wins a contested spot):
// each where it is drawn if that is free, else at the nearest free spot of a
// few rings of candidates around it (steps of its own height up and down,
// of half its width sideways), else nowhere (null; the page shows it on
// hover and in a list instead). A spot is free when its box overlaps no
// placed label's box and no `fixed` box (markers the labels must not cover)
// and lies inside `bounds` when given (the part of the picture shown).

// Whether two boxes {x, y, w, h} overlap by more than `gap` (a shared edge
// is not an overlap).
export function overlaps(a, b, gap = 0) {
  return a.x < b.x + b.w - gap && b.x < a.x + a.w - gap &&
         a.y < b.y + b.h - gap && b.y < a.y + a.h - gap;
}

// The pairs [i, j] of boxes that overlap (a check for tests and the page's
// own self-check).
export function overlappingPairs(boxes, gap = 0) {
  const pairs = [];
  for (let i = 0; i < boxes.length; ++i) {
    for (let j = i + 1; j < boxes.length; ++j) {
      if (overlaps(boxes[i], boxes[j], gap)) pairs.push([i, j]);
    }
  }
  return pairs;
}

// Candidate offsets for a label w by h, nearest first, up to `rings` rings.
function candidates(w, h, rings) {
  const out = [{ dx: 0, dy: 0, d: 0 }];
  const sx = Math.max(w / 2, h), sy = h;
  for (let k = 1; k <= rings; ++k) {
    for (let i = -k; i <= k; ++i) {
      for (let j = -k; j <= k; ++j) {
        if (Math.max(Math.abs(i), Math.abs(j)) !== k) continue;
        const dx = i * sx, dy = j * sy;
        out.push({ dx, dy, d: Math.hypot(dx, dy) });
      }
    }
  }
  return out.sort((a, b) => a.d - b.d);
}

// A uniform grid of boxes, for the overlap queries of many labels.
class Grid {
  constructor(cell) {
    this.cell = cell;
    this.cells = new Map();
  }
  #keys(b) {
    const c = this.cell, keys = [];
    for (let i = Math.floor(b.x / c); i <= Math.floor((b.x + b.w) / c); ++i) {
      for (let j = Math.floor(b.y / c); j <= Math.floor((b.y + b.h) / c); ++j) keys.push(`${i},${j}`);
    }
    return keys;
  }
  add(b) {
    for (const k of this.#keys(b)) {
      if (!this.cells.has(k)) this.cells.set(k, []);
      this.cells.get(k).push(b);
    }
  }
  hits(b, gap) {
    for (const k of this.#keys(b)) {
      for (const o of this.cells.get(k) ?? []) if (overlaps(b, o, gap)) return true;
    }
    return false;
  }
}

// Places `labels` ([{box, pad}]) apart; see the top of the file.
// `pad`: room kept around a label, in the boxes' units (a label's own `pad`
// instead where it has one).
export function placeLabels(labels, { fixed = [], bounds = null, rings = 4, pad = 0 } = {}) {
  const heights = labels.map((l) => l.box.h).filter((h) => h > 0).sort((a, b) => a - b);
  const cell = Math.max(heights[Math.floor(heights.length / 2)] ?? 1, 1e-6) * 4;
  const grid = new Grid(cell);
  for (const f of fixed) grid.add(f);
  const inside = (b) => !bounds || (b.x >= bounds.x && b.y >= bounds.y &&
                                    b.x + b.w <= bounds.x + bounds.w && b.y + b.h <= bounds.y + bounds.h);
  return labels.map(({ box, pad: own }) => {
    const room = own ?? pad;
    if (!(box.w > 0 && box.h > 0)) return { dx: 0, dy: 0 };
    for (const c of candidates(box.w, box.h, rings)) {
      const moved = { x: box.x + c.dx, y: box.y + c.dy, w: box.w, h: box.h };
      if (!inside(moved)) continue;
      const b = { x: moved.x - room / 2, y: moved.y - room / 2, w: box.w + room, h: box.h + room };
      if (grid.hits(b, 0)) continue;
      grid.add(b);
      return { dx: c.dx, dy: c.dy };
    }
    return null;
  });
}
