#!/usr/bin/env python3
"""Writes the request fuzzer's seed corpus (tests/fuzz/corpus/).

    /usr/bin/python3 tests/fuzz/make_corpus.py build/impi build/gen/python tests/fuzz/corpus \
        127.0.0.1:50051

From the built-in tables (`impi example NAME --request`): an Advance request
(and the same asking for the British options) and a few Ask questions for
each rule set (Pagano's from its own scenarios, below: pagano_requests;
Roark's Drift's from its game's start and a turn played on the server,
roarks_requests),
each once as a JSON body and once
as a serialized protobuf message, with the first byte the fuzzer reads
(request_fuzzer.cc): bit 0 protobuf, bit 1 Ask. Ferree's battle questions
need a battle under way: the Isandlwana table is advanced past deployment
on the impi-server at the address given last (`impi advance --target`).

Then the classes of the bounds on every route (docs/reliability.md), made
from the Advance requests just written: each rule set's own unit message
with a long id, protobuf cut short (Advance and Ask), and JSON whose shape a
single-quoted string tries to hide (a double quote inside it, then nesting
or an array past the scan's caps). Only these, from a corpus already there:

    /usr/bin/python3 tests/fuzz/make_corpus.py --bounded build/gen/python tests/fuzz/corpus
"""
import json
import os
import subprocess
import sys
import tempfile
import time


def main():
    impi, python_out, out, target = sys.argv[1:5]
    sys.path.insert(0, python_out)
    from google.protobuf import json_format
    from impi.v1 import umpire_pb2

    def example(name):
        text = subprocess.run([impi, "example", name, "--request"], check=True,
                              capture_output=True, text=True).stdout
        return json.loads(text)

    def advance_on_server(request):
        with tempfile.NamedTemporaryFile("w", suffix=".json") as f:
            json.dump(request, f)
            f.flush()
            text = subprocess.run([impi, "advance", f.name, "--target", target], check=True,
                                  capture_output=True, text=True).stdout
        return json.loads(text)

    def first_zulu(request, kind=None):
        for unit in request["state"]["units"]:
            if unit["side"] == "ZULU" and (kind is None or unit["kind"] == kind):
                return unit["id"]
        raise SystemExit("no Zulu unit of kind %s" % kind)

    requests = []  # (name, is_ask, JSON object)
    for name, member in (("tsatf", "tsatf"), ("isandlwana", "ferree"), ("empress", "empress")):
        advance = example(name)
        requests.append((name + "_advance", False, advance))
        if member == "tsatf":
            questions = [{"on_field": {"point": 6}}, {"start_of_turn": {}},
                         {"table_edge": {}}, {"fire_card": {}}]
        elif member == "ferree":
            questions = [{"situation": {}}, {"zulu_plan": {}}]
            # Past the situation, plan and deployment: the battle's first
            # activation, with the British to act.
            deployed = advance_on_server(advance)
            battle = advance_on_server({"state": deployed["state"],
                                        "british_actions": [{"kind": "END_DEPLOYMENT"}],
                                        "dice": {"seed": 7}})
            passed = {"state": battle["state"], "dice": {"seed": 8}, "british_actions": [
                {"kind": "PASS", "unit_id": battle["awaiting"]["unit_ids"][0]}]}
            requests.append(("isandlwana_battle_advance", False, passed))
            battle = advance_on_server(passed)
            tray = first_zulu(battle, "TRAY")
            for question in ({"activate": {"unit_id": first_zulu(battle, "REGIMENT")}},
                             {"resolve": {"unit_id": first_zulu(battle, "REGIMENT")}},
                             {"rally": {"unit_id": tray}},
                             {"induna_order": {"unit_id": first_zulu(battle, "INDUNA")}}):
                requests.append(("isandlwana_battle_ask_%s" % next(iter(question)), True,
                                 {"state": battle["state"], "ferree": question,
                                  "dice": {"seed": 9}}))
        else:
            regiment = first_zulu(advance, "REGIMENT")
            questions = [{"morale_test": {"unit_id": regiment}},
                         {"evasion": {"unit_id": regiment}},
                         {"retire_route": {"unit_id": regiment}}]
        for question in questions:
            ask = {"state": advance["state"], member: question, "dice": advance.get("dice", {})}
            requests.append(("%s_ask_%s" % (name, next(iter(question))), True, ask))

    requests.extend(pagano_requests(impi))
    requests.extend(roarks_requests(advance_on_server))
    write_requests(out, requests)
    write_bounded(out)


def write_requests(out, requests):
    """Each request, and each Advance asking for the British options
    (AdvanceRequest.list_options), as JSON and as protobuf."""
    from google.protobuf import json_format
    from impi.v1 import umpire_pb2

    for name, is_ask, body in list(requests):
        if not is_ask:
            requests.append((name + "_options", False, dict(body, list_options=True)))

    os.makedirs(out, exist_ok=True)
    for name, is_ask, body in requests:
        message = umpire_pb2.AskRequest() if is_ask else umpire_pb2.AdvanceRequest()
        text = json.dumps(body, separators=(",", ":"))
        json_format.Parse(text, message)
        ask_bit = 2 if is_ask else 0
        with open(os.path.join(out, name + ".json"), "wb") as f:
            f.write(bytes([ask_bit]) + text.encode())
        with open(os.path.join(out, name + ".pb"), "wb") as f:
            f.write(bytes([ask_bit | 1]) + message.SerializeToString())


def pagano_requests(impi):
    """Pagano's d10 rules (PAGANO_D10), whose scenarios the rule set builds
    itself (no JSON table to print): each scenario's start and a state in the
    battle, as the sides see them (nothing is hidden in these rules), taken
    from `impi simulate` playing one side through an outside agent
    (proto/impi/v1/agent.proto) served here. Advance from each, an Ask of
    each question kind, and a few malformed ones."""
    import grpc
    from concurrent import futures
    from google.protobuf import json_format
    from impi.v1 import agent_pb2, pagano_pb2

    views = []

    def act(request, context):
        views.append(request)
        return agent_pb2.ActResponse(index=0)

    server = grpc.server(futures.ThreadPoolExecutor(max_workers=2))
    server.add_generic_rpc_handlers((grpc.method_handlers_generic_handler("impi.v1.Agent", {
        "Act": grpc.unary_unary_rpc_method_handler(
            act, request_deserializer=agent_pb2.ActRequest.FromString,
            response_serializer=agent_pb2.ActResponse.SerializeToString)}),))
    port = server.add_insecure_port("127.0.0.1:0")
    server.start()

    def seen(scenario, side, turn, phase=None):
        """The first view `side` is sent on `turn` (in `phase`) of one
        seeded game, and its legal actions."""
        del views[:]
        game = subprocess.Popen([impi, "simulate", "--ruleset", "pagano", "--scenario", scenario,
                                 "--games", "1", "--seed", "3", "--" + side,
                                 "grpc:127.0.0.1:%d" % port],
                                stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        try:
            while True:
                for v in list(views):
                    if v.view.clock.turn >= turn and phase in (
                            None, pagano_pb2.PaganoPhase.Name(v.view.pagano.phase)):
                        return (json_format.MessageToDict(v.view, preserving_proto_field_name=True),
                                [json_format.MessageToDict(a, preserving_proto_field_name=True)
                                 for a in v.legal_actions])
                if game.poll() is not None:
                    raise SystemExit("impi simulate ended before turn %d of %s" % (turn, scenario))
                time.sleep(0.05)
        finally:
            game.kill()
            game.wait()

    def first(state, kind, side):
        for unit in state["units"]:
            if unit["kind"] == kind and unit.get("side") == side:
                return unit["id"]
        raise SystemExit("no %s %s" % (side, kind))

    requests = []
    try:
        for scenario in ("rorkes_drift", "isandlwana_tactical"):
            name = "pagano_" + scenario
            # The first Zulu decision of the battle: its start.
            start, _ = seen(scenario, "zulu", 1)
            requests.append((name + "_advance", False, {"state": start, "dice": {"seed": 1}}))
            # A British decision of the second turn: the battle under way.
            battle, legal = seen(scenario, "british", 2)
            requests.append((name + "_battle_advance", False, {"state": battle, "dice": {"seed": 2}}))
            # Each question where play asks it: a British figure's fire at a
            # target it may fire at; an induna's direction and an isigaba's
            # morale in the Zulu Morale phase; the riflemen of an isigaba at
            # the start (none rolled yet); melee and medical in the battle
            # (refused there: no melee or medical phase awaits a decision).
            fire = next(a for a in legal if a.get("kind") == "FIRE")
            morale, _ = seen(scenario, "zulu", 1, "PAGANO_ZULU_MORALE")
            figure = first(battle, "INFANTRY", "BRITISH")
            for state, question in (
                    (battle, {"fire": {"unit_id": fire["unit_id"], "target_id": fire["target_id"]}}),
                    (morale, {"direction": {"unit_id": first(morale, "INDUNA", "ZULU")}}),
                    (morale, {"morale": {"unit_id": first(morale, "ISIGABA", "ZULU")}}),
                    (start, {"riflemen": {"unit_id": first(start, "ISIGABA", "ZULU")}}),
                    (battle, {"melee": {"unit_id": figure}}),
                    (battle, {"medical": {"unit_id": figure}})):
                requests.append(("%s_ask_%s" % (name, next(iter(question))), True,
                                 {"state": state, "pagano": question, "dice": {"seed": 3}}))
    finally:
        server.stop(0)

    # Malformed: a phase past the eighth, an entry of no unit, three cattle,
    # a question with no unit, a British FIRE with no target.
    start = requests[0][2]["state"]
    battle = requests[1][2]["state"]
    bad = json.loads(json.dumps(start))
    bad.setdefault("pagano", {})["phase"] = 9
    requests.append(("pagano_bad_phase_advance", False, {"state": bad}))
    bad = json.loads(json.dumps(start))
    bad.setdefault("pagano", {}).setdefault("units", []).append({"unit_id": "nobody"})
    requests.append(("pagano_bad_entry_advance", False, {"state": bad}))
    bad = json.loads(json.dumps(start))
    isigaba = first(start, "ISIGABA", "ZULU")
    entries = bad.setdefault("pagano", {}).setdefault("units", [])
    if not any(e["unit_id"] == isigaba for e in entries):
        entries.append({"unit_id": isigaba})
    next(e for e in entries if e["unit_id"] == isigaba)["cattle"] = 3
    requests.append(("pagano_bad_cattle_advance", False, {"state": bad}))
    requests.append(("pagano_bad_ask_no_unit", True, {"state": start, "pagano": {"melee": {}}}))
    requests.append(("pagano_bad_fire_no_target", False, {
        "state": battle,
        "british_actions": [{"kind": "FIRE", "unit_id": first(start, "INFANTRY", "BRITISH")}]}))
    return requests


def roarks_requests(advance_on_server):
    """The Battle of Roark's Drift (ROARKS_DRIFT): a table state with no
    roarks_drift member is the game at its start (9.1); the British place
    the garrison, the Zulus (a random player) choose their zones and move,
    on the server. Advance from each, an Ask of each question kind, and a
    few malformed ones."""
    random = {"kind": "RANDOM"}
    start = {"ruleset": "ROARKS_DRIFT", "scenario": "roarks_drift",
             "table": {"hex_columns": 48, "hex_rows": 32}}
    place = {"kind": "DEPLOY", "roarks_drift": {"order": "ROARKS_PLACE"}}
    first = {"state": start, "british_actions": [place], "dice": {"seed": 1},
             "zulu_policy": random}
    battle = advance_on_server(first)["state"]
    passed = {"state": battle, "dice": {"seed": 2}, "zulu_policy": random,
              "british_actions": [{"kind": "PASS", "roarks_drift": {"order": "ROARKS_PASS"}}]}
    requests = [("roarks_advance", False, first), ("roarks_battle_advance", False, passed)]
    chard = next(u for u in battle["units"] if u["id"] == "chard")
    for question in ({"aimed_fire": {"from": chard.get("hex", {}), "target": {"q": 20, "r": 2}}},
                     {"volley": {"lieutenant_id": "chard"}},
                     {"melee": {"massed": True}},
                     {"oskarberg": {}},
                     {"suppression": {}},
                     {"healing": {"unit_id": "hook"}},
                     {"fire_spread": {"room": 1}}):
        requests.append(("roarks_ask_%s" % next(iter(question)), True,
                         {"state": battle, "roarks_drift": question, "dice": {"seed": 3},
                          "policy": random}))
    # Malformed: suppression past 4, an entry of no counter, a direction of
    # 6, a question with no decision point.
    bad = json.loads(json.dumps(battle))
    bad["roarks_drift"]["suppression"] = 5
    requests.append(("roarks_bad_suppression_advance", False, {"state": bad}))
    bad = json.loads(json.dumps(battle))
    bad["roarks_drift"].setdefault("counters", []).append({"unit_id": "nobody"})
    requests.append(("roarks_bad_entry_advance", False, {"state": bad}))
    requests.append(("roarks_bad_direction", False, {
        "state": battle, "british_actions": [{"kind": "MOVE", "roarks_drift": {
            "order": "ROARKS_DIG", "direction": 6}}]}))
    requests.append(("roarks_bad_ask_no_kind", True, {"state": battle, "roarks_drift": {}}))
    return requests


def write_bounded(out):
    """The bounds' classes (see above), from the corpus's Advance requests."""
    from google.protobuf import json_format
    from impi.v1 import umpire_pb2

    def read(name):
        with open(os.path.join(out, name + ".json"), "rb") as f:
            return json.loads(f.read()[1:])

    def write(name, is_ask, data, protobuf):
        with open(os.path.join(out, name + (".pb" if protobuf else ".json")), "wb") as f:
            f.write(bytes([(2 if is_ask else 0) | (1 if protobuf else 0)]) + data)

    # A 20,000-byte id in each rule set's own unit message (a megabyte would
    # slow every run of the fuzzer; the server's tests send that).
    long_id = "x" * 20000
    for name, member in (("tsatf", "tsatf"), ("isandlwana", "ferree"), ("empress", "empress"),
                         ("pagano_rorkes_drift", "pagano")):
        request = read(name + "_advance")
        own = request["state"].setdefault(member, {})
        own.setdefault("units", []).append({"unit_id": long_id})
        text = json.dumps(request, separators=(",", ":"))
        write("bounded_%s_long_unit_id" % name, False, text.encode(), False)
        message = umpire_pb2.AdvanceRequest()
        json_format.Parse(text, message)
        write("bounded_%s_long_unit_id" % name, False, message.SerializeToString(), True)

    # Protobuf cut short where it no longer parses.
    for name, is_ask, kind in (("tsatf_advance", False, umpire_pb2.AdvanceRequest),
                               ("tsatf_ask_table_edge", True, umpire_pb2.AskRequest)):
        message = kind()
        json_format.Parse(json.dumps(read(name)), message)
        data = message.SerializeToString()[:-1]
        while data:
            try:
                kind().ParseFromString(data)
            except Exception:  # google.protobuf.message.DecodeError
                break
            data = data[:-1]
        write("bounded_%s_truncated" % name, is_ask, data, True)

    # A double quote inside the parser's single-quoted strings, before
    # nesting past 32 levels and an array past 20,000 elements.
    deep = "[" * 40 + "]" * 40
    write("bounded_json_quote_nesting", False,
          ('{"state":{"units":[\'"\',' + deep + ',\'"\']}}').encode(), False)
    write("bounded_json_escaped_quote_nesting", False,
          ("{'state':{'units':['\\'\"'," + deep + ",'\"']}}").encode(), False)
    write("bounded_json_quote_long_array", False,
          ('{"state":{"units":[\'"\',[' + ",".join(["0"] * 20001) + '],\'"\']}}').encode(),
          False)


if __name__ == "__main__":
    if sys.argv[1] == "--roarks":
        # Roark's Drift's entries alone, from a corpus already there:
        #   make_corpus.py --roarks build/impi build/gen/python tests/fuzz/corpus ADDRESS
        roarks_impi, roarks_python, roarks_out, roarks_target = sys.argv[2:6]
        sys.path.insert(0, roarks_python)

        def roarks_advance(request):
            with tempfile.NamedTemporaryFile("w", suffix=".json") as f:
                json.dump(request, f)
                f.flush()
                return json.loads(subprocess.run(
                    [roarks_impi, "advance", f.name, "--target", roarks_target], check=True,
                    capture_output=True, text=True).stdout)

        write_requests(roarks_out, roarks_requests(roarks_advance))
    elif sys.argv[1] == "--bounded":
        sys.path.insert(0, sys.argv[2])
        write_bounded(sys.argv[3])
    else:
        main()
