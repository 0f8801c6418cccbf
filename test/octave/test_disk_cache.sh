#!/bin/sh
# The on-disk kernel cache across Octave sessions: a second session compiles nothing,
# corrupt files are ignored and rewritten, concurrent sessions do not corrupt it.
# Runs on the provider the environment selects (the cache exists only for vulkan).
set -e
root=$(cd "$(dirname "$0")/../.." && pwd)
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
export GPUARRAY_CACHE_DIR="$dir/cache"
session() {
  octave-cli --no-gui --norc --eval "
    addpath ('$root/inst'); addpath ('$root/src');
    x = gpuArray ((1:1000)');
    y = gather (sum ((x .* 2 + 1) ./ 4, 1));
    s = gpuarray_stats ();
    printf ('%d %d %d\n', s.kernels_compiled, s.disk_cache_hits, y == sum (((1:1000)' .* 2 + 1) ./ 4))" 2>/dev/null | tail -n 1
}
pass=0; fail=0
check() { if [ "$1" = "$2" ]; then pass=$((pass + 1)); else fail=$((fail + 1)); echo "FAIL: $3: got '$1', want '$2'"; fi; }
check "$(session)" "1 0 1" "first session compiles its kernel"
check "$(session)" "0 1 1" "second session loads it from disk"
for f in "$dir"/cache/*/*.spv; do printf 'garbage' > "$f"; done
check "$(session)" "1 0 1" "a corrupt file is ignored and recompiled"
check "$(session)" "0 1 1" "and rewritten"
for f in "$dir"/cache/*/*.spv; do head -c 40 "$f" > "$f.cut" && mv "$f.cut" "$f"; done
check "$(session)" "1 0 1" "a truncated file is ignored"
rm -rf "$dir/cache"
for i in 1 2 3 4; do session > "$dir/par.$i" & done
wait
for i in 1 2 3 4; do check "$(cut -d' ' -f3 "$dir/par.$i")" "1" "concurrent session $i computes right"; done
check "$(session)" "0 1 1" "after concurrent sessions the cache is whole"
check "$(ls "$dir"/cache/*/ | grep -c '\.tmp\.')" "0" "no temporary files left"
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
