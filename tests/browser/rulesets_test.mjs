// Each playable rule set played by hand on the players' page
// (clients/web/), in headless Chromium against a real impi-server on
// 127.0.0.1 (ephemeral ports):
//
//   - several turns with the dice (and Zulu Control's cards) typed in from
//     the table: each step is tried with the boxes empty first (the request
//     carries no dice: a value typed for an earlier step is never sent
//     again), then with what impi says it still needs typed in, until it
//     applies; every request carries exactly what is typed; the step takes
//     its dice in order, each once (the answer's rolls are the typed faces'
//     first ones, the rest named as not needed), and empties the boxes;
//   - zoom: the buttons and the wheel, no two labels overlapping at either
//     zoom, and reset;
//   - the autosave: a reload resumes the game (its steps, prompt, log and
//     zoom);
//   - undo takes the last step back, redo puts it back;
//   - a screenshot, OUT/<rule set>-typed.png.
//
// Usage: node rulesets_test.mjs IMPI_SERVER SOURCE_DIR OUT RULESET
// (RULESET: tsatf, ferree, empress, pagano or roarks; ctest runs one entry
// each.)
// Exit codes: 0 passed, 1 failed, 77 skipped (no Chromium or no
// playwright-core: ./dev installs both).
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import assert from "node:assert/strict";
import {
  checks, launch, loadTools, logText, measurePageLabels, newGame, openPage, redrawn, startServer,
} from "./harness.mjs";

const [serverBin, sourceDir, outDir, which] = process.argv.slice(2);
// Each rule set: a built-in scenario, its seed, and how far the typed turns
// go (the turn on the table's clock to reach, and the most steps to take).
const GAMES = {
  tsatf: { ruleset: "TSATF_ZULU_CONTROL", scenario: "tsatf", seed: 5, turn: 3, steps: 16 },
  ferree: { ruleset: "FERREE_ISANDLWANA", scenario: "isandlwana_ridge", seed: 3, turn: 3, steps: 14 },
  empress: { ruleset: "EMPRESS_DWG", scenario: "empress", seed: 4, turn: 5, steps: 8 },
  pagano: { ruleset: "PAGANO_D10", scenario: "rorkes_drift", seed: 5, turn: 3, steps: 8 },
  // The hex game: at set-up impi offers the placement alone (9.1), no pass
  // (the Pass button is off); it is taken from the options first. The
  // Passes then end the British segments.
  roarks: { ruleset: "ROARKS_DRIFT", scenario: "roarks_drift", seed: 5, turn: 3, steps: 16, setup: "place" },
};
const game = GAMES[which];
if (!game) {
  console.log(`usage: node rulesets_test.mjs IMPI_SERVER SOURCE_DIR OUT ${Object.keys(GAMES).join("|")}`);
  process.exit(1);
}
const { chromium } = await loadTools();
mkdirSync(outDir, { recursive: true });
const { server, url } = await startServer(serverBin, sourceDir);
const browser = await launch(chromium);
const { check, fail, finish } = checks();

// The faces typed, in turn: good on a d6 and a d10.
const FACES = [3, 5, 2, 6, 4, 1];

const lastAnswer = (page) => page.evaluate(() => window.impiPage.history.at(-1).answer);
const steps = (page) => page.evaluate(() => window.impiPage.history.length);
const clockTurn = async (page) => Number((await lastAnswer(page)).state.clock?.turn ?? 0);

// A typed die as the box shows it: "4", an average die's "avg3", an arrow
// die's "arrow5".
const token = (d) => (d.kind === "AVERAGE" ? `avg${d.face}` : d.kind === "ARROW" ? `arrow${d.face}` : String(d.face));
// A face that is on a die of `kind`, the k-th typed.
const faceOf = (kind, k) => (kind === "AVERAGE" ? 2 + (k % 4) : FACES[k % FACES.length]);

// One step (a Pass) with typed dice, as a player at the table gives them:
// first nothing; then the dice and cards the table gives (here: those impi
// rolls and turns for the same step from a seed, each die with its kind);
// then what impi says it still needs (a die of another kind where impi
// says which, the cards' colours). Returns what it took.
async function typedStep(page) {
  const before = await steps(page);
  const dice = [], cards = [];  // dice: [{kind, face}]
  let next = 0, error = "";
  for (let attempt = 0; attempt < 24; ++attempt) {
    await page.fill("#faces", dice.map(token).join(", "));
    await page.fill("#cards", cards.join(", "));
    const [request] = await Promise.all([
      page.waitForRequest((r) => r.url().endsWith("/v1/Advance")), page.click("#pass")]);
    await page.waitForFunction(() => !document.body.dataset.busy);
    // Exactly what is typed, nothing left from an earlier step.
    const sent = request.postDataJSON().dice;
    assert.equal(sent.seed, undefined, "typed dice: no seed");
    if (dice.some((d) => d.kind !== "D")) {
      assert.deepEqual(sent.scripted.dice_of_kind, dice, "the dice sent are those typed, with their kinds");
    } else {
      assert.deepEqual((sent.scripted?.dice ?? []).map(Number), dice.map((d) => d.face),
                       "the dice sent are those typed");
    }
    assert.deepEqual(sent.scripted?.cards ?? [], cards.map((c) => (c === "red" ? "RED" : "BLACK")),
                     "the cards sent are those typed");
    error = await page.locator("#error").innerText();
    if (!error) {
      assert.equal(await steps(page), before + 1, "the step applied");
      assert.equal(await page.inputValue("#faces"), "", "the dice box is emptied");
      assert.equal(await page.inputValue("#cards"), "", "the cards box is emptied");
      // The rolls are the typed faces, in order, each once; the rest unused.
      const answer = await lastAnswer(page);
      const rolled = (answer.dice ?? []).flatMap((d) => (d.faces ?? []).map(Number));
      assert.deepEqual(rolled, dice.slice(0, rolled.length).map((d) => d.face), "the dice were taken in order");
      const turned = (answer.events ?? []).filter((e) => e.kind === "CARD_DRAWN").length;
      if (dice.length + cards.length > 0) {
        const note = await page.locator("#dice-note").innerText();
        const given = `Taken by the last step: dice ${dice.map(token).join(", ") || "none"}, cards ${cards.join(", ") || "none"}`;
        assert.ok(note.startsWith(given), `${note} (typed: ${given})`);
        const unused = [...dice.slice(rolled.length).map(token), ...cards.slice(turned)];
        if (unused.length > 0) assert.ok(note.includes(`(not needed: ${unused.join(", ")})`), note);
        else assert.ok(!note.includes("not needed"), note);
      }
      return { faces: dice.length, rolled: rolled.length, cards: cards.length, attempts: attempt + 1,
               kinds: dice.filter((d) => d.kind !== "D").length };
    }
    assert.equal(await steps(page), before, `nothing applied: ${error}`);
    if (attempt === 0) {
      // The dice on the table: those impi rolls for the same step from a
      // seed (the kinds in the order the step asks for them), typed in.
      const probe = await fetch(`${url}/v1/Advance`, {
        method: "POST", headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ ...request.postDataJSON(), dice: { seed: String(before) } }) });
      assert.ok(probe.ok, await probe.clone().text());
      const answer = await probe.json();
      for (const roll of answer.dice ?? []) {
        for (const f of roll.faces ?? []) dice.push({ kind: roll.kind ?? "D", face: Number(f) });
      }
      // The cards turned, as the table tells them ("Red card (British move)").
      for (const e of answer.events ?? []) {
        const card = e.kind === "CARD_DRAWN" && /^(Red|Black) card/.exec(e.announce ?? "");
        if (card) cards.push(card[1].toLowerCase());
      }
      if (dice.length + cards.length > 0) continue;
    }
    const ranOut = /dice(?:_of_kind)?: ran out after \d+ dic?e?; at least (\d+) more/.exec(error);
    const kind = /dice(?:_of_kind)?(?:\[(\d+)\])?(?:\.kind)?: (?:an? \S+(?: die)? was scripted, but )?the engine needs an? (average die|arrow die|d\d+) here/.exec(error);
    const more = /cards: ran out after \d+ cards?; at least (\d+) more/.exec(error);
    const wrong = /cards\[(\d+)\]: a (red|black) card was scripted but no/.exec(error);
    if (!ranOut && !kind && !more && !wrong) throw new Error(`impi refused the step: ${error}`);
    if (kind) {
      const i = kind[1] === undefined ? dice.length : Number(kind[1]);
      const wanted = kind[2] === "average die" ? "AVERAGE" : kind[2] === "arrow die" ? "ARROW" : "D";
      dice[i] = { kind: wanted, face: faceOf(wanted, next++) };
    }
    if (ranOut) for (let k = 0; k < Number(ranOut[1]); ++k) dice.push({ kind: "D", face: faceOf("D", next++) });
    if (more) for (let k = 0; k < Number(more[1]); ++k) cards.push(cards.length % 2 ? "red" : "black");
    if (wrong) cards[Number(wrong[1])] = wrong[2] === "red" ? "black" : "red";
  }
  throw new Error(`the step never had all it needed: ${error}`);
}

try {
  const page = await openPage(browser, url, fail);
  const where = `${game.ruleset}, ${game.scenario}`;

  await check(`${where}: turns played with typed dice, each used once, none reused`, async () => {
    await newGame(page, game.ruleset, game.scenario, game.seed);
    if (game.setup) {
      assert.ok(await page.isDisabled("#pass"), "no pass offered at set-up: the Pass button is off");
      await page.locator("#options button", { hasText: new RegExp(`^${game.setup}$`) }).first().click();
      assert.equal(await redrawn(page, () => page.click("#send")), 2, `${game.setup} sent`);
      assert.equal(await page.locator("#error").innerText(), "");
    }
    await page.check("input[name=dice][value=typed]");
    const first = await clockTurn(page);
    const taken = [];
    for (let k = 0; k < game.steps && await clockTurn(page) < game.turn; ++k) {
      if ((await lastAnswer(page)).awaiting?.kind === "GAME_ENDED") break;
      const t = await typedStep(page);
      taken.push(`${t.rolled}/${t.faces} dice (${t.kinds} of a kind), ${t.cards} cards in ${t.attempts} tries`);
    }
    console.log(`${where}: turn ${first} to ${await clockTurn(page)} in ${taken.length} steps: ${taken.join("; ")}`);
    assert.ok(await clockTurn(page) >= game.turn, `turn ${game.turn} reached`);
    assert.ok(taken.some((t) => !t.startsWith("0/")), "dice were typed and taken");
    assert.equal(await page.locator("#error").innerText(), "");
  });

  await check(`${where}: zoom in and out, labels apart at each zoom`, async () => {
    for (const zoom of ["in", "wheel"]) {
      if (zoom === "in") {
        await page.click("#zoom-in");
        await page.click("#zoom-in");
        await page.waitForFunction(() => Number(document.body.dataset.zoom) > 2);
      } else {
        await page.click("#zoom-reset");
        const frame = await page.locator("#table svg").boundingBox();
        await page.mouse.move(frame.x + frame.width / 2, frame.y + frame.height / 2);
        await page.mouse.wheel(0, -100);
        await page.waitForFunction(() => Number(document.body.dataset.zoom) > 1.2);
      }
      const m = await measurePageLabels(page);
      assert.deepEqual(m.overlaps, [], `zoom ${zoom}: labels overlap`);
      assert.deepEqual(m.missing, [], `zoom ${zoom}: units with no id on the map or in the list`);
      assert.ok(m.labels > 0);
    }
    await page.click("#zoom-in");
    await page.waitForFunction(() => Number(document.body.dataset.zoom) > 1.8);
  });

  await check(`${where}: a reload resumes the game the browser saved`, async () => {
    const before = {
      steps: await steps(page), prompt: await page.locator("#prompt").innerText(),
      log: await logText(page), zoom: await page.evaluate(() => document.body.dataset.zoom),
    };
    await page.reload();
    await page.waitForSelector("body[data-ready='1']", { state: "attached" });
    assert.equal(await steps(page), before.steps);
    assert.equal(await page.locator("#prompt").innerText(), before.prompt);
    assert.equal(await logText(page), before.log);
    assert.equal(await page.evaluate(() => document.body.dataset.zoom), before.zoom, "the zoom kept");
    assert.match(await page.locator("#resumed").innerText(), new RegExp(`Resumed the game this browser saved \\(step ${before.steps}\\)`));
    assert.equal(await page.inputValue("#ruleset"), game.ruleset);
    await page.screenshot({ path: join(outDir, `${which}-typed.png`) });
  });

  await check(`${where}: undo takes the last step back, redo puts it back`, async () => {
    const n = await steps(page);
    const prompt = await page.locator("#prompt").innerText();
    const state = JSON.stringify((await lastAnswer(page)).state);
    assert.equal(await redrawn(page, () => page.click("#undo")), n - 1);
    assert.notEqual(JSON.stringify((await lastAnswer(page)).state), state, "the table before the step");
    assert.ok(!(await page.isDisabled("#redo")));
    assert.equal(await redrawn(page, () => page.click("#redo")), n);
    assert.equal(JSON.stringify((await lastAnswer(page)).state), state, "the step back as it was");
    assert.equal(await page.locator("#prompt").innerText(), prompt);
    assert.ok(await page.isDisabled("#redo"));
  });
} finally {
  await browser.close();
  server.kill("SIGTERM");
}
process.exit(finish());
