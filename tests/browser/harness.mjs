// tests/browser/harness.mjs: what the browser tests share: the tools
// (playwright-core and Debian's Chromium), a real impi-server on 127.0.0.1
// (ephemeral ports) serving the page, and the steps a player takes on it.
//
//   const { chromium } = await loadTools();
//   const { server, url, grpc } = await startServer(serverBin, sourceDir);
//   const page = await openPage(browser, url);
//   await newGame(page, "TSATF_ZULU_CONTROL", "tsatf", 5);
//
// A missing tool skips a test (exit 77), but under `./dev test`, which
// installs both, it fails (IMPI_REQUIRE_TEST_TOOLS).
import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { createInterface } from "node:readline";
import { join } from "node:path";
import assert from "node:assert/strict";

export const CHROMIUM = process.env.IMPI_CHROMIUM || "/usr/bin/chromium";

export function toolMissing(why) {
  console.log(`${process.env.IMPI_REQUIRE_TEST_TOOLS ? "FAIL" : "SKIP"}: ${why}`);
  process.exit(process.env.IMPI_REQUIRE_TEST_TOOLS ? 1 : 77);
}

// playwright-core's chromium, checked with the browser it drives.
export async function loadTools() {
  let chromium;
  try {
    ({ chromium } = await import("playwright-core"));
  } catch (e) {
    toolMissing(`playwright-core does not load (./dev installs it in tests/browser): ${e.message}`);
  }
  if (!existsSync(CHROMIUM)) toolMissing(`no Chromium at ${CHROMIUM} (./dev installs Debian's chromium)`);
  return { chromium };
}

export const launch = (chromium) =>
  chromium.launch({ executablePath: CHROMIUM, args: ["--no-sandbox"] });

// impi-server on ephemeral ports; its first lines say where it listens.
export function startServer(serverBin, sourceDir) {
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

// Named checks, each reported; IMPI_PAGE_ONLY=REGEX runs only those whose
// names match (a check may need the one before it: run them in order).
export function checks() {
  const only = process.env.IMPI_PAGE_ONLY ? new RegExp(process.env.IMPI_PAGE_ONLY) : null;
  const results = [];
  let failed = false;
  return {
    results,
    fail(why) { failed = true; results.push(`FAILED ${why}`); },
    async check(name, body) {
      if (only && !only.test(name)) return;
      try {
        await body();
        results.push(`ok ${name}`);
      } catch (e) {
        failed = true;
        results.push(`FAILED ${name}: ${e.stack ?? e}`);
      }
    },
    // Prints the results; the exit code.
    finish() {
      for (const r of results) console.log(r);
      const ok = results.filter((r) => r.startsWith("ok")).length;
      console.log(`${ok} passed, ${results.length - ok} failed`);
      return failed || results.length === 0 ? 1 : 0;
    },
  };
}

// A new tab on the page, ready; a page error fails the run.
export async function openPage(browser, url, onError) {
  const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
  page.on("pageerror", (e) => onError(`page error: ${e}`));
  page.on("console", (m) => console.log(`page console: ${m.text()}`));
  await page.goto(url + "/");
  await page.waitForSelector("body[data-ready='1']", { state: "attached" });
  return page;
}

// Does `action` and waits until the page has drawn a new picture and is
// idle; returns the step shown. `timeout`: the longest wait (a volley is a
// step a figure).
export async function redrawn(page, action, timeout = 30000) {
  const before = await page.evaluate(() => Number(document.body.dataset.draws ?? 0));
  await action();
  await page.waitForFunction(
    (k) => Number(document.body.dataset.draws ?? 0) > k && !document.body.dataset.busy, before,
    { timeout });
  return page.evaluate(() => Number(document.body.dataset.drawn));
}

// Does `action` and waits until the page is idle again (a step applied or
// refused).
export async function settled(page, action) {
  await action();
  await page.waitForFunction(() => !document.body.dataset.busy);
}

export async function newGame(page, ruleset, scenario, seed) {
  await page.selectOption("#ruleset", ruleset);
  await page.selectOption("#scenario", scenario);
  await page.fill("#seed", String(seed));
  assert.equal(await redrawn(page, () => page.click("#new-game")), 1);
}

// Drags a unit to table inches (x, y): the pointer goes where the SVG puts
// that point.
export async function dragUnit(page, id, x, y) {
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

export const zuluUnitsDrawn = (page) => page.locator("#table g.unit.zulu").count();
// The British units that may act now (the page's last answer).
export const mayAct = (page) =>
  page.evaluate(() => window.impiPage.history.at(-1).answer.awaiting.unit_ids?.length ?? 0);
export const logText = (page) => page.locator("#log").innerText();

// The page's table as a player sees it: every visible text but the points'
// numbers (inside their markers), on the screen. Returns the labels shown,
// the pairs that overlap (or cover a point's marker), the units with no id
// on the map nor in the list of labels with no room, whether every unit's
// label starts with its id, and the smallest unit label's height in px.
export function measurePageLabels(page) {
  return page.evaluate(() => {
    const svg = document.querySelector("#table svg");
    const frame = svg.getBoundingClientRect();
    const shown = (r) => r.width > 0 && r.right > frame.left && r.left < frame.right &&
                         r.bottom > frame.top && r.top < frame.bottom;
    // (A hex counter's marks are symbols drawn on its face, as its colour
    // is: stacked counters overlap, and their faces with them. No label.)
    const texts = [...svg.querySelectorAll("text")].filter((t) =>
      !t.closest("g.point") && !t.classList.contains("marks") &&
      getComputedStyle(t).visibility !== "hidden" && t.textContent.trim());
    const boxes = texts.map((t) => ({ r: t.getBoundingClientRect(), text: t.textContent }))
      .filter((b) => shown(b.r));
    const markers = [...svg.querySelectorAll("g.point")].map((g) => ({ r: g.getBoundingClientRect(), text: g.querySelector("title")?.textContent }));
    const hit = (a, b) => a.left < b.right - 0.5 && b.left < a.right - 0.5 &&
                          a.top < b.bottom - 0.5 && b.top < a.bottom - 0.5;
    const overlaps = [];
    for (let i = 0; i < boxes.length; ++i) {
      for (let j = i + 1; j < boxes.length; ++j) {
        if (hit(boxes[i].r, boxes[j].r)) overlaps.push(`${boxes[i].text} / ${boxes[j].text}`);
      }
      for (const m of markers) if (hit(boxes[i].r, m.r)) overlaps.push(`${boxes[i].text} / point ${m.text}`);
    }
    const listed = new Set([...document.querySelectorAll("#unlabelled-list li")].map((li) => li.dataset.unitId));
    // A unit's own label, or a hex stack's label (its top counter's id
    // first in data-unit-ids).
    const visible = new Set(texts.map((t) => t.closest("g.unit")?.dataset.unitId ??
                                             t.dataset.unitIds?.split(" ")[0]).filter(Boolean));
    const missing = [...svg.querySelectorAll("g.unit")].map((g) => g.dataset.unitId)
      .filter((id) => !visible.has(id) && !listed.has(id));
    const ids = [...svg.querySelectorAll("g.unit")].every((g) => {
      const t = g.querySelector(":scope > text:not(.marks)");
      return !t || t.textContent.startsWith(g.dataset.unitId);
    });
    const heights = texts.filter((t) => t.closest("g.unit")).map((t) => t.getBoundingClientRect().height);
    const px = heights.length ? Math.min(...heights) : Infinity;
    return { labels: boxes.length, overlaps, missing, ids, px, listed: listed.size };
  });
}
