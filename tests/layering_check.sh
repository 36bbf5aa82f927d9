#!/usr/bin/env bash
# tests/layering_check.sh [SOURCE_DIR]: fails (exit 1) when the layering the
# build stands on is broken, printing each offending file:line.
#
#   1. Code in engine/core/, the seam (engine/rulesets/*.h, *.cc), ai/mcts/
#      and service/ names no rule set (tsatf, ferree, empress, pagano, roarks,
#      in any case). Comments do not count: a header may cite its rules file.
#   2. A rule set (engine/rulesets/<ruleset>/, its wire/ included) includes
#      nothing from ai/, service/, root/ or another rule set's folder.
#   3. The core and the seam include nothing from a rule set's folder, ai/,
#      service/ or root/; the service includes nothing from ai/ or root/.
#   4. No engine/ file outside a wire/ folder and the seam's wire registry
#      (engine/game/wire.h, wire_registry.cc) includes a protobuf header
#      ("impi/v1/..." or "google/protobuf/...").
#
# Run by ctest (tests/CMakeLists.txt, test "layering"); docs/engine.md,
# "Layers and targets", explains the layers.
set -u
cd "${1:-$(dirname "$0")/..}" || exit 2

names='tsatf|ferree|empress|pagano|roarks'

# Prints FILE:LINE:CODE for each line of the files with code left once
# comments are removed (// to the end of the line, /* ... */ across lines;
# string and character literals are kept as they are).
code_lines() {
  [ "$#" -gt 0 ] || return 0
  awk '
    FNR == 1 { in_block = 0 }
    {
      line = $0; out = ""; n = length(line); i = 1; in_str = 0; quote = ""
      while (i <= n) {
        c = substr(line, i, 1); c2 = substr(line, i, 2)
        if (in_block) {
          if (c2 == "*/") { in_block = 0; i += 2 } else { i++ }
          continue
        }
        if (in_str) {
          out = out c
          if (c == "\\") { out = out substr(line, i + 1, 1); i += 2; continue }
          if (c == quote) in_str = 0
          i++
          continue
        }
        if (c2 == "//") break
        if (c2 == "/*") { in_block = 1; i += 2; continue }
        if (c == "\"" || c == "\047") { in_str = 1; quote = c }
        out = out c
        i++
      }
      if (out ~ /[^[:space:]]/) print FILENAME ":" FNR ":" out
    }' "$@"
}

# The .h/.cc files under the given folders (recursive), if they exist.
sources() {
  local dir
  for dir in "$@"; do
    [ -d "$dir" ] && find "$dir" -type f \( -name '*.h' -o -name '*.cc' \)
  done | sort
}

# The .h/.cc files directly in a folder.
sources_here() {
  [ -d "$1" ] && find "$1" -maxdepth 1 -type f \( -name '*.h' -o -name '*.cc' \) | sort
}

# report REASON < FILE:LINE:CODE lines; prints FILE:LINE: REASON: CODE.
report() {
  local reason=$1 file line code
  while IFS=: read -r file line code; do
    printf '%s:%s: %s: %s\n' "$file" "$line" "$reason" "$(sed -E 's/^[[:space:]]+//' <<<"$code")"
  done
}

# Include lines (quoted or angled) whose path starts with one of the
# alternatives of the extended regex $1.
includes_of() {
  grep -E "^[^:]+:[0-9]+:[[:space:]]*#[[:space:]]*include[[:space:]]*[\"<]($1)"
}

# A rule set is any folder under engine/rulesets/.
rulesets=()
for dir in engine/rulesets/*/; do
  [ -d "$dir" ] && rulesets+=("$(basename "$dir")")
done

check() {
# 1. Rule sets named where none may be.
mapfile -t neutral < <(sources engine/core ai/mcts service; sources_here engine/rulesets)
code_lines "${neutral[@]}" | grep -iE "^[^:]+:[0-9]+:.*($names)" \
  | report "names a rule set (only root/ and the rule set's own folder may)"

# 2. A rule set's includes.
for ruleset in "${rulesets[@]}"; do
  others=""
  for other in "${rulesets[@]}"; do
    [ "$other" = "$ruleset" ] || others+="|engine/rulesets/$other/"
  done
  mapfile -t files < <(sources "engine/rulesets/$ruleset")
  code_lines "${files[@]}" | includes_of "ai/|service/|root/$others" \
    | report "rule set $ruleset includes from ai/, service/, root/ or another rule set"
done

# 3. The core, the seam and the service include nothing above them.
mapfile -t files < <(sources engine/core; sources_here engine/rulesets)
code_lines "${files[@]}" | includes_of "ai/|service/|root/|engine/rulesets/[^/\">]+/" \
  | report "the core or the seam includes a rule set, ai/, service/ or root/"
# service/main.cc is impi-server's main(), not the service library: it
# registers everything.
mapfile -t files < <(sources service | grep -vx 'service/main.cc')
code_lines "${files[@]}" | includes_of "ai/|root/" \
  | report "the service includes ai/ or root/ (the binary registers the policies)"

# 4. Protobuf in the engine outside the wire adapters.
wire_files='/wire/|^engine/rulesets/wire\.h$|^engine/rulesets/wire_registry\.cc$'
mapfile -t files < <(sources engine | grep -vE "$wire_files")
code_lines "${files[@]}" | includes_of "impi/v1/|google/protobuf/" \
  | report "the engine includes protobuf outside a wire/ folder"
}

violations=$(check)
if [ -n "$violations" ]; then
  printf '%s\n' "$violations"
  echo "layering: broken (docs/engine.md, \"Layers and targets\")"
  exit 1
fi
echo "layering: ok (${#rulesets[@]} rule sets: ${rulesets[*]})"
