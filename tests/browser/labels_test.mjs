// No two labels overlap on the table, in the two pictures that draw them:
//
//   - the page's map (clients/web/: the server's picture with its labels
//     sized for the screen and placed apart by labels.js), measured in
//     Chromium as a player sees it, whole and zoomed in;
//   - the picture itself (POST /v1/Render, the one renderer, which
//     `impi render -o table.svg` writes: clients/cli/render.cc), opened
//     alone in Chromium and measured in its own units.
//
// Over every built-in scenario of every playable rule set (Zulu Control,
// Ferree's Isandlwana, Empress, Pagano), with and without reveal, and over
// the most crowded table of each of 50 seeded games: game i plays scenario
// i mod N with dice seed i, the British choosing among impi's options by a
// stride of i (a PASS one step in three), up to 20 steps or
// the game's end; its most crowded table is the one with the most units on
// it. Every label: every visible text but the points' numbers (inside
// their markers, which no label may cover either).
//
// Usage: node labels_test.mjs IMPI_SERVER SOURCE_DIR OUT
// (IMPI_PAGE_ONLY=REGEX: only the checks so named; ctest runs the built-in
// scenarios, IMPI_PAGE_ONLY=scenario, and the crowded games,
// IMPI_PAGE_ONLY='seeded|crowded', as two entries side by side.)
// Exit codes: 0 passed, 1 failed, 77 skipped (no Chromium or no
// playwright-core: ./dev installs both).
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import assert from "node:assert/strict";
import {
  checks, launch, loadTools, measurePageLabels, openPage, redrawn, startServer,
} from "./harness.mjs";

const [serverBin, sourceDir, outDir] = process.argv.slice(2);
const { chromium } = await loadTools();
mkdirSync(outDir, { recursive: true });

// The rule sets a player plays on the page (a rule set built but not yet
// played there is left out).
const PLAYABLE = ["TSATF_ZULU_CONTROL", "FERREE_ISANDLWANA", "EMPRESS_DWG", "PAGANO_D10"];
const GAMES = 50, STEPS = 20;

const { server, url } = await startServer(serverBin, sourceDir);
const browser = await launch(chromium);
const { check, fail, finish } = checks();

async function call(method, body) {
  const res = await fetch(`${url}/v1/${method}`, {
    method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method}: ${res.status} ${text.slice(0, 300)}`);
  return text;
}
const advance = async (request) => JSON.parse(await call("Advance", request));

const onTable = (state) => (state.units ?? []).filter((u) => !u.off_table).length;

// Game i: its most crowded answer (the table and what impi awaited).
async function crowdedGame(i, scenarios) {
  const sc = scenarios[i % scenarios.length];
  const start = await (await fetch(`${url}/v1/Scenarios/${encodeURIComponent(sc.name)}`)).json();
  let answer = await advance({ state: start, list_options: true, dice: { seed: String(i) } });
  let best = answer, steps = 1;
  for (let k = 1; k < STEPS && answer.awaiting?.kind !== "GAME_ENDED"; ++k) {
    // As the page sends them: one action (with a hold for every other unit
    // where each is given an order), or the PASS that ends the British part.
    const options = answer.awaiting?.options ?? [];
    const ids = answer.awaiting?.unit_ids ?? [];
    const passes = options.filter((a) => a.kind === "PASS");
    const everyUnit = ids.length > 1 && ids.every((id) => passes.some((a) => a.unit_id === id));
    const holds = (except) => ids.filter((id) => id !== except).map((id) => ({ kind: "PASS", unit_id: id }));
    const pass = everyUnit ? holds("") : [passes.find((a) => !a.unit_id) ??
      { kind: "PASS", ...(ids.length === 1 ? { unit_id: ids[0] } : {}) }];
    // Game i's k-th choice: a pass one step in three, else an option picked
    // by a fixed stride.
    const acts = options.filter((a) => a.kind !== "PASS");
    const act = acts[(i * 7919 + k * 104729) % Math.max(acts.length, 1)];
    const actions = act && (i + k) % 3 !== 0 ? [act, ...(everyUnit ? holds(act.unit_id) : [])] : pass;
    const dice = { seed: String(i * 1000 + k) };
    try {
      answer = await advance({ state: answer.state, british_actions: actions, list_options: true, dice });
    } catch (e) {
      // An option the table no longer allows: the British pass instead.
      answer = await advance({ state: answer.state, british_actions: pass, list_options: true, dice });
    }
    ++steps;
    if (onTable(answer.state) >= onTable(best.state)) best = answer;
  }
  return { name: `game ${i} (${sc.name}, ${steps} steps, ${onTable(best.state)} units on the table)`,
           answer: { state: best.state, awaiting: best.awaiting, events: [] } };
}

// The picture alone, as `impi render` writes it: every label's box in the
// picture's units, and the pairs that overlap (or cover a point's marker).
async function measureRendered(tab, answer, reveal) {
  const svg = await call(`Render${reveal ? "?reveal=1" : ""}`, answer);
  await tab.setContent(`<!doctype html><body style="margin:0">${svg.replace(/^<\?xml[^>]*>\s*/, "")}</body>`);
  return tab.evaluate(() => {
    const svg = document.querySelector("svg");
    const texts = [...svg.querySelectorAll("text")].filter((t) =>
      !t.closest("g.point") && t.getAttribute("visibility") !== "hidden" && t.textContent.trim());
    const boxes = texts.map((t) => ({ b: t.getBBox(), text: t.textContent }));
    const markers = [...svg.querySelectorAll("g.point")].map((g) => ({ b: g.getBBox(), text: g.querySelector("title")?.textContent }));
    // A hundredth of an inch of slack (a shared edge is not an overlap).
    const e = 0.01;
    const hit = (a, b) => a.x < b.x + b.width - e && b.x < a.x + a.width - e &&
                          a.y < b.y + b.height - e && b.y < a.y + a.height - e;
    const overlaps = [];
    for (let i = 0; i < boxes.length; ++i) {
      for (let j = i + 1; j < boxes.length; ++j) {
        if (hit(boxes[i].b, boxes[j].b)) overlaps.push(`${boxes[i].text} / ${boxes[j].text}`);
      }
      for (const m of markers) if (hit(boxes[i].b, m.b)) overlaps.push(`${boxes[i].text} / point ${m.text}`);
    }
    const hidden = svg.querySelectorAll("text[visibility=hidden]").length;
    return { labels: boxes.length, hidden, overlaps };
  });
}

const figures = [];
try {
  const page = await openPage(browser, url, fail);
  const tab = await browser.newPage({ viewport: { width: 1400, height: 900 } });
  const scenarios = (await page.evaluate(() => window.impiPage.scenarios))
    .filter((s) => PLAYABLE.includes(s.ruleset));

  // Loads `answer` on the page (as a saved game) and measures its labels,
  // whole and zoomed in.
  async function onThePage(name, answer, reveal) {
    if (await page.isChecked("#reveal") !== reveal) await redrawn(page, () => page.setChecked("#reveal", reveal));
    await page.check("input[name=dice][value=impi]");
    await page.fill("#seed", "1");
    await redrawn(page, () => page.setInputFiles("#load", {
      name: "crowded.json", mimeType: "application/json", buffer: Buffer.from(JSON.stringify(answer)) }));
    for (const zoom of [1, 3]) {
      if (zoom === 3) {
        await page.click("#zoom-in");
        await page.click("#zoom-in");
        await page.waitForFunction(() => Number(document.body.dataset.zoom) > 2);
      }
      const m = await measurePageLabels(page);
      figures.push(`page ${name}${reveal ? " reveal" : ""} x${zoom}: ${m.labels} labels, ${m.listed} listed, smallest ${m.px.toFixed(1)}px`);
      assert.deepEqual(m.overlaps, [], `page, ${name} (reveal ${reveal}, zoom ${zoom}): labels overlap`);
      assert.deepEqual(m.missing, [], `page, ${name}: units with no id on the map or in the list`);
      assert.ok(m.ids, `page, ${name}: every unit's label starts with its id`);
      assert.ok(m.px >= 10, `page, ${name}: unit labels ${m.px}px high`);
    }
    await page.click("#zoom-reset");
  }
  async function rendered(name, answer, reveal) {
    const m = await measureRendered(tab, answer, reveal);
    figures.push(`picture ${name}${reveal ? " reveal" : ""}: ${m.labels} labels, ${m.hidden} with no room`);
    assert.deepEqual(m.overlaps, [], `the picture of ${name} (reveal ${reveal}): labels overlap`);
  }

  const starts = [];
  await check("the rule sets' built-in scenarios are all here", async () => {
    assert.deepEqual([...new Set(scenarios.map((s) => s.ruleset))].sort(), [...PLAYABLE].sort());
    for (const sc of scenarios) {
      const state = await (await fetch(`${url}/v1/Scenarios/${encodeURIComponent(sc.name)}`)).json();
      const first = await advance({ state, list_options: true, dice: { seed: "1" } });
      starts.push({ name: sc.name, answer: { state: first.state, awaiting: first.awaiting, events: [] } });
    }
  });
  await check("every built-in scenario: no two labels overlap on the page", async () => {
    assert.ok(starts.length >= PLAYABLE.length);
    for (const s of starts) for (const reveal of [false, true]) await onThePage(s.name, s.answer, reveal);
  });
  await check("every built-in scenario: no two labels overlap in the picture", async () => {
    assert.ok(starts.length >= PLAYABLE.length);
    for (const s of starts) for (const reveal of [false, true]) await rendered(s.name, s.answer, reveal);
  });

  const crowded = [];
  await check(`${GAMES} seeded games played to their most crowded tables`, async () => {
    for (let i = 0; i < GAMES; i += 5) {
      crowded.push(...await Promise.all([0, 1, 2, 3, 4].map((j) => crowdedGame(i + j, scenarios))));
    }
    writeFileSync(join(outDir, "crowded.json"), JSON.stringify(crowded.map((c) => ({ name: c.name, ...c.answer }))));
    assert.equal(crowded.length, GAMES);
  });
  await check("the crowded tables: no two labels overlap on the page", async () => {
    assert.equal(crowded.length, GAMES);
    for (const c of crowded) await onThePage(c.name, c.answer, false);
  });
  await check("the crowded tables: no two labels overlap in the picture", async () => {
    assert.equal(crowded.length, GAMES);
    for (const c of crowded) for (const reveal of [false, true]) await rendered(c.name, c.answer, reveal);
  });
} finally {
  console.log(figures.join("\n"));
  await browser.close();
  server.kill("SIGTERM");
}
process.exit(finish());
