// clients/vtt/foundry/scripts/module.js: the Foundry VTT module. impi plays
// the Zulus and umpires on the GM's scene, in every rule set the server
// plays (docs/vtt.md, "Foundry VTT").
//
// The GM's calls, on game.modules.get("impi").api and as chat commands:
//
//   start(name)      /impi start NAME    the scene from a built-in scenario: its
//                                        size, terrain and points drawn, a token
//                                        per unit (the GM's own tokens adopted
//                                        by name); impi plays until the British
//                                        are awaited (/impi start alone: the
//                                        scenarios); load(state) from a saved table
//   pass()           /impi pass          the British tokens dragged since (MOVEs,
//                                        or DEPLOYs while the British deploy) and
//                                        the actions noted, then PASS: impi plays
//   send()           /impi send          the same without passing
//   turnDialog()     /impi               what is noted, impi's prompt, the options
//                                        for the whole side (END_DEPLOYMENT), and
//                                        send / pass
//   unitDialog(id)   token HUD "impi"    what impi offers the unit (its fire,
//                                        charges, orders, deployment ...) and
//                                        its losses
//
// The answer's `awaiting.options` (asked for with list_options) are the
// buttons: nothing here is one rule set's. After each answer, Zulu fire at
// British units and a close combat to resolve open a dialog for the losses.
//
// impi's explanations go to chat as cards; the umpire's detail (dice,
// umpire-only events) is whispered to the GM. The whole TableState, with
// the umpire's book, is kept as a flag of a journal entry the GM owns and no
// player may see (ownership NONE), never in the scene.
import { ImpiClient, diceFrom, num, plainWords } from "./impi.js";
import {
  actionWords, addPending, dragKind, fightersToResolve, firesWithHits, lossAction, passActions,
  shotsToResolve, sideOptions, unitOptions, withHits,
} from "./actions.js";
import { adoptPlan, drawingPlan, sceneSize, sceneToRequest, tokenPlan } from "./scene.js";

const ID = "impi";

const escapeHtml = (text) => String(text).replace(/[&<>"']/g,
  (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]);

const client = () => new ImpiClient(game.settings.get(ID, "server"));

// --- the umpire's book: the GM's alone ------------------------------------------

const bookOf = (scene) => game.journal.find((j) => j.getFlag(ID, "scene") === scene.id);

// The book of a scene: {state, awaiting, pending}; empty before a game.
function readBook(scene) {
  const text = bookOf(scene)?.getFlag(ID, "book");
  return text ? JSON.parse(text) : { state: null, awaiting: null, pending: [] };
}

// Kept as one JSON string: a flag's object would be merged on update, and
// impi's answers leave out every field at its default.
async function writeBook(scene, book) {
  let entry = bookOf(scene);
  if (!entry) {
    entry = await JournalEntry.create({
      name: `impi: the umpire's book (${scene.name})`,
      ownership: { default: CONST.DOCUMENT_OWNERSHIP_LEVELS.NONE },
      flags: { [ID]: { scene: scene.id } },
    });
  }
  await entry.setFlag(ID, "book", JSON.stringify(book));
}

// --- the scene ------------------------------------------------------------------

// The scene as plain data (what scene.js reads), with the book's state.
function sceneData(scene, book) {
  const data = scene.toObject();
  data.dimensions = scene.dimensions;
  data.tokens = scene.tokens.map((t) => t.toObject());
  data.drawings = scene.drawings.map((d) => d.toObject());
  data.flags = { ...(data.flags ?? {}), [ID]: { ...(data.flags?.[ID] ?? {}), state: book.state } };
  return data;
}

// A new token's data: the side's actor's token, else a bare token with
// Foundry's own icon.
async function tokenBase(side) {
  const actor = game.actors.get(game.settings.get(ID, side === "BRITISH" ? "britishActor" : "zuluActor"));
  return actor ? (await actor.getTokenDocument()).toObject() : { texture: { src: "icons/svg/mystery-man.svg" } };
}

// The tokens and drawings to match a state.
async function placeTable(scene, book, state) {
  const tokens = tokenPlan(sceneData(scene, book), state);
  if (tokens.remove.length) await scene.deleteEmbeddedDocuments("Token", tokens.remove);
  if (tokens.update.length) await scene.updateEmbeddedDocuments("Token", tokens.update);
  if (tokens.create.length) {
    const made = [];
    for (const c of tokens.create) {
      const base = await tokenBase(c.side);
      made.push({
        ...base, name: c.name, x: c.x, y: c.y, disposition: c.disposition,
        flags: { ...(base.flags ?? {}), ...c.flags },
      });
    }
    await scene.createEmbeddedDocuments("Token", made);
  }
  const drawings = drawingPlan(sceneData(scene, book), state);
  if (drawings.remove.length) await scene.deleteEmbeddedDocuments("Drawing", drawings.remove);
  if (drawings.update.length) await scene.updateEmbeddedDocuments("Drawing", drawings.update);
  if (drawings.create.length) await scene.createEmbeddedDocuments("Drawing", drawings.create);
}

// --- chat -----------------------------------------------------------------------

const gmIds = () => game.users.filter((u) => u.isGM).map((u) => u.id);

async function chatCards(answer) {
  const list = (lines) => `<ol>${lines.map((l) => `<li>${escapeHtml(l)}</li>`).join("")}</ol>`;
  await ChatMessage.create({
    speaker: { alias: "impi" },
    content: `<div class="impi-card">${list(plainWords(answer))}` +
             `<p class="impi-prompt"><b>${escapeHtml(answer.awaiting?.prompt ?? "")}</b></p></div>`,
  });
  const umpire = plainWords(answer, { reveal: true });
  if (umpire.length > 0) {
    await ChatMessage.create({
      speaker: { alias: "impi (umpire)" },
      content: `<div class="impi-card impi-umpire">${list(umpire)}</div>`,
      whisper: gmIds(),
    });
  }
}

// --- dialogs --------------------------------------------------------------------

// A dialog's choice: {button, value(name)}, or null when it is closed.
function choose(title, content, buttons) {
  return new Promise((resolve) => {
    const entries = Object.fromEntries(Object.entries(buttons).map(([key, label]) => [key, {
      label,
      callback: (html) => {
        const root = html?.[0] ?? html;
        resolve({ button: key, value: (name) => root?.querySelector(`[name="${name}"]`)?.value ?? "" });
      },
    }]));
    new Dialog({ title, content, buttons: entries, close: () => resolve(null) }).render(true);
  });
}

async function note(scene, actions) {
  const book = readBook(scene);
  for (const a of actions) book.pending = addPending(book.pending ?? [], a, book.awaiting);
  await writeBook(scene, book);
  return book.pending;
}

const unitOf = (state, id) => (state?.units ?? []).find((u) => u.id === id);
const unitName = (state, id) => unitOf(state, id)?.name || id;

// The losses of some units, resolved at the table, each noted as what the
// awaited step takes (lossAction). `entries`: [{id, why}].
async function lossesDialog(scene, title, entries) {
  const book = readBook(scene);
  if (entries.length === 0) return [];
  const rows = entries.map((e) => `<p><label>${escapeHtml(e.why || unitName(book.state, e.id))}: ` +
    `figures lost <input type="number" min="0" name="loss-${escapeHtml(e.id)}" value="0"></label></p>`);
  const picked = await choose(title, rows.join(""), { report: "Report the losses", skip: "None" });
  if (picked?.button !== "report") return [];
  const actions = entries
    .map((e) => lossAction(book.awaiting, e.id, picked.value(`loss-${e.id}`)))
    .filter((a) => a.casualties > 0);
  await note(scene, actions);
  return actions;
}

// What impi offers a unit now, each a button; its losses below.
async function unitDialog(unitId, scene = canvas.scene) {
  const book = readBook(scene);
  if (!book.awaiting) throw new Error("no game on this scene yet (/impi start)");
  const unit = unitOf(book.state, unitId);
  const options = unitOptions(book.awaiting, unitId);
  const hits = firesWithHits(book.awaiting) && options.some((a) => a.kind === "FIRE");
  const buttons = Object.fromEntries(options.map((a, k) => [`o${k}`, actionWords(a)]));
  buttons.losses = "Report its losses";
  const content = `<p><b>${escapeHtml(unit?.name || unitId)}</b> (${escapeHtml(unitId)}, ` +
    `${escapeHtml(String(unit?.kind ?? "").toLowerCase())}, ${num(unit?.figures?.fit)} fit)</p>` +
    `<p>${escapeHtml(book.awaiting.prompt ?? "")}</p>` +
    (hits ? `<p><label>Hits scored <input type="number" min="0" name="hits" value="0"></label></p>` : "") +
    `<p><label>Figures lost <input type="number" min="0" name="losses" value="0"></label></p>`;
  const picked = await choose(`impi: ${unit?.name || unitId}`, content, buttons);
  if (!picked) return null;
  const action = picked.button === "losses"
    ? lossAction(book.awaiting, unitId, picked.value("losses"))
    : withHits(options[Number(picked.button.slice(1))], book.awaiting, picked.value("hits"));
  await note(scene, [action]);
  return action;
}

// What is noted, the options for the whole side, and send / pass.
async function turnDialog(scene = canvas.scene) {
  const book = readBook(scene);
  if (!book.awaiting) throw new Error("no game on this scene yet (/impi start)");
  const side = sideOptions(book.awaiting);
  const buttons = Object.fromEntries(side.map((a, k) => [`o${k}`, actionWords(a)]));
  buttons.send = "Send";
  buttons.pass = "Pass: impi plays on";
  const pending = (book.pending ?? []).map((a) => `<li>${escapeHtml(actionWords(a))}</li>`).join("");
  const picked = await choose("impi", `<p><b>${escapeHtml(book.awaiting.prompt ?? "")}</b></p>` +
    `<p>To send:</p><ul>${pending || "<li>nothing yet</li>"}</ul>`, buttons);
  if (!picked) return null;
  if (picked.button === "send") return step(scene, false);
  if (picked.button === "pass") return step(scene, true);
  await note(scene, [side[Number(picked.button.slice(1))]]);
  return step(scene, false);
}

// --- the game -------------------------------------------------------------------

let seedCount = 0;
const dice = () => diceFrom({ seed: `${Date.now() % 1e9}${String(++seedCount % 1000).padStart(3, "0")}` });

async function applyAnswer(scene, answer) {
  const book = { state: answer.state, awaiting: answer.awaiting ?? {}, pending: [] };
  await placeTable(scene, book, answer.state);
  await writeBook(scene, book);
  await chatCards(answer);
  const shots = shotsToResolve(answer).map((s) => ({ id: s.target, why: s.announce || `${s.by} fired at ${s.target}` }));
  const unique = shots.filter((s, k) => shots.findIndex((t) => t.id === s.id) === k);
  if (unique.length) await lossesDialog(scene, "impi: the losses to Zulu fire", unique);
  const fighters = fightersToResolve(book.awaiting).map((id) => ({ id, why: `${unitName(book.state, id)} (${id})` }));
  if (fighters.length) await lossesDialog(scene, `impi: ${book.awaiting.prompt}`, fighters);
  return answer;
}

// A game from a TableState (a built-in scenario's, or one saved): the
// scene's size, the GM's tokens adopted, then impi plays until the British
// are awaited.
async function begin(state, scene = canvas.scene) {
  const book = { state: null, awaiting: null, pending: [] };
  await scene.update(sceneSize(state, Number(game.settings.get(ID, "pixelsPerInch")) || 50));
  const adopted = adoptPlan(sceneData(scene, book), state);
  if (adopted.length) await scene.updateEmbeddedDocuments("Token", adopted);
  const answer = await client().advance({ state, list_options: true, dice: dice() });
  return applyAnswer(scene, answer);
}

const start = async (name, scene = canvas.scene) => begin(await client().scenario(name), scene);

// The built-in scenarios, for the GM: {name, stem, ruleset} each.
async function listScenarios() {
  const list = await client().scenarios();
  await ChatMessage.create({
    speaker: { alias: "impi" },
    content: `<p>/impi start NAME, with NAME one of:</p><ul>${list.map((s) =>
      `<li><b>${escapeHtml(s.name)}</b> (${escapeHtml(s.ruleset)}: ${escapeHtml(s.stem)})</li>`).join("")}</ul>`,
    whisper: gmIds(),
  });
  return list;
}

// The tokens back where the book has them (a request impi refused).
async function restore(scene) {
  const book = readBook(scene);
  if (book.state) await placeTable(scene, book, book.state);
}

async function step(scene, withPass) {
  const book = readBook(scene);
  if (!book.state) throw new Error("no game on this scene yet (/impi start)");
  const pending = book.pending ?? [];
  const moved = new Set(pending.filter((a) => a.to || a.kind === "CHARGE").map((a) => a.unit_id));
  const { state, actions } = sceneToRequest(sceneData(scene, book),
                                            { dragKind: dragKind(book.awaiting), skip: moved });
  const all = [...actions, ...pending];
  if (withPass) all.push(...passActions(book.awaiting, all));
  let answer;
  try {
    answer = await client().advance({ state, british_actions: all, list_options: true, dice: dice() });
  } catch (e) {
    await restore(scene);
    throw e;
  }
  return applyAnswer(scene, answer);
}

// --- Foundry's hooks --------------------------------------------------------------

Hooks.once("init", () => {
  // Foundry localizes a setting's name and hint (lang/en.json).
  const setting = (key, type, value) => game.settings.register(ID, key, {
    name: `IMPI.${key}.name`, hint: `IMPI.${key}.hint`, scope: "world", config: true, type, default: value,
  });
  setting("server", String, "http://127.0.0.1:8080");
  setting("britishActor", String, "");
  setting("zuluActor", String, "");
  setting("pixelsPerInch", Number, 50);
});

const report = (e) => ui.notifications.error(`impi: ${e.message}`);

Hooks.once("ready", () => {
  game.modules.get(ID).api = {
    start: (name) => start(name),
    // A saved TableState (an answer's state, a file of `impi advance`).
    load: (state) => begin(state),
    scenarios: () => listScenarios(),
    pass: () => step(canvas.scene, true),
    send: () => step(canvas.scene, false),
    // Kept for macros written for the first version.
    turn: () => step(canvas.scene, true),
    turnDialog: () => turnDialog(),
    unitDialog: (id) => unitDialog(id),
    note: (action) => note(canvas.scene, [action]),
    status: () => readBook(canvas.scene),
  };
});

Hooks.on("chatMessage", (_log, text) => {
  const m = /^\/impi(?:\s+(start|pass|send))?\s*(\S*)\s*$/.exec(text);
  if (!m || !game.user.isGM) return true;
  const scene = canvas.scene;
  let run;
  if (m[1] === "start") run = m[2] ? start(m[2], scene) : listScenarios();
  else run = m[1] ? step(scene, m[1] === "pass") : turnDialog(scene);
  run.catch(report);
  return false;
});

// The token HUD of a unit's token: a button for the unit's dialog (the GM's).
Hooks.on("renderTokenHUD", (hud, html) => {
  const id = hud.object?.document?.flags?.[ID]?.id;
  if (!id || !game.user.isGM) return;
  const root = html?.[0] ?? html;
  const button = document.createElement("div");
  button.classList.add("control-icon", "impi-unit");
  button.title = "impi: this unit's actions and losses";
  button.textContent = "impi";
  button.addEventListener("click", () => unitDialog(id).catch(report));
  root.querySelector(".col.right")?.append(button);
});
