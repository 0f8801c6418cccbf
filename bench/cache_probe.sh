#!/bin/bash
# The on-disk kernel cache across Octave sessions, timed: session 1 compiles a fused
# chain, a sum and a chain5 kernel into an empty cache folder; session 2 (a fresh
# process) runs the same calls first thing and reports, per call, the wall time of the
# first call against a warm repeat and the kernels it compiled vs loaded from disk.
# Usage (repo root, built tree): bash bench/cache_probe.sh [octave command]
# On the GPU machine: bash bench/cache_probe.sh octave_rt   (carry .rt .gl)
set -u
oct=${1:-octave-cli}
if [[ $oct == octave_rt ]]; then
  . bench/gpu-env.sh >/dev/null
fi
dir=$(mktemp -d)
export GPUARRAY_CACHE_DIR=$dir
script='
addpath ([pwd "/inst"]); addpath ([pwd "/src"]);
x = gpuArray (rand (1e6, 1)); y = gpuArray (rand (1e6, 1)); wait (gpuDevice ());
f = {@() (x .* 2 + 1) ./ (y + 3) - x, @() sum (x .* y), @() sin (x) .* y + exp (-x .^ 2)};
names = {"chain", "sum(x.*y)", "chain5"};
for k = 1:numel (f)
  s0 = gpuarray_stats (); tic; r = f{k} (); wait (gpuDevice ()); t1 = toc; s1 = gpuarray_stats ();
  tic; r = f{k} (); wait (gpuDevice ()); t2 = toc;
  printf ("%-10s first %.3f ms, warm %.3f ms, compiled %d, from disk %d\n", names{k}, 1e3 * t1, 1e3 * t2, ...
          s1.kernels_compiled - s0.kernels_compiled, s1.disk_cache_hits - s0.disk_cache_hits);
endfor
'
echo "session 1 (cold cache):"
$oct --eval "$script" 2>&1 | grep -v "ignoring const"
echo "session 2 (fresh process, kernels on disk):"
$oct --eval "$script" 2>&1 | grep -v "ignoring const"
rm -rf "$dir"
