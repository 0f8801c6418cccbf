## A focused probe: device time (timestamp queries) per kernel for a copy-like pass,
## the arithmetic chain, chain5 and sum over 1e8 doubles.
addpath([pwd "/inst"]); addpath([pwd "/src"]);
n = 1e8; x = gpuArray (rand (n, 1)); z = gpuArray (rand (n, 1)); d = gpuDevice ();
cases = {"copy x.*1", @() x .* 1, 16; "arith chain", @() (x .* 2 + 1) ./ (z + 3) - x .* z, 24;
         "chain5", @() sin (x) .* z + exp (x .^ 2), 24; "sum", @() sum (x), 8; "max", @() max (x), 8};
for k = 1:rows (cases)
  f = cases{k, 2}; y = f (); wait (d); clear y;
  gpuarray_stats ("reset"); t0 = tic;
  for r = 1:5
    y = f (); wait (d); clear y;
  endfor
  wall = toc (t0) / 5; s = gpuarray_stats ();
  gpu = s.gpu_time_ns / 5 / 1e6;
  printf ("%-12s wall %.3f ms  gpu %.3f ms  %.0f GB/s (device time)  dispatches %d\n", cases{k, 1}, 1e3 * wall, gpu,
          cases{k, 3} * n / gpu / 1e6, s.dispatches / 5);
endfor
