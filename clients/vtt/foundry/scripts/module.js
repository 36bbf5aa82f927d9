// clients/vtt/foundry/scripts/module.js: the Foundry VTT module. It adds
// three calls, on game.modules.get("impi").api and as chat commands for the
// GM:
//
//   start(name)   /impi start tsatf   the scene's table from a built-in scenario,
//                                     impi plays until the British are awaited
//   turn()        /impi pass          the British tokens moved since are sent as
//                                     MOVEs, then PASS: impi plays the Zulus
//   send()        /impi send          the moves without passing
//
// Each answer's state is kept in the scene's flags (flags.impi.state), the
// Zulu tokens are created, moved and deleted to match it (scene.js,
// tokenPlan), and what may be told to the British goes to chat in plain
// words with the prompt of what impi awaits. Settings: the server's address
// (http://127.0.0.1:8080; the server must allow Foundry's origin:
// --cors_origins) and the actor the Zulu tokens are made from.
import { ImpiClient, diceFrom, passAction, plainWords } from "./impi.js";
import { sceneToRequest, tokenPlan } from "./scene.js";

const ID = "impi";

const escapeHtml = (text) => String(text).replace(/[&<>"']/g,
  (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]);

function client() {
  return new ImpiClient(game.settings.get(ID, "server"));
}

// The scene as plain data (what scene.js reads).
function sceneData(scene) {
  const data = scene.toObject();
  data.dimensions = scene.dimensions;
  data.tokens = scene.tokens.map((t) => t.toObject());
  return data;
}

async function applyAnswer(scene, answer) {
  const plan = tokenPlan(sceneData(scene), answer.state);
  if (plan.remove.length) await scene.deleteEmbeddedDocuments("Token", plan.remove);
  if (plan.update.length) await scene.updateEmbeddedDocuments("Token", plan.update);
  if (plan.create.length) {
    const actor = game.actors.get(game.settings.get(ID, "zuluActor"));
    const tokens = [];
    for (const c of plan.create) {
      const base = actor ? (await actor.getTokenDocument()).toObject() : {};
      tokens.push({ ...base, name: c.name, x: c.x, y: c.y, flags: { ...(base.flags ?? {}), ...c.flags } });
    }
    await scene.createEmbeddedDocuments("Token", tokens);
  }
  // Replaced, not merged: an update merges objects, and impi's answers leave
  // out every field at its default, so a merge would keep stale values.
  await scene.unsetFlag(ID, "state");
  await scene.unsetFlag(ID, "awaiting");
  await scene.setFlag(ID, "state", answer.state);
  await scene.setFlag(ID, "awaiting", answer.awaiting);
  const lines = plainWords(answer).map((l) => `<li>${escapeHtml(l)}</li>`);
  await ChatMessage.create({
    speaker: { alias: "impi" },
    content: `<ol>${lines.join("")}</ol><p><b>${escapeHtml(answer.awaiting?.prompt ?? "")}</b></p>`,
  });
}

async function start(name) {
  const scene = canvas.scene;
  const state = await client().scenario(name);
  const answer = await client().advance({ state, dice: diceFrom() });
  await applyAnswer(scene, answer);
  return answer;
}

async function step(withPass) {
  const scene = canvas.scene;
  const { state, actions } = sceneToRequest(sceneData(scene));
  if (withPass) actions.push(passAction(scene.getFlag(ID, "awaiting")));
  const answer = await client().advance({ state, british_actions: actions, dice: diceFrom() });
  await applyAnswer(scene, answer);
  return answer;
}

Hooks.once("init", () => {
  game.settings.register(ID, "server", {
    name: "impi server", hint: "The JSON/HTTP address of impi-server.",
    scope: "world", config: true, type: String, default: "http://127.0.0.1:8080",
  });
  game.settings.register(ID, "zuluActor", {
    name: "Zulu actor id", hint: "The actor new Zulu tokens are made from (empty: bare tokens).",
    scope: "world", config: true, type: String, default: "",
  });
});

Hooks.once("ready", () => {
  game.modules.get(ID).api = { start, turn: () => step(true), send: () => step(false) };
});

Hooks.on("chatMessage", (_log, text) => {
  const m = /^\/impi\s+(start|pass|send)\s*(\S*)/.exec(text);
  if (!m || !game.user.isGM) return true;
  const run = m[1] === "start" ? start(m[2] || "tsatf") : step(m[1] === "pass");
  run.catch((e) => ui.notifications.error(`impi: ${e.message}`));
  return false;
});
