## Device time (timestamp queries) of arrays born on the device (issue 5), against a
## write-only pass of the same size in the same run: ones, rand, randn, randi of 1e8
## doubles materialised by wait (gpuDevice), and sum (randn (...)) that writes nothing.
## Run on the GPU machine: octave_rt bench/randn_probe.m
addpath([pwd "/inst"]); addpath([pwd "/src"]); addpath([pwd "/bench"]);
n = 1e8;
if (strcmp (getenv ("BENCH_SMALL"), "1"))
  n = 1e6;
endif
d = gpuDevice ();
x = gpuArray (1);
cases = {"ones (write only)", @() ones (n, 1, "like", x), 8 * n;
         "rand", @() rand (n, 1, "like", x), 8 * n;
         "randn", @() randn (n, 1, "like", x), 8 * n;
         "randi([1 6])", @() randi ([1 6], n, 1, "like", x), 8 * n;
         "sum(randn)", @() sum (randn (n, 1, "like", x)), 8 * n};
base = NaN;
for k = 1:rows (cases)
  f = cases{k, 2}; y = f (); wait (d); clear y;
  sustain_clocks (d);  # bench/README.md, "Clocks"
  gpuarray_stats ("reset"); t0 = tic; reps = 5;
  for r = 1:reps
    y = f (); wait (d); clear y;
  endfor
  wall = toc (t0) / reps; s = gpuarray_stats ();
  gpu = s.gpu_time_ns / reps / 1e6;
  gbs = cases{k, 3} / gpu / 1e6;
  if (k == 1)
    base = gbs;
  endif
  printf ("%-18s wall %7.3f ms  gpu %7.3f ms  %6.0f GB/s of doubles (%3.0f%% of the write-only pass)  uploaded %d bytes\n",
          cases{k, 1}, 1e3 * wall, gpu, gbs, 100 * gbs / base, s.bytes_uploaded);
endfor
