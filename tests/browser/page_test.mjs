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
//   4. Typed dice and cards: a step takes them, the boxes are emptied and
//      the next request carries none. A batch of moves where the first
//      brings Zulus on: sent one by one, the later move that no longer
//      applies kept with impi's reason (naming a Zulu unit now drawn), the
//      Pass not sent; undo gives the moves back, redo puts the step back.
//   5. The prompt, Pass, Send and an error in view with the side panel and
//      the page scrolled to the bottom; a reload resumes the game (log,
//      entered actions, picture); the mode back to Move a new phase and a
//      new game; impi's options listed once; a saved game loads with its
//      log, and `impi advance` and `impi play --load` take the saved file;
//      the active unit ringed.
//   6. The zoom buttons, the wheel, a drag of the ground, and reset. (The
//      labels of every scenario and of crowded tables: labels_test.mjs;
//      each rule set played by hand with typed dice: rulesets_test.mjs.)
//   7. Empress: a drag gives the order offered that ends where it is
//      dropped (or none, and says so), a unit offered no move is not
//      draggable; the log's distances to a tenth of an inch; a fire's
//      losses never more than its target's figures; a unit with none left
//      off the picture.
//
// A screenshot of each is written to OUT (build/browser/).
//
// Usage: node page_test.mjs IMPI_SERVER SOURCE_DIR OUT
// (IMPI_PAGE_ONLY=REGEX: only the checks so named; ctest runs Pagano's,
// IMPI_PAGE_ONLY=^Pagano, and the others, IMPI_PAGE_ONLY='^(?!Pagano)', as
// two entries side by side.)
// (`impi` is looked for beside IMPI_SERVER, or at $IMPI_CLI.)
// Exit codes: 0 passed, 1 failed, 77 skipped (no Chromium or no
// playwright-core: ./dev installs both).
import { spawnSync } from "node:child_process";
import { mkdirSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import assert from "node:assert/strict";
import {
  checks, dragUnit, launch, loadTools, logText, mayAct, newGame, openPage, redrawn, startServer,
  zuluUnitsDrawn,
} from "./harness.mjs";

const [serverBin, sourceDir, outDir] = process.argv.slice(2);
const { chromium } = await loadTools();
mkdirSync(outDir, { recursive: true });

const { server, url, grpc } = await startServer(serverBin, sourceDir);
const browser = await launch(chromium);
const { check, fail, finish } = checks();

try {
  const page = await openPage(browser, url, fail);

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
    // The step took the cards: the boxes are empty, and the next request
    // carries none (impi then says what it needs; nothing is applied).
    assert.equal(await page.inputValue("#cards"), "");
    assert.equal(await page.inputValue("#faces"), "");
    assert.match(await page.locator("#dice-note").innerText(), /Taken by the last step: dice none, cards black, red/);
    const [request] = await Promise.all([
      page.waitForRequest((r) => r.url().endsWith("/v1/Advance")), page.click("#pass")]);
    const dice = request.postDataJSON().dice;
    assert.deepEqual(dice.scripted?.dice ?? [], [], "no stale dice");
    assert.deepEqual(dice.scripted?.cards ?? [], [], "no stale cards");
    assert.equal(dice.seed, undefined);
    await page.waitForFunction(() => /ran out/.test(document.querySelector("#error").innerText));
    assert.equal(await page.evaluate(() => window.impiPage.history.length), 1, "nothing applied");
    // Dice typed for a step, then the step: both boxes emptied.
    await page.fill("#faces", "4, 2, 6");
    await page.fill("#cards", "red");
    assert.equal(await redrawn(page, () => page.click("#pass")), 2);
    assert.equal(await page.inputValue("#faces"), "");
    assert.equal(await page.inputValue("#cards"), "");
    assert.match(await page.locator("#dice-note").innerText(), /dice 4, 2, 6, cards red/);
    await page.check("input[name=dice][value=impi]");
  });

  await check("Zulu Control: moves sent one by one, Zulus brought on by an early one", async () => {
    // Seed 5: the ride to the donga head brings an impi on at (17.8, 12.6);
    // b1's move to (20, 12), legal before, would end within 1" of z2.
    await newGame(page, "TSATF_ZULU_CONTROL", "tsatf", 5);
    await dragUnit(page, "b6", 22, 13);
    await dragUnit(page, "b1", 20, 12);
    assert.match(await page.locator("#pending").innerText(), /b6 moves to[^]*b1 moves to \(20, 12\)/);
    assert.equal(await redrawn(page, () => page.click("#pass")), 2, "the moves that applied are a step");
    const error = await page.locator("#error").innerText();
    assert.match(error, /Applied one by one: b6 moves to \(22, 13\)/);
    assert.match(error, /No longer applies as the table now stands: b1 moves to \(20, 12\) \(.*Zulu unit z\d/);
    assert.match(error, /the Pass was not sent/);
    assert.doesNotMatch(error, /british_actions/);
    // The Zulu unit named is on the table; b6 has moved; b1's move is kept.
    const named = /Zulu unit (z\d+)/.exec(error)[1];
    assert.equal(await page.locator(`#table g.unit.zulu[data-unit-id="${named}"]`).count(), 1);
    const state = await page.evaluate(() => window.impiPage.history.at(-1).answer.state);
    const b6 = state.units.find((u) => u.id === "b6").position;
    assert.deepEqual([b6.x, b6.y], [22, 13]);
    assert.match(await page.locator("#pending").innerText(), /^b1 moves to \(20, 12\)/);
    assert.match(await page.locator("#prompt").innerText(), /red card 1 of 3/);
    assert.match(await logText(page), /An impi of \d regiments appears/);
    // Undo gives back what was entered for the step; redo puts it back.
    assert.equal(await redrawn(page, () => page.click("#undo")), 1);
    assert.match(await page.locator("#pending").innerText(), /b6 moves to \(22, 13\)[^]*b1 moves to \(20, 12\)/);
    assert.equal(await zuluUnitsDrawn(page), 0);
    assert.equal(await redrawn(page, () => page.click("#redo")), 2);
    assert.ok(await zuluUnitsDrawn(page) > 0);
    assert.match(await page.locator("#pending").innerText(), /^b1 moves to \(20, 12\)/);
    assert.ok(await page.isDisabled("#redo"));
    await page.click("#clear");
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

    // The active unit is ringed on the table.
    const activeId = await page.evaluate(() => window.impiPage.history.at(-1).answer.awaiting.unit_ids?.[0]);
    if (/is active/.test(await page.locator("#prompt").innerText())) {
      assert.equal(await page.locator("#table g.unit.active").count(), 1, "one unit marked active");
      assert.equal(await page.locator("#table g.unit.active").getAttribute("data-unit-id"), activeId);
      assert.equal(await page.locator("#table g.unit.active circle.active-ring").count(), 1);
    }

    // Save the game, start another, load the saved one: the same table,
    // and the log it had.
    const prompt = await page.locator("#prompt").innerText();
    const savedLog = await logText(page);
    const [download] = await Promise.all([page.waitForEvent("download"), page.click("#save")]);
    const saved = join(outDir, "isandlwana-saved.json");
    await download.saveAs(saved);
    // The file is {state, awaiting, events}: `impi advance` and `impi play
    // --load` take it as it is.
    assert.deepEqual(Object.keys(JSON.parse(readFileSync(saved, "utf8"))).sort(), ["awaiting", "events", "state"]);
    const impiCli = process.env.IMPI_CLI || join(dirname(serverBin), "impi");
    const advanced = spawnSync(impiCli, ["advance", saved, "--target", grpc, "--seed", "9", "--explain"],
                               { encoding: "utf8" });
    assert.equal(advanced.status, 0, `impi advance: ${advanced.stderr}`);
    const resumed = spawnSync(impiCli, ["play", "--load", saved, "--target", grpc],
                              { input: "pass\nquit\n", encoding: "utf8" });
    assert.equal(resumed.status, 0, `impi play --load: ${resumed.stderr}`);
    assert.match(resumed.stdout, new RegExp(`impi play: ${saved.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}`));
    assert.match(resumed.stdout, /impi awaits: /);
    assert.doesNotMatch(resumed.stdout, /impi says:/);
    await newGame(page, "TSATF_ZULU_CONTROL", "tsatf", 1);
    assert.equal(await redrawn(page, () => page.setInputFiles("#load", saved)), 2,
                 "the saved log, then the loaded table");
    assert.equal(await page.locator("#prompt").innerText(), prompt);
    assert.ok(await zuluUnitsDrawn(page) > 0);
    const loadedLog = await logText(page);
    assert.match(loadedLog, /^Before the load/);
    for (const line of savedLog.split("\n").filter((l) => /Counter drawn/.test(l))) {
      assert.ok(loadedLog.includes(line), `the loaded log keeps: ${line}`);
    }
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

  await check("the prompt, Pass and an error stay in view however long the lists", async () => {
    // Zulu Control's first card: the moves of nine units listed.
    await newGame(page, "TSATF_ZULU_CONTROL", "tsatf", 5);
    assert.ok(await page.locator("#options li").count() > 20);
    await page.evaluate(() => {
      const aside = document.querySelector("aside");
      aside.scrollTop = aside.scrollHeight;
      window.scrollTo(0, document.body.scrollHeight);
    });
    await page.evaluate(() => { document.querySelector("#error").textContent = "an error shown"; });
    const viewport = page.viewportSize();
    for (const id of ["#prompt", "#pass", "#send", "#error"]) {
      const seen = await page.evaluate((sel) => {
        const e = document.querySelector(sel);
        const r = e.getBoundingClientRect();
        const top = document.elementFromPoint(r.x + Math.min(r.width, 20) / 2, r.y + r.height / 2);
        return { top: r.top, bottom: r.bottom, on: e.contains(top) };
      }, id);
      assert.ok(seen.top >= 0 && seen.bottom <= viewport.height, `${id} in view: ${JSON.stringify(seen)}`);
      assert.ok(seen.on, `${id} is not covered`);
    }
    await page.evaluate(() => { document.querySelector("#error").textContent = ""; });
  });

  await check("a reload resumes the game; the mode resets a phase; options listed once", async () => {
    await newGame(page, "TSATF_ZULU_CONTROL", "tsatf", 5);
    // impi offers b5 the same move twice: listed once.
    const offered = await page.$$eval("#options button", (bs) => bs.map((b) => b.textContent));
    assert.equal(new Set(offered).size, offered.length, `duplicates in ${offered.join(" | ")}`);
    assert.ok(offered.filter((t) => t === "b5 moves to (36, 8.5)").length === 1);
    await dragUnit(page, "b6", 22, 13);
    assert.equal(await redrawn(page, () => page.click("#pass")), 2);
    await dragUnit(page, "b2", 34, 9);
    await page.check("input[name=mode][value=fire]");
    const before = {
      prompt: await page.locator("#prompt").innerText(),
      log: await logText(page),
      pending: await page.locator("#pending").innerText(),
      zulus: await zuluUnitsDrawn(page),
    };
    await page.reload();
    await page.waitForSelector("body[data-ready='1']", { state: "attached" });
    assert.equal(await page.evaluate(() => window.impiPage.history.length), 2);
    assert.equal(await page.locator("#prompt").innerText(), before.prompt);
    assert.equal(await logText(page), before.log);
    assert.equal(await page.locator("#pending").innerText(), before.pending);
    assert.equal(await zuluUnitsDrawn(page), before.zulus);
    assert.match(await page.locator("#resumed").innerText(), /Resumed the game this browser saved \(step 2\)/);
    assert.equal(await page.inputValue("#scenario"), "tsatf");
    // Fire mode chosen, then a new phase: Move again.
    await page.check("input[name=mode][value=fire]");
    await page.click("#clear");
    for (let k = 0; k < 6 && /movement/.test(await page.locator("#prompt").innerText()); ++k) {
      await redrawn(page, () => page.click("#pass"));
    }
    assert.doesNotMatch(await page.locator("#prompt").innerText(), /movement/);
    assert.ok(await page.isChecked("input[name=mode][value=move]"), "the mode is Move in a new phase");
    // And in a new game.
    await page.check("input[name=mode][value=charge]");
    await newGame(page, "TSATF_ZULU_CONTROL", "tsatf", 5);
    assert.ok(await page.isChecked("input[name=mode][value=move]"), "the mode is Move in a new game");
  });

  await check("the table zooms and pans", async () => {
    const viewBox = () => page.$eval("#table svg", (s) => s.getAttribute("viewBox").split(/\s+/).map(Number));
    // Buttons, the wheel and a drag of the ground; reset shows the whole.
    await newGame(page, "FERREE_ISANDLWANA", "isandlwana", 3);
    const whole = await viewBox();
    await page.click("#zoom-in");
    let v = await viewBox();
    assert.ok(Math.abs(v[2] - whole[2] / 1.5) < 1e-6, `zoomed in: ${v}`);
    assert.equal(await page.evaluate(() => document.body.dataset.zoom), "1.50");
    const frame = await page.locator("#table svg").boundingBox();
    await page.mouse.move(frame.x + frame.width * 0.3, frame.y + frame.height * 0.5);
    await page.mouse.wheel(0, -100);
    await page.waitForFunction(() => Number(document.body.dataset.zoom) > 1.8);
    v = await viewBox();
    assert.ok(v[2] < whole[2] / 1.8);
    // A drag on the ground (where no unit is) pans.
    const ground = await page.evaluate(() => {
      const svg = document.querySelector("#table svg");
      const r = svg.getBoundingClientRect();
      for (let y = r.top + 20; y < r.bottom - 20; y += 7) {
        for (let x = r.left + 20; x < r.right - 20; x += 7) {
          const e = document.elementFromPoint(x, y);
          if (e && !e.closest("g.unit") && svg.contains(e)) return [x, y];
        }
      }
      return null;
    });
    assert.ok(ground, "somewhere to grab the ground");
    await page.mouse.move(...ground);
    await page.mouse.down();
    await page.mouse.move(ground[0] + 40, ground[1] + 30, { steps: 4 });
    await page.mouse.up();
    const panned = await viewBox();
    assert.ok(panned[0] < v[0] || panned[1] < v[1], `panned from ${v} to ${panned}`);
    assert.equal(panned[2], v[2], "a pan keeps the zoom");
    await page.screenshot({ path: join(outDir, "zoomed.png") });
    await page.click("#zoom-reset");
    assert.deepEqual(await viewBox(), whole);
    assert.equal(await page.evaluate(() => document.body.dataset.zoom), "1.00");
  });

  await check("Empress: orders by dragging, distances rounded, losses held to the figures", async () => {
    await newGame(page, "EMPRESS_DWG", "empress", 4);
    const awaiting = await page.evaluate(() => window.impiPage.history.at(-1).answer.awaiting);
    // A unit offered no move cannot be dragged; one offered moves can.
    const movers = new Set(awaiting.options.filter((a) => a.kind === "MOVE").map((a) => a.unit_id));
    const still = awaiting.unit_ids.find((id) => !movers.has(id));
    assert.ok(still && movers.has("b_horse"));
    assert.ok(!(await page.locator(`#table g.unit[data-unit-id="${still}"]`).getAttribute("class")).includes("draggable"));
    assert.match(await page.locator('#table g.unit[data-unit-id="b_horse"]').getAttribute("class"), /draggable/);
    // Dropped far from anywhere offered: no order, and impi's options named.
    const horse = await page.evaluate(() => {
      const u = window.impiPage.history.at(-1).answer.state.units.find((u) => u.id === "b_horse");
      return u.position;
    });
    const far = awaiting.options.filter((a) => a.unit_id === "b_horse" && a.kind === "MOVE")
      .every((a) => Math.hypot(a.to.x - horse.x, a.to.y - (horse.y + 8)) > 3);
    assert.ok(far);
    await dragUnit(page, "b_horse", horse.x, horse.y + 8);
    assert.match(await page.locator("#error").innerText(), /No order impi offers b_horse ends there/);
    assert.equal(await page.locator("#pending li").count(), 0);
    // Dropped near an offered move's end: that order, exactly as offered.
    const offer = awaiting.options.find((a) => a.unit_id === "b_horse" && a.kind === "MOVE");
    await dragUnit(page, "b_horse", offer.to.x + 1, offer.to.y - 1);
    const pending = await page.evaluate(() => window.impiPage.pending);
    assert.deepEqual(pending, [offer]);
    await page.click("#clear");

    // Holding every unit, move after move: the losses a fire reports are
    // never more than the figures its target had; a unit with none left is
    // off the picture; every distance in the log is to a tenth of an inch.
    let fullLoss = null;
    for (let k = 0; k < 8; ++k) {
      await page.fill("#seed", String(10 + k));
      await redrawn(page, () => page.click("#pass"));
      const lines = await page.locator("#log li.step").last().innerText();
      fullLoss ??= /([1-9]\d*) killed \((\d+) hits; \1 figures? (was|were) left\)/.exec(lines);
    }
    assert.ok(fullLoss, "a fire with more hits than figures left is told as the figures");
    assert.ok(Number(fullLoss[2]) > Number(fullLoss[1]));
    const log = await logText(page);
    assert.doesNotMatch(log, /\d\.\d{2,}"/, "distances rounded");
    const empty = await page.evaluate(() => window.impiPage.history.at(-1).answer.state.units
      .filter((u) => !u.off_table && (u.figures?.fit ?? 0) === 0 && (u.figures?.casualties ?? 0) > 0).map((u) => u.id));
    assert.ok(empty.length > 0, "a unit has lost every figure");
    for (const id of empty) {
      assert.equal(await page.locator(`#table g.unit[data-unit-id="${id}"]`).count(), 0, `${id} is not drawn`);
      assert.match(await page.locator("#gone").innerText(), new RegExp(`${id} \\(\\d+ lost\\)`));
    }
    await page.screenshot({ path: join(outDir, "empress-late.png") });
  });
} finally {
  await browser.close();
  server.kill("SIGTERM");
}

process.exit(finish());
