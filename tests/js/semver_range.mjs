// A reader of npm's version ranges (the `engines` field), enough for the
// forms packages use: `||` alternatives, space-separated comparators
// (<, <=, >, >=, =), hyphen ranges (1.2 - 3), caret (^), tilde (~), and
// partial or x versions (18, 18.x, *). Prerelease tags are ignored, as npm
// ignores them when it checks a released Node. Exact for release versions.
//
//   satisfies("18.20.4", "^16.13.0 || >=18") === true

// "18.2" -> {parts: [18, 2, 0], given: 2}; "x", "*" and "" give nothing.
function parse(text) {
  const core = text.replace(/^v/, "").split(/[-+]/)[0];
  const parts = [];
  for (const piece of core.split(".")) {
    if (piece === "" || piece === "x" || piece === "X" || piece === "*") break;
    const n = Number(piece);
    if (!Number.isInteger(n) || n < 0) throw new Error(`not a version: "${text}"`);
    parts.push(n);
  }
  const given = parts.length;
  while (parts.length < 3) parts.push(0);
  return { parts: parts.slice(0, 3), given: Math.min(given, 3) };
}

function compare(a, b) {
  for (let i = 0; i < 3; i++) if (a[i] !== b[i]) return a[i] < b[i] ? -1 : 1;
  return 0;
}

// The version just past every version that starts with the first `given`
// parts of v (18.2 -> 18.3.0; 18 -> 19.0.0).
function nextAfter(v, given) {
  const out = v.slice(0, given);
  out[given - 1] += 1;
  while (out.length < 3) out.push(0);
  return out;
}

// One comparator, as a predicate over [major, minor, patch].
function comparator(token) {
  const m = token.match(/^(<=|>=|<|>|=|\^|~>?|)\s*(.*)$/);
  const op = m[1];
  const { parts, given } = parse(m[2]);
  if (given === 0) {
    return op === "<" || op === ">" ? () => false : () => true;
  }
  const upperOfPartial = nextAfter(parts, given);
  switch (op) {
    case ">=": return (v) => compare(v, parts) >= 0;
    case ">": return given < 3 ? (v) => compare(v, upperOfPartial) >= 0 : (v) => compare(v, parts) > 0;
    case "<": return (v) => compare(v, parts) < 0;
    case "<=": return given < 3 ? (v) => compare(v, upperOfPartial) < 0 : (v) => compare(v, parts) <= 0;
    case "^": {
      // Up to the next change of the first non-zero part given.
      let lead = parts.findIndex((p, i) => p !== 0 && i < given);
      if (lead === -1) lead = given - 1;
      const upper = nextAfter(parts, lead + 1);
      return (v) => compare(v, parts) >= 0 && compare(v, upper) < 0;
    }
    case "~":
    case "~>": {
      const upper = nextAfter(parts, given >= 2 ? 2 : 1);
      return (v) => compare(v, parts) >= 0 && compare(v, upper) < 0;
    }
    default:  // "=" or none: the version, or every version a partial one names
      return (v) => compare(v, parts) >= 0 && compare(v, given < 3 ? upperOfPartial : nextAfter(parts, 3)) < 0;
  }
}

// One alternative (no `||`): a hyphen range or comparators that all hold.
function alternative(text) {
  const hyphen = text.match(/^(\S+)\s+-\s+(\S+)$/);
  if (hyphen) {
    const low = comparator(`>=${hyphen[1]}`);
    const high = comparator(`<=${hyphen[2]}`);
    return (v) => low(v) && high(v);
  }
  // "> = 18" and ">= 18" both mean ">=18": join an operator to its version.
  const tokens = text.replace(/(<=|>=|<|>|=|\^|~>?)\s+/g, "$1").split(/\s+/).filter(Boolean);
  const checks = tokens.map(comparator);
  return (v) => checks.every((check) => check(v));
}

export function satisfies(version, range) {
  const v = parse(version).parts;
  return range.split("||").some((alt) => alternative(alt.trim())(v));
}
