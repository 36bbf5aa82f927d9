// clients/vtt/foundry/scripts/actions.js: the British actions the GM
// reports, worked out from what impi's answer awaits (`awaiting`: its kind,
// prompt, the units that may act and the `options` impi offers, asked for
// with list_options), with no Foundry API (tested in Node: tests/vtt/).
// Nothing here names a rule set: where the answer says what it needs, the
// module offers that.
import { num, passAction } from "./impi.js";

const kindWords = (kind) => String(kind ?? "").toLowerCase().replace(/_/g, " ");

// An action in a few words for a button or the list of what is to be sent:
// "b1 fires at z2 (3 hits)", "e_coy_1_24 deploys at (30.5, 27)".
export function actionWords(a) {
  const at = (p) => `(${Math.round(num(p?.x) * 10) / 10}, ${Math.round(num(p?.y) * 10) / 10})`;
  switch (a.kind) {
    case "MOVE":
      return a.target_id ? `${a.unit_id} joins ${a.target_id}` : `${a.unit_id} moves to ${at(a.to)}`;
    case "DEPLOY": return `${a.unit_id} deploys at ${at(a.to)}`;
    case "FIRE":
      return `${a.unit_id} fires at ${a.target_id ?? "the nearest target"}` +
             (a.hits === undefined ? "" : ` (${a.hits} hit${a.hits === 1 ? "" : "s"})`);
    case "CHARGE": return `${a.unit_id} charges ${a.target_id}`;
    case "CASUALTIES": return `${a.target_id} loses ${a.casualties}`;
    case "CLOSE_COMBAT_RESULT":
      return a.target_id ? `close combat: ${a.target_id} loses ${num(a.casualties)}`
                         : `close combat of ${a.unit_id}: impi fights it`;
    case "PASS": return a.unit_id ? `${a.unit_id} holds` : "pass";
    case "ORDER":
      return `${a.unit_id} orders ${a.target_id ?? ""}`.trim() +
             (a.point === 2 ? " to attack" : a.point === 1 ? " to hold" : "");
    case "STANCE": return `${a.unit_id} goes ${kindWords(a.stance)}`;
    default: return [a.unit_id, kindWords(a.kind), a.target_id].filter(Boolean).join(" ");
  }
}

// Whether the British report the hits of their own fire: the prompt asks
// for them ("FIRE with the hits scored"). Elsewhere impi rolls every shot.
export const firesWithHits = (awaiting) => /\bhits\b/i.test(awaiting?.prompt ?? "");

// Whether a dragged British token deploys rather than moves: impi offers
// DEPLOY, or the prompt asks for it ("DEPLOY unit_id to").
export const dragKind = (awaiting) =>
  (awaiting?.options ?? []).some((a) => a.kind === "DEPLOY") || /\bDEPLOY\b/.test(awaiting?.prompt ?? "")
    ? "DEPLOY" : "MOVE";

// Whether the British give each awaited unit an order, all carried out
// together: impi offers each awaited unit its own PASS and as many may move
// as are awaited. A PASS then holds every unit not yet ordered.
export function ordersEveryUnit(awaiting) {
  const ids = awaiting?.unit_ids ?? [];
  const passes = (awaiting?.options ?? []).filter((a) => a.kind === "PASS");
  return ids.length > 1 && num(awaiting.units_may_move) === ids.length &&
         ids.every((id) => passes.some((a) => a.unit_id === id));
}

// The PASS actions that end what is awaited, after `actions`. Where impi
// offers each awaited unit a PASS of its own (an activation, orders for
// every unit), each unit with no action among `actions` holds; none is sent
// for a unit that has acted. Else the one PASS of the side.
export function passActions(awaiting, actions = []) {
  const ids = awaiting?.unit_ids ?? [];
  const passes = (awaiting?.options ?? []).filter((a) => a.kind === "PASS");
  const eachUnit = ids.length > 0 && !passes.some((a) => !a.unit_id) &&
                   ids.every((id) => passes.some((a) => a.unit_id === id));
  if (!eachUnit) return [passAction(awaiting)];
  return ids.filter((id) => !actions.some((a) => a.unit_id === id))
    .map((id) => ({ kind: "PASS", unit_id: id }));
}

// The options of a unit's dialog: what impi offers the unit, and what it
// offers others against it (a FIRE or CHARGE at a Zulu unit).
export function unitOptions(awaiting, unitId) {
  return (awaiting?.options ?? []).filter((a) => a.unit_id === unitId || a.target_id === unitId);
}

// The options not tied to one unit, bar the plain PASS (the module's own
// button): END_DEPLOYMENT, an order for the whole side.
export const sideOptions = (awaiting) =>
  (awaiting?.options ?? []).filter((a) => !a.unit_id && a.kind !== "PASS");

// An offered action as it is sent: with the hits the table scored when the
// British report their own fire.
export function withHits(action, awaiting, hits) {
  if (action.kind !== "FIRE" || !firesWithHits(awaiting)) return { ...action };
  return { ...action, hits: Math.max(0, Math.floor(Number(hits) || 0)) };
}

// The losses of a unit resolved at the table: its close combat's result
// while a close combat it is in is awaited, else casualties (Zulu fire).
export function lossAction(awaiting, targetId, casualties) {
  const n = Math.max(0, Math.floor(Number(casualties) || 0));
  const fighting = awaiting?.kind === "BRITISH_CLOSE_COMBAT" && (awaiting.unit_ids ?? []).includes(targetId);
  return { kind: fighting ? "CLOSE_COMBAT_RESULT" : "CASUALTIES", target_id: targetId, casualties: n };
}

// The shots of an answer the British resolve at the table: each FIRED
// event at a British unit whose explanation asks for the losses to be
// reported ("... report them with CASUALTIES"); where impi rolls the hits
// itself it says so instead. The firer and target, for the GM's dialog.
export function shotsToResolve(answer, state = answer?.state) {
  const side = new Map((state?.units ?? []).map((u) => [u.id, u.side]));
  return (answer?.events ?? [])
    .filter((e) => e.kind === "FIRED" && e.target_id && side.get(e.target_id) === "BRITISH" &&
                   /\bCASUALTIES\b/.test(e.why?.text ?? ""))
    .map((e) => ({ by: (e.unit_ids ?? [])[0] ?? "", target: e.target_id, announce: e.announce ?? "" }));
}

// The units whose close combat is awaited (both sides: the prompt says who
// fights whom), for the GM to report each one's losses.
export const fightersToResolve = (awaiting) =>
  awaiting?.kind === "BRITISH_CLOSE_COMBAT" ? [...(awaiting.unit_ids ?? [])] : [];

// A pending list with `action` added: a unit's second move or deployment
// replaces its first, and so does a second order where each unit gets one.
export function addPending(pending, action, awaiting) {
  const moves = (a) => a.kind === "MOVE" || a.kind === "DEPLOY";
  const oneEach = ordersEveryUnit(awaiting);
  const kept = pending.filter((a) => !(a.unit_id && a.unit_id === action.unit_id &&
                                       (oneEach || (moves(a) && moves(action)))));
  return [...kept, action];
}
