#!/usr/bin/env python3
"""The JSON/HTTP front under load and hostile clients, measured against a
running impi-server (--http_address=127.0.0.1:PORT):

    python3 bench/http_front.py PORT [BIG_REQUEST.json]

Prints, one line each: the mean time of a request on one kept-alive
connection; 64 concurrent connections (fresh, POST /v1/Describe): how many
were answered 200 and the slowest; /healthz's time while 32 clients hold
connections with half-sent headers; and, given a costly AdvanceRequest
(BIG_REQUEST.json), its time with `Impi-Timeout-Ms: 100`. Asserts nothing
(docs/reliability.md has the figures)."""
import http.client
import json
import socket
import sys
import threading
import time


def post(port, path, body, headers=None):
    c = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
    h = {"Content-Type": "application/json"}
    h.update(headers or {})
    c.request("POST", path, body=body, headers=h)
    r = c.getresponse()
    r.read()
    c.close()
    return r.status


def kept_alive(port, n=200):
    c = http.client.HTTPConnection("127.0.0.1", port)
    start = time.perf_counter()
    for _ in range(n):
        c.request("POST", "/v1/Describe", body="{}", headers={"Content-Type": "application/json"})
        c.getresponse().read()
    return (time.perf_counter() - start) / n


def concurrent(port, n=64):
    statuses, times = [], []
    lock = threading.Lock()

    def one():
        t = time.perf_counter()
        try:
            s = post(port, "/v1/Describe", "{}")
        except OSError:
            s = -1
        with lock:
            statuses.append(s)
            times.append(time.perf_counter() - t)

    threads = [threading.Thread(target=one) for _ in range(n)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    return statuses.count(200), max(times)


def healthz_with_slow_clients(port, n=32):
    slow = []
    for _ in range(n):
        s = socket.create_connection(("127.0.0.1", port))
        s.sendall(b"POST /v1/Advance HTTP/1.1\r\nHost: 127.0.0.1\r\n")
        slow.append(s)
    time.sleep(0.2)
    c = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    t = time.perf_counter()
    c.request("GET", "/healthz")
    status = c.getresponse().status
    elapsed = time.perf_counter() - t
    for s in slow:
        s.close()
    return status, elapsed


def main():
    port = int(sys.argv[1]) if len(sys.argv) > 1 else 8080
    post(port, "/v1/Describe", "{}")
    print(f"kept-alive POST /v1/Describe: {kept_alive(port) * 1000:.3f} ms a request")
    ok, slowest = concurrent(port)
    print(f"64 concurrent connections: {ok} answered 200, slowest {slowest * 1000:.1f} ms")
    status, elapsed = healthz_with_slow_clients(port)
    print(f"/healthz with 32 slow-header clients: HTTP {status} in {elapsed * 1000:.1f} ms")
    if len(sys.argv) > 2:
        body = open(sys.argv[2]).read()
        t = time.perf_counter()
        status = post(port, "/v1/Advance", body, {"Impi-Timeout-Ms": "100"})
        print(f"costly Advance with Impi-Timeout-Ms: 100: HTTP {status} in "
              f"{(time.perf_counter() - t) * 1000:.1f} ms")


if __name__ == "__main__":
    main()
