#!/usr/bin/env node
// An example outside agent for impi: a server of impi.v1.Agent in Node.
//
// impi calls Agent/Act at every decision of the side this agent plays, with
// that side's view of the table and the legal actions
// (proto/impi/v1/agent.proto); the answer is the index of one of them.
//
//   (cd clients/agents/node && npm ci)        # once: @grpc/grpc-js, @grpc/proto-loader
//   node clients/agents/node/agent.js --port 50062 &
//   build/impi simulate --ruleset ferree --games 2 --zulu grpc:127.0.0.1:50062
//
// The first line on stdout is "listening on HOST:PORT" (--port 0: the system
// picks the port). Strategies: "first" (the first legal action), "random"
// (uniform), "simple" (a charge, else fire, else a move, else the first;
// ties broken at random). Random choices are seeded from --seed and the
// request's call counter. The proto is read at start-up from proto/impi/v1/
// (no generated code).
'use strict';

const path = require('path');
const grpc = require('@grpc/grpc-js');
const protoLoader = require('@grpc/proto-loader');

const ROOT = path.resolve(__dirname, '..', '..', '..');
const PROTO_DIR = path.join(ROOT, 'proto');

function parseArgs(argv) {
  const args = { host: '127.0.0.1', port: 50062, strategy: 'simple', seed: 1, log: false };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    const value = () => {
      if (i + 1 >= argv.length) throw new Error(`${a}: needs a value`);
      return argv[++i];
    };
    if (a === '--host') args.host = value();
    else if (a === '--port') args.port = Number(value());
    else if (a === '--strategy') args.strategy = value();
    else if (a === '--seed') args.seed = Number(value());
    else if (a === '--log') args.log = true;
    else if (a === '--help' || a === '-h') {
      console.log('usage: agent.js [--host 127.0.0.1] [--port 50062] ' +
                  '[--strategy first|random|simple] [--seed 1] [--log]');
      process.exit(0);
    } else throw new Error(`unknown argument ${a}`);
  }
  if (!['first', 'random', 'simple'].includes(args.strategy)) {
    throw new Error(`--strategy: '${args.strategy}' is not first, random or simple`);
  }
  if (!Number.isInteger(args.port) || args.port < 0 || args.port > 65535) {
    throw new Error('--port: must be 0..65535');
  }
  return args;
}

// A small seeded generator (mulberry32): the same seed, the same choices.
function rng(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

// "simple": what a side would rather do, best first.
const PREFERENCE = { CHARGE: 3, FIRE: 2, MOVE: 1 };

function choose(args, request) {
  const legal = request.legal_actions;
  const random = rng(args.seed * 1000003 + Number(request.call));
  if (args.strategy === 'first') return [0, 'the first legal action'];
  if (args.strategy === 'random') return [Math.floor(random() * legal.length), 'at random'];
  const score = (a) => PREFERENCE[a.kind] || 0;
  const best = Math.max(...legal.map(score));
  const top = [];
  legal.forEach((a, i) => { if (score(a) === best) top.push(i); });
  const i = top[Math.floor(random() * top.length)];
  return [i, `${legal[i].kind}, the best kind of ${legal.length} options`];
}

function main() {
  const args = parseArgs(process.argv.slice(2));
  const definition = protoLoader.loadSync(path.join(PROTO_DIR, 'impi', 'v1', 'agent.proto'), {
    includeDirs: [PROTO_DIR],
    keepCase: true,   // field names as in the proto: legal_actions, time_left_ms
    longs: String,
    enums: String,    // kinds by name: "CHARGE"
    defaults: true,
    oneofs: true,
  });
  const v1 = grpc.loadPackageDefinition(definition).impi.v1;

  const server = new grpc.Server({ 'grpc.max_receive_message_length': 64 * 1024 * 1024 });
  server.addService(v1.Agent.service, {
    Act(call, callback) {
      const request = call.request;
      if (!request.legal_actions || request.legal_actions.length === 0) {
        callback({ code: grpc.status.INVALID_ARGUMENT, details: 'legal_actions: is empty' });
        return;
      }
      const [index, why] = choose(args, request);
      if (args.log) {
        const turn = request.view && request.view.clock ? request.view.clock.turn : 0;
        console.error(`call ${request.call}: ${request.side}, ${request.legal_actions.length} ` +
                      `options, turn ${turn}: ${index} (${why})`);
      }
      callback(null, { index, why });
    },
  });
  server.bindAsync(`${args.host}:${args.port}`, grpc.ServerCredentials.createInsecure(),
    (err, port) => {
      if (err) {
        console.error(`agent.js: cannot listen on ${args.host}:${args.port}: ${err.message}`);
        process.exit(1);
      }
      console.log(`listening on ${args.host}:${port}`);
    });
  const stop = () => server.tryShutdown(() => process.exit(0));
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

try {
  main();
} catch (e) {
  console.error(`agent.js: ${e.message}`);
  process.exit(2);
}
