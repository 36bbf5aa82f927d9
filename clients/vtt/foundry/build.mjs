// clients/vtt/foundry/build.mjs: the Foundry module as it is installed,
// and its release zip.
//
//   node clients/vtt/foundry/build.mjs OUT_DIR [--release-url=URL]
//
// OUT_DIR/impi/ gets the module: module.json, README.md, LICENSE, lang/,
// scripts/ with the client library (clients/js/impi.js) copied in beside the
// module's own scripts: plain files, no links. With --release-url (the
// folder the release is published in; default: the manifest's own), the
// manifest's `manifest` is URL/module.json and its `download`
// URL/impi-foundry-VERSION.zip. Then, if Debian's `zip` is installed,
// OUT_DIR/impi-foundry-VERSION.zip holds the module (module.json at its
// root, as Foundry unpacks it into Data/modules/impi/) and OUT_DIR/
// module.json the manifest: the two files to publish. Prints the zip's
// path, or "no zip (zip is not installed)".
import { execFileSync } from "node:child_process";
import { copyFileSync, existsSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));
const clientLibrary = join(here, "..", "..", "js", "impi.js");

function zipProgram() {
  for (const dir of (process.env.PATH ?? "/usr/bin:/bin").split(":")) {
    if (dir && existsSync(join(dir, "zip"))) return join(dir, "zip");
  }
  return null;
}

// Builds the module into `out`; {dir, manifest, zip} (zip: null without zip).
export function build(out, { releaseUrl } = {}) {
  const manifest = JSON.parse(readFileSync(join(here, "module.json"), "utf8"));
  const zipName = `impi-foundry-${manifest.version}.zip`;
  if (releaseUrl) {
    const base = releaseUrl.replace(/\/$/, "");
    manifest.manifest = `${base}/module.json`;
    manifest.download = `${base}/${zipName}`;
  }
  const dir = join(out, "impi");
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(join(dir, "scripts"), { recursive: true });
  mkdirSync(join(dir, "lang"), { recursive: true });
  const text = `${JSON.stringify(manifest, null, 2)}\n`;
  writeFileSync(join(dir, "module.json"), text);
  for (const f of ["README.md", "LICENSE"]) copyFileSync(join(here, f), join(dir, f));
  for (const f of readdirSync(join(here, "lang"))) copyFileSync(join(here, "lang", f), join(dir, "lang", f));
  for (const f of readdirSync(join(here, "scripts"))) {
    copyFileSync(join(here, "scripts", f), join(dir, "scripts", f));
  }
  copyFileSync(clientLibrary, join(dir, "scripts", "impi.js"));
  const zip = zipProgram();
  if (!zip) return { dir, manifest, zip: null };
  const zipPath = join(out, zipName);
  rmSync(zipPath, { force: true });
  // -X: no extra attributes, so the same sources give the same entries.
  execFileSync(zip, ["-q", "-r", "-X", zipPath, "."], { cwd: dir });
  writeFileSync(join(out, "module.json"), text);
  return { dir, manifest, zip: zipPath };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const out = process.argv[2];
  if (!out) {
    console.error("usage: node build.mjs OUT_DIR [--release-url=URL]");
    process.exit(2);
  }
  const url = process.argv.slice(3).find((a) => a.startsWith("--release-url="));
  const { dir, zip } = build(out, { releaseUrl: url?.slice("--release-url=".length) });
  console.log(`module: ${dir}`);
  console.log(zip ? `zip: ${zip}` : "no zip (zip is not installed)");
}
