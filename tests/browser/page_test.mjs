// The players' page (clients/web/) in headless Chromium against a real
// impi-server on 127.0.0.1 (ephemeral ports), as a player uses it:
//
//   1. TSATF Zulu Control, the patrol: drag the Natal Mounted Police (b6) to
//      4" of the donga head (appearance point 7), pass the card, and see the
//      Zulus appear in the picture, the explanation naming the table rolled
//      on (RANDOM CHANCE ON-FIELD); undo takes the step back.
//   2. Ferree's Isandlwana: the deployment ends, then a few activations are
//      passed; the active unit is named, Zulu units are drawn, and the
//      umpire's detail shows only with "reveal".
//   3. Pagano's d10 rules at Rorke's Drift (a battle the rule set builds
//      itself, saved by `impi play` and loaded): the izigaba drawn as
//      rectangles and the 140 British figures as discs; a figure fires at
//      what impi offers, another at an isigaba clicked on the table; the
//      phase is ended for the rest; a figure moves in the Brit Movement
//      phase; the turn goes round to the second turn's Brit Missile Fire,
//      the Zulus' fire explained by its table; a volley (every figure at the
//      nearest target offered) ends that phase, and undo takes it back.
//
// A screenshot of each is written to OUT (build/browser/).
//
// Usage: node page_test.mjs IMPI_SERVER SOURCE_DIR OUT
// (`impi` is looked for beside IMPI_SERVER, or at $IMPI_CLI.)
// Exit codes: 0 passed, 1 failed, 77 skipped (no Chromium or no
// playwright-core: ./dev installs both).
import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync } from "node:fs";
import { createInterface } from "node:readline";
import { dirname, join } from "node:path";
import assert from "node:assert/strict";

const [serverBin, sourceDir, outDir] = process.argv.slice(2);
const CHROMIUM = process.env.IMPI_CHROMIUM || "/usr/bin/chromium";

// A missing tool skips the test (77), but under `./dev test`, which
// installs both, it fails (IMPI_REQUIRE_TEST_TOOLS).
function toolMissing(why) {
  console.log(`${process.env.IMPI_REQUIRE_TEST_TOOLS ? "FAIL" : "SKIP"}: ${why}`);
  process.exit(process.env.IMPI_REQUIRE_TEST_TOOLS ? 1 : 77);
}

let chromium;
try {
  ({ chromium } = await import("playwright-core"));
} catch (e) {
  toolMissing(`playwright-core does not load (./dev installs it in tests/browser): ${e.message}`);
}
if (!existsSync(CHROMIUM)) toolMissing(`no Chromium at ${CHROMIUM} (./dev installs Debian's chromium)`);
mkdirSync(outDir, { recursive: true });

// impi-server on ephemeral ports; its first lines say where it listens.
function startServer() {
  const server = spawn(serverBin, [
    "--grpc_address=127.0.0.1:0", "--http_address=127.0.0.1:0",
    `--web_root=${join(sourceDir, "clients/web")}`,
  ], { stdio: ["ignore", "pipe", "inherit"] });
  return new Promise((resolve, reject) => {
    const lines = createInterface({ input: server.stdout });
    let grpc = "";
    lines.on("line", (line) => {
      const g = line.match(/gRPC impi\.v1\.Umpire on (127\.0\.0\.1:\d+)/);
      if (g) grpc = g[1];
      const m = line.match(/JSON\/HTTP on (http:\/\/127\.0\.0\.1:\d+)/);
      if (m) resolve({ server, url: m[1], grpc });
    });
    server.on("exit", (code) => reject(new Error(`impi-server exited (${code})`)));
  });
}

const { server, url, grpc } = await startServer();
const browser = await chromium.launch({ executablePath: CHROMIUM, args: ["--no-sandbox"] });
let failed = false;
const results = [];

async function check(name, body) {
  try {
    await body();
    results.push(`ok ${name}`);
  } catch (e) {
    failed = true;
    results.push(`FAILED ${name}: ${e.stack ?? e}`);
  }
}

// Does `action` and waits until the page has drawn a new picture and is
// idle; returns the step shown.
// `timeout`: the longest wait (a volley is a step a figure).
async function redrawn(page, action, timeout = 30000) {
  const before = await page.evaluate(() => Number(document.body.dataset.draws ?? 0));
  await action();
  await page.waitForFunction(
    (k) => Number(document.body.dataset.draws ?? 0) > k && !document.body.dataset.busy, before,
    { timeout });
  return page.evaluate(() => Number(document.body.dataset.drawn));
}

async function newGame(page, ruleset, scenario, seed) {
  await page.selectOption("#ruleset", ruleset);
  await page.selectOption("#scenario", scenario);
  await page.fill("#seed", String(seed));
  assert.equal(await redrawn(page, () => page.click("#new-game")), 1);
}

// Drags a unit to table inches (x, y): the pointer goes where the SVG puts
// that point.
async function dragUnit(page, id, x, y) {
  const at = await page.evaluate(([id, x, y]) => {
    const svg = document.querySelector("#table svg");
    const g = svg.querySelector(`g.unit[data-unit-id="${id}"]`);
    const ctm = svg.getScreenCTM();
    const toScreen = (tx, ty) => new DOMPoint(
      tx, Number(svg.dataset.topMargin) + Number(svg.dataset.tableHeight) - ty).matrixTransform(ctm);
    const from = toScreen(Number(g.dataset.x), Number(g.dataset.y));
    const to = toScreen(x, y);
    return { from: [from.x, from.y], to: [to.x, to.y] };
  }, [id, x, y]);
  await page.mouse.move(...at.from);
  await page.mouse.down();
  await page.mouse.move((at.from[0] + at.to[0]) / 2, (at.from[1] + at.to[1]) / 2);
  await page.mouse.move(...at.to);
  await page.mouse.up();
}

const zuluUnitsDrawn = (page) => page.locator("#table g.unit.zulu").count();
// The British units that may act now (the page's last answer).
const mayAct = (page) => page.evaluate(() => window.impiPage.history.at(-1).answer.awaiting.unit_ids?.length ?? 0);
const logText = (page) => page.locator("#log").innerText();

try {
  const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
  page.on("pageerror", (e) => { failed = true; results.push(`FAILED page error: ${e}`); });
  page.on("console", (m) => console.log(`page console: ${m.text()}`));
  await page.goto(url + "/");
  await page.waitForSelector("body[data-ready='1']", { state: "attached" });

  await check("the rule sets are listed by the names Describe gives them", async () => {
    const listed = await page.$$eval("#ruleset option", (os) => os.map((o) => [o.value, o.textContent]));
    const names = new Map(listed);
    assert.equal(names.get("PAGANO_D10"), "Pagano's d10 rules");
    assert.equal(names.get("FERREE_ISANDLWANA"), "Ferree's Isandlwana");
    for (const [id, text] of listed) assert.notEqual(text, id, `${id} is listed by its title`);
  });

  await check("Zulu Control: a ride to the donga head brings the Zulus on", async () => {
    // Each try is a new game: the dice decide whether the point makes an
    // impi, so a few seeds are tried until one does (seed 5 does today).
    let zulus = 0;
    for (const seed of [5, 11, 23, 42, 77, 101]) {
      await newGame(page, "TSATF_ZULU_CONTROL", "tsatf", seed);
      assert.match(await page.locator("#prompt").innerText(), /red card 1 of 3/);
      assert.equal(await zuluUnitsDrawn(page), 0, "no Zulus before the ride");
      await dragUnit(page, "b6", 22, 13);
      const pending = await page.locator("#pending").innerText();
      assert.match(pending, /b6 moves to \(2[12](\.\d)?, 1[23](\.\d)?\)/);
      assert.equal(await page.locator('#table line.planned[data-unit-id="b6"]').count(), 1,
                   "the planned move is drawn");
      assert.equal(await redrawn(page, () => page.click("#pass")), 2);
      zulus = await zuluUnitsDrawn(page);
      if (zulus > 0) break;
    }
    assert.ok(zulus > 0, "Zulu units in the picture");
    const log = await logText(page);
    assert.match(log, /RANDOM CHANCE ON-FIELD/, "the explanation names the table");
    assert.match(log, /appears at/);
    assert.match(await page.locator("#prompt").innerText(), /red card 2 of 3/);
    assert.doesNotMatch(log, /\[umpire\]/, "umpire detail hidden without reveal");

    // Fire marked by clicking: b1 at the first Zulu unit, 2 hits. Fire is
    // not allowed on a movement card: impi's error is shown, nothing is
    // applied, and the marks are cleared.
    await page.check("input[name=mode][value=fire]");
    await page.fill("#hits", "2");
    await page.click('#table g.unit[data-unit-id="b1"] rect');
    const zulu = await page.locator("#table g.unit.zulu").first().getAttribute("data-unit-id");
    await page.click(`#table g.unit[data-unit-id="${zulu}"] ellipse`);
    assert.match(await page.locator("#pending").innerText(), new RegExp(`b1 fires at ${zulu}: 2 hits`));
    await page.click("#send");
    await page.waitForFunction(() => document.querySelector("#error").innerText.length > 0);
    assert.match(await page.locator("#error").innerText(), /FAILED_PRECONDITION: .*FIRE is not allowed now/);
    assert.equal(await page.evaluate(() => window.impiPage.history.length), 2, "nothing applied");
    await page.click("#clear");
    // Losses: a click on a Zulu unit marks its casualties.
    await page.check("input[name=mode][value=losses]");
    await page.fill("#hits", "3");
    await page.click(`#table g.unit[data-unit-id="${zulu}"] ellipse`);
    assert.match(await page.locator("#pending").innerText(), new RegExp(`${zulu} lost 3`));
    await page.click("#clear");
    await page.check("input[name=mode][value=move]");
    await redrawn(page, () => page.check("#reveal"));
    assert.match(await logText(page), /\[umpire\]/);
    await page.waitForSelector("#table g.group text");  // the impi's outline and label
    assert.match(await page.locator("#table g.group").first().innerHTML(), /handed/);
    await page.screenshot({ path: join(outDir, "tsatf.png") });
    assert.equal(await redrawn(page, () => page.click("#undo")), 1);
    assert.equal(await zuluUnitsDrawn(page), 0, "undo takes the Zulus off again");
    await redrawn(page, () => page.uncheck("#reveal"));
  });

  await check("Zulu Control with the cards typed in from the table", async () => {
    await page.uncheck("#reveal");
    await page.check("input[name=dice][value=typed]");
    // Too few: impi says what it still needs, and nothing changes.
    await page.fill("#cards", "");
    await page.selectOption("#ruleset", "TSATF_ZULU_CONTROL");
    await page.selectOption("#scenario", "tsatf");
    await page.click("#new-game");
    await page.waitForFunction(() => /ran out/.test(document.querySelector("#error").innerText));
    assert.match(await page.locator("#error").innerText(), /cards: ran out after 0 cards/);
    // A black card (a Zulu card, no Zulus yet), then a red one: the British move.
    await page.fill("#cards", "black, red");
    assert.equal(await redrawn(page, () => page.click("#new-game")), 1);
    assert.equal(await page.locator("#error").innerText(), "");
    const log = await logText(page);
    assert.match(log, /Black card \(Zulu move\), 1 of 3\.\s+Red card \(British move\), 1 of 3\./);
    assert.match(await page.locator("#prompt").innerText(), /red card 1 of 3/);
    await page.check("input[name=dice][value=impi]");
  });

  await check("Isandlwana: deployment, then activations", async () => {
    await newGame(page, "FERREE_ISANDLWANA", "isandlwana", 3);
    assert.match(await page.locator("#prompt").innerText(), /Deployment/);
    assert.ok(await zuluUnitsDrawn(page) > 0, "the Zulu trays are drawn");
    let steps = 1;
    const active = [];
    for (let k = 0; k < 4; ++k) {
      await page.fill("#seed", String(10 + k));
      assert.equal(await redrawn(page, () => page.click("#pass")), ++steps);
      const prompt = await page.locator("#prompt").innerText();
      assert.match(prompt, /is active|GAME|ended/i);
      active.push(prompt);
    }
    assert.ok(active.some((p) => /is active/.test(p)));
    const log = await logText(page);
    assert.match(log, /Counter drawn/);
    assert.match(log, /\[/, "an explanation names its table or section");
    assert.doesNotMatch(log, /\[umpire\]/);
    await redrawn(page, () => page.check("#reveal"));
    assert.match(await logText(page), /\[umpire\]/);
    assert.ok(await zuluUnitsDrawn(page) > 0);
    await page.screenshot({ path: join(outDir, "isandlwana.png") });

    // Save the game, start another, load the saved one: the same table.
    const prompt = await page.locator("#prompt").innerText();
    const [download] = await Promise.all([page.waitForEvent("download"), page.click("#save")]);
    const saved = join(outDir, "isandlwana-saved.json");
    await download.saveAs(saved);
    await newGame(page, "TSATF_ZULU_CONTROL", "tsatf", 1);
    assert.equal(await redrawn(page, () => page.setInputFiles("#load", saved)), 1);
    assert.equal(await page.locator("#prompt").innerText(), prompt);
    assert.ok(await zuluUnitsDrawn(page) > 0);
  });

  await check("Empress: orders from impi's options, the others hold", async () => {
    await newGame(page, "EMPRESS_DWG", "empress", 4);
    assert.match(await page.locator("#prompt").innerText(), /move 1: British orders/);
    assert.ok(await page.locator("#options button").count() > 5, "impi's options are listed");
    // The captain joins the NNC; B Coy fires at the first target offered;
    // the others hold when the page passes.
    await page.locator("#options button", { hasText: "b_officer joins b_nnc" }).click();
    await page.locator("#options button", { hasText: /^b_coy fires at/ }).first().click();
    const pending = await page.locator("#pending").innerText();
    assert.match(pending, /b_officer joins b_nnc/);
    assert.match(pending, /b_coy fires at z\d/);
    assert.equal(await redrawn(page, () => page.click("#pass")), 2);
    assert.equal(await page.locator("#error").innerText(), "");
    assert.match(await page.locator("#prompt").innerText(), /move 2: British orders/);
    assert.match(await logText(page), /fires/);
    // Attached to it now, he may change the NNC's standing order.
    await page.locator("#options button", { hasText: "b_officer orders b_nnc to attack" }).click();
    assert.equal(await redrawn(page, () => page.click("#pass")), 3);
    assert.equal(await page.locator("#error").innerText(), "");
    const standing = await page.evaluate(() => window.impiPage.history.at(-1).answer.state.empress
      .units.find((u) => u.unit_id === "b_nnc")?.standing);
    assert.equal(standing, "EMPRESS_ATTACK");
    await page.screenshot({ path: join(outDir, "empress.png") });
  });

  await check("Pagano: Rorke's Drift, a turn played figure by figure", async () => {
    // A battle the rule set builds itself, started and saved by `impi play`
    // (the Zulus' first movement played, seed 5), loaded as a saved game.
    const impiCli = process.env.IMPI_CLI || join(dirname(serverBin), "impi");
    const saved = join(outDir, "rorkes_drift-saved.json");
    const play = spawnSync(impiCli, ["play", "--scenario", "rorkes_drift", "--target", grpc,
                                     "--seed", "5", "--save", saved], { input: "quit\n", encoding: "utf8" });
    assert.equal(play.status, 0, `impi play: ${play.stderr}`);
    assert.equal(JSON.parse(readFileSync(saved, "utf8")).ruleset, "PAGANO_D10");
    // Reveal off, its picture drawn before the load (a load sent while the
    // page is busy drawing is not taken).
    if (await page.isChecked("#reveal")) await redrawn(page, () => page.uncheck("#reveal"));
    await page.check("input[name=dice][value=impi]");
    await page.fill("#seed", "7");
    assert.equal(await redrawn(page, () => page.setInputFiles("#load", saved)), 1);
    assert.equal(await page.locator("#error").innerText(), "");
    assert.match(await page.locator("#phase").innerText(), /^turn 1, Brit Missile Fire \u2014 140 British units may act/);
    assert.match(await page.locator("#pass").innerText(), /End the phase/);
    assert.equal(await page.locator("#table rect.isigaba").count(), 12, "twelve izigaba as rectangles");
    assert.equal(await page.locator("#table circle.figure").count(), 140, "the British figures as discs");
    // An isigaba's rectangle is its frontage wide: at least 4".
    const width = Number(await page.locator("#table rect.isigaba").first().getAttribute("width"));
    assert.ok(width >= 4, `frontage ${width}`);

    // The first figure fires at the first target impi offers it.
    const offered = page.locator("#options button", { hasText: / fires at / }).first();
    const [, firer, target] = /^(\S+) fires at (\S+)/.exec(await offered.innerText());
    await offered.click();
    assert.match(await page.locator("#pending").innerText(), new RegExp(`${firer} fires at ${target}`));
    assert.equal(await redrawn(page, () => page.click("#send")), 2);
    assert.equal(await page.locator("#error").innerText(), "");
    assert.match(await logText(page), new RegExp(`${firer} fires at ${target}: \\d+ elimination`));
    assert.equal(await mayAct(page), 139, "the figure has fired");

    // Another: clicked on the table, the figure, then the isigaba.
    const next = await page.evaluate(() => window.impiPage.history.at(-1).answer.awaiting.options
      .find((a) => a.kind === "FIRE"));
    assert.ok(next, "impi offers the next figure a FIRE");
    await page.check("input[name=mode][value=fire]");
    await page.click(`#table g.unit[data-unit-id="${next.unit_id}"] circle`);
    await page.click(`#table g.unit[data-unit-id="${next.target_id}"] rect`, { force: true });
    assert.match(await page.locator("#pending").innerText(), new RegExp(`${next.unit_id} fires at ${next.target_id}`));
    assert.equal(await redrawn(page, () => page.click("#send")), 3);
    assert.equal(await page.locator("#error").innerText(), "");
    // It has fired (and any figure left with no target is passed over).
    assert.ok(await mayAct(page) <= 138);
    await page.check("input[name=mode][value=move]");

    // The rest stand: the phase ends, the Zulus' morale and melee, then the
    // British move.
    assert.equal(await redrawn(page, () => page.click("#pass")), 4);
    assert.equal(await page.locator("#error").innerText(), "");
    assert.match(await logText(page), /The British end Brit Missile Fire/);
    assert.match(await page.locator("#phase").innerText(), /^turn 1, Brit Movement/);
    // A figure dragged 1" back from where it stands.
    const mover = await page.evaluate(() => window.impiPage.history.at(-1).answer.awaiting.unit_ids[0]);
    const from = await page.evaluate((id) => {
      const g = document.querySelector(`#table g.unit[data-unit-id="${id}"]`);
      return { x: Number(g.dataset.x), y: Number(g.dataset.y) };
    }, mover);
    await dragUnit(page, mover, from.x, from.y - 1);
    assert.match(await page.locator("#pending").innerText(), new RegExp(`${mover} moves to`));
    assert.equal(await redrawn(page, () => page.click("#send")), 5);
    assert.equal(await page.locator("#error").innerText(), "");
    const moved = await page.evaluate((id) => window.impiPage.history.at(-1).answer.state.units
      .find((u) => u.id === id).position, mover);
    assert.ok(Math.hypot(moved.x - from.x, (moved.y ?? 0) - from.y) > 0.5, `${mover} moved`);
    // The phase ended again: the medical corps, the Zulus' fire, the melee,
    // and the next turn's Zulu movement, up to the British fire.
    assert.equal(await redrawn(page, () => page.click("#pass")), 6);
    assert.equal(await page.locator("#error").innerText(), "");
    assert.match(await page.locator("#phase").innerText(), /^turn 2, Brit Missile Fire/);
    const log = await logText(page);
    assert.match(log, /Zulu Missile Fire/);
    assert.match(log, /fires at \S+: \d+ elimination/);
    assert.match(log, /\[d10 Jan Feb Riflemen/, "the Zulu fire names the riflemen table");
    // Reveal: the rule set's own notes on the picture.
    await redrawn(page, () => page.check("#reveal"));
    assert.match(await page.locator("#table svg > text").first().innerHTML(), /phase 2 of 8, Brit Missile Fire/);
    assert.match(await page.locator("#table g.units").innerHTML(), /\[riflemen \d/);
    await page.screenshot({ path: join(outDir, "pagano.png") });
    await redrawn(page, () => page.uncheck("#reveal"));

    // A volley: every figure fires at the nearest target impi offers it, a
    // step each, shown as one step; undo takes it back whole.
    assert.ok(await page.locator("#volley").isVisible(), "the volley is offered in the fire phase");
    assert.equal(await redrawn(page, () => page.click("#volley"), 180000), 7);
    assert.equal(await page.locator("#error").innerText(), "");
    const volleyLog = await page.locator("#log li.step").last().innerText();
    const [, fired] = /Volley: (\d+) fired, \d+ stood\./.exec(volleyLog) ?? [];
    assert.ok(Number(fired) > 10, volleyLog.slice(0, 300));
    assert.equal((volleyLog.match(/ fires at \S+: \d+ elimination/g) ?? []).length, Number(fired));
    assert.match(await page.locator("#phase").innerText(), /^turn 2, Brit Movement/);
    assert.ok(!(await page.locator("#volley").isVisible()), "no volley in the movement phase");
    assert.equal(await redrawn(page, () => page.click("#undo")), 6);
    assert.match(await page.locator("#phase").innerText(), /^turn 2, Brit Missile Fire/);
  });
} finally {
  await browser.close();
  server.kill("SIGTERM");
}

for (const r of results) console.log(r);
console.log(`${results.filter((r) => r.startsWith("ok")).length} passed, ${results.filter((r) => !r.startsWith("ok")).length} failed`);
process.exit(failed ? 1 : 0);
