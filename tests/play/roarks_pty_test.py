#!/usr/bin/env python3
"""`impi play` on Roark's Drift (roarks_drift, the hex game its rule set builds)
in a pseudo-terminal, against a real impi-server on 127.0.0.1 (ephemeral
ports), the opening turns of the first phase played from impi's options
only (the rules take no other order):

  - 9.1 British Placement: `options` lists the placement, `do N` notes it,
    `send` sends it; impi's Zulus choose their zones (9.2) and come on;
  - each British Movement Segment: three counters, one after another, each
    given a MOVE impi offers it into a hex next to it (`options`, `do N`,
    `send`); `units` then prints each in the hex it was ordered into;
  - each British Fire Segment: an aimed fire where impi offers one;
  - every segment's end: `pass`, which sends the PASS impi offers;

until the third turn's British Movement Segment is awaited: two whole
turns. The save file then holds turn 3 of phase 1 with Zulus on the map.

Usage: roarks_pty_test.py IMPI IMPI_SERVER WORK_DIR
"""
import json
import os
import re
import sys

sys.dont_write_bytecode = True  # no __pycache__ in the source tree
from pty_play import Session, fresh_file, start_server

IMPI, SERVER, WORK = sys.argv[1], sys.argv[2], sys.argv[3]
SAVE = fresh_file(WORK, "play_roarks.json")

# The counters moved a turn, and the turns played (the third is reached).
MOVED_A_TURN = 3
LAST_TURN = 3
# A guard against a loop that never ends (not an assertion on time).
MOST_COMMANDS = 200

server, target = start_server(SERVER)
game = Session(IMPI, target, ["--scenario", "roarks_drift", "--seed", "5", "--save", SAVE])
failures = []
moved = {}      # (turn, unit) -> the hex (q, r) it was ordered into
fired = []      # the aimed fires sent: "UNIT FIRE at hex (q, r): ..."
placed = False
awaited = []    # every "impi awaits" line, in turn
now = ""


def check(ok, what):
    if not ok:
        failures.append(what)


def awaits(text):
    """The last 'impi awaits:' line of `text` (what the British answer now)."""
    lines = re.findall(r"impi awaits: (.*)", text)
    return lines[-1].strip() if lines else ""


def options(words):
    """The options listed: [(number, words)]."""
    return [(int(n), w.strip()) for n, w in re.findall(r"^\s+(\d+)\. (.*)$", words, re.MULTILINE)]


def take(option, what):
    """Notes option (number, words) and sends it; the answer printed."""
    noted = game.ask(f"do {option[0]}")
    check(f"noted: {option[1]}" in noted, f"{what}: the option noted ({noted.strip()})")
    return game.ask("send")


try:
    text, prompt = game.read_until_prompt()
    for _ in range(MOST_COMMANDS):
        if prompt is None:
            break
        now = awaits(text) or now
        awaited.append(now)
        turn = re.match(r"phase (\d+), turn (\d+)", now)
        turn = int(turn.group(2)) if turn else 0
        if turn >= LAST_TURN or "game is over" in text:
            break
        if "9.1 British Placement" in now and not placed:
            listed = options(game.ask("options"))
            place = [o for o in listed if o[1].endswith(": place")]
            check(len(place) == 1, f"one placement offered: {listed}")
            if not place:
                break
            text = take(place[0], "the placement")
            placed = True
            continue
        if "British Movement" in now and sum(t == turn for t, _ in moved) < MOVED_A_TURN:
            listed = options(game.ask("options"))
            done = {u for t, u in moved if t == turn}
            # "c12 MOVE into hex (5, 8): move", of a counter not moved yet.
            moves = [(o, m) for o in listed
                     for m in [re.match(r"(\S+) MOVE into hex \((-?\d+), (-?\d+)\): move$", o[1])]
                     if m and m.group(1) not in done]
            check(moves, f"turn {turn}: impi offers moves to counters not moved yet")
            if not moves:
                text = game.ask("pass")
                continue
            option, m = moves[len(done) * 7 % len(moves)]
            unit, hex_ = m.group(1), (int(m.group(2)), int(m.group(3)))
            text = take(option, f"turn {turn}: {unit}'s move")
            check("impi says" not in text, f"turn {turn}: {unit}'s move applied ({text[-300:]})")
            moved[(turn, unit)] = hex_
            units = game.ask("units")
            check(re.search(rf"^\s+{re.escape(unit)} BRITISH \S+ in hex \({hex_[0]}, {hex_[1]}\)", units,
                            re.MULTILINE),
                  f"turn {turn}: units prints {unit} in hex {hex_}")
            text = units
            continue
        if "British Fire" in now and not any(f.startswith(f"{turn}:") for f in fired):
            aimed = [o for o in options(game.ask("options")) if ": aimed fire" in o[1]]
            if aimed:
                text = take(aimed[0], f"turn {turn}: the aimed fire")
                check("impi says" not in text, f"turn {turn}: the aimed fire applied ({text[-300:]})")
                fired.append(f"{turn}: {aimed[0][1]}")
                continue
            fired.append(f"{turn}: none offered")
        text = game.ask("pass")
        check("impi says" not in text, f"{now}: the pass applied ({text[-300:]})")
finally:
    game.send("quit")
    game.close()
    server.terminate()
    server.wait()

t = game.transcript
check("impi play: roarks_drift" in t, "the game its rule set builds was started")
check(placed, "the British placed the garrison (9.1)")
check(any("phase 1, turn 1: 3.2 British Movement" in a for a in awaited), "turn 1's British movement was awaited")
check(any("phase 1, turn 2: 3.3 British Fire" in a for a in awaited), "turn 2's British fire was awaited")
check(any(f"turn {LAST_TURN}: 3.2 British Movement" in a for a in awaited),
      f"two whole turns played: turn {LAST_TURN}'s British movement is awaited")
for turn in range(1, LAST_TURN):
    check(sum(t == turn for t, _ in moved) == MOVED_A_TURN, f"turn {turn}: {MOVED_A_TURN} counters moved")
try:
    with open(SAVE) as f:
        saved = json.load(f)
    book = saved.get("roarks_drift", {})
    check(book.get("phase", 1) == 1 and book.get("turn") == LAST_TURN, f"the save file holds phase 1, turn {LAST_TURN}")
    zulus = [u for u in saved.get("units", []) if u.get("side") == "ZULU" and not u.get("off_table")]
    check(zulus, "the Zulus entered: Zulu counters on the map in the save file")
    british = [u for u in saved.get("units", []) if u.get("side") == "BRITISH" and not u.get("off_table")]
    check(len(british) > 100, "the garrison is on the map in the save file")
except (OSError, ValueError) as e:
    failures.append(f"the save file: {e}")

with open(os.path.join(WORK, "play_roarks_transcript.txt"), "w") as f:
    f.write(t)
print(f"moved: {sorted(moved.items())}")
print(f"fired: {fired}")
for what in failures:
    print("FAILED:", what)
print(f"{len(failures)} failed")
if failures:
    print(t[-4000:])
sys.exit(1 if failures else 0)
