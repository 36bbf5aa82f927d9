// The Foundry VTT module (clients/vtt/foundry/) played through whole games
// against a real impi-server on 127.0.0.1 (an ephemeral port), in Node, with
// a stand-in of the Foundry API that records what the module did
// (foundry_standin.mjs). The module is first built as it is installed
// (build.mjs: the client library copied in, no links) and loaded from there.
//
// A GM plays as one would at the table: tokens dragged, the token HUD's
// dialog of what impi offers a unit (fire with the hits scored, charges,
// deployment, orders), the dialogs of losses impi opens after Zulu fire and
// for a close combat, /impi pass. The games: a whole Zulu Control patrol,
// an Isandlwana battle (Ferree), an Empress skirmish and Pagano's Rorke's
// Drift, each to its end; after each a player's client is checked to hold
// none of the umpire's secrets.
//
// Usage: node --test tests/vtt/foundry_test.mjs   (IMPI_SERVER: the impi-server binary)
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { existsSync, lstatSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:http";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

import { installFoundry } from "./foundry_standin.mjs";
import { startServer } from "./server.mjs";
import { build } from "../../clients/vtt/foundry/build.mjs";

const here = dirname(fileURLToPath(import.meta.url));
const source = join(here, "..", "..");
const foundrySource = join(source, "clients", "vtt", "foundry");
const out = mkdtempSync(join(tmpdir(), "impi-foundry-"));

let server;
let standin;
let api;
let scene;   // scene.js, as built
const sent = [];  // every Advance the module sent: {british_actions, ...}
let seed = 0;     // the seed of the module's next Advance, less one
const reseed = (first) => { seed = first - 1; };

before(async () => {
  server = await startServer();
  build(out);
  standin = installFoundry();
  standin.answer = (dialog) => answerDialog(dialog);
  // The module's requests, recorded; each step's dice come from a fixed
  // sequence of seeds so that a game is the same every run.
  const realFetch = globalThis.fetch;
  globalThis.fetch = async (url, init = {}) => {
    if (init.body && String(url).endsWith("/v1/Advance")) {
      const body = JSON.parse(init.body);
      if (body.dice?.seed) body.dice.seed = String(++seed);
      sent.push(body);
      init = { ...init, body: JSON.stringify(body) };
    }
    return realFetch(url, init);
  };
  const scripts = join(out, "impi", "scripts");
  await import(pathToFileURL(join(scripts, "module.js")));
  scene = await import(pathToFileURL(join(scripts, "scene.js")));
  Hooks.callAll("init");
  await game.settings.set("impi", "server", server.url);
  Hooks.callAll("ready");
  api = game.modules.get("impi").api;
});
after(() => {
  server?.stop();
  rmSync(out, { recursive: true, force: true });
});

// --- the GM at the table -----------------------------------------------------------

const tokenOf = (id) => canvas.scene.tokens.find((t) => t.flags?.impi?.id === id);
const frame = () => scene.sceneFrame({ ...canvas.scene.toObject(), dimensions: canvas.scene.dimensions });
const book = () => api.status();

// The GM drags a unit's token to table inches `to`.
async function drag(id, to) {
  const token = tokenOf(id);
  assert.ok(token, `a token for ${id}`);
  await canvas.scene.updateEmbeddedDocuments("Token", [{ _id: token.id, ...scene.tokenPixels(to, frame()) }]);
}

// Dialog answers: `pick` chooses in a unit's dialog (a label pattern and the
// values typed), losses are typed by side.
let pick = null;
const losses = { BRITISH: 1, ZULU: 2 };
const unitSide = (id) => (book().state?.units ?? []).find((u) => u.id === id)?.side;

function answerDialog(dialog) {
  const buttons = Object.entries(dialog.buttons);
  if (buttons.some(([k]) => k === "report")) {
    const values = {};
    for (const m of dialog.content.matchAll(/name="loss-([^"]+)"/g)) values[`loss-${m[1]}`] = losses[unitSide(m[1])] ?? 0;
    return { button: "report", values };
  }
  if (pick) {
    const hit = buttons.find(([, label]) => pick.label.test(label));
    if (hit) return { button: hit[0], values: pick.values ?? {} };
  }
  return null;
}

// The unit's dialog through its token HUD button; the action noted.
async function fromHud(id, label, values = {}) {
  const button = standin.hudButton(tokenOf(id));
  assert.ok(button, `the token HUD of ${id} has impi's button`);
  pick = { label, values };
  const noted = book().pending.length;
  button.click();
  // The click runs the dialog; wait for the note.
  for (let k = 0; k < 200 && book().pending.length === noted; ++k) await new Promise((r) => setTimeout(r, 5));
  pick = null;
  assert.deepEqual(ui.notifications.errors, [], "no error from the module");
  return book().pending.at(-1);
}

const lastAnswerEnded = () => book().awaiting?.kind === "GAME_ENDED";
const sentKinds = (from = 0) => sent.slice(from).flatMap((r) => (r.british_actions ?? []).map((a) => a.kind));

function checkTokensMatch(state) {
  const f = frame();
  const onTable = (state.units ?? []).filter((u) => !u.off_table && u.kind !== "IMPI");
  assert.equal(canvas.scene.tokens.filter((t) => t.flags?.impi?.id).length, onTable.length,
               "a token per unit on the table");
  for (const u of onTable) {
    const at = scene.tokenInches(tokenOf(u.id).toObject(), f);
    assert.ok(Math.abs(at.x - Number(u.position?.x ?? 0)) <= 0.02 &&
              Math.abs(at.y - Number(u.position?.y ?? 0)) <= 0.02, `${u.id} stands where impi has it`);
  }
}

// The umpire's secrets of a state (protocol.md, "The British view"): each
// rule set's umpire-only fields, and the hidden points not yet tested.
function secretsOf(state) {
  const json = JSON.stringify(state);
  const fields = ["force_pool", "scenario_total", "marked_force", "secret_entries"]
    .filter((key) => json.includes(`"${key}"`));
  const points = (state.points ?? [])
    .filter((p) => p.hidden && (p.state ?? "UNTESTED") === "UNTESTED")
    .map((p) => `point:${p.kind}:${p.number}`);
  return { fields, points };
}

// A player's client holds the tokens, the drawings and the public chat,
// none of the umpire's book; the GM's holds it.
function checkPlayerCannotRead(state) {
  const secrets = secretsOf(state);
  const gm = standin.viewAs(game.users[0]);
  const player = standin.viewAs(game.users[1]);
  const playerText = JSON.stringify(player);
  assert.ok(JSON.stringify(gm.journal).includes(JSON.stringify(JSON.stringify(state)).slice(1, -1)),
            "the GM's client has the book");
  assert.equal(player.journal.length, 0, "the book is no journal entry a player sees");
  const where = /.{80}\\?"units\\?":\[.{80}/.exec(playerText)?.[0];
  assert.ok(!where, `no TableState in a player's client: ${where}`);
  for (const key of secrets.fields) {
    assert.ok(JSON.stringify(gm).includes(key), `the GM can read ${key}`);
    assert.ok(!playerText.includes(key), `a player cannot read ${key}`);
  }
  for (const s of player.scenes) {
    assert.ok(!JSON.stringify(s.flags ?? {}).includes("state"), "no state in the scene's flags");
    const drawn = new Set((s.drawings ?? []).map((d) => d.flags?.impi?.drawing));
    for (const key of secrets.points) assert.ok(!drawn.has(key), `${key}, hidden, is not drawn`);
  }
  assert.ok(!player.messages.some((m) => m.whisper.length > 0), "no whisper to the GM in a player's client");
  assert.ok(gm.messages.some((m) => m.whisper.length > 0), "the GM has the umpire's whispers");
  return secrets;
}

// --- the module as installed ---------------------------------------------------------

test("the manifest: installable from a URL and a zip, compatibility, languages, no links", async () => {
  const manifest = JSON.parse(readFileSync(join(foundrySource, "module.json"), "utf8"));
  for (const key of ["id", "title", "description", "version", "url", "manifest", "download", "license",
                     "compatibility", "esmodules", "languages"]) {
    assert.ok(manifest[key], `module.json has ${key}`);
  }
  assert.match(manifest.description, /Empress/);
  assert.match(manifest.download, new RegExp(`${manifest.version.replace(/\./g, "\\.")}\\.zip$`));
  assert.match(manifest.manifest, /\/module\.json$/);
  assert.ok(Number(manifest.compatibility.minimum) >= 11 && manifest.compatibility.verified);
  for (const file of [...manifest.esmodules, ...manifest.languages.map((l) => l.path), manifest.license]) {
    assert.ok(existsSync(join(out, "impi", file)), `the built module has ${file}`);
  }
  // Every setting's name and hint is in the language file.
  const en = JSON.parse(readFileSync(join(foundrySource, "lang", "en.json"), "utf8"));
  for (const [key] of game.settings.registered) {
    const name = key.split(".")[1];
    assert.ok(en[`IMPI.${name}.name`] && en[`IMPI.${name}.hint`], `lang/en.json names ${name}`);
  }
  // No links in the sources or the build; the client library is copied in.
  const walk = (dir) => readdirSync(dir).flatMap((f) => {
    const p = join(dir, f);
    const st = lstatSync(p);
    assert.ok(!st.isSymbolicLink(), `${p} is no link`);
    return st.isDirectory() ? walk(p) : [p];
  });
  walk(foundrySource);
  walk(join(out, "impi"));
  assert.equal(readFileSync(join(out, "impi", "scripts", "impi.js"), "utf8"),
               readFileSync(join(source, "clients", "js", "impi.js"), "utf8"));
});

// Foundry's install: the manifest read from its URL, the zip from the
// manifest's `download`, unpacked. Served here on an ephemeral port. The
// zip is always tested: without Debian's zip and unzip (./dev installs
// both) this fails.
test("installed from a manifest URL: the release zip it names unpacks to the module", async () => {
  for (const tool of ["/usr/bin/zip", "/usr/bin/unzip", "/usr/bin/zipinfo"]) {
    assert.ok(existsSync(tool), `${tool} is not installed (./dev installs zip and unzip)`);
  }
  const release = mkdtempSync(join(tmpdir(), "impi-release-"));
  const site = createServer((req, res) => {
    const file = join(release, req.url.replace(/^\/foundry\//, ""));
    if (!req.url.startsWith("/foundry/") || !existsSync(file)) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200).end(readFileSync(file));
  });
  await new Promise((r) => site.listen(0, "127.0.0.1", r));
  try {
    const base = `http://127.0.0.1:${site.address().port}/foundry`;
    const built = build(release, { releaseUrl: base });
    assert.ok(built.zip);
    const manifest = await (await fetch(`${base}/module.json`)).json();
    assert.equal(manifest.download, `${base}/impi-foundry-${manifest.version}.zip`);
    const zip = Buffer.from(await (await fetch(manifest.download)).arrayBuffer());
    const downloaded = join(release, "downloaded.zip");
    writeFileSync(downloaded, zip);
    const unpacked = join(release, "unpacked");
    execFileSync("/usr/bin/unzip", ["-q", "-d", unpacked, downloaded]);
    assert.deepEqual(JSON.parse(readFileSync(join(unpacked, "module.json"), "utf8")), manifest);
    for (const f of ["scripts/module.js", "scripts/scene.js", "scripts/actions.js", "scripts/impi.js", "lang/en.json"]) {
      assert.ok(existsSync(join(unpacked, f)), `the zip holds ${f}`);
    }
    // zipinfo marks a link with an "l": there is none.
    const listing = execFileSync("/usr/bin/zipinfo", [built.zip], { encoding: "utf8" });
    assert.ok(!listing.split("\n").some((l) => l.startsWith("l")), listing);
  } finally {
    site.close();
    rmSync(release, { recursive: true, force: true });
  }
});

// --- whole games -----------------------------------------------------------------------

test("a whole Zulu Control patrol: moves, fire with hits, charges, losses, close-combat results", async () => {
  standin.newScene("The patrol");
  reseed(1000);
  const from = sent.length;
  // A token the GM placed, named for the Natal Mounted Police: adopted.
  await canvas.scene.createEmbeddedDocuments("Token", [{ name: "Natal Mounted Police", x: 0, y: 0 }]);
  const gmToken = canvas.scene.tokens[0].id;
  await api.start("tsatf");
  const first = book();
  assert.equal(first.state.ruleset, "TSATF_ZULU_CONTROL");
  assert.equal(canvas.scene.toObject().width, 72 * 50, "the table's size");
  assert.equal(canvas.scene.tokens.get(gmToken).flags.impi.id, "b6", "the GM's token adopted");
  checkTokensMatch(first.state);
  const drawn = () => canvas.scene.drawings.map((d) => d.flags.impi.drawing);
  for (const key of ["table", "terrain:river", "terrain:donga", "point:PERIMETER:1", "point:APPEARANCE:1"]) {
    assert.ok(drawn().includes(key), `${key} drawn`);
  }
  assert.match(canvas.scene.drawings.find((d) => d.flags.impi.drawing === "point:APPEARANCE:1").text, /the ford/);
  // The hidden appearance points are the umpire's until tested.
  for (const n of [2, 5, 7, 10]) assert.ok(!drawn().includes(`point:APPEARANCE:${n}`), `hidden point ${n} not drawn`);

  // The Natal Mounted Police ride to the donga head, dragged; /impi pass.
  await drag("b6", { x: 22, y: 13 });
  let before = book().awaiting.prompt;
  assert.equal(standin.chat("/impi pass"), false, "the module takes its command");
  for (let k = 0; k < 400 && book().awaiting.prompt === before; ++k) await new Promise((r) => setTimeout(r, 5));
  assert.deepEqual(sent.at(-1).british_actions[0], { kind: "MOVE", unit_id: "b6", to: { x: 22, y: 13 } });
  // The donga head, tested by the ride, is drawn now with its state.
  assert.match(canvas.scene.drawings.find((d) => d.flags.impi.drawing === "point:APPEARANCE:7")?.text ?? "",
               /donga head \((tested|spent|occupied)\)/);

  let fired = 0, charged = 0, reported = 0;
  for (let k = 0; k < 400 && !lastAnswerEnded(); ++k) {
    const aw = book().awaiting;
    const options = aw.options ?? [];
    if (aw.kind === "BRITISH_MOVE") {
      const charge = options.find((a) => a.kind === "CHARGE");
      if (charge && charged < 3) {
        assert.deepEqual(await fromHud(charge.unit_id, /charges/), charge);
        ++charged;
      }
    } else if (aw.kind === "BRITISH_FIRE") {
      const shot = options.find((a) => a.kind === "FIRE");
      if (shot) {
        const noted = await fromHud(shot.unit_id, new RegExp(`fires at ${shot.target_id}`), { hits: 2 });
        assert.deepEqual(noted, { ...shot, hits: 2 }, "the hits typed in go with the FIRE");
        ++fired;
      }
      if (reported === 0 && options.length > 0) {
        // Losses reported from a unit's dialog (Zulu fire resolved at the table).
        const noted = await fromHud("b1", /losses/, { losses: 1 });
        assert.deepEqual(noted, { kind: "CASUALTIES", target_id: "b1", casualties: 1 });
        ++reported;
      }
    }
    await api.pass();
  }
  assert.ok(lastAnswerEnded(), `the patrol ended: ${book().awaiting.prompt}`);
  const kinds = sentKinds(from);
  for (const kind of ["MOVE", "FIRE", "CHARGE", "CASUALTIES", "CLOSE_COMBAT_RESULT", "PASS"]) {
    assert.ok(kinds.includes(kind), `${kind} reported`);
  }
  assert.ok(fired > 0 && charged > 0);
  assert.ok(sent.slice(from).some((r) => (r.british_actions ?? []).some((a) => a.kind === "FIRE" && a.hits === 2)));
  // The close-combat dialog reported both sides' losses.
  const results = sent.slice(from).flatMap((r) => r.british_actions ?? []).filter((a) => a.kind === "CLOSE_COMBAT_RESULT");
  assert.ok(results.some((a) => a.casualties === 2) && results.some((a) => a.casualties === 1));
  checkTokensMatch(book().state);

  // Chat: a card for each answer; the umpire's detail whispered to the GM only.
  const cards = game.messages.filter((m) => m.speaker.alias === "impi");
  const whispers = game.messages.filter((m) => m.speaker.alias === "impi (umpire)");
  assert.ok(cards.length >= sent.length - from);
  assert.ok(whispers.length > 0 && whispers.every((m) => m.whisper.length === 1 && m.whisper[0] === game.users[0].id));
  assert.ok(whispers.some((m) => m.content.includes("[umpire]")), "umpire-only events whispered");
  assert.ok(!cards.some((m) => m.content.includes("[umpire]")), "and never on a public card");
  assert.match(cards.at(-1).content, /impi-prompt/);

  const secrets = checkPlayerCannotRead(book().state);
  assert.ok(secrets.fields.includes("force_pool") && secrets.points.length > 0, "the patrol has secrets to keep");
});

test("an Isandlwana battle (Ferree): deployment dragged and chosen, then activations to the end", async () => {
  standin.newScene("Isandlwana");
  reseed(3);
  const from = sent.length;
  await api.start("isandlwana");
  let aw = book().awaiting;
  assert.match(aw.prompt, /Deployment/);
  checkTokensMatch(book().state);
  // A token dragged while the British deploy is a DEPLOY.
  const offered = aw.options.find((a) => a.kind === "DEPLOY");
  await drag(offered.unit_id, offered.to);
  await api.send();
  const dragged = sent.at(-1).british_actions;
  assert.equal(dragged.length, 1);
  assert.equal(dragged[0].kind, "DEPLOY");
  assert.equal(dragged[0].unit_id, offered.unit_id);
  assert.ok(Math.hypot(dragged[0].to.x - offered.to.x, dragged[0].to.y - offered.to.y) < 0.05);
  // Another deployed from its dialog: impi's next offer.
  const second = book().awaiting.options.find((a) => a.kind === "DEPLOY");
  assert.deepEqual(await fromHud(second.unit_id, /deploys at/), second);
  await api.send();
  assert.deepEqual(sent.at(-1).british_actions, [second]);
  // END_DEPLOYMENT: an option for the whole side, in the turn dialog.
  pick = { label: /end deployment/ };
  await api.turnDialog();
  pick = null;
  assert.equal(sent.at(-1).british_actions[0].kind, "END_DEPLOYMENT");

  for (let k = 0; k < 2000 && !lastAnswerEnded(); ++k) {
    aw = book().awaiting;
    const id = aw.unit_ids?.[0];
    const options = aw.options ?? [];
    const choice = options.find((a) => a.kind === "FIRE") ?? options.find((a) => a.kind === "CHARGE");
    if (id && choice) {
      await fromHud(id === choice.unit_id ? id : choice.unit_id, new RegExp(`(fires at|charges) ${choice.target_id}`));
      await api.send();
    } else {
      await api.pass();
    }
  }
  assert.ok(lastAnswerEnded(), `the battle ended: ${book().awaiting.prompt}`);
  const kinds = sentKinds(from);
  for (const kind of ["DEPLOY", "END_DEPLOYMENT", "FIRE", "PASS"]) assert.ok(kinds.includes(kind), `${kind} reported`);
  checkTokensMatch(book().state);
  checkPlayerCannotRead(book().state);
});

test("an Empress skirmish: each unit's orders from impi's options, the rest hold", async () => {
  standin.newScene("The drift");
  reseed(4);
  const from = sent.length;
  await api.start("empress");
  assert.match(book().awaiting.prompt, /British orders/);
  let ordered = 0;
  for (let k = 0; k < 200 && !lastAnswerEnded(); ++k) {
    const aw = book().awaiting;
    for (const id of aw.unit_ids ?? []) {
      const mine = (aw.options ?? []).filter((a) => a.unit_id === id);
      const choice = mine.find((a) => a.kind === "ORDER") ?? mine.find((a) => a.kind === "MOVE" && a.target_id) ??
                     mine.find((a) => a.kind === "FIRE") ?? mine.find((a) => a.kind === "CHARGE");
      if (!choice) continue;
      assert.deepEqual(await fromHud(id, new RegExp(`^${id} (orders|joins|fires at|charges)`)), choice);
      ++ordered;
    }
    // /impi pass: the units not ordered hold (a PASS each).
    await api.pass();
    const last = sent.at(-1).british_actions;
    assert.ok(last.every((a) => a.unit_id), "every order names its unit");
    assert.deepEqual(new Set(last.map((a) => a.unit_id)), new Set(aw.unit_ids ?? []), "an order for each unit awaited");
  }
  assert.ok(lastAnswerEnded(), `the skirmish ended: ${book().awaiting.prompt}`);
  assert.ok(ordered > 0);
  const kinds = sentKinds(from);
  assert.ok(kinds.includes("FIRE") && kinds.includes("PASS"));
  assert.ok(kinds.includes("ORDER") || kinds.includes("MOVE"), "an order given");
  checkTokensMatch(book().state);
  checkPlayerCannotRead(book().state);
});

test("Pagano's Rorke's Drift: fire from impi's options, the phase ended by a PASS, to the end", async () => {
  standin.newScene("Rorke's Drift");
  reseed(5);
  const from = sent.length;
  await api.start("rorkes_drift");
  checkTokensMatch(book().state);
  let fired = 0;
  for (let k = 0; k < 400 && !lastAnswerEnded(); ++k) {
    const shot = (book().awaiting.options ?? []).find((a) => a.kind === "FIRE");
    if (shot) {
      assert.deepEqual(await fromHud(shot.unit_id, new RegExp(`^${shot.unit_id} fires at ${shot.target_id}`)), shot);
      ++fired;
    }
    await api.pass();
  }
  assert.ok(lastAnswerEnded(), `the battle ended: ${book().awaiting.prompt}`);
  assert.ok(fired > 0);
  assert.ok(sent.slice(from).some((r) => (r.british_actions ?? []).some((a) => a.kind === "PASS" && !a.unit_id)),
            "a PASS naming no unit ended a phase");
  checkTokensMatch(book().state);
  checkPlayerCannotRead(book().state);
});

test("Zulu fire resolved at the table: impi's dialog of losses reports CASUALTIES", async () => {
  standin.newScene("Riflemen");
  reseed(7);
  // A saved patrol with a rifle-armed regiment in range of the column.
  const state = await (await fetch(`${server.url}/v1/Scenarios/tsatf`)).json();
  state.units.push({ id: "z90", side: "ZULU", kind: "RIFLE_REGIMENT", name: "riflemen",
                     figures: { fit: 12 }, position: { x: 30, y: 16 } });
  await api.load(state);
  assert.ok(tokenOf("z90"), "the regiment's token");
  const asked = standin.dialogs.length;
  let shot = null;
  for (let k = 0; k < 12 && !shot; ++k) {
    await api.pass();
    shot = standin.dialogs.slice(asked).find((d) => /losses to Zulu fire/.test(d.title));
  }
  assert.ok(shot, "a dialog of losses after Zulu fire");
  assert.match(shot.content, /z90 fire at (b\d+)/);
  const target = /name="loss-([^"]+)"/.exec(shot.content)[1];
  assert.deepEqual(book().pending, [{ kind: "CASUALTIES", target_id: target, casualties: 1 }]);
  const fit = (id) => Number(book().state.units.find((u) => u.id === id)?.figures?.fit ?? 0);
  const before = fit(target);
  await api.send();
  assert.deepEqual(sent.at(-1).british_actions, [{ kind: "CASUALTIES", target_id: target, casualties: 1 }]);
  assert.equal(fit(target), before - 1, "the losses taken");
});

test("a refused request leaves the tokens where the book has them", async () => {
  standin.newScene("Refused");
  await api.start("tsatf");
  const id = "b1";
  const at = (book().state.units.find((u) => u.id === id)).position;
  await drag(id, { x: 200, y: 200 });  // off the table: impi refuses the MOVE
  await assert.rejects(api.send(), /INVALID_ARGUMENT/);
  const back = scene.tokenInches(tokenOf(id).toObject(), frame());
  assert.deepEqual(back, { x: Number(at.x ?? 0), y: Number(at.y ?? 0) });
});
