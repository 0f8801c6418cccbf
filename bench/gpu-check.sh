#!/bin/bash
# On the GPU machine, from the repo root: the demo and the whole Octave test suite on
# the NVIDIA device, then the core's unit tests when their binary was carried.
# carry: .rt .gl src/__gpuarray__.mex (and .devrun with the test/unit binaries + libcmocka.so.0)
set -u
. bench/gpu-env.sh
nvidia-smi --query-gpu=name,driver_version,memory.total --format=csv,noheader
status=0
octave_rt --eval 'addpath([pwd "/inst"]); addpath([pwd "/src"]); d = gpuDevice (); printf ("subnormals kept: single %d double %d\n", d.PreservesSubnormalsSingle, d.PreservesSubnormalsDouble)' 
octave_rt --eval 'addpath([pwd "/inst"]); addpath([pwd "/src"]); run examples/demo.m' || status=1
bash bench/gpu-bist.sh || status=1   # the BIST in parallel shards
# every Octave test script (each prints "N passed, N failed" and fails non-zero)
for t in test/octave/test_*.m; do
  echo "== $t"
  octave_rt "$t" 2>&1 | grep -v "ignoring const" | tail -n 4
  [[ ${PIPESTATUS[0]} == 0 ]] || { status=1; echo "FAILED: $t"; }
done
# every cmocka binary carried in .devrun (make check-unit builds them under test/unit)
for b in .devrun/test_*; do
  [[ -x $b ]] || continue
  echo "== $b"
  LD_LIBRARY_PATH=$PWD/.devrun${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH} "$b" 2>&1 | grep -E "PASSED|FAILED|ERROR|error:" | tail -n 8
  [[ ${PIPESTATUS[0]} == 0 ]] || { status=1; echo "FAILED: $b"; }
done
exit $status
