// clients/vtt/foundry/scripts/scene.js: a Foundry VTT scene <-> an impi
// TableState, with no Foundry API (tested in Node: tests/vtt/).
//
// Conventions (docs/vtt.md, "Foundry VTT"):
//   - The last TableState impi returned (the umpire's book included) is the
//     GM's alone: the module keeps it in a GM-owned journal entry no player
//     may see (module.js), never in the scene. Here it is `scene.flags.impi
//     .state` of the plain data the module hands in (what the tests record).
//   - A token is a unit when its flags.impi.id is set (the unit's id; the
//     module sets it on the tokens it creates). flags.impi.side, kind, name,
//     figures and so on, when present, fill a unit the state does not have
//     yet (a British unit added to the scene).
//   - Units: inches. pixelsPerInch = grid.size / grid.distance when the
//     grid's units are inches (flags.impi.pixels_per_inch overrides it). The
//     table's lower-left corner is at the scene rectangle's bottom-left
//     (dimensions.sceneX, sceneY + sceneHeight), y grows up the table:
//       x_in = (tokenCentreX - sceneX) / ppi
//       y_in = (sceneY + sceneHeight - tokenCentreY) / ppi
//     A token's (x, y) is its top-left corner; its centre adds half its
//     width and height (grid squares) times grid.size.

const EPSILON = 0.05;  // inches: a token closer than this to its unit has not moved

// A number of an answer, where JSON leaves out zeros (the client library's
// num: this file imports nothing, so that it runs from the sources too).
const num = (v) => (typeof v === "number" ? v : Number(v ?? 0));

// The geometry a scene's pixels convert with.
export function sceneFrame(scene) {
  const grid = scene.grid ?? {};
  const size = Number(grid.size ?? scene.grid ?? 100);
  const distance = Number(grid.distance ?? scene.gridDistance ?? 1);
  const ppi = Number(scene.flags?.impi?.pixels_per_inch ?? size / distance);
  const d = scene.dimensions ?? {};
  const sceneX = Number(d.sceneX ?? 0);
  const sceneY = Number(d.sceneY ?? 0);
  const sceneHeight = Number(d.sceneHeight ?? scene.height ?? 0);
  return { ppi, size, sceneX, sceneY, sceneHeight };
}

const round2 = (v) => Math.round(v * 100) / 100;

// Table inches of a token's centre.
export function tokenInches(token, frame) {
  const cx = Number(token.x ?? 0) + (Number(token.width ?? 1) * frame.size) / 2;
  const cy = Number(token.y ?? 0) + (Number(token.height ?? 1) * frame.size) / 2;
  return {
    x: round2((cx - frame.sceneX) / frame.ppi),
    y: round2((frame.sceneY + frame.sceneHeight - cy) / frame.ppi),
  };
}

// A token's top-left pixels for a unit at table inches (x, y).
export function tokenPixels(pos, frame, token = {}) {
  const x = Number(pos?.x ?? 0), y = Number(pos?.y ?? 0);
  return {
    x: Math.round(frame.sceneX + x * frame.ppi - (Number(token.width ?? 1) * frame.size) / 2),
    y: Math.round(frame.sceneY + frame.sceneHeight - y * frame.ppi -
                  (Number(token.height ?? 1) * frame.size) / 2),
  };
}

const unitIdOf = (token) => token.flags?.impi?.id;

// The TableState to send: the scene's saved state with the British tokens'
// positions, and the MOVE actions for the British tokens the players moved
// since (`dragKind` "DEPLOY" while the British deploy: actions.js,
// dragKind), except for the units in `skip` (a move of theirs is already
// reported). A British token whose unit is not in the state yet adds a unit
// from its flags.
export function sceneToRequest(scene, { dragKind = "MOVE", skip = new Set() } = {}) {
  const frame = sceneFrame(scene);
  const saved = scene.flags?.impi?.state;
  if (!saved) throw new Error("the scene has no impi state yet (flags.impi.state)");
  const state = structuredClone(saved);
  state.units = state.units ?? [];
  const byId = new Map(state.units.map((u) => [u.id, u]));
  const actions = [];
  for (const token of scene.tokens ?? []) {
    const id = unitIdOf(token);
    if (!id) continue;
    const at = tokenInches(token, frame);
    const unit = byId.get(id);
    if (!unit) {
      const f = token.flags.impi;
      if ((f.side ?? "BRITISH") !== "BRITISH") continue;  // Zulus are impi's to place
      const added = {
        id, side: "BRITISH", kind: f.kind ?? "INFANTRY", name: f.name ?? token.name ?? id,
        figures: f.figures ?? { fit: 1 }, position: at,
      };
      for (const k of ["leaders", "formation", "stance", "red_coat", "facing"]) {
        if (f[k] !== undefined) added[k] = f[k];
      }
      state.units.push(added);
      byId.set(id, added);
      continue;
    }
    if (unit.side !== "BRITISH" || unit.off_table) continue;
    const pos = unit.position ?? {};
    if (!skip.has(id) && Math.hypot(at.x - Number(pos.x ?? 0), at.y - Number(pos.y ?? 0)) > EPSILON) {
      actions.push({ kind: dragKind, unit_id: id, to: at });
    }
  }
  return { state, actions };
}

// Whether a unit stands on the table as a token: a Zulu Control impi (kind
// IMPI) is a group with no token of its own, and a unit off the table (a
// tray still to come, one that left) has none.
const hasTokenOnTable = (unit) => !unit.off_table && unit.kind !== "IMPI";

// What to do to the scene's tokens for impi's new state: create a token for
// each unit on the table that has none (British and Zulu: a game started
// from a scenario gets every token), move those that have one, and delete
// the tokens of units gone or off the table. British tokens are moved too,
// to where impi put them (a deployment, a rout, a retreat).
//
//   { create: [{unit, side, x, y, name, disposition, flags}], update: [{_id, x, y}], remove: [_id] }
export function tokenPlan(scene, state) {
  const frame = sceneFrame(scene);
  const plan = { create: [], update: [], remove: [] };
  const units = new Map((state.units ?? []).map((u) => [u.id, u]));
  const hasToken = new Set();
  for (const token of scene.tokens ?? []) {
    const id = unitIdOf(token);
    if (!id) continue;
    const unit = units.get(id);
    if (!unit || !hasTokenOnTable(unit)) {
      plan.remove.push(token._id);
      continue;
    }
    hasToken.add(id);
    const to = tokenPixels(unit.position, frame, token);
    if (to.x !== Math.round(Number(token.x ?? 0)) || to.y !== Math.round(Number(token.y ?? 0))) {
      plan.update.push({ _id: token._id, x: to.x, y: to.y });
    }
  }
  for (const unit of units.values()) {
    if (hasToken.has(unit.id) || !hasTokenOnTable(unit)) continue;
    const at = tokenPixels(unit.position, frame);
    plan.create.push({
      unit: unit.id,
      side: unit.side,
      name: unit.name || unit.id,
      x: at.x,
      y: at.y,
      // Foundry's token dispositions: friendly 1, hostile -1.
      disposition: unit.side === "BRITISH" ? 1 : -1,
      flags: { impi: { id: unit.id, side: unit.side, kind: unit.kind } },
    });
  }
  return plan;
}

// The scene after a plan (what Foundry does with it), for tests and for a
// module that keeps a copy.
export function applyPlan(scene, plan, newId = (u) => `tok-${u}`) {
  const next = structuredClone(scene);
  const removed = new Set(plan.remove);
  next.tokens = (next.tokens ?? []).filter((t) => !removed.has(t._id));
  for (const u of plan.update) {
    const t = next.tokens.find((k) => k._id === u._id);
    if (t) Object.assign(t, { x: u.x, y: u.y });
  }
  for (const c of plan.create) {
    next.tokens.push({ _id: newId(c.unit), name: c.name, x: c.x, y: c.y, width: 1, height: 1,
                       flags: c.flags });
  }
  return next;
}

// The GM's own tokens adopted as units: a token with no impi id whose name
// is a unit's id or name (any case) becomes that unit's token. The first
// token of a name wins; a unit is adopted once.
//
//   [{_id, flags: {impi: {id, side, kind}}}]
export function adoptPlan(scene, state) {
  const key = (text) => String(text ?? "").trim().toLowerCase();
  const taken = new Set((scene.tokens ?? []).map(unitIdOf).filter(Boolean));
  const byName = new Map();
  for (const unit of state.units ?? []) {
    if (!hasTokenOnTable(unit)) continue;
    for (const name of [unit.id, unit.name]) {
      if (name && !byName.has(key(name))) byName.set(key(name), unit);
    }
  }
  const adopted = [];
  for (const token of scene.tokens ?? []) {
    if (unitIdOf(token)) continue;
    const unit = byName.get(key(token.name));
    if (!unit || taken.has(unit.id)) continue;
    taken.add(unit.id);
    adopted.push({ _id: token._id, flags: { impi: { id: unit.id, side: unit.side, kind: unit.kind } } });
  }
  return adopted;
}

// The scene's size for a table: the table's inches at `ppi` pixels an inch
// (a grid square an inch), a quarter of padding round it.
export function sceneSize(state, ppi = 50) {
  const table = state.table ?? {};
  return {
    width: Math.round(Number(table.width ?? 72) * ppi),
    height: Math.round(Number(table.height ?? 48) * ppi),
    padding: 0.25,
    grid: { type: 1, size: ppi, distance: 1, units: "in" },
  };
}

// The drawings of a table: its edge, each terrain feature (an outline:
// closed, or a line when `open`, with its name) and each point (a circle
// with its kind, number, name and state). A point the rules hide (`hidden`)
// is drawn only once it has been tested: before then it is the umpire's
// secret (protocol.md, "The British view"). Each drawing's
// flags.impi.drawing names what it shows, so that a new answer updates it.
export function tableDrawings(state, frame) {
  const px = (p) => ({
    x: frame.sceneX + Number(p?.x ?? 0) * frame.ppi,
    y: frame.sceneY + frame.sceneHeight - Number(p?.y ?? 0) * frame.ppi,
  });
  const table = state.table ?? {};
  const drawings = [];
  const corner = px({ x: 0, y: Number(table.height ?? 0) });
  drawings.push({
    key: "table", x: corner.x, y: corner.y,
    shape: { type: "r", width: Number(table.width ?? 0) * frame.ppi,
             height: Number(table.height ?? 0) * frame.ppi },
    strokeWidth: 4, strokeColor: "#5a4a2a", fillType: 0, text: "",
  });
  for (const t of state.terrain ?? []) {
    const outline = (t.outline ?? []).map(px);
    if (outline.length < 2) continue;
    const x0 = Math.min(...outline.map((p) => p.x)), y0 = Math.min(...outline.map((p) => p.y));
    const points = outline.flatMap((p) => [p.x - x0, p.y - y0]);
    if (!t.open) points.push(points[0], points[1]);
    drawings.push({
      key: `terrain:${t.id}`, x: x0, y: y0,
      shape: { type: "p", points,
               width: Math.max(...outline.map((p) => p.x)) - x0,
               height: Math.max(...outline.map((p) => p.y)) - y0 },
      strokeWidth: t.open ? 6 : 3, strokeColor: t.open ? "#3a6ea5" : "#6b5b3a",
      fillType: t.open ? 0 : 1, fillColor: "#8a7a50", fillAlpha: 0.2,
      text: t.name || t.id, fontSize: 24,
    });
  }
  for (const p of state.points ?? []) {
    if (p.hidden && (p.state ?? "UNTESTED") === "UNTESTED") continue;
    const r = frame.ppi;  // an inch round the point
    const at = px(p.position);
    const kind = String(p.kind ?? "POINT").toLowerCase();
    const state_ = p.state && p.state !== "UNTESTED" ? ` (${String(p.state).toLowerCase()})` : "";
    drawings.push({
      key: `point:${p.kind}:${num(p.number)}`, x: at.x - r, y: at.y - r,
      shape: { type: "e", width: 2 * r, height: 2 * r },
      strokeWidth: 3, strokeColor: p.british_entry ? "#b22222" : "#222222",
      fillType: 1, fillColor: "#ffffff", fillAlpha: 0.5,
      text: `${kind} ${num(p.number)}${p.name ? `: ${p.name}` : ""}${state_}`, fontSize: 20,
    });
  }
  return drawings.map(({ key, ...d }) => ({ ...d, flags: { impi: { drawing: key } } }));
}

// What to do to the scene's drawings for a state: create those missing,
// update those whose text changed (a point tested, spent or occupied),
// delete the module's drawings the state no longer has. Drawings the module
// did not make are left alone.
//
//   { create: [drawing data], update: [{_id, text}], remove: [_id] }
export function drawingPlan(scene, state) {
  const wanted = new Map(tableDrawings(state, sceneFrame(scene)).map((d) => [d.flags.impi.drawing, d]));
  const plan = { create: [], update: [], remove: [] };
  const have = new Set();
  for (const d of scene.drawings ?? []) {
    const key = d.flags?.impi?.drawing;
    if (!key) continue;
    const want = wanted.get(key);
    if (!want || have.has(key)) {
      plan.remove.push(d._id);
      continue;
    }
    have.add(key);
    if ((d.text ?? "") !== want.text) plan.update.push({ _id: d._id, text: want.text });
  }
  for (const [key, d] of wanted) if (!have.has(key)) plan.create.push(d);
  return plan;
}
