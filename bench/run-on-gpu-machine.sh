#!/bin/bash
# The whole benchmark suite in one device run (see bench/README.md): gpuarray and
# Octave on the CPU (bench/run_octave_bench.m), PyTorch on the same GPU
# (bench/torch_bench.py), then one report (bench/report.py) into $OUT:
# results.md, results.csv, results.png. carry: .rt .gl src/__gpuarray__.mex
# One part failing does not stop the others; the report says what ran.
set -u
cd "$(dirname "$0")/.."
out=${OUT:-/tmp/bench-out}
mkdir -p "$out"
. bench/gpu-env.sh
gpu=$(nvidia-smi --query-gpu=name,driver_version --format=csv,noheader 2>/dev/null | head -n 1)
echo "GPU: $gpu"
# the CPU baseline: every core, and OpenBLAS kernels for this CPU (bench/README.md)
export OPENBLAS_NUM_THREADS=$(nproc) OMP_NUM_THREADS=$(nproc) OPENBLAS_CORETYPE=${OPENBLAS_CORETYPE:-Cooperlake}
export BENCH_OUT=$out BENCH_BUDGET_S=${BENCH_BUDGET_S:-200}
status=0
octave_rt bench/run_octave_bench.m 2>&1 | tee "$out/octave.log" | grep -v "ignoring const" || status=1
PYTHONUNBUFFERED=1 timeout 240 python3 bench/torch_bench.py 2>&1 | tee "$out/torch.log" || status=1
{
  echo "GPU: $gpu; CPU baseline: Octave 7.3, OpenBLAS with $OPENBLAS_NUM_THREADS threads, OPENBLAS_CORETYPE=$OPENBLAS_CORETYPE"
} > "$out/context.txt"
python3 bench/report.py --out "$out" --command "bash bench/run-on-gpu-machine.sh (device tool, carry .rt .gl src/__gpuarray__.mex)" \
  "$out"/octave.csv "$out"/torch.csv || status=1
cat "$out/results.md" 2>/dev/null | head -80
exit $status
