// An impi-server on 127.0.0.1 with ephemeral ports for the VTT tests:
// startServer() resolves to {url, stop}. IMPI_SERVER names the binary
// (./build/impi-server by default).
import { spawn } from "node:child_process";
import { createInterface } from "node:readline";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const source = join(dirname(fileURLToPath(import.meta.url)), "..", "..");

export function startServer() {
  const bin = process.env.IMPI_SERVER ?? join(source, "build", "impi-server");
  const server = spawn(bin, ["--grpc_address=127.0.0.1:0", "--http_address=127.0.0.1:0", "--web_root=none"],
                       { stdio: ["ignore", "pipe", "inherit"] });
  return new Promise((resolve, reject) => {
    createInterface({ input: server.stdout }).on("line", (line) => {
      const m = line.match(/JSON\/HTTP on (http:\/\/127\.0\.0\.1:\d+)/);
      if (m) resolve({ url: m[1], stop: () => server.kill("SIGTERM") });
    });
    server.on("exit", (code) => reject(new Error(`impi-server exited (${code})`)));
  });
}
