#!/usr/bin/env python3
"""Three impi-server replicas behind the shipped nginx balancer, for real.

    python3 deploy/balancer/balancer_check.py BUILD_DIR     # run by ./dev cluster

Starts three impi-server replicas and one lone server on ephemeral ports,
and nginx (as the current user, in the foreground) with
deploy/balancer/nginx.conf, its replicas' addresses, listening ports, pid and
log files rewritten for a temp folder and nothing else changed. Then:

1. the same calls through the balancer and to the lone server give the same
   bytes: gRPC Describe and Advance (the request built from `impi example
   NAME --request`), JSON /v1/Describe and /v1/Advance, and /healthz;
2. under load (gRPC and JSON clients calling Advance without a pause, each
   answer compared byte for byte with the lone server's), one replica is sent
   SIGTERM: not one call fails or differs, the replica drains and exits 0,
   and the load goes on past its exit on the other two.

Prints what it did and `N passed, 0 failed`; exit 0 when every check passes,
1 otherwise (each failure named). Needs nginx, protoc, python3-grpcio and
python3-protobuf (./dev cluster installs them).
"""

import json
import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
import urllib.error
import urllib.request

HERE = os.path.dirname(os.path.abspath(__file__))
SRC = os.path.dirname(os.path.dirname(HERE))
EXAMPLES = ["tsatf", "isandlwana", "empress"]
LOAD_CLIENTS = 3  # of each kind, gRPC and JSON
LOAD_BEFORE_S = 3.0
LOAD_AFTER_S = 4.0
SERVED_NAME = "impi.example.org"  # the name clients call the balancer by
ARENA_GAMES = 400  # some seconds of one core: in flight past the drain notice
RULESET_TSATF = 4  # impi.v1.Ruleset TSATF_ZULU_CONTROL (proto/impi/v1/table.proto)

checks = {"passed": 0, "failed": 0}


def say(text):
    print(f"[balancer] {text}", flush=True)


def check(ok, what):
    if ok:
        checks["passed"] += 1
        say(f"ok: {what}")
    else:
        checks["failed"] += 1
        say(f"FAIL: {what}")
    return ok


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def messages(tmp):
    """The generated umpire_pb2 module (protoc, as clients/agents/python does)."""
    gen = os.path.join(tmp, "gen")
    os.makedirs(gen)
    proto_dir = os.path.join(SRC, "proto")
    protos = [os.path.join("impi", "v1", f) for f in os.listdir(os.path.join(proto_dir, "impi", "v1"))
              if f.endswith(".proto")]
    subprocess.run(["protoc", "--proto_path=" + proto_dir, "--python_out=" + gen] + protos,
                   check=True, cwd=proto_dir, stderr=subprocess.DEVNULL)
    sys.path.insert(0, gen)
    from impi.v1 import arena_pb2, umpire_pb2  # pylint: disable=import-outside-toplevel
    return umpire_pb2, arena_pb2


class Server:
    """One impi-server on ephemeral ports; its ports read from its stdout."""

    def __init__(self, binary, tmp, name):
        self.name = name
        self.out_path = os.path.join(tmp, name + ".out")
        self.err_path = os.path.join(tmp, name + ".err")
        with open(self.out_path, "w") as out, open(self.err_path, "w") as err:
            self.proc = subprocess.Popen(
                [binary, "--grpc_address=127.0.0.1:0", "--http_address=127.0.0.1:0",
                 "--web_root=none", "--grace_period_ms=30000",
                 "--http_allowed_hosts=" + SERVED_NAME,
                 "--http_max_connections_per_client=1024"],
                stdout=out, stderr=err)
        self.grpc_port = self.http_port = None
        deadline = time.time() + 30
        while time.time() < deadline and self.http_port is None:
            text = open(self.out_path).read()
            g = re.search(r"gRPC impi\.v1\.Umpire on 127\.0\.0\.1:(\d+)", text)
            h = re.search(r"JSON/HTTP on http://127\.0\.0\.1:(\d+)", text)
            if g and h:
                self.grpc_port, self.http_port = int(g.group(1)), int(h.group(1))
            elif self.proc.poll() is not None:
                break
            else:
                time.sleep(0.05)
        if self.http_port is None:
            raise RuntimeError(f"{name} did not start: {open(self.err_path).read()}")

    def stop(self):
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGTERM)
            try:
                self.proc.wait(timeout=15)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()


def nginx_config(tmp, replicas, grpc_port, http_port):
    """deploy/balancer/nginx.conf with this run's addresses, ports and files."""
    text = open(os.path.join(HERE, "nginx.conf")).read()
    grpc_lines = re.findall(r"^ *server 127\.0\.0\.1:5005\d .*$", text, re.M)
    http_lines = re.findall(r"^ *server 127\.0\.0\.1:808\d .*$", text, re.M)
    assert len(grpc_lines) == 3 and len(http_lines) == 3, "nginx.conf: three replicas each"
    for line, r in zip(grpc_lines, replicas):
        text = text.replace(line, re.sub(r"127\.0\.0\.1:\d+", f"127.0.0.1:{r.grpc_port}", line))
    for line, r in zip(http_lines, replicas):
        text = text.replace(line, re.sub(r"127\.0\.0\.1:\d+", f"127.0.0.1:{r.http_port}", line))
    text = text.replace("listen 127.0.0.1:50050 http2;", f"listen 127.0.0.1:{grpc_port} http2;")
    text = text.replace("listen 127.0.0.1:8000;", f"listen 127.0.0.1:{http_port};")
    text = re.sub(r"^pid .*;$", f"pid {tmp}/nginx.pid;", text, flags=re.M)
    text = re.sub(r"^error_log .*;$", f"error_log {tmp}/nginx.error.log warn;", text, flags=re.M)
    # Its temp files in the folder too (nginx's defaults are under /var/lib/nginx).
    text = text.replace("http {\n", "http {\n" + "".join(
        f"  {kind}_temp_path {tmp}/{kind}_temp;\n"
        for kind in ("client_body", "proxy", "fastcgi", "uwsgi", "scgi")), 1)
    path = os.path.join(tmp, "nginx.conf")
    with open(path, "w") as f:
        f.write(text)
    return path


def http_post(port, path, body, timeout=60, host=None):
    headers = {"Content-Type": "application/json"}
    if host is not None:
        headers["Host"] = host
    req = urllib.request.Request(f"http://127.0.0.1:{port}{path}", data=body, headers=headers,
                                 method="POST")
    try:
        with urllib.request.urlopen(req, timeout=timeout) as res:
            return res.status, res.read()
    except urllib.error.HTTPError as e:
        return e.code, e.read()


def http_get(port, path, timeout=10):
    try:
        with urllib.request.urlopen(f"http://127.0.0.1:{port}{path}", timeout=timeout) as res:
            return res.status, res.read()
    except urllib.error.HTTPError as e:
        return e.code, e.read()


def main():
    import grpc  # pylint: disable=import-outside-toplevel
    from google.protobuf import json_format  # pylint: disable=import-outside-toplevel

    build = os.path.abspath(sys.argv[1] if len(sys.argv) > 1 else os.path.join(SRC, "build"))
    server_bin = os.path.join(build, "impi-server")
    impi_bin = os.path.join(build, "impi")
    nginx = shutil.which("nginx") or "/usr/sbin/nginx"
    tmp = tempfile.mkdtemp(prefix="impi-balancer.")
    servers, nginx_proc = [], None
    try:
        umpire_pb2, arena_pb2 = messages(tmp)
        lone = Server(server_bin, tmp, "lone")
        servers.append(lone)
        replicas = [Server(server_bin, tmp, f"replica{k}") for k in (1, 2, 3)]
        servers.extend(replicas)
        say("replicas: " + ", ".join(f"gRPC {r.grpc_port} JSON {r.http_port}" for r in replicas) +
            f"; the lone server: gRPC {lone.grpc_port} JSON {lone.http_port}")
        if os.geteuid() == 0 and os.path.isdir("/var/log/nginx"):
            shipped = subprocess.run([nginx, "-t", "-c", os.path.join(HERE, "nginx.conf")],
                                     capture_output=True, text=True)
            check(shipped.returncode == 0, "nginx -t -c deploy/balancer/nginx.conf: the file as shipped"
                  + (" passes" if shipped.returncode == 0 else ": " + shipped.stderr.strip()))
        lb_grpc, lb_http = free_port(), free_port()
        conf = nginx_config(tmp, replicas, lb_grpc, lb_http)
        for kind in ("client_body", "proxy", "fastcgi", "uwsgi", "scgi"):
            os.makedirs(os.path.join(tmp, kind + "_temp"))
        test = subprocess.run([nginx, "-t", "-p", tmp, "-c", conf, "-e", f"{tmp}/nginx.error.log"],
                              capture_output=True, text=True)
        if not check(test.returncode == 0, "nginx -t accepts deploy/balancer/nginx.conf"):
            say(test.stderr)
            return 1
        # Its workers as the current user too (as root nginx would take nobody).
        user = "user root; " if os.geteuid() == 0 else ""
        nginx_proc = subprocess.Popen([nginx, "-p", tmp, "-c", conf, "-e", f"{tmp}/nginx.error.log",
                                       "-g", user + "daemon off;"])
        deadline = time.time() + 20
        while time.time() < deadline:
            try:
                if http_get(lb_http, "/healthz", timeout=2)[0] == 200:
                    break
            except OSError:
                pass
            time.sleep(0.1)
        say(f"nginx {nginx_proc.pid}: gRPC on 127.0.0.1:{lb_grpc}, JSON on 127.0.0.1:{lb_http}")

        # 1. The same bytes through the balancer as from one server.
        lb_channel = grpc.insecure_channel(f"127.0.0.1:{lb_grpc}")
        lone_channel = grpc.insecure_channel(f"127.0.0.1:{lone.grpc_port}")

        def rpc(channel, method, body):
            call = channel.unary_unary(f"/impi.v1.Umpire/{method}",
                                       request_serializer=None, response_deserializer=None)
            return call(body, timeout=60)

        requests = {}
        for name in EXAMPLES:
            text = subprocess.run([impi_bin, "example", name, "--request"], check=True,
                                  capture_output=True).stdout
            message = json_format.Parse(text, umpire_pb2.AdvanceRequest())
            requests[name] = (message.SerializeToString(), text)
        describe = umpire_pb2.DescribeRequest().SerializeToString()
        for round_ in range(3):  # each replica in turn (round robin)
            check(rpc(lb_channel, "Describe", describe) == rpc(lone_channel, "Describe", describe),
                  f"gRPC Describe, call {round_ + 1}: the balancer's bytes are the lone server's")
        expected_grpc, expected_json = {}, {}
        for name, (binary, text) in requests.items():
            expected_grpc[name] = rpc(lone_channel, "Advance", binary)
            for round_ in range(3):
                got = rpc(lb_channel, "Advance", binary)
                check(got == expected_grpc[name],
                      f"gRPC Advance {name}, call {round_ + 1}: {len(got)} bytes, the lone server's")
            expected_json[name] = http_post(lone.http_port, "/v1/Advance", text)
            for round_ in range(3):
                got = http_post(lb_http, "/v1/Advance", text)
                check(got == expected_json[name],
                      f"JSON /v1/Advance {name}, call {round_ + 1}: {got[0]}, {len(got[1])} bytes, "
                      "the lone server's")
        check(http_post(lb_http, "/v1/Describe", b"{}") == http_post(lone.http_port, "/v1/Describe", b"{}"),
              "JSON /v1/Describe: the lone server's bytes")
        named = http_post(lb_http, "/v1/Describe", b"{}", host=SERVED_NAME)
        check(named == http_post(lone.http_port, "/v1/Describe", b"{}"),
              f"JSON with Host: {SERVED_NAME} through the balancer: {named[0]} (the Host passed on)")
        other = http_post(lb_http, "/v1/Describe", b"{}", host="other.example.org")
        check(other[0] == 403, f"JSON with Host: other.example.org through the balancer: {other[0]} "
              "(refused by the replica's Host check)")
        patrol = os.path.join(tmp, "patrol.json")
        with open(patrol, "wb") as f:
            f.write(subprocess.run([impi_bin, "example", "tsatf"], check=True,
                                   capture_output=True).stdout)
        advanced = [subprocess.run([impi_bin, "advance", patrol, "--target", f"127.0.0.1:{port}"],
                                   capture_output=True) for port in (lb_grpc, lone.grpc_port)]
        check(advanced[0].returncode == 0 and advanced[0].stdout == advanced[1].stdout,
              f"impi advance patrol.json --target (the balancer): {len(advanced[0].stdout)} bytes, "
              "the lone server's")
        check(http_get(lb_http, "/healthz") == http_get(lone.http_port, "/healthz"),
              "/healthz through the balancer: " + http_get(lb_http, "/healthz")[1].decode())

        # 2. Load, and one replica stopped with SIGTERM in the middle of it.
        stop = threading.Event()
        lock = threading.Lock()
        counts = {"grpc": 0, "json": 0}
        failures = []
        client_retries = []
        RETRIED_BY_CLIENTS = (grpc.StatusCode.UNAVAILABLE, grpc.StatusCode.CANCELLED)

        def grpc_client(k):
            channel = grpc.insecure_channel(f"127.0.0.1:{lb_grpc}")
            names = list(requests)
            i = k
            while not stop.is_set():
                name = names[i % len(names)]
                i += 1
                err = ""
                # A call the replica's transport dropped after nginx had sent
                # it (nginx streams a gRPC call's body, so it cannot send it
                # elsewhere then) is tried once more by the client, as a
                # client's gRPC retry policy would; counted apart.
                for attempt in (1, 2):
                    try:
                        got = rpc(channel, "Advance", requests[name][0])
                        err = "" if got == expected_grpc[name] else f"gRPC Advance {name}: other bytes"
                        break
                    except grpc.RpcError as e:
                        err = f"gRPC Advance {name}: {e.code().name} {e.details()}"
                        if attempt == 2 or e.code() not in RETRIED_BY_CLIENTS:
                            break
                        with lock:
                            client_retries.append(err)
                with lock:
                    counts["grpc"] += 1
                    if err:
                        failures.append(err)

        def json_client(k):
            names = list(requests)
            i = k
            while not stop.is_set():
                name = names[i % len(names)]
                i += 1
                try:
                    got = http_post(lb_http, "/v1/Advance", requests[name][1])
                    ok = got == expected_json[name]
                    err = "" if ok else f"JSON Advance {name}: {got[0]}, other bytes"
                except (OSError, urllib.error.HTTPError) as e:
                    ok, err = False, f"JSON Advance {name}: {e}"
                with lock:
                    counts["json"] += 1
                    if not ok:
                        failures.append(err)

        threads = [threading.Thread(target=grpc_client, args=(k,)) for k in range(LOAD_CLIENTS)]
        threads += [threading.Thread(target=json_client, args=(k,)) for k in range(LOAD_CLIENTS)]
        for t in threads:
            t.start()
        time.sleep(LOAD_BEFORE_S)
        victim = replicas[1]
        # A long call on replica 2 itself (an Arena run of some seconds), in
        # flight when the signal comes: the drain lasts until it ends.
        long_call = {}

        def arena_call():
            channel = grpc.insecure_channel(f"127.0.0.1:{victim.grpc_port}")
            run = channel.unary_stream("/impi.v1.Arena/Run", request_serializer=None,
                                       response_deserializer=None)
            request = arena_pb2.ArenaRequest(scenario="patrol", zulu="rules", british="random",
                                             games=ARENA_GAMES, seed=1, threads=1)
            request.ruleset = RULESET_TSATF
            try:
                long_call["messages"] = len(list(run(request.SerializeToString(), timeout=120)))
                long_call["status"] = "OK"
            except grpc.RpcError as e:
                long_call["status"] = f"{e.code().name} {e.details()}"

        arena_thread = threading.Thread(target=arena_call)
        arena_thread.start()
        time.sleep(0.5)
        with lock:
            before = dict(counts)
        say(f"under load ({before['grpc']} gRPC and {before['json']} JSON calls so far): "
            f"SIGTERM to replica 2 (pid {victim.proc.pid})")
        sent = time.time()
        victim.proc.send_signal(signal.SIGTERM)
        try:
            code = victim.proc.wait(timeout=30)
        except subprocess.TimeoutExpired:
            code = None
        drained_s = time.time() - sent
        arena_thread.join(timeout=120)
        with lock:
            at_exit = dict(counts)
        time.sleep(LOAD_AFTER_S)
        stop.set()
        for t in threads:
            t.join(timeout=120)
        say(f"load: {counts['grpc']} gRPC and {counts['json']} JSON calls through the balancer, "
            f"{len(failures)} failed or differed; {len(client_retries)} gRPC calls tried again by "
            "the client (the replica's transport dropped them after nginx sent them)")
        for r in client_retries:
            say("  tried again: " + r)
        for f in failures[:10]:
            say("  " + f)
        if failures:
            with open(os.path.join(tmp, "nginx.error.log")) as log:
                say("nginx's error log:\n" + "".join(
                    [line for line in log if "[warn]" not in line][-15:]))
        check(code == 0, f"replica 2 drained and exited {code} after {drained_s:.2f} s: "
              + open(victim.err_path).read().strip().replace("\n", "; "))
        check(long_call.get("status") == "OK",
              f"the Arena call in flight on replica 2 ({ARENA_GAMES} games) was answered: "
              f"{long_call.get('status')}, {long_call.get('messages')} messages")
        check(at_exit["grpc"] + at_exit["json"] > before["grpc"] + before["json"],
              "calls answered while replica 2 drained")
        check(counts["grpc"] > at_exit["grpc"] and counts["json"] > at_exit["json"],
              f"calls answered on the other two after its exit ({counts['grpc'] - at_exit['grpc']} "
              f"gRPC, {counts['json'] - at_exit['json']} JSON)")
        check(not failures, f"zero failed calls of {counts['grpc'] + counts['json']} under load")
    finally:
        if nginx_proc is not None:
            nginx_proc.terminate()
            nginx_proc.wait(timeout=10)
        for s in servers:
            s.stop()
        shutil.rmtree(tmp, ignore_errors=True)
    print(f"{checks['passed']} passed, {checks['failed']} failed")
    return 0 if checks["failed"] == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
