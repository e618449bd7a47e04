#!/usr/bin/env bash
# `make test`: every phase in turn, each timed; at the end, failed or not, how long each took, so
# that a slow run says where its time went (the unit runs and Playwright also print their slowest
# files). typecheck and lint run side by side: each is one Node process, on a machine of two
# cores or more; their output is printed whole, one after the other, once both ended.
set -uo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
phases=(install "typecheck lint" unit unit-postgres budget e2e)
declare -a times=()
report() {
  echo
  echo "make test: where the time went"
  local total=0
  for entry in "${times[@]}"; do
    printf '  %-22s %4d s\n' "${entry%%=*}" "${entry##*=}"
  done
  printf '  %-22s %4d s\n' "total" "$SECONDS"
}
trap report EXIT

# Runs the make targets named at once, each into a log of its own; prints the logs in order.
run_side_by_side() {
  local logs pids=() status=0 target index
  logs=$(mktemp -d)
  for target in "$@"; do
    make --no-print-directory "$target" >"$logs/$target.log" 2>&1 &
    pids+=($!)
  done
  for index in "${!pids[@]}"; do
    wait "${pids[$index]}" || status=$?
  done
  for target in "$@"; do
    echo "== make $target"
    cat "$logs/$target.log"
  done
  rm -rf "$logs"
  return "$status"
}

for phase in "${phases[@]}"; do
  started=$SECONDS
  # shellcheck disable=SC2086 # a phase of two targets runs them side by side
  if [ "$phase" = "${phase// /}" ]; then
    make --no-print-directory "$phase"
  else
    run_side_by_side $phase
  fi
  status=$?
  times+=("${phase// / + }=$((SECONDS - started))")
  if [ "$status" -ne 0 ]; then
    echo "make test: $phase failed" >&2
    exit "$status"
  fi
done
