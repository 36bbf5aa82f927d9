// The Node version the project supports, checked over what is installed:
//
//   1. every npm package installed for the project (./dev's npm ci in each
//      folder of NODE_DIRS, their dependencies included) admits Debian 12's
//      own Node, 18.20.4, in its `engines` range;
//   2. every .js file of the project that uses ES module syntax (import or
//      export at the start of a line) lies under a package.json that says
//      "type": "module", so that Node 18, which reads a .js file as CommonJS
//      unless told otherwise, loads it as the module it is.
//
// A newer Node on a developer's machine accepts both mistakes (it detects
// module syntax, and npm only warns on `engines`); this test does not.
// Usage: node tests/js/node_support_test.mjs SOURCE_DIR NODE_DIR...
import { test } from "node:test";
import assert from "node:assert/strict";
import { existsSync, readFileSync, readdirSync, statSync } from "node:fs";
import { dirname, join, relative } from "node:path";

import { satisfies } from "./semver_range.mjs";

// Debian 12's nodejs package (bookworm and bookworm-security).
export const SUPPORTED_NODE = "18.20.4";

const source = process.argv[2];
const nodeDirs = process.argv.slice(3);
if (!source || nodeDirs.length === 0) {
  console.error("usage: node_support_test.mjs SOURCE_DIR NODE_DIR...");
  process.exit(2);
}

// Every package.json under a node_modules folder, scoped packages and nested
// node_modules included.
function installedPackages(modules) {
  const found = [];
  const visit = (dir) => {
    for (const name of readdirSync(dir)) {
      if (name.startsWith(".")) continue;
      const path = join(dir, name);
      if (!statSync(path).isDirectory()) continue;
      if (name.startsWith("@")) {
        visit(path);
        continue;
      }
      const manifest = join(path, "package.json");
      if (existsSync(manifest)) found.push(manifest);
      const nested = join(path, "node_modules");
      if (existsSync(nested)) visit(nested);
    }
  };
  visit(modules);
  return found;
}

for (const rel of nodeDirs) {
  test(`${rel}: every installed package admits Node ${SUPPORTED_NODE}`, () => {
    const modules = join(source, rel, "node_modules");
    assert.ok(existsSync(modules),
              `${rel}/node_modules is missing: ./dev installs it (npm ci in ${rel})`);
    const manifests = installedPackages(modules);
    assert.ok(manifests.length > 0, `${rel}/node_modules holds no package`);
    const refused = [];
    for (const manifest of manifests) {
      const pkg = JSON.parse(readFileSync(manifest, "utf8"));
      const range = pkg.engines?.node;
      if (typeof range === "string" && !satisfies(SUPPORTED_NODE, range)) {
        refused.push(`${pkg.name}@${pkg.version} wants node ${range}`);
      }
    }
    assert.deepEqual(refused, [], `packages in ${rel} that refuse Node ${SUPPORTED_NODE}`);
  });
}

// The project's own .js files (not node_modules, not build output).
function projectScripts(dir, out = []) {
  for (const name of readdirSync(dir)) {
    if (name.startsWith(".") || name === "node_modules" || name.startsWith("build")) continue;
    const path = join(dir, name);
    const st = statSync(path);
    if (st.isDirectory()) projectScripts(path, out);
    else if (name.endsWith(".js")) out.push(path);
  }
  return out;
}

// The "type" of the package.json nearest above a file, as Node looks it up.
function packageType(file) {
  for (let dir = dirname(file); ; dir = dirname(dir)) {
    const manifest = join(dir, "package.json");
    if (existsSync(manifest)) return JSON.parse(readFileSync(manifest, "utf8")).type ?? "commonjs";
    if (dirname(dir) === dir) return "commonjs";
  }
}

test("every .js file with module syntax is in a \"type\": \"module\" package", () => {
  const scripts = projectScripts(join(source, "clients")).concat(projectScripts(join(source, "tests")));
  assert.ok(scripts.length > 0, "no .js file found under clients/ and tests/");
  const modules = scripts.filter((f) => /^\s*(import|export)\s[^(]/m.test(readFileSync(f, "utf8")));
  assert.ok(modules.length > 0, "no ES module found: the check would be empty");
  const wrong = modules.filter((f) => packageType(f) !== "module").map((f) => relative(source, f));
  assert.deepEqual(wrong, [], "ES modules Node 18 would read as CommonJS");
});

test("the range reader agrees with npm's on the forms packages use", () => {
  const cases = [
    [">=18", true], [">= 18.0.0", true], [">=20", false], [">=18.20.5", false],
    ["^18.17.0 || >=20.5.0", true], ["^16.13.0 || ^18.12.0 || >=20", true],
    ["^14.17.0 || ^16.13.0 || >=18.0.0", true], ["^20 || ^22", false],
    ["18.x", true], ["16.x || 20.x", false], ["*", true], ["", true],
    [">=12.10.0", true], ["~18.20.0", true], ["~18.19.0", false],
    ["16 - 18", true], ["16 - 18.19", false], [">=14 <19", true], [">=14 <18.20.4", false],
    ["<=18.20.4", true], ["<18", false], ["=18.20.4", true], ["18", true],
    [">= 6.0.0 < 18", false], ["^18.0.0-0", true],
  ];
  for (const [range, expected] of cases) {
    assert.equal(satisfies(SUPPORTED_NODE, range), expected, `node ${SUPPORTED_NODE} in "${range}"`);
  }
});
