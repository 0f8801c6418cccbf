#!/bin/bash
# On the GPU machine, from the repo root: run_bist.m's blocks in GA_BIST_SHARDS (6)
# Octave processes side by side (test/octave/run_bist_shard.m), since cold kernel
# compiles (the driver's compiler, on the CPU) are most of the BIST's time there: one
# process took over 290 s on an H100; six took 113 s on an H200. Each shard's output
# goes to $OUT/bist (or /tmp/bist); the last line sums them. Exits non-zero on any
# failure, validation message or time limit (GA_BIST_LIMIT_S a shard, 400 s).
# carry: .rt .gl src/__gpuarray__.mex
set -u
cd "$(dirname "$0")/.." || exit 1
. bench/gpu-env.sh >/dev/null
n=${GA_BIST_SHARDS:-6}
out=${OUT:-/tmp}/bist
mkdir -p "$out"
pids=()
for ((k = 0; k < n; k++)); do
  GA_BIST_SHARD=$k GA_BIST_SHARDS=$n octave_rt_t "${GA_BIST_LIMIT_S:-400}" test/octave/run_bist_shard.m \
    >"$out/shard$k.txt" 2>&1 &
  pids+=($!)
done
status=0
pass=0
fail=0
# (wait for each by its PID: a bare wait also waits for a caller's `exec > >(tee ...)`)
for ((k = 0; k < n; k++)); do
  wait "${pids[k]}" || status=1
  line=$(grep -E "^[0-9]+ passed, [0-9]+ failed" "$out/shard$k.txt" | tail -n 1)
  if [[ -z $line ]]; then
    echo "shard $k ended without its count (time limit or crash):"
    tail -n 5 "$out/shard$k.txt"
    status=1
    continue
  fi
  grep -E "FAILED|validation" "$out/shard$k.txt"
  read -r p _ f _ <<<"$line"
  pass=$((pass + p))
  fail=$((fail + f))
done
echo "$pass passed, $fail failed"
[[ $fail == 0 ]] || status=1
exit $status
