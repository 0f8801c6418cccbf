#!/bin/bash
# The whole benchmark suite in one device run (see bench/README.md): gpuarray and
# Octave on the CPU (bench/run_octave_bench.m), PyTorch on the same GPU
# (bench/torch_bench.py), then one report (bench/report.py) into $OUT:
# results.md, results.csv, results.png. carry: .rt .gl src/__gpuarray__.mex
# One part failing or running out of time does not stop the others; parts.txt and the
# report say how each part ended. Limits: Octave BENCH_OCTAVE_S (330 s), PyTorch
# BENCH_TORCH_S (240 s); each starts no new case after BENCH_BUDGET_S (200 s).
set -u
cd "$(dirname "$0")/.." || exit 1
out=${OUT:-/tmp/bench-out}
mkdir -p "$out"
: >"$out/parts.txt"
status=0

# part NAME RC SECONDS: one line in parts.txt (report.py shows them in its header)
part() {
  local what=ok
  case $2 in
  0) ;;
  124 | 137) what="TIMED OUT" ;;
  *) what="FAILED" ;;
  esac
  echo "$1: $what (rc $2, $3 s)" >>"$out/parts.txt"
  [[ $2 == 0 ]] || status=1
}

. bench/gpu-env.sh
gpu=$(nvidia-smi --query-gpu=name,driver_version,memory.total --format=csv,noheader 2>/dev/null | head -n 1)
echo "GPU: $gpu"
echo "$gpu" >"$out/nvidia-smi.txt"
# the CPU baseline: every core, and OpenBLAS kernels for this CPU (bench/README.md)
export OPENBLAS_NUM_THREADS=$(nproc) OMP_NUM_THREADS=$(nproc) OPENBLAS_CORETYPE=${OPENBLAS_CORETYPE:-Cooperlake}
export BENCH_OUT=$out BENCH_BUDGET_S=${BENCH_BUDGET_S:-200}

# octave_rt_t: the time limit inside the runtime's environment (a `bash -c` child sees
# neither gpu-env.sh's helper functions nor its command-line array)
t0=$SECONDS
octave_rt_t "${BENCH_OCTAVE_S:-330}" bench/run_octave_bench.m 2>&1 |
  tee "$out/octave.log" | grep -v "ignoring const"
part octave_bench "${PIPESTATUS[0]}" $((SECONDS - t0))

t0=$SECONDS
PYTHONUNBUFFERED=1 timeout -k 10 "${BENCH_TORCH_S:-240}" python3 bench/torch_bench.py 2>&1 |
  tee "$out/torch.log"
part torch_bench "${PIPESTATUS[0]}" $((SECONDS - t0))

{
  echo "GPU: $gpu; CPU baseline: Octave 7.3, OpenBLAS with $OPENBLAS_NUM_THREADS threads, OPENBLAS_CORETYPE=$OPENBLAS_CORETYPE"
} >"$out/context.txt"
csvs=()
for f in "$out/octave.csv" "$out/torch.csv"; do
  [[ -s $f ]] && csvs+=("$f")
done
python3 bench/report.py --out "$out" --command "bash bench/run-on-gpu-machine.sh (device tool, carry .rt .gl src/__gpuarray__.mex)" \
  "${csvs[@]}" >"$out/report.log" 2>&1
rc=$?
[[ $rc == 0 ]] || { status=1; cat "$out/report.log"; }
cat "$out/results.md" 2>/dev/null | head -80
cat "$out/parts.txt"
exit $status
