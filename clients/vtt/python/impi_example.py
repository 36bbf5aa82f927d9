#!/usr/bin/env python3
"""impi over JSON/HTTP with Python's standard library only.

Starts a built-in scenario, lets impi play until the British are awaited,
moves one British unit, passes, and prints what the British may be told,
where the Zulu units stand and what impi awaits next: what a virtual
tabletop does every turn.

    python3 impi_example.py [--server http://127.0.0.1:8080] [--scenario tsatf]
                            [--move b6,22,13] [--seed 5] [--save game.json]

Exit code 0, or 1 with impi's error ("INVALID_ARGUMENT: ...").
"""
import argparse
import json
import sys
import urllib.error
import urllib.request


class ImpiError(Exception):
    pass


class Impi:
    def __init__(self, server):
        self.server = server.rstrip("/")

    def _open(self, request):
        try:
            with urllib.request.urlopen(request, timeout=60) as res:
                return json.load(res)
        except urllib.error.HTTPError as e:
            body = json.load(e)
            raise ImpiError(f"{body.get('status')}: {body.get('message')}") from None

    def call(self, method, request):
        """POST /v1/<method> with a request dict; the answer dict."""
        data = json.dumps(request).encode()
        return self._open(urllib.request.Request(
            f"{self.server}/v1/{method}", data=data, method="POST",
            headers={"Content-Type": "application/json"}))

    def scenario(self, name):
        """A built-in scenario's TableState."""
        return self._open(urllib.request.Request(f"{self.server}/v1/Scenarios/{name}"))


def plain_words(answer):
    """What may be told to the British, with the table the umpire rolled on."""
    for e in answer.get("events", []):
        if e.get("umpire_only") or e.get("kind") == "AWAITING":
            continue
        text = e.get("announce") or e.get("why", {}).get("text", "")
        rule = e.get("why", {}).get("rule", {})
        table = rule.get("table") or rule.get("section")
        if text and table and table not in text:
            text += f" [{table}]"
        if text:
            yield text


def pass_action(awaiting):
    ids = awaiting.get("unit_ids", [])
    return {"kind": "PASS", "unit_id": ids[0]} if len(ids) == 1 else {"kind": "PASS"}


def main():
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--server", default="http://127.0.0.1:8080")
    p.add_argument("--scenario", default="tsatf")
    p.add_argument("--move", default="b6,22,13", help="UNIT,X,Y (inches); empty: no move")
    p.add_argument("--seed", type=int, default=5)
    p.add_argument("--save", help="write the last TableState here")
    args = p.parse_args()
    impi = Impi(args.server)
    try:
        state = impi.scenario(args.scenario)
        answer = impi.call("Advance", {"state": state, "dice": {"seed": str(args.seed)}})
        print("impi awaits:", answer["awaiting"]["prompt"])
        actions = []
        if args.move:
            unit, x, y = args.move.split(",")
            actions.append({"kind": "MOVE", "unit_id": unit, "to": {"x": float(x), "y": float(y)}})
        actions.append(pass_action(answer["awaiting"]))
        answer = impi.call("Advance", {"state": answer["state"], "british_actions": actions,
                                       "dice": {"seed": str(args.seed + 1)}})
    except (ImpiError, urllib.error.URLError) as e:
        print("impi:", e, file=sys.stderr)
        return 1
    for line in plain_words(answer):
        print("announce:", line)
    for u in answer["state"].get("units", []):
        if u.get("side") == "ZULU" and not u.get("off_table") and u.get("kind") != "IMPI":
            pos = u.get("position", {})  # JSON leaves out zeros
            print(f"zulu {u['id']} ({u.get('kind')}) at {pos.get('x', 0):.1f}, {pos.get('y', 0):.1f}")
    print("impi awaits:", answer["awaiting"]["prompt"])
    if args.save:
        with open(args.save, "w") as f:
            json.dump(answer["state"], f)
    return 0


if __name__ == "__main__":
    sys.exit(main())
