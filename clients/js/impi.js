// clients/js/impi.js: the JavaScript client of impi's JSON over HTTP, one
// plain ES module with no build step and no dependencies. It runs in a
// browser (the players' page, clients/web/; a Foundry VTT module) and in
// Node 18 or later (global fetch).
//
//   import { ImpiClient, plainWords, passAction } from "./impi.js";
//   const impi = new ImpiClient("http://127.0.0.1:8080");
//   let answer = await impi.advance({ state, dice: { seed: newSeed() } });
//   answer = await impi.advance({ state: answer.state,
//                                 british_actions: [move("b6", 22, 13), passAction(answer.awaiting)],
//                                 dice: { seed: newSeed() } });
//   for (const line of plainWords(answer)) console.log(line);
//
// Requests and answers are the proto3 JSON of docs/protocol.md (snake_case
// field names, enums by name). Answers omit every field at its default: read
// a missing number as 0 (num()). Errors throw an ImpiError carrying impi's
// {code, status, message}.

export class ImpiError extends Error {
  constructor(status, message, code, httpStatus) {
    super(`${status}: ${message}`);
    this.status = status;
    this.code = code;
    this.httpStatus = httpStatus;
  }
}

export class ImpiClient {
  // `base`: the server's JSON/HTTP address; "" for the page's own origin.
  constructor(base = "http://127.0.0.1:8080", fetchImpl = undefined) {
    this.base = base.replace(/\/$/, "");
    // Called unbound: a browser's fetch must not be called as a method.
    this.fetch = fetchImpl ?? ((...args) => globalThis.fetch(...args));
  }

  async #answer(res) {
    const text = await res.text();
    let body;
    try {
      body = JSON.parse(text);
    } catch {
      body = { status: "UNKNOWN", message: text };
    }
    if (!res.ok) throw new ImpiError(body.status, body.message, body.code, res.status);
    return body;
  }

  // POST /v1/<method> with a request object; the answer object.
  async call(method, request = {}) {
    const res = await this.fetch(`${this.base}/v1/${method}`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(request),
    });
    return this.#answer(res);
  }

  describe() { return this.call("Describe", {}); }
  advance(request) { return this.call("Advance", request); }
  ask(request) { return this.call("Ask", request); }

  // The built-in scenarios: [{name, stem, ruleset}].
  async scenarios() {
    return this.#answer(await this.fetch(`${this.base}/v1/Scenarios`));
  }

  // A built-in scenario's TableState.
  async scenario(name) {
    return this.#answer(await this.fetch(`${this.base}/v1/Scenarios/${encodeURIComponent(name)}`));
  }

  // The SVG (text) of a TableState, or of an answer (its state and the moves
  // of its events); `reveal` draws umpire-only detail.
  async render(stateOrAnswer, { reveal = false } = {}) {
    const res = await this.fetch(`${this.base}/v1/Render${reveal ? "?reveal=1" : ""}`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(stateOrAnswer),
    });
    if (!res.ok) await this.#answer(res);
    return res.text();
  }
}

// A fresh dice seed (a decimal string: JSON's uint64).
export function newSeed() {
  return String(Math.floor(Math.random() * 2 ** 52));
}

// Dice for a request: a seed, or the faces typed in from physical dice
// ("4, 2, 6") and the cards turned ("red, black"); `typed` sends them even
// when there are none (impi then says what it needs). A face of an average
// die is typed "avg3", of an arrow die "arrow5": then every die goes, in
// order, as a die of its kind (dice_of_kind; a plain face a dN).
export function diceFrom({ seed, faces = "", cards = "", typed = false } = {}) {
  const list = (text) => String(text).split(/[\s,]+/).filter(Boolean);
  const typedFaces = list(faces);
  const turned = list(cards).map((c) => (/^r/i.test(c) ? "RED" : "BLACK"));
  const kinded = typedFaces.map((f) => {
    const m = /^(avg|arrow)(\d+)$/i.exec(f);
    if (!m) return { kind: "D", face: Number(f) };
    return { kind: m[1].toLowerCase() === "avg" ? "AVERAGE" : "ARROW", face: Number(m[2]) };
  });
  if (kinded.some((d) => d.kind !== "D")) {
    return { scripted: { dice_of_kind: kinded, cards: turned } };
  }
  if (typed || typedFaces.length > 0 || turned.length > 0) {
    return { scripted: { dice: kinded.map((d) => d.face), cards: turned } };
  }
  return { seed: seed ? String(seed) : newSeed() };
}

// A number of an answer, where JSON leaves out zeros.
export const num = (v) => (typeof v === "number" ? v : Number(v ?? 0));

// The actions a British player sends.
export const move = (unitId, x, y) => ({ kind: "MOVE", unit_id: unitId, to: { x, y } });
export const fire = (unitId, targetId, hits) =>
  ({ kind: "FIRE", unit_id: unitId, target_id: targetId, hits: Number(hits) || 0 });
export const charge = (unitId, targetId) => ({ kind: "CHARGE", unit_id: unitId, target_id: targetId });
export const casualties = (targetId, n) => ({ kind: "CASUALTIES", target_id: targetId, casualties: n });

// PASS for what is awaited: an activation (a single active unit) names it.
export function passAction(awaiting = {}) {
  const ids = awaiting.unit_ids ?? [];
  return ids.length === 1 ? { kind: "PASS", unit_id: ids[0] } : { kind: "PASS" };
}

// The units of one side on the table (a Zulu Control impi is a group with no
// token of its own).
export function unitsOnTable(state, side) {
  return (state?.units ?? []).filter(
    (u) => u.side === side && !u.off_table && u.kind !== "IMPI");
}

// The rule of an event in a few words: "RANDOM CHANCE ON-FIELD (APPEARANCE
// POINT): 5,6 = Create Impi".
export function ruleWords(event) {
  const rule = event?.why?.rule;
  if (!rule || !(rule.table || rule.section)) return "";
  return `${rule.table || rule.section}${rule.row ? `: ${rule.row}` : ""}`;
}

// The dice of an event: "3D6 = 11 (4, 3, 4)".
export function diceWords(event) {
  return (event?.why?.dice ?? []).map((d) => {
    const faces = d.faces ?? [];
    const sum = num(d.total ?? d.result);
    return `${num(d.count) || 1}D${num(d.sides) || 6} = ${sum}${faces.length > 1 ? ` (${faces.join(", ")})` : ""}`;
  }).join("; ");
}

// An answer's events in plain words, one line each: what may be told to the
// British players, with the table the umpire rolled on; with `reveal`, the
// umpire-only events too (marked), with their dice and the umpire's account.
export function plainWords(answer, { reveal = false } = {}) {
  const events = answer?.events ?? (answer?.decision ? [answer.decision] : []);
  const lines = [];
  for (const e of events) {
    if (e.umpire_only && !reveal) continue;
    if (e.kind === "AWAITING") continue;
    let text = e.announce || e.why?.text || "";
    if (!text) continue;
    const rule = ruleWords(e);
    if (rule && !text.includes(rule)) text += ` [${rule}]`;
    if (reveal) {
      const dice = diceWords(e);
      if (dice && !e.announce?.includes("rolled")) text += ` {${dice}}`;
      if (e.announce && e.why?.text && e.why.text !== e.announce) text += ` (umpire: ${e.why.text})`;
      if (e.umpire_only) text = `[umpire] ${text}`;
    }
    lines.push(text);
  }
  return lines;
}
