#!/usr/bin/env python3
"""`impi play --dice manual` in a pseudo-terminal, as a player at a real table
uses it: two turns of TSATF Zulu Control, then a turn of Pagano's d10 rules
at Rorke's Drift, against a real impi-server on 127.0.0.1 (ephemeral ports).

The player turns cards and rolls dice when impi asks ("impi needs more from
the table: ..."), rides the Natal Mounted Police (b6) up to the donga head
(appearance point 7) on the first red card, and passes every other card and
phase. A die of 3 for RANDOM CHANCE ON-FIELD is 3 + 2 (no impi yet) = 5:
an impi appears. The game is saved after every step; the save file at the
end is a TableState of turn 3.

At Rorke's Drift (rorkes_drift, a battle the rule set builds itself) the
player types every d10 impi asks for, lists what impi offers the first
British figure that may fire (options), has it fire (do, send), ends the
Brit Missile Fire phase for the 139 others (end), ends the Brit Movement
phase (pass all), and so reaches the second turn's Brit Missile Fire; the
save file holds turn 2.

Usage: play_pty_test.py IMPI IMPI_SERVER WORK_DIR
"""
import json
import os
import re
import sys

sys.dont_write_bytecode = True  # no __pycache__ in the source tree
from pty_play import Session, fresh_file, start_server

IMPI, SERVER, WORK = sys.argv[1], sys.argv[2], sys.argv[3]
SAVE = fresh_file(WORK, "play_game.json")

server, target = start_server(SERVER)


def dice_needed(text):
    """The dice impi asks for: 'at least N more needed', or None (cards)."""
    m = re.search(r"dice: ran out after \d+ di(?:e|ce); at least (\d+) more", text)
    return int(m.group(1)) if m else None


faces = [3, 4, 2, 5, 1, 6]
face_index = 0
failures = []


def roll(n, sides_faces):
    """n faces typed from the table, in turn from `sides_faces`."""
    global face_index
    answer = []
    for _ in range(n):
        answer.append(str(sides_faces[face_index % len(sides_faces)]))
        face_index += 1
    return " ".join(answer)


# --- TSATF Zulu Control: two turns ------------------------------------------
game = Session(IMPI, target, ["--dice", "manual", "--save", SAVE])
transcript = ""
prefer_black = True
moved = False
steps = 0
try:
    while True:
        text, prompt = game.read_until_prompt()
        if prompt is None:
            break
        if "no black cards are left" in text:
            prefer_black = False
        if "no red cards are left" in text:
            prefer_black = True
        if prompt.startswith("(dice"):
            # What impi asks for: "at least N more needed (...)" for dice, and
            # "... more card(s) needed" for cards.
            need = dice_needed(text)
            if need:
                game.send(roll(need, faces))
            else:
                game.send("b" if prefer_black else "r")
                prefer_black = not prefer_black
            continue
        # impi> : the British act.
        if "Turn 3 begins." in game.transcript or steps > 60:
            game.send("quit")
            continue
        if not moved and "red card 1 of 3" in text and "movement" in text:
            game.send("move b6 22 13")
            game.read_until_prompt()
            moved = True
        steps += 1
        game.send("pass")
finally:
    game.close()
    transcript = game.transcript

# --- Pagano's d10 rules at Rorke's Drift: a whole turn ----------------------
PAGANO_SAVE = fresh_file(WORK, "play_pagano.json")
d10 = [7, 2, 9, 4, 10, 1, 6, 3, 8, 5]
pagano = Session(IMPI, target, ["--dice", "manual", "--scenario", "rorkes_drift", "--save", PAGANO_SAVE])
fired = None
noted = ""
ended = []
try:
    while True:
        text, prompt = pagano.read_until_prompt()
        if prompt is None:
            break
        if prompt.startswith("(dice"):
            need = dice_needed(text)
            if not need:
                failures.append("Pagano asked for cards: " + text[-300:])
                pagano.send("quit")
                continue
            pagano.send(roll(need, d10))
            continue
        if len(ended) > 6 or "turn 2, Brit Missile Fire" in text:
            pagano.send("quit")
            continue
        if "Brit Missile Fire" in text and fired is None:
            # The first figure that may fire: what impi offers it, then its fire.
            pagano.send("options")
            options, _ = pagano.read_until_prompt()
            m = re.search(r"(\d+)\. (\S+) FIRE (\S+)", options)
            if not m:
                failures.append("impi offered no FIRE: " + options[-500:])
                pagano.send("quit")
                continue
            fired = (m.group(2), m.group(3))
            pagano.send("do " + m.group(1))
            noted, _ = pagano.read_until_prompt()
            pagano.send("send")
            continue
        if "Brit Missile Fire" in text:
            ended.append("fire")
            pagano.send("end")
            continue
        ended.append("other")
        pagano.send("pass all")
finally:
    pagano.close()

pt = pagano.transcript
check_pagano = [
    ("impi play: rorkes_drift" in pt, "the battle the rule set builds itself was started"),
    ("turn 1, Brit Missile Fire" in pt, "the first Brit Missile Fire phase was awaited"),
    (re.search(r"may act: .* and \d+ more", pt) is not None, "the figures that may act are named, the rest counted"),
    ("pass ends the phase" in pt, "the player is told how the phase ends"),
    (fired is not None and f"noted: {fired[0]} FIRE {fired[1]}" in noted, "an offered FIRE was noted"),
    ("Brit Movement" in pt, "the Brit Movement phase was awaited"),
    ("turn 2, Brit Missile Fire" in pt, "a whole turn was played: the second turn's fire is awaited"),
    ("impi needs more from the table" in pt and re.search(r"\d+ d10", pt) is not None, "impi asked for d10s typed in"),
]
for ok, what in check_pagano:
    if not ok:
        failures.append("Pagano: " + what)
if fired is not None:
    # The figure's fire is told in the answer after its step.
    if not re.search(re.escape(fired[0]) + r".*(fire|hit|miss)", pt, re.IGNORECASE):
        failures.append(f"Pagano: {fired[0]}'s fire is explained")
try:
    with open(PAGANO_SAVE) as f:
        saved = json.load(f)
    if saved.get("clock", {}).get("turn") != 2:
        failures.append("Pagano: the save file holds turn 2")
    if saved.get("pagano", {}).get("phase") != "PAGANO_BRIT_MISSILE_FIRE":
        failures.append("Pagano: the save file is at the Brit Missile Fire phase")
except (OSError, ValueError) as e:
    failures.append(f"Pagano: the save file: {e}")
server.terminate()
server.wait()


def check(ok, what):
    if not ok:
        failures.append(what)


check("Turn 2 begins." in transcript, "turn 2 was played")
check("Turn 3 begins." in transcript, "turn 3 began: two whole turns were played")
check("b6 moves to (22.0, 13.0)" in transcript, "the ride to the donga head was applied")
check("RANDOM CHANCE ON-FIELD" in transcript, "the on-field roll names its table")
check("appears at" in transcript, "a Zulu force appeared (typed die 3 + 2 = 5)")
check("impi needs more from the table" in transcript, "impi asked for dice and cards")
try:
    with open(SAVE) as f:
        saved = json.load(f)
    check(saved.get("clock", {}).get("turn") == 3, "the save file holds turn 3")
    check(any(u.get("side") == "ZULU" for u in saved.get("units", [])),
          "the save file holds Zulu units")
except (OSError, ValueError) as e:
    failures.append(f"the save file: {e}")

with open(os.path.join(WORK, "play_transcript.txt"), "w") as f:
    f.write(transcript)
with open(os.path.join(WORK, "play_pagano_transcript.txt"), "w") as f:
    f.write(pt)
for what in failures:
    print("FAILED:", what)
print(f"{len(failures)} failed")
if failures:
    print(transcript[-2000:])
    print(pt[-4000:])
sys.exit(1 if failures else 0)
