#!/bin/bash
# On the GPU machine, from the repo root: the demo and the whole Octave test suite on
# the NVIDIA device, then the core's unit tests when their binary was carried.
# carry: .rt .gl src/__gpuarray__.mex (and .devrun with test_core + libcmocka.so.0)
set -u
. bench/gpu-env.sh
nvidia-smi --query-gpu=name,driver_version,memory.total --format=csv,noheader
status=0
octave_rt --eval 'addpath([pwd "/inst"]); addpath([pwd "/src"]); d = gpuDevice (); printf ("subnormals kept: single %d double %d\n", d.PreservesSubnormalsSingle, d.PreservesSubnormalsDouble)' 
octave_rt --eval 'addpath([pwd "/inst"]); addpath([pwd "/src"]); run examples/demo.m' || status=1
octave_rt test/octave/run_bist.m || status=1
octave_rt test/octave/test_int64_mixed.m || status=1
octave_rt test/octave/test_fusion_random.m || status=1
if [ -x .devrun/test_core ]; then
  LD_LIBRARY_PATH=$PWD/.devrun${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH} .devrun/test_core || status=1
fi
exit $status
