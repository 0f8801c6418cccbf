## A focused probe: device time (timestamp queries) per kernel for a copy-like pass, the
## arithmetic chain, the fused chains of issue 3 and the reductions over 1e8 doubles.
## Before each case's timed calls, sustain_clocks keeps the GPU busy for a second:
## NVIDIA's Vulkan driver lowers the clock of a GPU that is less than half busy
## (bench/README.md, "Clocks").
##   octave-cli bench/probe.m     (on the GPU machine: . bench/gpu-env.sh; octave_rt bench/probe.m)
addpath([pwd "/inst"]); addpath([pwd "/src"]); addpath([pwd "/bench"]);
n = 1e8; d = gpuDevice ();
x = gpuArray (rand (n, 1)); z = gpuArray (rand (n, 1));
cases = {"copy x.*1", @() x .* 1, 16;
         "arith chain", @() (x .* 2 + 1) ./ (z + 3) - x .* z, 24;
         "chain5", @() sin (x) .* z + exp (x .^ 2), 24;
         "issue chain", @() sin (x) .* z + exp (-x .^ 2), 24;
         "issue chain w", @() sin (x * 20 - 10) .* z + exp (-(x * 20 - 10) .^ 2), 24;
         "sum", @() sum (x), 8; "mean", @() mean (x), 8; "max", @() max (x), 8;
         ## functions whose tables are read at per-lane indices, fused into reductions
         "sum erfc", @() sum (erfc (x * 13 - 3)), 8; "mean erf", @() mean (erf (x * 6 - 3)), 8;
         "sum x.^y", @() sum (x .^ (z * 2)), 16; "sum gamma", @() sum (gamma (x * 20 + 0.1)), 8};
for k = 1:rows (cases)
  f = cases{k, 2}; y = f (); wait (d); clear y; sustain_clocks (d);
  gpuarray_stats ("reset"); t0 = tic;
  for r = 1:5
    y = f (); wait (d); clear y;
  endfor
  wall = toc (t0) / 5; s = gpuarray_stats ();
  gpu = s.gpu_time_ns / 5 / 1e6;
  if (k == 1)
    copy = gpu;
  endif
  printf ("%-14s wall %.3f ms  gpu %.3f ms  %5.0f GB/s (device time, %3.0f%% of copy)  dispatches %d\n", cases{k, 1},
          1e3 * wall, gpu, cases{k, 3} * n / gpu / 1e6, 100 * cases{k, 3} / 16 * copy / gpu, s.dispatches / 5);
endfor
