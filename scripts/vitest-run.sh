#!/usr/bin/env bash
# `make unit` and `make unit-postgres`: `vitest run` with the arguments given. When the run failed
# only because a test worker died (a crash of Node's native code, such as the SIGSEGV CI saw in
# December 2026: every test that ran passed, the reporter names the files that never finished),
# those files alone run once more, and that run decides. A failing test, or a second death, fails
# as ever; the first death stays in the log.
set -uo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
log=$(mktemp)
trap 'rm -f "$log"' EXIT
node_modules/.bin/vitest run "$@" 2>&1 | tee "$log"
status=${PIPESTATUS[0]}
[ "$status" -eq 0 ] && exit 0
# Only a worker's death, with no test failed: the reporter's "Unfinished files" are what it took.
if grep -q "Worker exited unexpectedly" "$log" && ! grep -q "^Failed (" "$log"; then
  mapfile -t unfinished < <(sed -n '/^Unfinished files:/,/^[^ ]/p' "$log" |
    sed -n 's/^  \([a-z-]*\): \(.*\) (.*)$/\1 \2/p')
  if [ "${#unfinished[@]}" -gt 0 ]; then
    echo
    echo "vitest-run: a test worker died; running what it left once more: ${unfinished[*]}"
    again=0
    for entry in "${unfinished[@]}"; do
      node_modules/.bin/vitest run --project "${entry%% *}" "${entry#* }" || again=1
    done
    exit "$again"
  fi
fi
exit "$status"
