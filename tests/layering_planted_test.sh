#!/usr/bin/env bash
# tests/layering_planted_test.sh [SOURCE_DIR]: the layering check
# (layering_check.sh) catches what it is there to catch. On a copy of the
# sources: the check passes as they are; then each planted line that breaks
# a layer (a rule set named in clients/, service/, ai/mcts/, ai/arena/ or
# the game interface; an include from a rule set's folder or the service
# where none may be) makes it fail naming that file and line, and a rule
# set named in a comment does not.
set -u
src=$(cd "${1:-$(dirname "$0")/..}" && pwd) || exit 2
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# The C++ sources the check reads, and the check itself.
(cd "$src" && find engine ai service clients root -type d -name node_modules -prune -o \
   -type f \( -name '*.h' -o -name '*.cc' \) -print0 | tar -cf - --null -T -) \
  | tar -xf - -C "$work" || exit 2
mkdir -p "$work/tests" && cp "$src/tests/layering_check.sh" "$work/tests/"

check() { bash "$work/tests/layering_check.sh" "$work"; }

failures=0
if ! out=$(check); then
  echo "FAIL: the check fails on the sources as they are:"; echo "$out"; exit 1
fi

# plant FILE LINE EXPECT: appends LINE to FILE, runs the check, expects it to
# fail naming FILE (EXPECT=fail) or to pass (EXPECT=pass), then restores FILE.
plant() {
  local file=$1 line=$2 expect=$3 out rc
  cp "$work/$file" "$work/$file.orig"
  printf '%s\n' "$line" >> "$work/$file"
  out=$(check); rc=$?
  mv "$work/$file.orig" "$work/$file"
  local n
  n=$(wc -l < "$work/$file"); n=$((n + 1))
  if [ "$expect" = fail ]; then
    if [ $rc -eq 0 ] || ! grep -q "^$file:$n: " <<<"$out"; then
      echo "FAIL: planting '$line' in $file was not caught:"; echo "$out"
      failures=$((failures + 1))
    else
      echo "ok: caught $file:$n ($line)"
    fi
  else
    if [ $rc -ne 0 ]; then
      echo "FAIL: planting '$line' in $file was caught but breaks nothing:"; echo "$out"
      failures=$((failures + 1))
    else
      echo "ok: passed $file ($line)"
    fi
  fi
}

plant clients/cli/simulate.cc 'const char* kPlanted = "ferree";' fail
plant clients/cli/render.cc 'int planted = v1::EMPRESS_DWG;' fail
plant service/server.cc 'static int tsatf_planted = 0;' fail
plant ai/mcts/mcts.cc '#include "engine/rulesets/empress/empress.h"' fail
plant ai/arena/arena.cc 'static const char* kPlanted = "PAGANO_D10";' fail
plant ai/arena/match.cc '#include "service/convert.h"' fail
plant ai/arena/match.cc '#include "clients/cli/simulate.h"' fail
plant engine/game/game.cc 'static int roarks_planted = 0;' fail
plant engine/game/game.cc '#include "ai/arena/arena.h"' fail
plant service/arena_service.cc '#include "ai/arena/match.h"' pass
plant service/convert.cc '#include "ai/mcts/mcts.h"' fail
plant engine/rulesets/empress/empress.cc '#include "engine/rulesets/ferree/ferree.h"' fail
plant engine/game/ruleset.h '#include "impi/v1/table.pb.h"' fail
plant clients/cli/simulate.cc '// a comment may cite ferree' pass

if [ $failures -gt 0 ]; then
  echo "layering_planted: $failures planted line(s) not handled as expected"
  exit 1
fi
echo "layering_planted: ok"
