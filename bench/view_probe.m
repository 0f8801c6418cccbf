## Device time (timestamp queries) and wall time of strided views feeding elementwise
## work (issue 7 item 4), fused (the consumer's kernel reads the view in place) against
## materialised (GPUARRAY_FUSE_VIEWS=0: the view is copied out first, then consumed),
## both in the same run on the same arrays, with the dispatches each takes and a check
## that both give the same values.
## Run on the GPU machine: octave_rt bench/view_probe.m
## VIEW_N=<n> sets the side of the n x n double matrix (default 8192: 6.7e7 elements,
## 512 MiB); BENCH_SMALL=1 uses n = 512 (lavapipe).
addpath ([pwd "/inst"]); addpath ([pwd "/src"]); addpath ([pwd "/bench"]);
n = 8192;
if (strcmp (getenv ("BENCH_SMALL"), "1"))
  n = 512;
endif
if (! isempty (getenv ("VIEW_N")))
  n = str2double (getenv ("VIEW_N"));
endif
reps = 5;
d = gpuDevice ();
A = gpuArray (rand (n));
R = reshape (A, n * n / 8, 8);  # eight long columns: R(2:end, k) starts off the 16-byte grid
m = n * n / 8 - 1;
wait (d);
## {name, f, bytes a fused pass moves (read + written)}
cases = {
  "copy A.*1 (reference)",   @() A .* 1,                          16 * n * n
  "A(:,1:2:end).*2+1",       @() A(:, 1:2:end) .* 2 + 1,          8 * n * n
  "A(2:end-1,2:end-1)+1",    @() A(2:end-1, 2:end-1) + 1,         16 * (n - 2) ^ 2
  "(A.')+1",                 @() (A.') + 1,                        16 * n * n
  "A.' alone",               @() A.',                              16 * n * n
  "columns R(2:end,k) chain", @() R(2:end, 1) .* R(2:end, 2) + R(2:end, 3) .* R(2:end, 4) ...
                                  + R(2:end, 5) .* R(2:end, 6) + R(2:end, 7) .* R(2:end, 8), ...
                                                                  9 * 8 * m
  "flip(A)+1",               @() flip (A) + 1,                     16 * n * n
  "A(end:-1:1,:).*A",        @() A(end:-1:1, :) .* A,              24 * n * n
  "sum(A(2:end,:).^2)",      @() sum (A(2:end, :) .^ 2),           8 * (n - 1) * n
};

function [wall, gpu, disp_per] = timed (f, reps, d)
  y = f (); wait (d); clear y;  # compile, warm the pool
  sustain_clocks (d);  # bench/README.md, "Clocks"
  gpuarray_stats ("reset");
  t0 = tic;
  for r = 1:reps
    y = f (); wait (d); clear y;
  endfor
  wall = toc (t0) / reps;
  s = gpuarray_stats ();
  gpu = s.gpu_time_ns / reps / 1e6;
  disp_per = s.dispatches / reps;
endfunction

function s = ifelse_str (c, a, b)
  if (c)
    s = a;
  else
    s = b;
  endif
endfunction

printf ("%s, n = %d (%d x %d doubles), %d repetitions; GB/s from device time and the bytes a fused pass moves\n",
        d.Name, n, n, n, reps);
printf ("%-26s | %-36s | %-36s | %s\n", "", "fused (views read in place)", "GPUARRAY_FUSE_VIEWS=0 (copied first)",
        "device speedup");
for k = 1:rows (cases)
  f = cases{k, 2};
  unsetenv ("GPUARRAY_FUSE_VIEWS");
  [wf, gf, df] = timed (f, reps, d);
  yf = f ();
  setenv ("GPUARRAY_FUSE_VIEWS", "0");
  [wm, gm, dm] = timed (f, reps, d);
  ym = f ();
  unsetenv ("GPUARRAY_FUSE_VIEWS");
  same = isequal (size (yf), size (ym)) && gather (all (yf(:) == ym(:)));
  clear yf ym
  printf ("%-26s | wall %8.3f gpu %8.3f ms %5.0f GB/s %dd | wall %8.3f gpu %8.3f ms %5.0f GB/s %dd | %5.2fx %s\n",
          cases{k, 1}, 1e3 * wf, gf, cases{k, 3} / gf / 1e6, df, 1e3 * wm, gm, cases{k, 3} / gm / 1e6, dm, gm / gf,
          ifelse_str (same, "", "VALUES DIFFER"));
endfor
