// clients/js/example.mjs: impi from Node with the JavaScript client
// (clients/js/impi.js): a built-in scenario, one British move and a pass,
// then what the British may be told and where the Zulus stand.
//
//   node clients/js/example.mjs [SERVER] [SCENARIO] [UNIT,X,Y] [SEED]
//   node clients/js/example.mjs http://127.0.0.1:8080 tsatf b6,22,13 5
import { ImpiClient, move, num, passAction, plainWords, unitsOnTable } from "./impi.js";

const [server = "http://127.0.0.1:8080", scenario = "tsatf", moveArg = "b6,22,13", seed = "5"] =
  process.argv.slice(2);
const impi = new ImpiClient(server);

try {
  let answer = await impi.advance({ state: await impi.scenario(scenario), dice: { seed } });
  console.log("impi awaits:", answer.awaiting.prompt);
  const actions = [];
  if (moveArg) {
    const [unit, x, y] = moveArg.split(",");
    actions.push(move(unit, Number(x), Number(y)));
  }
  actions.push(passAction(answer.awaiting));
  answer = await impi.advance({
    state: answer.state, british_actions: actions, dice: { seed: String(Number(seed) + 1) },
  });
  for (const line of plainWords(answer)) console.log("announce:", line);
  for (const u of unitsOnTable(answer.state, "ZULU")) {
    console.log(`zulu ${u.id} (${u.kind}) at ${num(u.position?.x).toFixed(1)}, ${num(u.position?.y).toFixed(1)}`);
  }
  console.log("impi awaits:", answer.awaiting.prompt);
} catch (e) {
  console.error("impi:", e.message);
  process.exit(1);
}
