#!/usr/bin/env bash
# `make test`: every phase in turn, each timed; at the end, failed or not, how long each took, so
# that a slow run says where its time went (the unit runs and Playwright also print their slowest
# files).
set -uo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
phases=(typecheck lint unit unit-postgres budget e2e)
declare -a times=()
report() {
  echo
  echo "make test: where the time went"
  local total=0
  for entry in "${times[@]}"; do
    printf '  %-14s %4d s\n' "${entry%%=*}" "${entry##*=}"
    total=$((total + ${entry##*=}))
  done
  printf '  %-14s %4d s\n' "total" "$total"
}
trap report EXIT
for phase in "${phases[@]}"; do
  started=$SECONDS
  make --no-print-directory "$phase"
  status=$?
  times+=("$phase=$((SECONDS - started))")
  if [ "$status" -ne 0 ]; then
    echo "make test: $phase failed" >&2
    exit "$status"
  fi
done
