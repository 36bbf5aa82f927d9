// clients/vtt/foundry/scripts/scene.js: a Foundry VTT scene <-> an impi
// TableState, with no Foundry API (tested in Node: tests/vtt/).
//
// Conventions (docs/vtt.md, "Foundry VTT"):
//   - The scene's flags.impi.state holds the last TableState impi returned
//     (umpire book, points, terrain); flags.impi.scenario names a built-in
//     scenario to start from when there is none yet.
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
// since. A British token whose unit is not in the state yet adds a unit
// from its flags.
export function sceneToRequest(scene) {
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
    if (Math.hypot(at.x - Number(pos.x ?? 0), at.y - Number(pos.y ?? 0)) > EPSILON) {
      actions.push({ kind: "MOVE", unit_id: id, to: at });
    }
  }
  return { state, actions };
}

// What to do to the scene's tokens for impi's new state: create a token for
// each Zulu unit on the table that has none, move those that have one, and
// delete the tokens of units gone or off the table. A Zulu Control impi
// (kind IMPI) is a group with no token. British tokens are moved too, to
// where impi put them (a rout, a retreat).
//
//   { create: [{unit, x, y, name, flags}], update: [{_id, x, y}], remove: [_id] }
export function tokenPlan(scene, state) {
  const frame = sceneFrame(scene);
  const plan = { create: [], update: [], remove: [] };
  const units = new Map((state.units ?? []).map((u) => [u.id, u]));
  const hasToken = new Set();
  for (const token of scene.tokens ?? []) {
    const id = unitIdOf(token);
    if (!id) continue;
    const unit = units.get(id);
    if (!unit || unit.off_table || unit.kind === "IMPI") {
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
    if (hasToken.has(unit.id) || unit.off_table || unit.kind === "IMPI" || unit.side !== "ZULU") {
      continue;
    }
    const at = tokenPixels(unit.position, frame);
    plan.create.push({
      unit: unit.id,
      name: unit.name || unit.id,
      x: at.x,
      y: at.y,
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
