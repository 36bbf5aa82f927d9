#!/usr/bin/env python3
"""An example outside agent for impi: a server of impi.v1.Agent.

impi calls Agent/Act at every decision of the side this agent plays, with
that side's view of the table and the legal actions (proto/impi/v1/agent.proto);
the answer is the index of one of them. Start it, then point impi at it:

    /usr/bin/python3 clients/agents/python/agent.py --port 50061 &
    build/impi simulate --ruleset ferree --games 2 --zulu grpc:127.0.0.1:50061

The first line on stdout is "listening on HOST:PORT" (with --port 0 the
system picks the port). Strategies: "first" (the first legal action),
"random" (uniform), "simple" (a charge, else fire, else a move, else the
first; ties broken at random). Random choices are seeded: --seed and the
request's call counter, so the same games give the same answers.

The message classes are generated with protoc (python3-protobuf) into the
build directory (build/gen/python by default, --gen to change it; made here
if missing). The service binding is written by hand with grpc's generic
handlers, so no grpc code generator is needed.
"""

import argparse
import glob
import os
import random
import subprocess
import sys
import threading
import time
from concurrent import futures

import grpc

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))))
PROTO_DIR = os.path.join(ROOT, "proto")


def load_messages(gen_dir):
    """Imports the message modules from gen_dir, generating them first if missing."""
    if not os.path.exists(os.path.join(gen_dir, "impi", "v1", "agent_pb2.py")):
        os.makedirs(gen_dir, exist_ok=True)
        protos = sorted(glob.glob(os.path.join(PROTO_DIR, "impi", "v1", "*.proto")))
        subprocess.run(["protoc", "--proto_path=" + PROTO_DIR, "--python_out=" + gen_dir] + protos,
                       check=True)
    sys.path.insert(0, gen_dir)
    # pylint: disable=import-outside-toplevel
    from impi.v1 import agent_pb2, decision_pb2, table_pb2
    return agent_pb2, decision_pb2, table_pb2


# "simple": what a side would rather do, best first.
PREFERENCE = {"CHARGE": 3, "FIRE": 2, "MOVE": 1}


class Agent:
    def __init__(self, modules, strategy, seed, log, fault=None, fault_at=-1):
        self.pb, self.decision, self.table = modules
        self.strategy = strategy
        self.seed = seed
        self.log = log
        self.fault = fault
        self.fault_at = fault_at
        self.lock = threading.Lock()
        self.seen = 0

    def choose(self, request):
        legal = request.legal_actions
        rng = random.Random(self.seed * 1000003 + request.call)
        if self.strategy == "first":
            return 0, "the first legal action"
        if self.strategy == "random":
            return rng.randrange(len(legal)), "at random"
        kinds = [self.decision.ActionKind.Name(a.kind) for a in legal]
        best = max(PREFERENCE.get(k, 0) for k in kinds)
        top = [i for i, k in enumerate(kinds) if PREFERENCE.get(k, 0) == best]
        i = top[rng.randrange(len(top))]
        return i, "%s, the best kind of %d options" % (kinds[i], len(legal))

    def act(self, request, context):
        """Agent/Act."""
        with self.lock:
            seen = self.seen
            self.seen += 1
        if self.fault is not None and seen >= self.fault_at:
            if self.fault == "out-of-range":
                return self.pb.ActResponse(index=len(request.legal_actions))
            if self.fault == "sleep":
                time.sleep(3600)
            if self.fault == "error":
                context.abort(grpc.StatusCode.INTERNAL, "this agent fails on purpose")
            if self.fault == "exit":
                os._exit(3)  # pylint: disable=protected-access
        if not request.legal_actions:
            context.abort(grpc.StatusCode.INVALID_ARGUMENT, "legal_actions: is empty")
        i, why = self.choose(request)
        if self.log:
            side = self.table.Side.Name(request.side)
            print("call %d: %s, %d options, turn %d: %d (%s)" %
                  (request.call, side, len(request.legal_actions), request.view.clock.turn, i, why),
                  file=sys.stderr, flush=True)
        return self.pb.ActResponse(index=i, why=why)


def serve(args):
    modules = load_messages(args.gen)
    pb = modules[0]
    agent = Agent(modules, args.strategy, args.seed, args.log, args.fault, args.fault_at)
    handler = grpc.method_handlers_generic_handler("impi.v1.Agent", {
        "Act": grpc.unary_unary_rpc_method_handler(
            agent.act,
            request_deserializer=pb.ActRequest.FromString,
            response_serializer=pb.ActResponse.SerializeToString),
    })
    server = grpc.server(futures.ThreadPoolExecutor(max_workers=8),
                         options=[("grpc.max_receive_message_length", 64 * 1024 * 1024)])
    server.add_generic_rpc_handlers((handler,))
    port = server.add_insecure_port("%s:%d" % (args.host, args.port))
    if port == 0:
        sys.exit("agent.py: cannot listen on %s:%d" % (args.host, args.port))
    server.start()
    print("listening on %s:%d" % (args.host, port), flush=True)
    try:
        server.wait_for_termination()
    except KeyboardInterrupt:
        server.stop(0)


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--host", default="127.0.0.1", help="address to listen on (default 127.0.0.1)")
    p.add_argument("--port", type=int, default=50061, help="port; 0: any free port")
    p.add_argument("--strategy", choices=["first", "random", "simple"], default="simple")
    p.add_argument("--seed", type=int, default=1, help="seed of the random choices")
    p.add_argument("--gen", default=os.environ.get("IMPI_PYTHON_OUT",
                                                   os.path.join(ROOT, "build", "gen", "python")),
                   help="where the generated message classes are (made if missing)")
    p.add_argument("--log", action="store_true", help="print each decision on stderr")
    # For impi's own tests of a faulty agent.
    p.add_argument("--fault", choices=["out-of-range", "sleep", "error", "exit"],
                   help=argparse.SUPPRESS)
    p.add_argument("--fault-at", type=int, default=0, help=argparse.SUPPRESS)
    serve(p.parse_args())


if __name__ == "__main__":
    main()
