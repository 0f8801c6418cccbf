## Device time (timestamp queries) of moving elements (issue 7), side by side with a
## copy-like pass over the same bytes in the same run: the transpose of an 8192x8192
## double matrix, a permutation of a 3-D array, x(idx) with a device index, x(mask),
## and the column-assignment loop with its telemetry (no copies of the matrix).
## Run on the GPU machine: octave_rt bench/index_probe.m (BENCH_SMALL=1: sizes for
## lavapipe).
addpath([pwd "/inst"]); addpath([pwd "/src"]);
small = strcmp (getenv ("BENCH_SMALL"), "1");
n = 8192;
if (small)
  n = 512;
endif
d = gpuDevice ();
X = gpuArray (rand (n)); wait (d);
P = reshape (X, n / 8, 8, n); wait (d);
x = X(:); idx = gpuArray (1 + floor (rand (n * n / 8, 1) * n * n)); mask = x > 0.5; wait (d);
cases = {"copy X.*1", @() X .* 1, 16 * n * n;
         "X.'", @() X.', 16 * n * n;
         "permute(P,[3 1 2])", @() permute (P, [3 1 2]), 16 * n * n;
         "x(idx) (gpu idx)", @() x(idx), 24 * n * n / 8;
         "x(mask)", @() x(mask), n * n * (1 + 8 * 0.5 + 8 * 0.5 + 8 * 0.5);
         "find(mask)", @() find (mask), n * n * (1 + 8 * 0.5 + 8 * 0.5)};
copy_gbs = NaN;
for k = 1:rows (cases)
  f = cases{k, 2}; y = f (); wait (d); clear y;
  gpuarray_stats ("reset"); t0 = tic;
  reps = 5;
  for r = 1:reps
    y = f (); wait (d); clear y;
  endfor
  wall = toc (t0) / reps; s = gpuarray_stats ();
  gpu = s.gpu_time_ns / reps / 1e6;
  gbs = cases{k, 3} / gpu / 1e6;
  if (k == 1)
    copy_gbs = gbs;
  endif
  printf ("%-22s wall %8.3f ms  gpu %8.3f ms  %6.0f GB/s (device time, %3.0f%% of copy)  dispatches %d\n",
          cases{k, 1}, 1e3 * wall, gpu, gbs, 100 * gbs / copy_gbs, s.dispatches / reps);
endfor
## A(:, k) = v over the columns of a 4096x1000 matrix
m = 4096; c = 1000; if (small) m = 256; c = 100; endif
A = gpuArray (rand (m, c)); v = gpuArray (rand (m, 1)); A(1) = 0; wait (d);
gpuarray_stats ("reset"); t0 = tic;
for k = 1:c
  A(:, k) = v;
endfor
wait (d); wall = toc (t0); s = gpuarray_stats ();
printf ("A(:,k)=v loop %dx%d: %.1f us per assignment (wall), in place %d, copies %d, device %.3f ms\n", m, c,
        1e6 * wall / c, s.assign_in_place, s.assign_copies, s.gpu_time_ns / 1e6);
ok = isequal (gather (A), repmat (gather (v), 1, c));
if (ok)
  disp ("loop result right");
else
  disp ("loop result WRONG");
endif
