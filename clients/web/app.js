// clients/web/app.js: the players' page. A solo British player sets up a
// game, tells impi what the British did and sees what the Zulus do.
//
// The picture is the server's (POST /v1/Render: the one renderer, the same
// as `impi render`): the page only adds dragging and clicking on its units,
// which carry data-unit-id and data-x / data-y in table inches. Every step
// is an Advance with the whole table; the page keeps the answers for undo
// and saves the table as a TableState file (`impi advance` and `impi render`
// read it too).
import {
  ImpiClient, charge, diceFrom, fire, move, num, passAction, plainWords,
} from "/js/impi.js";

const impi = new ImpiClient("");  // the page's own server
const $ = (id) => document.getElementById(id);

// The page's whole state, also read by the browser test (window.impiPage).
const page = {
  scenarios: [],
  history: [],   // [{answer, pending}] one per step, the last is shown
  pending: [],   // British actions not sent yet
  selected: "",  // British unit chosen in fire / charge mode
  busy: false,
};
window.impiPage = page;

const current = () => page.history[page.history.length - 1]?.answer;

function showError(e) {
  const text = e ? String(e.message ?? e) : "";
  // Typed dice that ran out: the step is not applied; impi says what it needs.
  $("error").textContent = /ran out after/.test(text)
    ? `impi needs more from the table (type them in and send again): ${text}` : text;
}

async function withBusy(work) {
  if (page.busy) return;
  page.busy = true;
  document.body.dataset.busy = "1";
  showError(null);
  try {
    await work();
  } catch (e) {
    showError(e);
  } finally {
    page.busy = false;
    delete document.body.dataset.busy;
    updateButtons();
  }
}

// Whether the British act unit by unit, any awaited unit in any order, and
// a PASS naming no unit ends their phase, the rest standing (Pagano's 140
// figures): impi offers that PASS while several units may act.
function passEndsPhase(awaiting) {
  return (awaiting?.unit_ids ?? []).length > 1 &&
         (awaiting?.options ?? []).some((a) => a.kind === "PASS" && !a.unit_id);
}

// Whether the British give every awaited unit an order, all carried out
// together (as `impi play` reads it): as many units may move as are
// awaited, and impi offers each its own PASS (it holds). A PASS then holds
// those not yet ordered.
function ordersEveryUnit(awaiting) {
  const ids = awaiting?.unit_ids ?? [];
  const passes = (awaiting?.options ?? []).filter((a) => a.kind === "PASS");
  return ids.length > 1 && num(awaiting.units_may_move) === ids.length &&
         ids.every((id) => passes.some((a) => a.unit_id === id));
}

function updateButtons() {
  const has = !!current();
  const ended = current()?.awaiting?.kind === "GAME_ENDED";
  $("pass").textContent = passEndsPhase(current()?.awaiting)
    ? "End the phase (the rest stand): impi plays on" : "Pass: impi plays the Zulus";
  $("save").disabled = !has;
  $("undo").disabled = page.history.length < 2;
  $("send").disabled = !has || ended || page.pending.length === 0;
  $("pass").disabled = !has || ended;
  $("volley").hidden = !(current()?.awaiting?.kind === "BRITISH_FIRE" && passEndsPhase(current()?.awaiting));
  $("volley").disabled = page.pending.length > 0;
  $("clear").disabled = page.pending.length === 0;
}

function diceOfPage() {
  const typed = document.querySelector("input[name=dice]:checked").value === "typed";
  return diceFrom(typed ? { faces: $("faces").value, cards: $("cards").value, typed }
                        : { seed: $("seed").value.trim() });
}

// --- the picture ------------------------------------------------------------

async function draw() {
  const answer = current();
  if (!answer) return;
  const svg = await impi.render(answer, { reveal: $("reveal").checked });
  $("table").innerHTML = svg.replace(/^<\?xml[^>]*>\s*/, "");
  const root = $("table").querySelector("svg");
  root.removeAttribute("width");
  root.removeAttribute("height");
  for (const a of page.pending) {
    if (isMove(a)) placeUnit(a.unit_id, a.to.x, a.to.y);
  }
  markSelected();
  // For tests and styling: the step shown, how many pictures drawn so far,
  // and whether this one reveals the umpire's detail.
  document.body.dataset.drawn = String(page.history.length);
  document.body.dataset.draws = String(Number(document.body.dataset.draws ?? 0) + 1);
  document.body.dataset.revealed = $("reveal").checked ? "1" : "0";
}

// Table inches of a pointer event (the SVG is in inches, y flipped below a
// top margin: clients/cli/render.h).
function tableInches(svg, clientX, clientY) {
  const p = new DOMPoint(clientX, clientY).matrixTransform(svg.getScreenCTM().inverse());
  const height = Number(svg.dataset.tableHeight);
  const top = Number(svg.dataset.topMargin);
  return { x: round(p.x), y: round(top + height - p.y) };
}
const round = (v) => Math.round(v * 10) / 10;

// Draws a unit at table inches (x, y) by moving its group, with a dashed
// line from where it stood: a planned move.
function placeUnit(id, x, y) {
  const g = $("table").querySelector(`g.unit[data-unit-id="${CSS.escape(id)}"]`);
  if (!g) return;
  const dx = x - Number(g.dataset.x), dy = -(y - Number(g.dataset.y));
  g.setAttribute("transform", `translate(${dx},${dy})`);
  const svg = g.ownerSVGElement;
  const top = Number(svg.dataset.topMargin) + Number(svg.dataset.tableHeight);
  let line = svg.querySelector(`line.planned[data-unit-id="${CSS.escape(id)}"]`);
  if (!line) {
    line = document.createElementNS("http://www.w3.org/2000/svg", "line");
    line.setAttribute("class", "planned");
    line.dataset.unitId = id;
    svg.insertBefore(line, svg.querySelector("g.units"));
  }
  line.setAttribute("x1", g.dataset.x);
  line.setAttribute("y1", top - Number(g.dataset.y));
  line.setAttribute("x2", x);
  line.setAttribute("y2", top - y);
}

function markSelected() {
  for (const g of $("table").querySelectorAll("g.unit")) {
    g.classList.toggle("selected", g.dataset.unitId === page.selected);
  }
}

function mode() {
  return document.querySelector("input[name=mode]:checked").value;
}

// A drag is a MOVE, or a DEPLOY while the British deploy (Ferree's
// Isandlwana: the prompt asks for DEPLOY unit_id to).
function dragAction(id, x, y) {
  const deploying = /\bDEPLOY\b/.test(current()?.awaiting?.prompt ?? "");
  return { ...move(id, x, y), kind: deploying ? "DEPLOY" : "MOVE" };
}
const isMove = (a) => a.kind === "MOVE" || a.kind === "DEPLOY";

function addPending(action) {
  // One move per unit: a second drag replaces the first.
  if (isMove(action)) {
    page.pending = page.pending.filter((a) => !(isMove(a) && a.unit_id === action.unit_id));
  }
  page.pending.push(action);
  showPending();
}

const at = (to) => `(${round(to?.x ?? 0)}, ${round(to?.y ?? 0)})`;

function describe(a) {
  switch (a.kind) {
    case "MOVE":
      return a.target_id ? `${a.unit_id} joins ${a.target_id}` : `${a.unit_id} moves to ${at(a.to)}`;
    case "DEPLOY": return `${a.unit_id} deploys at ${at(a.to)}`;
    case "FIRE":
      if (a.hits === undefined) {
        return `${a.unit_id} fires at ${a.target_id ?? "its closest target"}` +
               (a.point === 1 ? " (spears)" : "") +
               (a.range_estimate ? `, range ${a.range_estimate}"` : "");
      }
      return `${a.unit_id} fires at ${a.target_id}: ${a.hits} hit${a.hits === 1 ? "" : "s"}`;
    case "CHARGE": return `${a.unit_id} charges ${a.target_id}`;
    case "CASUALTIES": return `${a.target_id} lost ${a.casualties}`;
    case "CLOSE_COMBAT_RESULT": return `close combat: ${a.target_id} lost ${a.casualties}`;
    case "PASS":
      if (a.unit_id) return `${a.unit_id} holds (PASS)`;
      return passEndsPhase(current()?.awaiting) ? "end the phase (PASS): the rest stand" : "PASS";
    case "STANCE": return `${a.unit_id} goes ${String(a.stance ?? "").toLowerCase()}`;
    case "ORDER":
      return `${a.unit_id} orders ${a.target_id}` +
             (a.point === 2 ? " to attack" : a.point === 1 ? " to hold" : "");
    default: return a.unit_id ? `${a.unit_id} ${a.kind}` : a.kind;
  }
}

// What impi offers the British now (AdvanceRequest.list_options): a click
// notes one. Empress's orders are exactly these; elsewhere they are the
// engine's suggestions beside the moves dragged on the table.
function showOptions(answer) {
  const options = answer?.awaiting?.options ?? [];
  $("options").replaceChildren(...options.map((a) => {
    const li = document.createElement("li");
    const b = document.createElement("button");
    b.textContent = describe(a);
    b.onclick = () => addPending(a);
    li.append(b);
    return li;
  }));
}

function showPending() {
  $("pending").replaceChildren(...page.pending.map((a, i) => {
    const li = document.createElement("li");
    li.textContent = describe(a) + " ";
    const x = document.createElement("button");
    x.textContent = "remove";
    x.onclick = () => { page.pending.splice(i, 1); showPending(); draw(); };
    li.append(x);
    return li;
  }));
  updateButtons();
}

// Dragging British units; clicking for fire and charges.
function wireTable() {
  const table = $("table");
  let drag = null;
  table.addEventListener("pointerdown", (ev) => {
    const g = ev.target.closest("g.unit");
    if (!g || !current()) return;
    const svg = table.querySelector("svg");
    if (mode() === "move") {
      if (!g.classList.contains("british")) return;
      drag = { g, svg, id: g.dataset.unitId };
      table.setPointerCapture(ev.pointerId);
      ev.preventDefault();
      return;
    }
    if (mode() === "losses") {
      // Losses resolved at the table: a close combat's result while close
      // combat is awaited, otherwise casualties (Zulu fire).
      const inCombat = current().awaiting?.kind === "BRITISH_CLOSE_COMBAT";
      addPending({ kind: inCombat ? "CLOSE_COMBAT_RESULT" : "CASUALTIES",
                   target_id: g.dataset.unitId, casualties: Number($("hits").value) || 0 });
      return;
    }
    if (g.classList.contains("british")) {
      page.selected = g.dataset.unitId;
      markSelected();
    } else if (page.selected) {
      const target = g.dataset.unitId;
      addPending(mode() === "fire" ? fire(page.selected, target, $("hits").value)
                                   : charge(page.selected, target));
      page.selected = "";
      markSelected();
    }
  });
  table.addEventListener("pointermove", (ev) => {
    if (!drag) return;
    const at = tableInches(drag.svg, ev.clientX, ev.clientY);
    placeUnit(drag.id, at.x, at.y);
  });
  table.addEventListener("pointerup", (ev) => {
    if (!drag) return;
    const at = tableInches(drag.svg, ev.clientX, ev.clientY);
    const { id } = drag;
    drag = null;
    addPending(dragAction(id, at.x, at.y));
    placeUnit(id, at.x, at.y);
  });
}

// --- the game -----------------------------------------------------------------

// The turn and phase, and who may act: the prompt's words before its colon
// ("turn 2, Brit Missile Fire") where it has them, else the clock's.
function showPhase(answer) {
  const prompt = answer.awaiting?.prompt ?? "";
  const clock = answer.state?.clock ?? {};
  const head = /^turn \d+, [^:]+/i.exec(prompt)?.[0];
  const phase = String(clock.phase ?? "").toLowerCase().replace(/_/g, " ");
  const ids = answer.awaiting?.unit_ids ?? [];
  $("phase").textContent = (head ?? `Turn ${num(clock.turn) || 1}${phase ? `, ${phase}` : ""}`) +
    (answer.awaiting?.side === "BRITISH" && ids.length > 0
      ? ` \u2014 ${ids.length} British unit${ids.length === 1 ? "" : "s"} may act` : "");
}

function showAnswer(answer) {
  $("prompt").textContent = answer.awaiting?.prompt ?? "";
  showPhase(answer);
  const reveal = $("reveal").checked;
  const items = page.history.map((step, k) => {
    const li = document.createElement("li");
    li.className = "step";
    const list = document.createElement("ul");
    for (const line of plainWords(step.answer, { reveal })) {
      const item = document.createElement("li");
      item.textContent = line;
      list.append(item);
    }
    li.append(`Step ${k + 1}`, list);
    return li;
  });
  $("log").replaceChildren(...items);
  $("log").lastElementChild?.scrollIntoView({ block: "nearest" });
}

async function step(request) {
  const answer = await impi.advance({ ...request, list_options: true, dice: diceOfPage() });
  page.history.push({ answer, sent: request.british_actions ?? [] });
  page.pending = [];
  page.selected = "";
  showPending();
  showAnswer(answer);
  showOptions(answer);
  await draw();
}

async function startGame(state) {
  page.history = [];
  page.pending = [];
  await step({ state });
}

async function newGame() {
  const name = $("scenario").value;
  await startGame(await impi.scenario(name));
}

async function send(withPass) {
  const answer = current();
  const actions = [...page.pending];
  if (withPass && ordersEveryUnit(answer.awaiting)) {
    // One order a unit: those not given one hold.
    for (const id of answer.awaiting?.unit_ids ?? []) {
      if (!actions.some((a) => a.unit_id === id)) actions.push({ kind: "PASS", unit_id: id });
    }
  } else if (withPass) {
    actions.push(passAction(answer.awaiting));
  }
  await step({ state: answer.state, british_actions: actions });
}

// The action of a volley for the first unit awaited: a FIRE at the nearest
// target impi offers it (centre to centre), else the PASS offered it (it
// stands); null if neither is offered.
function volleyAction(answer) {
  const id = answer.awaiting?.unit_ids?.[0];
  const at = new Map((answer.state?.units ?? []).map((u) => [u.id, u.position ?? {}]));
  const options = (answer.awaiting?.options ?? []).filter((a) => a.unit_id === id);
  const dist = (a) => {
    const p = at.get(id) ?? {}, q = at.get(a.target_id) ?? {};
    return Math.hypot(num(p.x) - num(q.x), num(p.y) - num(q.y));
  };
  const fires = options.filter((a) => a.kind === "FIRE" && at.has(a.target_id));
  if (fires.length > 0) return fires.reduce((best, a) => (dist(a) < dist(best) ? a : best));
  return options.find((a) => a.kind === "PASS") ?? null;
}

// Every British unit awaited in a fire phase where they fire one by one
// fires at the nearest target impi offers it, or stands: a step each, until
// the phase is over, shown as one step (undo takes it back whole).
async function volley() {
  const events = [];
  let answer = current();
  let fired = 0, stood = 0;
  let failure = null;
  try {
    for (let k = 0; k < 10000 && answer.awaiting?.kind === "BRITISH_FIRE"; ++k) {
      const action = volleyAction(answer);
      if (!action) break;
      answer = await impi.advance({ state: answer.state, british_actions: [action],
                                    list_options: true, dice: diceOfPage() });
      events.push(...(answer.events ?? []));
      if (action.kind === "FIRE") ++fired; else ++stood;
    }
  } catch (e) {
    failure = e;  // the steps done are kept; impi's refusal is shown
  }
  if (fired + stood === 0) {
    if (failure) throw failure;
    return;
  }
  const whole = { ...answer, events: [
    { kind: "BRITISH_ACTION", announce: `Volley: ${fired} fired, ${stood} stood.` }, ...events] };
  page.history.push({ answer: whole, sent: [] });
  page.pending = [];
  page.selected = "";
  showPending();
  showAnswer(whole);
  showOptions(whole);
  await draw();
  if (failure) throw failure;
}

async function undo() {
  if (page.history.length < 2) return;
  page.history.pop();
  page.pending = [];
  showPending();
  showAnswer(current());
  showOptions(current());
  await draw();
}

function save() {
  const blob = new Blob([JSON.stringify(current().state, null, 1)], { type: "application/json" });
  const a = document.createElement("a");
  a.href = URL.createObjectURL(blob);
  const clock = current().state.clock ?? {};
  a.download = `${current().state.scenario || "impi"}-turn${clock.turn ?? 1}.json`;
  a.click();
  URL.revokeObjectURL(a.href);
}

async function load(file) {
  const saved = JSON.parse(await file.text());
  // A saved TableState, or a request or answer holding one.
  await startGame(saved.state ?? saved);
}

// --- set-up ---------------------------------------------------------------------

function fillScenarios() {
  const ruleset = $("ruleset").value;
  $("scenario").replaceChildren(...page.scenarios.filter((s) => s.ruleset === ruleset).map((s) => {
    const o = document.createElement("option");
    o.value = s.name;
    o.textContent = `${s.name} (${s.stem})`;
    return o;
  }));
}

async function init() {
  page.scenarios = await impi.scenarios();
  // Each rule set's name for a reader, as the server describes it.
  const titles = new Map(((await impi.describe()).rulesets ?? []).map((r) => [r.ruleset_id, r.title]));
  const rulesets = [...new Set(page.scenarios.map((s) => s.ruleset))];
  $("ruleset").replaceChildren(...rulesets.map((r) => {
    const o = document.createElement("option");
    o.value = r;
    o.textContent = titles.get(r) || r;
    return o;
  }));
  fillScenarios();
  $("ruleset").onchange = fillScenarios;
  $("new-game").onclick = () => withBusy(newGame);
  $("send").onclick = () => withBusy(() => send(false));
  $("pass").onclick = () => withBusy(() => send(true));
  $("volley").onclick = () => withBusy(volley);
  $("clear").onclick = () => { page.pending = []; showPending(); draw(); };
  $("undo").onclick = () => withBusy(undo);
  $("save").onclick = save;
  $("load").onchange = (ev) => ev.target.files[0] && withBusy(() => load(ev.target.files[0]));
  $("reveal").onchange = () => current() && withBusy(async () => { showAnswer(current()); await draw(); });
  wireTable();
  document.body.dataset.ready = "1";
}

withBusy(init);
