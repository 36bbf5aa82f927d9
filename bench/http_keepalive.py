#!/usr/bin/env python3
"""Mean time of a JSON-over-HTTP request on one kept-alive connection, as a
browser or a VTT plugin sends them: python3 bench/http_keepalive.py PORT
against a running impi-server (--http_address=127.0.0.1:PORT). Prints the
figure; asserts nothing."""
import http.client
import json
import sys
import time


def main():
    port = int(sys.argv[1]) if len(sys.argv) > 1 else 8080
    n = int(sys.argv[2]) if len(sys.argv) > 2 else 40
    c = http.client.HTTPConnection("127.0.0.1", port)
    c.request("GET", "/healthz")
    c.getresponse().read()
    body = json.dumps({})
    start = time.perf_counter()
    for _ in range(n):
        c.request("POST", "/v1/Describe", body=body,
                  headers={"Content-Type": "application/json"})
        r = c.getresponse()
        r.read()
    mean = (time.perf_counter() - start) / n
    print(f"POST /v1/Describe: HTTP {r.status}, {mean * 1000:.2f} ms a request "
          f"({n} requests on one kept-alive connection)")


if __name__ == "__main__":
    main()
