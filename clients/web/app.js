// clients/web/app.js: the players' page. A solo British player sets up a
// game, tells impi what the British did and sees what the Zulus do.
//
// The picture is the server's (POST /v1/Render: the one renderer, the same
// as `impi render`): the page adds dragging and clicking on its units,
// which carry data-unit-id and data-x / data-y in table inches, zoom and
// pan, labels placed apart (labels.js) and the active unit marked. Each
// click on Send or Pass is one step: one Advance with the whole table, or,
// where several British units act in turn, an Advance an action so that
// each applies to the table as the earlier ones left it. The page keeps the
// answers for undo and redo, autosaves the game in the browser
// (localStorage) and resumes it after a reload, and saves a game as a file
// holding the table and the whole log.
//
// On a hex board (TableGeometry.hex_columns; the picture's hexes are
// g.hex with data-q / data-r, axial) the units are not dragged: a click on
// a British unit selects it (and lists only its options), a click on a hex
// notes the MOVE impi offers the selected unit into that hex, a click on an
// enemy unit the fire or attack impi offers at its hex; what impi does not
// offer is refused with a message. Orders a rule set carries in an action
// of its own (a member with an `order`) are sent as impi offers them, the
// Pass too.
import {
  ImpiClient, charge, diceFrom, fire, move, num, passAction, plainWords,
} from "/js/impi.js";
import { placeLabels } from "./labels.js";

const impi = new ImpiClient("");  // the page's own server
const $ = (id) => document.getElementById(id);
const SVG_NS = "http://www.w3.org/2000/svg";
const AUTOSAVE_KEY = "impi.page.game";
const VIEW_KEY = "impi.page.view";  // the zoom and pan, saved at each change
// The most steps kept by the autosave (older ones are dropped first, and
// more if the browser's storage is full).
const AUTOSAVE_STEPS = 40;

// The page's whole state, also read by the browser test (window.impiPage).
const page = {
  scenarios: [],
  history: [],   // [{answer, sent, entered}] one per step, the last is shown
  redo: [],      // [{step, pending}] steps undone, the last undone last
  pending: [],   // British actions not sent yet
  selected: "",  // British unit chosen in fire / charge mode
  busy: false,
  phase: "",     // the phase last shown (the mode resets when it changes)
  whole: null,   // the whole picture's viewBox {x, y, w, h}
  view: null,    // the part shown (zoom and pan); null: the whole
  unlabelled: [],  // labels with no room at this zoom: [{id, text}]
  resumed: false,  // the saved game (if any) taken up: the view may be saved
};
window.impiPage = page;

const current = () => page.history[page.history.length - 1]?.answer;

function showError(e) {
  const text = e ? String(e.message ?? e) : "";
  // Typed dice that ran out: the step is not applied; impi says what it needs.
  $("error").textContent = /ran out after/.test(text)
    ? `impi needs more from the table (type them in and send again): ${text}` : text;
}

async function withBusy(work) {
  if (page.busy) return;
  page.busy = true;
  document.body.dataset.busy = "1";
  showError(null);
  try {
    await work();
  } catch (e) {
    showError(e);
  } finally {
    page.busy = false;
    delete document.body.dataset.busy;
    updateButtons();
  }
}

// Whether the British act unit by unit, any awaited unit in any order, and
// a PASS naming no unit ends their phase, the rest standing (Pagano's 140
// figures): impi offers that PASS while several units may act.
function passEndsPhase(awaiting) {
  return (awaiting?.unit_ids ?? []).length > 1 &&
         (awaiting?.options ?? []).some((a) => a.kind === "PASS" && !a.unit_id);
}

// Whether the British give every awaited unit an order, all carried out
// together (as `impi play` reads it): as many units may move as are
// awaited, and impi offers each its own PASS (it holds). A PASS then holds
// those not yet ordered.
function ordersEveryUnit(awaiting) {
  const ids = awaiting?.unit_ids ?? [];
  const passes = (awaiting?.options ?? []).filter((a) => a.kind === "PASS");
  return ids.length > 1 && num(awaiting.units_may_move) === ids.length &&
         ids.every((id) => passes.some((a) => a.unit_id === id));
}

// Whether a Pass may be sent: not where impi lists its options, each an
// order of the rule set's own, and none of them a pass (Roark's Drift's
// 9.1 placement): only one of those orders is taken then.
function passOffered(awaiting) {
  const options = awaiting?.options ?? [];
  return !(options.length > 0 && options.every((a) => ownOrder(a)) && !options.some((a) => a.kind === "PASS"));
}

function updateButtons() {
  const has = !!current();
  const ended = current()?.awaiting?.kind === "GAME_ENDED";
  const passable = passOffered(current()?.awaiting);
  $("pass").textContent = passEndsPhase(current()?.awaiting)
    ? "End the phase (the rest stand): impi plays on" : "Pass: impi plays the Zulus";
  $("save").disabled = !has;
  $("undo").disabled = page.history.length < 2;
  $("redo").disabled = page.redo.length === 0;
  $("send").disabled = !has || ended || page.pending.length === 0;
  $("pass").disabled = !has || ended || !passable;
  $("pass").title = passable ? "" : "impi offers no pass now: take one of its options";
  $("volley").hidden = !(current()?.awaiting?.kind === "BRITISH_FIRE" && passEndsPhase(current()?.awaiting));
  $("volley").disabled = page.pending.length > 0;
  $("clear").disabled = page.pending.length === 0;
}

// --- dice -------------------------------------------------------------------

const typedMode = () => document.querySelector("input[name=dice]:checked").value === "typed";
const words = (text) => String(text).split(/[\s,]+/).filter(Boolean);

// The dice of the Advances one click sends: impi's (the seed typed, or a
// fresh one each time), or the faces and cards typed in from the table, each
// used once: an Advance takes what it rolled and turned, the next gets the
// rest, and when the click's work is done the boxes are emptied (done()), so
// that no later step reuses them.
function diceFeed() {
  const typed = typedMode();
  let faces = words($("faces").value), cards = words($("cards").value);
  const given = { faces: faces.join(", "), cards: cards.join(", ") };
  return {
    next: () => (typed ? diceFrom({ faces: faces.join(","), cards: cards.join(","), typed })
                       : diceFrom({ seed: $("seed").value.trim() })),
    took(answer) {
      if (!typed) return;
      const rolled = (answer.dice ?? []).reduce((n, d) => n + ((d.faces ?? []).length || num(d.count) || 1), 0);
      const turned = (answer.events ?? []).filter((e) => e.kind === "CARD_DRAWN").length;
      faces = faces.slice(rolled);
      cards = cards.slice(turned);
    },
    done() {
      if (!typed || (!given.faces && !given.cards)) return;
      $("faces").value = "";
      $("cards").value = "";
      const unused = [...faces, ...cards];
      $("dice-note").textContent = `Taken by the last step: dice ${given.faces || "none"}, cards ` +
        `${given.cards || "none"}${unused.length ? ` (not needed: ${unused.join(", ")})` : ""}. ` +
        "Type the next step's.";
    },
  };
}

// --- the picture ------------------------------------------------------------

const viewBoxOf = (svg) => {
  const [x, y, w, h] = (svg.getAttribute("viewBox") ?? "").split(/[\s,]+/).map(Number);
  return { x, y, w, h };
};

async function draw() {
  const answer = current();
  if (!answer) return;
  const svg = await impi.render(answer, { reveal: $("reveal").checked });
  $("table").innerHTML = svg.replace(/^<\?xml[^>]*>\s*/, "");
  const root = $("table").querySelector("svg");
  root.removeAttribute("width");
  root.removeAttribute("height");
  page.whole = viewBoxOf(root);
  // The terrain's names over all the terrain (no other ground hides them).
  const names = document.createElementNS(SVG_NS, "g");
  names.setAttribute("class", "terrain-names");
  names.append(...root.querySelectorAll("g.terrain text"));
  root.querySelector("g.terrain")?.after(names);
  for (const a of page.pending) {
    if (isMove(a) && a.to) placeUnit(a.unit_id, a.to.x, a.to.y);
  }
  markSelected();
  markActive(answer);
  markDraggable(answer);
  dropEmptyUnits(answer);
  applyView();
  // For tests and styling: the step shown, how many pictures drawn so far,
  // and whether this one reveals the umpire's detail.
  document.body.dataset.drawn = String(page.history.length);
  document.body.dataset.draws = String(Number(document.body.dataset.draws ?? 0) + 1);
  document.body.dataset.revealed = $("reveal").checked ? "1" : "0";
}

// The active unit (what is awaited names one British unit: an activation)
// is ringed.
function markActive(answer) {
  const ids = answer.awaiting?.side === "BRITISH" ? answer.awaiting?.unit_ids ?? [] : [];
  for (const g of $("table").querySelectorAll("g.unit")) {
    const active = ids.length === 1 && g.dataset.unitId === ids[0];
    g.classList.toggle("active", active);
    if (!active) continue;
    const ring = document.createElementNS(SVG_NS, "circle");
    ring.setAttribute("class", "active-ring");
    const shape = g.querySelector("g")?.getAttribute("transform") ?? "";
    const [, cx, cy] = /translate\(([-\d.]+),([-\d.]+)\)/.exec(shape) ?? [];
    if (cx === undefined) continue;
    ring.setAttribute("cx", cx);
    ring.setAttribute("cy", cy);
    ring.setAttribute("r", "2");
    g.prepend(ring);
  }
}

// A unit with no figure left (all of them lost) is not a unit on the
// table: its picture is taken off and it is named in the list below it.
function dropEmptyUnits(answer) {
  const units = new Map((answer.state?.units ?? []).map((u) => [u.id, u]));
  const gone = [];
  for (const g of $("table").querySelectorAll("g.unit")) {
    const f = units.get(g.dataset.unitId)?.figures ?? {};
    const label = g.querySelector("text")?.textContent ?? "";
    if (num(f.fit) === 0 && num(f.casualties) > 0 && /^\S+ 0\b/.test(label)) {
      gone.push(`${g.dataset.unitId} (${num(f.casualties)} lost)`);
      g.remove();
    }
  }
  $("gone").textContent = gone.length ? `No figure left, off the table: ${gone.join(", ")}` : "";
}

// --- zoom, pan and the labels ------------------------------------------------

const MIN_ZOOM = 1, MAX_ZOOM = 12;
// Labels' sizes on the screen, in pixels, whatever the zoom.
const LABEL_PX = { unit: 12, note: 10, terrain: 11 };

function zoomOf() {
  return page.view && page.whole ? page.whole.w / page.view.w : 1;
}

// Shows `view` (clamped to the whole picture), or the whole with null, and
// places the labels for it.
function setView(view) {
  const whole = page.whole;
  if (!whole || !view || view.w >= whole.w - 1e-9) {
    page.view = null;
  } else {
    const w = Math.max(view.w, whole.w / MAX_ZOOM), h = w * whole.h / whole.w;
    page.view = {
      x: Math.min(Math.max(view.x, whole.x), whole.x + whole.w - w),
      y: Math.min(Math.max(view.y, whole.y), whole.y + whole.h - h),
      w, h,
    };
  }
  applyView();
}

function applyView() {
  const svg = $("table").querySelector("svg");
  if (!svg || !page.whole) return;
  const v = page.view ?? page.whole;
  svg.setAttribute("viewBox", `${v.x} ${v.y} ${v.w} ${v.h}`);
  document.body.dataset.zoom = zoomOf().toFixed(2);
  $("zoom-level").textContent = `${Math.round(zoomOf() * 100)}%`;
  layoutLabels(svg);
  if (page.resumed) {
    try {
      localStorage.setItem(VIEW_KEY, JSON.stringify(page.view));
    } catch {
      // no storage: the zoom is not kept
    }
  }
}

// Zooms by `factor` about the picture point (px, py) (the centre when not
// given).
function zoomBy(factor, px, py) {
  const whole = page.whole;
  if (!whole) return;
  const v = page.view ?? whole;
  const zoom = Math.min(Math.max(zoomOf() * factor, MIN_ZOOM), MAX_ZOOM);
  const w = whole.w / zoom, h = whole.h / zoom;
  const cx = px ?? v.x + v.w / 2, cy = py ?? v.y + v.h / 2;
  // The point under the pointer stays under it.
  setView({ x: cx - (cx - v.x) * (w / v.w), y: cy - (cy - v.y) * (h / v.h), w, h });
}

function pictureInches(svg, clientX, clientY) {
  return new DOMPoint(clientX, clientY).matrixTransform(svg.getScreenCTM().inverse());
}

// Every label on the table, sized to be read at this zoom and placed so
// that none overlaps another (labels.js); those with no room are hidden,
// shown when their unit is hovered, and listed below the table.
function layoutLabels(svg) {
  const ctm = svg.getScreenCTM();
  const pxPerInch = ctm?.a ?? 0;
  if (!(pxPerInch > 0)) return;
  for (const old of svg.querySelectorAll("line.leader")) old.remove();
  let labels = [];  // {texts, g, id, text, rank, box}
  const fixed = [];
  // The units' labels: the id first (added where the picture has only a
  // count), then the figures and state.
  for (const g of svg.querySelectorAll("g.unit")) {
    // (A hex counter's marks, its symbols drawn on it, are no label.)
    const texts = [...g.querySelectorAll(":scope > text:not(.marks)")];
    if (texts.length === 0) continue;
    const id = g.dataset.unitId;
    if (!texts[0].dataset.base) {
      if (!texts[0].textContent.startsWith(id)) texts[0].textContent = `${id} ${texts[0].textContent}`;
      for (const t of texts) {
        t.dataset.base = `${t.getAttribute("x")},${t.getAttribute("y")}`;
      }
    }
    const [x0, y0] = texts[0].dataset.base.split(",").map(Number);
    const size0 = LABEL_PX.unit / pxPerInch, size1 = LABEL_PX.note / pxPerInch;
    // The block's top stays where the picture put it, below the unit.
    let y = y0 - 0.8 + size0 * 0.9;
    texts.forEach((t, k) => {
      const size = k === 0 ? size0 : size1;
      // Baseline to baseline: the line above's descent and this one's ascent.
      if (k > 0) y += (k === 1 ? size0 : size1) * 0.3 + size * 1.05;
      t.setAttribute("font-size", size.toFixed(3));
      t.setAttribute("x", x0);
      t.setAttribute("y", y.toFixed(3));
      t.classList.add("label");
    });
    labels.push({ texts, g, id, text: texts.map((t) => t.textContent).join(" "), rank: 1 });
  }
  // The terrain's names.
  for (const t of svg.querySelectorAll("g.terrain-names text")) {
    if (!t.dataset.base) t.dataset.base = `${t.getAttribute("x")},${t.getAttribute("y")}`;
    const [x0, y0] = t.dataset.base.split(",").map(Number);
    t.setAttribute("x", x0);
    t.setAttribute("y", y0);
    t.setAttribute("font-size", (LABEL_PX.terrain / pxPerInch).toFixed(3));
    t.classList.add("label");
    labels.push({ texts: [t], id: "", text: t.textContent, rank: 3 });
  }
  // Every other text (the title, the off-table list, the impis' outlines)
  // at its size, placed first; the points' numbers stay in their markers,
  // which the labels keep off.
  // A hex's stack (Roark's Drift) is labelled by its top counter's id; the
  // counters under it are named in the list below the table.
  const stacked = [];  // {id, top}
  for (const t of svg.querySelectorAll("text")) {
    if (t.closest("g.unit, g.terrain-names, g.point")) continue;
    if (!t.dataset.base) t.dataset.base = `${t.getAttribute("x")},${t.getAttribute("y")}`;
    const [x0, y0] = t.dataset.base.split(",").map(Number);
    t.setAttribute("x", x0);
    t.setAttribute("y", y0);
    t.classList.add("label");
    const stack = t.dataset.unitIds?.split(" ") ?? [];
    if (stack.length > 0) {
      for (const id of stack.slice(1)) stacked.push({ id, top: stack[0] });
      labels.push({ texts: [t], id: stack[0], text: t.textContent, rank: 1 });
      continue;
    }
    // The picture's own lists (the title, off the table) are as tight as
    // it drew them.
    const group = !!t.closest("g.group");
    labels.push({ texts: [t], id: "", text: t.textContent, rank: group ? 2 : 0, pad: group ? undefined : 0 });
  }
  for (const m of svg.querySelectorAll("g.point")) fixed.push(m.getBBox());
  // What the frame shows: the part zoomed to and, where the frame's shape
  // is not the picture's, the picture beyond it at the sides.
  const frame = svg.getBoundingClientRect(), toPicture = ctm.inverse();
  const corner = new DOMPoint(frame.left, frame.top).matrixTransform(toPicture);
  const far = new DOMPoint(frame.right, frame.bottom).matrixTransform(toPicture);
  const view = { x: corner.x, y: corner.y, w: far.x - corner.x, h: far.y - corner.y };
  for (const l of labels) {
    for (const t of l.texts) t.removeAttribute("visibility");
    const boxes = l.texts.map((t) => t.getBBox());
    const x = Math.min(...boxes.map((b) => b.x)), y = Math.min(...boxes.map((b) => b.y));
    l.box = { x, y, w: Math.max(...boxes.map((b) => b.x + b.width)) - x,
              h: Math.max(...boxes.map((b) => b.y + b.height)) - y };
    // Of a unit out of the part shown: left where it is (out of sight).
    l.away = l.box.x + l.box.w <= view.x || l.box.x >= view.x + view.w ||
             l.box.y + l.box.h <= view.y || l.box.y >= view.y + view.h;
  }
  labels = labels.filter((l) => !l.away);
  labels.sort((a, b) => a.rank - b.rank);
  const fixedBoxes = fixed.map((b) => ({ x: b.x, y: b.y, w: b.width, h: b.height }));
  // Two pixels kept between labels.
  const placed = placeLabels(labels, { fixed: fixedBoxes, bounds: view, pad: 2 / pxPerInch });
  page.unlabelled = [];
  labels.forEach((l, i) => {
    const p = placed[i];
    if (!p) {
      for (const t of l.texts) t.setAttribute("visibility", "hidden");
      l.g?.classList.add("crowded");
      page.unlabelled.push({ id: l.id, text: l.text });
      return;
    }
    l.g?.classList.remove("crowded");
    for (const t of l.texts) {
      t.setAttribute("x", (Number(t.getAttribute("x")) + p.dx).toFixed(3));
      t.setAttribute("y", (Number(t.getAttribute("y")) + p.dy).toFixed(3));
    }
    if (l.g && Math.hypot(p.dx, p.dy) > l.box.h * 1.5) {
      // A leader from the unit to its label, moved away from it.
      const [x0, y0] = l.texts[0].dataset.base.split(",").map(Number);
      const line = document.createElementNS(SVG_NS, "line");
      line.setAttribute("class", "leader");
      line.setAttribute("x1", x0);
      line.setAttribute("y1", y0 - 1.4);
      line.setAttribute("x2", x0 + p.dx);
      line.setAttribute("y2", l.box.y + p.dy + (p.dy < 0 ? l.box.h : 0));
      l.g.insertBefore(line, l.texts[0]);
    }
  });
  for (const c of stacked) page.unlabelled.push({ id: c.id, text: `${c.id} (in the stack under ${c.top})` });
  showUnlabelled();
  document.body.dataset.labelled = String(Number(document.body.dataset.labelled ?? 0) + 1);
}

function showUnlabelled() {
  const list = page.unlabelled;
  $("unlabelled-count").textContent = list.length
    ? `${list.length} label${list.length === 1 ? "" : "s"} with no room at this zoom, or under a stack's top (hover a unit, zoom in, or read them here)`
    : "";
  $("unlabelled").hidden = list.length === 0;
  $("unlabelled-list").replaceChildren(...list.map((l) => {
    const li = document.createElement("li");
    li.textContent = l.text;
    if (l.id) li.dataset.unitId = l.id;
    return li;
  }));
}

function wireZoom() {
  const table = $("table");
  $("zoom-in").onclick = () => zoomBy(1.5);
  $("zoom-out").onclick = () => zoomBy(1 / 1.5);
  $("zoom-reset").onclick = () => setView(null);
  table.addEventListener("wheel", (ev) => {
    const svg = table.querySelector("svg");
    if (!svg) return;
    ev.preventDefault();
    const p = pictureInches(svg, ev.clientX, ev.clientY);
    zoomBy(ev.deltaY < 0 ? 1.25 : 1 / 1.25, p.x, p.y);
  }, { passive: false });
  window.addEventListener("resize", () => {
    const svg = table.querySelector("svg");
    if (svg) layoutLabels(svg);
  });
}

// --- the table's units ------------------------------------------------------

// Table inches of a pointer event (the SVG is in inches, y flipped below a
// top margin: clients/cli/render.h).
function tableInches(svg, clientX, clientY) {
  const p = pictureInches(svg, clientX, clientY);
  const height = Number(svg.dataset.tableHeight);
  const top = Number(svg.dataset.topMargin);
  return { x: round(p.x), y: round(top + height - p.y) };
}
const round = (v) => Math.round(v * 10) / 10;

// Draws a unit at table inches (x, y) by moving its group, with a dashed
// line from where it stood: a planned move.
function placeUnit(id, x, y) {
  const g = $("table").querySelector(`g.unit[data-unit-id="${CSS.escape(id)}"]`);
  if (!g) return;
  const dx = x - Number(g.dataset.x), dy = -(y - Number(g.dataset.y));
  g.setAttribute("transform", `translate(${dx},${dy})`);
  const svg = g.ownerSVGElement;
  const top = Number(svg.dataset.topMargin) + Number(svg.dataset.tableHeight);
  let line = svg.querySelector(`line.planned[data-unit-id="${CSS.escape(id)}"]`);
  if (!line) {
    line = document.createElementNS(SVG_NS, "line");
    line.setAttribute("class", "planned");
    line.dataset.unitId = id;
    svg.insertBefore(line, svg.querySelector("g.units"));
  }
  line.setAttribute("x1", g.dataset.x);
  line.setAttribute("y1", top - Number(g.dataset.y));
  line.setAttribute("x2", x);
  line.setAttribute("y2", top - y);
}

// Puts a unit back where it stands (a drag that gave no order).
function unplaceUnit(id) {
  $("table").querySelector(`g.unit[data-unit-id="${CSS.escape(id)}"]`)?.removeAttribute("transform");
  $("table").querySelector(`line.planned[data-unit-id="${CSS.escape(id)}"]`)?.remove();
}

function markSelected() {
  for (const g of $("table").querySelectorAll("g.unit")) {
    g.classList.toggle("selected", g.dataset.unitId === page.selected);
  }
  // On a hex board: the hexes impi offers the selected unit to move into,
  // and those its noted moves go into.
  const key = (h) => `${num(h?.q)},${num(h?.r)}`;
  const offered = new Set(offeredOf(page.selected).filter((a) => isMove(a) && a.to_hex).map((a) => key(a.to_hex)));
  const planned = new Set(page.pending.filter((a) => isMove(a) && a.to_hex).map((a) => key(a.to_hex)));
  for (const g of $("table").querySelectorAll("g.hex")) {
    const at = `${num(g.dataset.q)},${num(g.dataset.r)}`;
    g.classList.toggle("offered", offered.has(at));
    g.classList.toggle("planned", planned.has(at));
  }
}

function mode() {
  return document.querySelector("input[name=mode]:checked").value;
}

// A drag is a MOVE, or a DEPLOY while the British deploy (Ferree's
// Isandlwana: the prompt asks for DEPLOY unit_id to).
function dragAction(id, x, y) {
  const deploying = /\bDEPLOY\b/.test(current()?.awaiting?.prompt ?? "");
  return { ...move(id, x, y), kind: deploying ? "DEPLOY" : "MOVE" };
}
const isMove = (a) => a.kind === "MOVE" || a.kind === "DEPLOY";

// --- a hex board ----------------------------------------------------------

// Whether the table is a hex board (its units stand in hexes, no inches).
const hexBoard = (answer) => num(answer?.state?.table?.hex_columns) > 0;
const sameHex = (a, b) => !!a && !!b && num(a.q) === num(b.q) && num(a.r) === num(b.r);
const hexWords = (h) => `hex (${num(h?.q)}, ${num(h?.r)})`;
const hexOfUnit = (id) => (current()?.state?.units ?? []).find((u) => u.id === id)?.hex;

// The order a rule set carries in an action of its own, a member holding
// an `order` (as the offered options carry it): {key, order, ...}; null if
// the action has none.
function ownOrder(a) {
  for (const [key, v] of Object.entries(a ?? {})) {
    if (v && typeof v === "object" && !Array.isArray(v) && typeof v.order === "string") return { key, ...v };
  }
  return null;
}

// An own order in words: its name without the member's lead word
// ("XYZ_AIMED_FIRE" in member "xyz_game": "aimed fire").
function ownOrderWords(own) {
  const lead = `${own.key.split("_")[0].toUpperCase()}_`;
  return (own.order.startsWith(lead) ? own.order.slice(lead.length) : own.order).toLowerCase().replace(/_/g, " ");
}

// The six hex directions, clockwise from north (docs/protocol.md).
const HEX_DIRECTIONS = ["north", "north-east", "south-east", "south", "south-west", "north-west"];

// An action with an own order: "c12 move into hex (5, 8)", "c3 aimed fire
// from hex (4, 9) at hex (6, 9)", "dig towards north-east".
function ownActionWords(a, own) {
  const words = [a.unit_id, ownOrderWords(own)];
  if (own.from) words.push(`from ${hexWords(own.from)}`);
  if (a.to_hex) words.push(`${a.kind === "MOVE" || a.kind === "DEPLOY" ? "into" : "at"} ${hexWords(a.to_hex)}`);
  if (a.kind === "ORDER") words.push(`towards ${HEX_DIRECTIONS[num(own.direction)] ?? num(own.direction)}`);
  if (num(own.number) !== 0) words.push(`(${num(own.number)})`);
  return words.filter(Boolean).join(" ");
}

// What impi offers now to unit `id` (or to its hex: the fire of the men
// there); none when no unit is given.
function offeredOf(id) {
  const options = current()?.awaiting?.options ?? [];
  if (!id) return [];
  const at = hexOfUnit(id);
  return options.filter((a) => a.unit_id === id || (at && sameHex(ownOrder(a)?.from, at)));
}

// A click on a hex board: a British unit is selected (again: unselected);
// a hex notes the MOVE offered the selected unit into it; an enemy unit
// the action offered at its hex (the selected unit's, else one naming no
// unit). True when the click was taken; false leaves it to panning.
function hexClick(ev) {
  const g = ev.target.closest("g.unit");
  if (g?.classList.contains("british")) {
    page.selected = page.selected === g.dataset.unitId ? "" : g.dataset.unitId;
    showError(null);
    markSelected();
    showOptions(current());
    return true;
  }
  const hexG = ev.target.closest("g.hex");
  if (g) {
    noteAtHex(hexOfUnit(g.dataset.unitId), (a) => !isMove(a) && a.kind !== "PASS", "fire or attack at");
    return true;
  }
  if (!hexG || !page.selected) return false;
  noteAtHex({ q: Number(hexG.dataset.q), r: Number(hexG.dataset.r) }, isMove, "move into");
  return true;
}

// Notes the action impi offers at hex `to` that `fits` (of the selected
// unit, else one naming no unit), or says that none is offered. `what`:
// the words of what is looked for ("move into", "fire or attack at").
function noteAtHex(to, fits, what) {
  const here = (current()?.awaiting?.options ?? []).filter((a) => fits(a) && sameHex(a.to_hex, to));
  const mine = offeredOf(page.selected).filter((a) => here.includes(a));
  const chosen = mine[0] ?? here.find((a) => !a.unit_id);
  if (!chosen) {
    const who = page.selected;
    showError(who
      ? `impi offers ${who} no ${what} ${hexWords(to)} now: choose one it offers ` +
        `(the options list shows ${who}'s; the hexes it may move into are marked).`
      : `impi offers nothing to ${what} ${hexWords(to)} now: select a British unit first.`);
    return;
  }
  showError(null);
  addPending(chosen);
  markSelected();
}

// Where the British give orders from impi's options only (each awaited
// unit an order, carried out together), a drop is the order offered that
// matches it: the MOVE whose end is nearest the drop (within 3"), or the
// join (MOVE with a target) of a unit dropped on; null when none does.
const DROP_REACH = 3;
function orderOfDrop(id, x, y) {
  const options = (current()?.awaiting?.options ?? []).filter((a) => a.unit_id === id && isMove(a));
  const units = new Map((current()?.state?.units ?? []).map((u) => [u.id, u.position ?? {}]));
  const dist = (p) => Math.hypot(num(p?.x) - x, num(p?.y) - y);
  let best = null, bestDist = DROP_REACH;
  for (const a of options) {
    const d = a.target_id ? Math.min(dist(units.get(a.target_id)), dist(a.to)) : dist(a.to);
    if (d <= bestDist) {
      best = a;
      bestDist = d;
    }
  }
  return best;
}

function addPending(action) {
  // One move per unit: a second drag replaces the first; one order per
  // unit where each unit is given one.
  const oneEach = ordersEveryUnit(current()?.awaiting);
  page.pending = page.pending.filter((a) => !(a.unit_id === action.unit_id &&
                                              (oneEach || (isMove(a) && isMove(action)))));
  page.pending.push(action);
  showPending();
}

const at = (to) => `(${round(to?.x ?? 0)}, ${round(to?.y ?? 0)})`;

function describe(a) {
  const own = ownOrder(a);
  if (own) return ownActionWords(a, own);
  switch (a.kind) {
    case "MOVE":
      return a.target_id ? `${a.unit_id} joins ${a.target_id}` : `${a.unit_id} moves to ${at(a.to)}`;
    case "DEPLOY": return `${a.unit_id} deploys at ${at(a.to)}`;
    case "FIRE":
      if (a.hits === undefined) {
        return `${a.unit_id} fires at ${a.target_id ?? "its closest target"}` +
               (a.point === 1 ? " (spears)" : "") +
               (a.range_estimate ? `, range ${round(num(a.range_estimate))}"` : "");
      }
      return `${a.unit_id} fires at ${a.target_id}: ${a.hits} hit${a.hits === 1 ? "" : "s"}`;
    case "CHARGE": return `${a.unit_id} charges ${a.target_id}`;
    case "CASUALTIES": return `${a.target_id} lost ${a.casualties}`;
    case "CLOSE_COMBAT_RESULT": return `close combat: ${a.target_id} lost ${a.casualties}`;
    case "PASS":
      if (a.unit_id) return `${a.unit_id} holds (PASS)`;
      return passEndsPhase(current()?.awaiting) ? "end the phase (PASS): the rest stand" : "PASS";
    case "STANCE": return `${a.unit_id} goes ${String(a.stance ?? "").toLowerCase()}`;
    case "ORDER":
      return `${a.unit_id} orders ${a.target_id}` +
             (a.point === 2 ? " to attack" : a.point === 1 ? " to hold" : "");
    default: return a.unit_id ? `${a.unit_id} ${a.kind}` : a.kind;
  }
}

// What impi offers the British now (AdvanceRequest.list_options): a click
// notes one. Options a player cannot tell apart (the same words) are
// listed once.
function showOptions(answer) {
  const seen = new Set();
  // On a hex board with a unit selected: its options, and those naming no
  // unit (the pass, the melee's attacks).
  const mine = hexBoard(answer) && page.selected ? new Set(offeredOf(page.selected)) : null;
  const options = (answer?.awaiting?.options ?? []).filter((a) => {
    if (mine && !mine.has(a) && a.unit_id) return false;
    const key = describe(a);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
  $("options").replaceChildren(...options.map((a) => {
    const li = document.createElement("li");
    const b = document.createElement("button");
    b.textContent = describe(a);
    b.onclick = () => addPending(a);
    li.append(b);
    return li;
  }));
}

function showPending() {
  $("pending").replaceChildren(...page.pending.map((a, i) => {
    const li = document.createElement("li");
    li.textContent = describe(a) + " ";
    const x = document.createElement("button");
    x.textContent = "remove";
    x.onclick = () => { page.pending.splice(i, 1); showPending(); draw(); };
    li.append(x);
    return li;
  }));
  updateButtons();
  autosave();
}

// Dragging British units (where a drag can give an order); clicking for
// fire and charges; dragging the background pans.
function wireTable() {
  const table = $("table");
  let drag = null;
  let pan = null;
  table.addEventListener("pointerdown", (ev) => {
    const svg = table.querySelector("svg");
    if (!svg || !current()) return;
    if (hexBoard(current()) && hexClick(ev)) return;
    const g = ev.target.closest("g.unit");
    if (!g) {
      pan = { svg, from: pictureInches(svg, ev.clientX, ev.clientY) };
      table.setPointerCapture(ev.pointerId);
      return;
    }
    if (mode() === "move") {
      if (!g.classList.contains("british") || !g.classList.contains("draggable")) return;
      drag = { g, svg, id: g.dataset.unitId };
      table.setPointerCapture(ev.pointerId);
      ev.preventDefault();
      return;
    }
    if (mode() === "losses") {
      // Losses resolved at the table: a close combat's result while close
      // combat is awaited, otherwise casualties (Zulu fire).
      const inCombat = current().awaiting?.kind === "BRITISH_CLOSE_COMBAT";
      addPending({ kind: inCombat ? "CLOSE_COMBAT_RESULT" : "CASUALTIES",
                   target_id: g.dataset.unitId, casualties: Number($("hits").value) || 0 });
      return;
    }
    if (g.classList.contains("british")) {
      page.selected = g.dataset.unitId;
      markSelected();
    } else if (page.selected) {
      const target = g.dataset.unitId;
      addPending(mode() === "fire" ? fire(page.selected, target, $("hits").value)
                                   : charge(page.selected, target));
      page.selected = "";
      markSelected();
    }
  });
  table.addEventListener("pointermove", (ev) => {
    if (pan) {
      const p = pictureInches(pan.svg, ev.clientX, ev.clientY);
      const v = page.view;
      if (v) setView({ ...v, x: v.x - (p.x - pan.from.x), y: v.y - (p.y - pan.from.y) });
      return;
    }
    if (!drag) return;
    const at = tableInches(drag.svg, ev.clientX, ev.clientY);
    placeUnit(drag.id, at.x, at.y);
  });
  table.addEventListener("pointerup", (ev) => {
    if (pan) {
      pan = null;
      return;
    }
    if (!drag) return;
    const at = tableInches(drag.svg, ev.clientX, ev.clientY);
    const { id } = drag;
    drag = null;
    if (ordersEveryUnit(current()?.awaiting)) {
      const order = orderOfDrop(id, at.x, at.y);
      if (!order) {
        unplaceUnit(id);
        showError(`No order impi offers ${id} ends there: drop it on one of the places ` +
                  "it may go (or on the unit it may join), or choose from impi's options.");
        return;
      }
      showError(null);
      addPending(order);
      if (order.to) placeUnit(id, num(order.to.x), num(order.to.y));
      return;
    }
    addPending(dragAction(id, at.x, at.y));
    placeUnit(id, at.x, at.y);
  });
}

// Which British units a drag can give an order: every awaited one, except
// where orders come from impi's options, where only those offered a move.
function markDraggable(answer) {
  const awaiting = answer?.awaiting ?? {};
  const ids = new Set(awaiting.side === "BRITISH" ? awaiting.unit_ids ?? [] : []);
  const onlyOffered = ordersEveryUnit(awaiting);
  const offered = new Set((awaiting.options ?? []).filter(isMove).map((a) => a.unit_id));
  for (const g of $("table").querySelectorAll("g.unit.british")) {
    const id = g.dataset.unitId;
    const may = awaiting.kind !== "GAME_ENDED" && !hexBoard(answer) &&
                (onlyOffered ? offered.has(id) : ids.size === 0 || ids.has(id));
    g.classList.toggle("draggable", may);
  }
}

// --- the game -----------------------------------------------------------------

// The turn and phase, and who may act: the prompt's words before its colon
// ("turn 2, Brit Missile Fire") where it has them, the whole prompt where it
// starts with the phase and turn ("phase 1, turn 3: 3.2 British Movement
// Segment"), else the clock's.
function phaseWords(answer) {
  const prompt = answer.awaiting?.prompt ?? "";
  const clock = answer.state?.clock ?? {};
  const head = /^turn \d+, [^:]+/i.exec(prompt)?.[0] ?? /^phase \d+, turn \d+\b.*/i.exec(prompt)?.[0];
  const phase = String(clock.phase ?? "").toLowerCase().replace(/_/g, " ");
  return head ?? `Turn ${num(clock.turn) || 1}${phase ? `, ${phase}` : ""}`;
}

function showPhase(answer) {
  const ids = answer.awaiting?.unit_ids ?? [];
  $("phase").textContent = phaseWords(answer) +
    (answer.awaiting?.side === "BRITISH" && ids.length > 0
      ? ` \u2014 ${ids.length} British unit${ids.length === 1 ? "" : "s"} may act` : "");
}

// A new phase (or a new game) starts in Move mode with no unit chosen.
function resetModeOnNewPhase(answer, force = false) {
  const key = `${answer.state?.scenario ?? ""}|${answer.awaiting?.kind ?? ""}|${phaseWords(answer)}`;
  if (!force && key === page.phase) return;
  page.phase = key;
  document.querySelector("input[name=mode][value=move]").checked = true;
  $("hits").value = "0";
  page.selected = "";
}

// Distances as a player reads them: to a tenth of an inch.
const roundInches = (text) => text.replace(/(\d+\.\d{2,})(?=")/g, (m) => String(round(Number(m))));

// Losses as the table saw them: a fire at a unit never kills more figures
// than it had left (the hits past them are told as hits).
function lossesWords(line, event, left) {
  if (event.kind !== "FIRED" || !event.target_id || !left.has(event.target_id)) return line;
  const had = left.get(event.target_id);
  const m = /(\d+) killed|kills (\d+)/.exec(line);
  if (!m) return line;
  const killed = Number(m[1] ?? m[2]);
  left.set(event.target_id, Math.max(0, had - killed));
  if (killed <= had) return line;
  const told = m[1] !== undefined ? `${had} killed` : `kills ${had}`;
  const hits = `${killed} hit${killed === 1 ? "" : "s"}`;
  const was = had === 0 ? "none was left" : `${had} figure${had === 1 ? " was" : "s were"} left`;
  return line.replace(m[0], `${told} (${hits}; ${was})`);
}

// The lines of a step: plainWords (impi.js), distances rounded, losses
// held to the figures the targets had when the step began.
function stepLines(k, reveal) {
  const step = page.history[k];
  const before = page.history[k - 1]?.answer?.state ?? step.answer.state;
  const left = new Map((before?.units ?? []).map((u) => [u.id, num(u.figures?.fit)]));
  const events = (step.answer.events ?? []).filter((e) => !(e.umpire_only && !reveal) && e.kind !== "AWAITING");
  const lines = [];
  for (const e of events) {
    const [line] = plainWords({ events: [e] }, { reveal });
    if (line) lines.push(lossesWords(roundInches(line), e, left));
  }
  return lines;
}

function showAnswer(answer) {
  $("prompt").textContent = roundInches(answer.awaiting?.prompt ?? "");
  showPhase(answer);
  const reveal = $("reveal").checked;
  const items = page.history.map((step, k) => {
    const li = document.createElement("li");
    li.className = "step";
    const list = document.createElement("ul");
    for (const line of stepLines(k, reveal)) {
      const item = document.createElement("li");
      item.textContent = line;
      list.append(item);
    }
    li.append(step.loaded ? "Before the load" : `Step ${k + 1}`, list);
    return li;
  });
  $("log").replaceChildren(...items);
  $("log").lastElementChild?.scrollIntoView({ block: "nearest" });
}

// Everything shown for the step now current.
async function show({ newGame = false } = {}) {
  const answer = current();
  if (!answer) return;
  resetModeOnNewPhase(answer, newGame);
  showPending();
  showAnswer(answer);
  showOptions(answer);
  await draw();
  autosave();
}

// Records a step: `answer` shown, `sent` the actions it applied, `entered`
// the player's own (undo gives them back).
async function record(answer, sent, entered, pending = []) {
  page.history.push({ answer, sent, entered });
  page.redo = [];
  page.pending = pending;
  // On a hex board the unit selected stays selected while impi offers it
  // more (its next hex).
  if (!hexBoard(answer) || offeredOf(page.selected).length === 0) page.selected = "";
  await show();
}

// One Advance of the current table with the page's dice.
async function step(request, entered = request.british_actions ?? []) {
  const dice = diceFeed();
  const answer = await impi.advance({ ...request, list_options: true, dice: dice.next() });
  dice.took(answer);
  dice.done();
  await record(answer, request.british_actions ?? [], entered);
}

async function startGame(state, log = null) {
  page.history = log ? [{ answer: log, sent: [], entered: [], loaded: true }] : [];
  page.redo = [];
  page.pending = [];
  page.view = null;
  page.phase = "";
  const dice = diceFeed();
  const answer = await impi.advance({ state, list_options: true, dice: dice.next() });
  dice.took(answer);
  dice.done();
  page.history.push({ answer, sent: [], entered: [] });
  await show({ newGame: true });
}

async function newGame() {
  const name = $("scenario").value;
  await startGame(await impi.scenario(name));
}

// The PASS for what is awaited (passAction), as impi offers it where it
// carries an own order (a rule set that takes only its offered orders).
function passOf(awaiting) {
  const plain = passAction(awaiting);
  const offered = (awaiting?.options ?? []).find(
    (a) => a.kind === "PASS" && (a.unit_id ?? "") === (plain.unit_id ?? "") && ownOrder(a));
  return offered ?? plain;
}

// Sends the actions entered (and, with `withPass`, what ends the British
// part: a PASS, or a hold for each unit given no order).
//
// Where several British units act in turn, the actions go one Advance
// each, each against the table as the earlier ones left it, so that what an
// early one brings on (Zulus appearing at a point a unit rode near) is on
// the table before the next is checked. The actions applied are one step
// (undo takes them back together); one that no longer applies is not sent,
// nor anything after it: it stays in the list with impi's reason, over a
// picture that now shows why. Where every unit is given an order carried
// out together, or one unit acts, they go in one Advance, as impi reads
// them.
async function send(withPass) {
  const answer = current();
  const entered = [...page.pending];
  const actions = [...entered];
  if (withPass && ordersEveryUnit(answer.awaiting)) {
    // One order a unit: those not given one hold.
    for (const id of answer.awaiting?.unit_ids ?? []) {
      if (!actions.some((a) => a.unit_id === id)) actions.push({ kind: "PASS", unit_id: id });
    }
  } else if (withPass) {
    actions.push(passOf(answer.awaiting));
  }
  const oneByOne = actions.length > 1 && !ordersEveryUnit(answer.awaiting) &&
                   (answer.awaiting?.unit_ids ?? []).length > 1;
  if (!oneByOne) {
    await step({ state: answer.state, british_actions: actions }, entered);
    return;
  }
  const dice = diceFeed();
  const events = [];
  const done = [];
  let last = answer;
  let refusal = null;
  for (const action of actions) {
    try {
      const next = await impi.advance({ state: last.state, british_actions: [action],
                                        list_options: true, dice: dice.next() });
      dice.took(next);
      events.push(...(next.events ?? []));
      done.push(action);
      last = next;
    } catch (e) {
      refusal = { action, error: e };
      break;
    }
  }
  if (done.length === 0) throw refusal.error;  // nothing applied: impi's word as it is
  dice.done();
  const left = entered.filter((a) => !done.includes(a));
  await record({ ...last, events }, done, entered, left);
  if (refusal) {
    const reason = String(refusal.error.message ?? refusal.error)
      .replace(/british_actions\[0\]\.?[a-z_]*: /, "");
    const unsent = actions.slice(done.length + 1).filter((a) => entered.includes(a));
    throw new Error(
      `Applied one by one: ${done.map(describe).join("; ")}. ` +
      `No longer applies as the table now stands: ${describe(refusal.action)} (${reason}). ` +
      (unsent.length ? `Not sent after it: ${unsent.map(describe).join("; ")}. ` : "") +
      "They are kept below: change or remove them and send again" +
      (withPass && !done.some((a) => a.kind === "PASS") ? "; the Pass was not sent." : "."));
  }
}

// The action of a volley for the first unit awaited: a FIRE at the nearest
// target impi offers it (centre to centre), else the PASS offered it (it
// stands); null if neither is offered.
function volleyAction(answer) {
  const id = answer.awaiting?.unit_ids?.[0];
  const at = new Map((answer.state?.units ?? []).map((u) => [u.id, u.position ?? {}]));
  const options = (answer.awaiting?.options ?? []).filter((a) => a.unit_id === id);
  const dist = (a) => {
    const p = at.get(id) ?? {}, q = at.get(a.target_id) ?? {};
    return Math.hypot(num(p.x) - num(q.x), num(p.y) - num(q.y));
  };
  const fires = options.filter((a) => a.kind === "FIRE" && at.has(a.target_id));
  if (fires.length > 0) return fires.reduce((best, a) => (dist(a) < dist(best) ? a : best));
  return options.find((a) => a.kind === "PASS") ?? null;
}

// Every British unit awaited in a fire phase where they fire one by one
// fires at the nearest target impi offers it, or stands: a step each, until
// the phase is over, shown as one step (undo takes it back whole).
async function volley() {
  const events = [];
  const sent = [];
  let answer = current();
  let fired = 0, stood = 0;
  let failure = null;
  const dice = diceFeed();
  try {
    for (let k = 0; k < 10000 && answer.awaiting?.kind === "BRITISH_FIRE"; ++k) {
      const action = volleyAction(answer);
      if (!action) break;
      answer = await impi.advance({ state: answer.state, british_actions: [action],
                                    list_options: true, dice: dice.next() });
      dice.took(answer);
      events.push(...(answer.events ?? []));
      sent.push(action);
      if (action.kind === "FIRE") ++fired; else ++stood;
    }
  } catch (e) {
    failure = e;  // the steps done are kept; impi's refusal is shown
  }
  if (fired + stood === 0) {
    if (failure) throw failure;
    return;
  }
  dice.done();
  const whole = { ...answer, events: [
    { kind: "BRITISH_ACTION", announce: `Volley: ${fired} fired, ${stood} stood.` }, ...events] };
  await record(whole, sent, []);
  if (failure) throw failure;
}

// Undo takes the last step back and gives back the actions entered for it
// (to change and send again); redo puts the step back as it was, with what
// was entered before the undo.
async function undo() {
  if (page.history.length < 2) return;
  const undone = page.history.pop();
  page.redo.push({ step: undone, pending: page.pending });
  page.pending = [...(undone.entered ?? [])];
  page.selected = "";
  await show();
}

async function redo() {
  const again = page.redo.pop();
  if (!again) return;
  page.history.push(again.step);
  page.pending = again.pending;
  page.selected = "";
  await show();
}

// The game as a file: the answer now (the table and what impi awaits),
// with every step's events, so that a load shows the whole log. `impi
// render` draws it; `impi advance` and `impi play --load` take its table
// (its "state").
function gameFile() {
  const events = page.history.flatMap((s) => s.answer.events ?? []);
  return { events, state: current().state, awaiting: current().awaiting };
}

function save() {
  const blob = new Blob([JSON.stringify(gameFile(), null, 1)], { type: "application/json" });
  const a = document.createElement("a");
  a.href = URL.createObjectURL(blob);
  const clock = current().state.clock ?? {};
  a.download = `${current().state.scenario || "impi"}-turn${clock.turn ?? 1}.json`;
  a.click();
  URL.revokeObjectURL(a.href);
}

async function load(file) {
  const saved = JSON.parse(await file.text());
  // A saved game (an answer with its log), a TableState, or a request
  // holding one.
  const state = saved.state ?? saved;
  const log = saved.state && (saved.events ?? []).length > 0 ? saved : null;
  await startGame(state, log);
}

// --- autosave -------------------------------------------------------------------

// The game in this browser's storage after every change: the last
// AUTOSAVE_STEPS steps (fewer when storage is full), what is entered and
// the choices made above the table.
function autosave() {
  if (page.history.length === 0) return;
  let keep = Math.min(page.history.length, AUTOSAVE_STEPS);
  while (keep >= 1) {
    const saved = {
      history: page.history.slice(-keep),
      pending: page.pending,
      ruleset: $("ruleset").value,
      scenario: $("scenario").value,
      reveal: $("reveal").checked,
      view: page.view,
    };
    try {
      localStorage.setItem(AUTOSAVE_KEY, JSON.stringify(saved));
      return;
    } catch {
      keep = keep > 1 ? Math.floor(keep / 2) : 0;
    }
  }
  try {
    localStorage.removeItem(AUTOSAVE_KEY);
  } catch {
    // no storage in this browser: nothing is kept
  }
}

// The game the browser saved, resumed; false if there is none.
async function resume() {
  let saved = null;
  try {
    saved = JSON.parse(localStorage.getItem(AUTOSAVE_KEY) ?? "null");
  } catch {
    saved = null;
  }
  if (!saved?.history?.length) return false;
  // The zoom and pan as last left (kept apart: they change often).
  let view = saved.view;
  try {
    view = JSON.parse(localStorage.getItem(VIEW_KEY) ?? "null") ?? view;
  } catch {
    // the game's own copy
  }
  page.history = saved.history;
  page.pending = saved.pending ?? [];
  page.redo = [];
  if (saved.ruleset) {
    $("ruleset").value = saved.ruleset;
    fillScenarios();
    $("scenario").value = saved.scenario ?? "";
  }
  $("reveal").checked = !!saved.reveal;
  resetModeOnNewPhase(current(), true);
  await show();
  if (view) setView(view);
  $("dice-note").textContent = "";
  $("resumed").textContent = `Resumed the game this browser saved (step ${page.history.length}).`;
  return true;
}

// --- set-up ---------------------------------------------------------------------

function fillScenarios() {
  const ruleset = $("ruleset").value;
  $("scenario").replaceChildren(...page.scenarios.filter((s) => s.ruleset === ruleset).map((s) => {
    const o = document.createElement("option");
    o.value = s.name;
    o.textContent = `${s.name} (${s.stem})`;
    return o;
  }));
}

async function init() {
  page.scenarios = await impi.scenarios();
  // Each rule set's name for a reader, as the server describes it.
  const titles = new Map(((await impi.describe()).rulesets ?? []).map((r) => [r.ruleset_id, r.title]));
  const rulesets = [...new Set(page.scenarios.map((s) => s.ruleset))];
  $("ruleset").replaceChildren(...rulesets.map((r) => {
    const o = document.createElement("option");
    o.value = r;
    o.textContent = titles.get(r) || r;
    return o;
  }));
  fillScenarios();
  $("ruleset").onchange = fillScenarios;
  $("new-game").onclick = () => withBusy(() => { $("resumed").textContent = ""; return newGame(); });
  $("send").onclick = () => withBusy(() => send(false));
  $("pass").onclick = () => withBusy(() => send(true));
  $("volley").onclick = () => withBusy(volley);
  $("clear").onclick = () => { page.pending = []; showPending(); draw(); };
  $("undo").onclick = () => withBusy(undo);
  $("redo").onclick = () => withBusy(redo);
  $("save").onclick = save;
  $("load").onchange = (ev) => ev.target.files[0] && withBusy(() => load(ev.target.files[0]));
  $("reveal").onchange = () => current() && withBusy(async () => { showAnswer(current()); await draw(); autosave(); });
  wireTable();
  wireZoom();
  await resume();
  page.resumed = true;
  document.body.dataset.ready = "1";
}

withBusy(init);
