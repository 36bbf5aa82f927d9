// Roark's Drift (the hex game, scenario roarks_drift) played on the players'
// page (clients/web/), in headless Chromium against a real impi-server on
// 127.0.0.1 (ephemeral ports), from impi's options only (the rules take no
// other order):
//
//   - the set-up: a new game awaits 9.1 British Placement; impi offers the
//     placement alone, which the player notes and sends; impi's Zulus
//     choose their zones (9.2) and the first turn's British movement is
//     awaited, the garrison on the map;
//   - two whole turns: in each British Movement Segment three counters, one
//     after another, are each moved into a hex impi offers them, then
//     checked in that hex in the answer's state; where the picture draws
//     the hexes (g.hex, data-q / data-r), a click on a hex it is not
//     offered is refused with a message, and a click on an offered hex
//     notes the move; otherwise (no hexes drawn yet) the move is taken from
//     the options list, which, the counter selected by a click on it, shows
//     its own orders. In each British Fire Segment an aimed fire where impi
//     offers one: the firer selected, a click on a Zulu counter in the hex
//     aimed at notes it. Every segment is ended with Pass (the PASS impi
//     offers); the Zulus' turns are impi's answers, and they enter the map;
//   - a screenshot, OUT/roarks-played.png.
//
// Usage: node roarks_test.mjs IMPI_SERVER SOURCE_DIR OUT
// Exit codes: 0 passed, 1 failed, 77 skipped (no Chromium or no
// playwright-core: ./dev installs both).
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import assert from "node:assert/strict";
import { checks, launch, loadTools, logText, newGame, openPage, redrawn, startServer } from "./harness.mjs";

const [serverBin, sourceDir, outDir] = process.argv.slice(2);
const { chromium } = await loadTools();
mkdirSync(outDir, { recursive: true });
const { server, url } = await startServer(serverBin, sourceDir);
const browser = await launch(chromium);
const { check, fail, finish } = checks();

// The counters moved a turn, and the turn reached (two whole turns played).
const MOVED_A_TURN = 3;
const LAST_TURN = 3;
// A guard against a loop that never ends (not an assertion on time).
const MOST_STEPS = 80;

const lastAnswer = (page) => page.evaluate(() => window.impiPage.history.at(-1).answer);
const book = (answer) => answer.state.roarks_drift ?? {};
const turnOf = (answer) => Number(book(answer).turn ?? 1);
const hexOf = (answer, id) => answer.state.units.find((u) => u.id === id)?.hex ?? {};
const hexText = (h) => `hex (${Number(h.q ?? 0)}, ${Number(h.r ?? 0)})`;
const hexesDrawn = (page) => page.locator("#table g.hex").count();
const optionTexts = (page) => page.locator("#options button").allInnerTexts();
const errorText = (page) => page.locator("#error").innerText();
// A click where the page listens (pointerdown on the table), on the element
// itself: counters stacked in a hex overlap in the picture.
const press = (page, selector) => page.locator(selector).first().dispatchEvent("pointerdown", { button: 0 });
const unitSel = (id) => `#table g.unit[data-unit-id="${id}"]`;
const hexSel = (h) => `#table g.hex[data-q="${Number(h.q ?? 0)}"][data-r="${Number(h.r ?? 0)}"]`;

const exactly = (words) => new RegExp(`^${words.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}$`);

// Clicks the offered option whose words are `words`, and checks it noted.
async function takeOption(page, words) {
  const pending = await page.locator("#pending li").count();
  await page.locator("#options button", { hasText: exactly(words) }).first().click();
  assert.equal(await page.locator("#pending li").count(), pending + 1, `noted: ${words}`);
}

// Selects British counter `id` by a click on it: the options list then shows
// its own and those naming no counter (the pass).
async function select(page, id) {
  await press(page, unitSel(id));
  await page.waitForFunction((id) => window.impiPage.selected === id, id);
  const ids = new Set((await lastAnswer(page)).state.units.map((u) => u.id));
  const listed = await optionTexts(page);
  assert.ok(listed.some((t) => t.startsWith(`${id} `)) && listed.includes("pass") &&
            listed.every((t) => t.startsWith(`${id} `) || !ids.has(t.split(" ")[0])),
            `only ${id}'s options (and those naming no counter) listed once selected: ${listed.join("; ")}`);
}

// One British counter's move into a hex impi offers it, through the page's
// UI; returns {id, to} (the hex ordered).
async function moveOne(page, done) {
  const answer = await lastAnswer(page);
  const offered = (answer.awaiting.options ?? []).filter(
    (a) => a.kind === "MOVE" && a.unit_id && a.to_hex && !done.has(a.unit_id));
  assert.ok(offered.length > 0, "impi offers moves to counters not moved yet");
  const move = offered[(done.size * 7) % offered.length];
  const id = move.unit_id, to = move.to_hex;
  const words = `${id} move into ${hexText(to)}`;
  await select(page, id);
  if (await hexesDrawn(page) > 0) {
    // The hexes drawn: click them. Its own hex is no move: refused,
    // nothing noted.
    await press(page, hexSel(hexOf(answer, id)));
    assert.ok((await errorText(page)).startsWith(`impi offers ${id} no move into ${hexText(hexOf(answer, id))} now`),
              await errorText(page));
    assert.equal(await page.locator("#pending li").count(), 0, "nothing noted for a hex not offered");
    await press(page, hexSel(to));
    assert.equal(await errorText(page), "");
    assert.deepEqual(await page.locator("#pending li").allInnerTexts(), [`${words} remove`]);
  } else {
    // No hexes in the picture yet: the move from impi's options.
    await takeOption(page, words);
  }
  const steps = await page.evaluate(() => window.impiPage.history.length);
  assert.equal(await redrawn(page, () => page.click("#send")), steps + 1);
  assert.equal(await errorText(page), "", `${words} applied`);
  const after = await lastAnswer(page);
  assert.deepEqual(
    { q: Number(hexOf(after, id).q ?? 0), r: Number(hexOf(after, id).r ?? 0) },
    { q: Number(to.q ?? 0), r: Number(to.r ?? 0) }, `${id} stands in ${hexText(to)} as ordered`);
  assert.match(after.awaiting.prompt, /British Movement/, "the British movement goes on");
  return { id, to };
}

try {
  const page = await openPage(browser, url, fail);

  await check("Roark's Drift: the British set-up from impi's options", async () => {
    await newGame(page, "ROARKS_DRIFT", "roarks_drift", 5);
    const answer = await lastAnswer(page);
    assert.equal(answer.awaiting.side, "BRITISH");
    assert.match(answer.awaiting.prompt, /9\.1 British Placement/);
    assert.deepEqual(await optionTexts(page), ["place"], "impi offers the placement alone");
    await takeOption(page, "place");
    assert.equal(await redrawn(page, () => page.click("#send")), 2);
    assert.equal(await errorText(page), "");
    const placed = await lastAnswer(page);
    assert.equal(book(placed).stage, "ROARKS_PLAYING", "the Zulus chose their zones: the game is on");
    assert.match(placed.awaiting.prompt, /phase 1, turn 1: 3\.2 British Movement/);
    const onMap = placed.state.units.filter((u) => u.side === "BRITISH" && !u.off_table).length;
    assert.ok(onMap > 100, `the garrison on the map (${onMap})`);
  });

  await check("Roark's Drift: two whole turns played on the page, the Zulus come on", async () => {
    const moved = [];  // "turn: id -> hex"
    const fired = [];
    for (let k = 0; k < MOST_STEPS; ++k) {
      const answer = await lastAnswer(page);
      const turn = turnOf(answer);
      const prompt = answer.awaiting.prompt ?? "";
      if (turn >= LAST_TURN || answer.awaiting.kind === "GAME_ENDED") break;
      assert.equal(answer.awaiting.side, "BRITISH", `the British are awaited (${prompt})`);
      const thisTurn = moved.filter((m) => m.turn === turn);
      if (/British Movement/.test(prompt) && thisTurn.length < MOVED_A_TURN) {
        const m = await moveOne(page, new Set(thisTurn.map((x) => x.id)));
        moved.push({ turn, ...m });
        continue;
      }
      if (/British Fire/.test(prompt) && !fired.some((f) => f.turn === turn)) {
        const aimed = (answer.awaiting.options ?? []).find((a) => a.kind === "FIRE" && a.unit_id && a.to_hex);
        if (aimed) {
          // The firer selected, then a click on a Zulu counter in the hex
          // it is offered to aim at.
          const words = (await optionTexts(page)).find((t) => t.startsWith(`${aimed.unit_id} aimed fire `) &&
                                                              t.endsWith(`at ${hexText(aimed.to_hex)}`));
          assert.ok(words, `the aimed fire listed: ${JSON.stringify(aimed)}`);
          await select(page, aimed.unit_id);
          const zulu = answer.state.units.find((u) => u.side === "ZULU" && !u.off_table &&
                                                      hexText(u.hex ?? {}) === hexText(aimed.to_hex));
          assert.ok(zulu, `a Zulu counter in ${hexText(aimed.to_hex)}`);
          await press(page, unitSel(zulu.id));
          assert.equal(await errorText(page), "");
          assert.deepEqual(await page.locator("#pending li").allInnerTexts(), [`${words} remove`]);
          fired.push({ turn, what: words });
          await redrawn(page, () => page.click("#send"));
          assert.equal(await errorText(page), "", `${words} applied`);
          const after = await lastAnswer(page);
          assert.ok((after.events ?? []).some((e) => e.kind === "FIRED"), "the fire is told");
          continue;
        }
        fired.push({ turn, what: "none offered" });
      }
      await redrawn(page, () => page.click("#pass"));
      assert.equal(await errorText(page), "", `the pass at ${prompt} applied`);
    }
    console.log(`moved: ${moved.map((m) => `turn ${m.turn} ${m.id} -> ${hexText(m.to)}`).join("; ")}`);
    console.log(`fired: ${fired.map((f) => `turn ${f.turn} ${f.what}`).join("; ")}`);
    const answer = await lastAnswer(page);
    assert.equal(turnOf(answer), LAST_TURN, `turn ${LAST_TURN} reached`);
    assert.match(answer.awaiting.prompt, new RegExp(`phase 1, turn ${LAST_TURN}: 3\\.2 British Movement`));
    assert.match(await page.locator("#phase").innerText(), new RegExp(`^phase 1, turn ${LAST_TURN}: 3\\.2 British Movement`),
                 "the phase named as impi names it");
    for (let turn = 1; turn < LAST_TURN; ++turn) {
      assert.equal(moved.filter((m) => m.turn === turn).length, MOVED_A_TURN, `turn ${turn}: counters moved`);
    }
    const zulus = answer.state.units.filter((u) => u.side === "ZULU" && !u.off_table);
    assert.ok(zulus.length > 0, "the Zulus entered the map");
    assert.ok(await page.locator("#table g.unit.zulu").count() > 0, "the Zulus drawn");
    assert.match(await logText(page), /3\.1 Zulu Movement/, "the Zulus' turn is told");
    await page.screenshot({ path: join(outDir, "roarks-played.png") });
  });
} finally {
  await browser.close();
  server.kill("SIGTERM");
}
process.exit(finish());
