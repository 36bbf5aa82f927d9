#!/usr/bin/env python3
"""`impi play --dice manual` in a pseudo-terminal, as a player at a real table
uses it: two turns of TSATF Zulu Control against a real impi-server on
127.0.0.1 (ephemeral ports).

The player turns cards and rolls dice when impi asks ("impi needs more from
the table: ..."), rides the Natal Mounted Police (b6) up to the donga head
(appearance point 7) on the first red card, and passes every other card and
phase. A die of 3 for RANDOM CHANCE ON-FIELD is 3 + 2 (no impi yet) = 5:
an impi appears. The game is saved after every step; the save file at the
end is a TableState of turn 3.

Usage: play_pty_test.py IMPI IMPI_SERVER WORK_DIR
"""
import json
import os
import pty
import re
import select
import signal
import subprocess
import sys

IMPI, SERVER, WORK = sys.argv[1], sys.argv[2], sys.argv[3]
os.makedirs(WORK, exist_ok=True)
SAVE = os.path.join(WORK, "play_game.json")
if os.path.exists(SAVE):
    os.remove(SAVE)

# A guard against a hang, not a timed assertion: no output for this long
# means the loop is stuck.
STUCK_SECONDS = 120


def start_server():
    server = subprocess.Popen(
        [SERVER, "--grpc_address=127.0.0.1:0", "--http_address=127.0.0.1:0",
         "--web_root=none"],
        stdout=subprocess.PIPE, text=True)
    for line in server.stdout:
        m = re.search(r"gRPC impi.v1.Umpire on (127\.0\.0\.1:\d+)", line)
        if m:
            return server, m.group(1)
    raise SystemExit("impi-server did not start")


server, target = start_server()
pid, fd = pty.fork()
if pid == 0:
    os.execv(IMPI, [IMPI, "play", "--dice", "manual", "--target", target, "--save", SAVE])

transcript = ""
pending = ""  # output not yet answered


def read_until_prompt():
    """Output up to the next prompt: 'impi> ', 'roll and type ...: ', or the end."""
    global transcript, pending
    while True:
        for prompt in ("impi> ", "(dice faces; r or b for cards): "):
            if pending.endswith(prompt):
                text, pending = pending, ""
                return text, prompt
        ready, _, _ = select.select([fd], [], [], STUCK_SECONDS)
        if not ready:
            raise SystemExit("impi play is stuck; output so far:\n" + transcript[-3000:])
        try:
            chunk = os.read(fd, 65536).decode("utf-8", "replace")
        except OSError:
            chunk = ""
        if not chunk:
            text, pending = pending, ""
            return text, None
        transcript += chunk
        pending += chunk


def send(line):
    os.write(fd, (line + "\n").encode())


faces = [3, 4, 2, 5, 1, 6]
face_index = 0
prefer_black = True
moved = False
steps = 0
failures = []

try:
    while True:
        text, prompt = read_until_prompt()
        if prompt is None:
            break
        if "no black cards are left" in text:
            prefer_black = False
        if "no red cards are left" in text:
            prefer_black = True
        if prompt.startswith("(dice"):
            # What impi asks for: "at least N more needed (...)" for dice, and
            # "... more card(s) needed" for cards.
            need_dice = re.search(r"dice: ran out after \d+ di(?:e|ce); at least (\d+) more", text)
            if need_dice:
                answer = []
                for _ in range(int(need_dice.group(1))):
                    answer.append(str(faces[face_index % len(faces)]))
                    face_index += 1
                send(" ".join(answer))
            else:
                send("b" if prefer_black else "r")
                prefer_black = not prefer_black
            continue
        # impi> : the British act.
        if "Turn 3 begins." in transcript or steps > 60:
            send("quit")
            continue
        if not moved and "red card 1 of 3" in text and "movement" in text:
            send("move b6 22 13")
            read_until_prompt()
            moved = True
        steps += 1
        send("pass")
finally:
    try:
        os.kill(pid, signal.SIGTERM)
    except ProcessLookupError:
        pass
    os.waitpid(pid, 0)
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
for what in failures:
    print("FAILED:", what)
print(f"{6 + 2 - len(failures)} passed, {len(failures)} failed")
if failures:
    print(transcript[-4000:])
sys.exit(1 if failures else 0)
