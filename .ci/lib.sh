# The timing helpers of CI's phase table (.ci/run), used by .ci/test too. Needs REPORTS (a directory) and PHASES
# (the table's file in it).

log() { printf '\n==> %s\n' "$*"; }

# phase NAME COMMAND...: runs the command as one timed phase of the table.
phase() {
  local name=$1
  shift
  log "$name"
  local t0 status=0
  t0=$(date +%s%N)
  "$@" || status=$?
  printf '%s\t%s\t%s\n' "$name" "$((($(date +%s%N) - t0) / 1000000))" "$status" >>"$PHASES"
  return "$status"
}

# side_by_side NAME CMD [NAME CMD]...: phases at once (the two cores shared), each timed on its own; fails if any does.
side_by_side() {
  local t0 failed=0 names=() i
  for ((i = 1; i <= $#; i += 2)); do names+=("${!i}"); done
  log "side by side: ${names[*]}"
  names=()
  t0=$(date +%s%N)
  while [ $# -ge 2 ]; do
    local n=$1 c=$2
    shift 2
    names+=("$n")
    (bash -c "$c" >"$REPORTS/$n.log" 2>&1; echo $? >"$REPORTS/$n.status"; date +%s%N >"$REPORTS/$n.end") &
  done
  wait
  for n in "${names[@]}"; do
    cat "$REPORTS/$n.log"
    # A part that could not write its status (killed) failed; it ended no later than now.
    local status end
    status=$(cat "$REPORTS/$n.status" 2>/dev/null)
    end=$(cat "$REPORTS/$n.end" 2>/dev/null)
    [ -n "$status" ] || status=1
    [ -n "$end" ] || end=$(date +%s%N)
    printf '%s\t%s\t%s\n' "$n (side by side)" "$(((end - t0) / 1000000))" "$status" >>"$PHASES"
    [ "$status" = 0 ] || failed=1
  done
  return $failed
}


# json NAME: vitest's reporters for a CI run: the usual output, and a JSON report for the slowest-files table.
json() { echo "--reporter=default --reporter=json --outputFile.json=$REPORTS/vitest-$1.json"; }
