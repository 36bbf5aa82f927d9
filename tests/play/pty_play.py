"""What the pseudo-terminal tests of `impi play` share: a real impi-server on
127.0.0.1 (ephemeral ports) and one `impi play` in a pseudo-terminal, read
up to each prompt as a player at the table sees it.

    server, target = start_server(IMPI_SERVER)
    game = Session(IMPI, target, ["--scenario", "roarks_drift"])
    text, prompt = game.read_until_prompt()   # prompt None: the loop ended
    game.send("options")
    game.close(); server.terminate()
"""
import os
import pty
import re
import select
import signal
import subprocess

# A guard against a hang, not a timed assertion: no output for this long
# means the loop is stuck.
STUCK_SECONDS = 120

# The prompts `impi play` waits at: a command, or the dice and cards typed in.
PROMPTS = ("impi> ", "(dice faces; r or b for cards): ")


def fresh_file(work, name):
    """WORK/NAME with WORK made and no NAME left from an earlier run."""
    os.makedirs(work, exist_ok=True)
    path = os.path.join(work, name)
    if os.path.exists(path):
        os.remove(path)
    return path


def start_server(server_bin):
    """impi-server on ephemeral ports (no page): the process and its gRPC address."""
    server = subprocess.Popen(
        [server_bin, "--grpc_address=127.0.0.1:0", "--http_address=127.0.0.1:0",
         "--web_root=none"],
        stdout=subprocess.PIPE, text=True)
    for line in server.stdout:
        m = re.search(r"gRPC impi.v1.Umpire on (127\.0\.0\.1:\d+)", line)
        if m:
            return server, m.group(1)
    raise SystemExit("impi-server did not start")


class Session:
    """One `impi play --target TARGET ARGS...` in a pseudo-terminal."""

    def __init__(self, impi, target, args):
        self.pid, self.fd = pty.fork()
        if self.pid == 0:
            os.execv(impi, [impi, "play", "--target", target] + args)
        self.transcript = ""
        self.pending = ""  # output not yet answered

    def read_until_prompt(self):
        """Output up to the next prompt (PROMPTS), or to the end (prompt None)."""
        while True:
            for prompt in PROMPTS:
                if self.pending.endswith(prompt):
                    text, self.pending = self.pending, ""
                    return text, prompt
            ready, _, _ = select.select([self.fd], [], [], STUCK_SECONDS)
            if not ready:
                raise SystemExit("impi play is stuck; output so far:\n" + self.transcript[-3000:])
            try:
                chunk = os.read(self.fd, 65536).decode("utf-8", "replace")
            except OSError:
                chunk = ""
            if not chunk:
                text, self.pending = self.pending, ""
                return text, None
            self.transcript += chunk
            self.pending += chunk

    def send(self, line):
        os.write(self.fd, (line + "\n").encode())

    def ask(self, line):
        """Sends a command; what it printed up to the next prompt."""
        self.send(line)
        text, _ = self.read_until_prompt()
        return text

    def close(self):
        try:
            os.kill(self.pid, signal.SIGTERM)
        except ProcessLookupError:
            pass
        os.waitpid(self.pid, 0)
