## Wall time of qr, svd, norm (A) (2-norm) and cond of random n x n gpuArrays against Octave's
## own functions on the CPU in the same run, double and single, median of 3 after one warm call.
## The torch twin is bench/la_torch.py (same sizes, the same GPU).
## Usage (repo root, built tree): BENCH_LA_N="512 1024" octave-cli bench/la_probe.m
## On the GPU machine: . bench/gpu-env.sh; octave_rt bench/la_probe.m
addpath ([pwd "/inst"]); addpath ([pwd "/src"]); addpath ([pwd "/bench"]);
ns = str2num (getenv ("BENCH_LA_N"));
if (isempty (ns))
  ns = [512 1024 2048];
endif
d = gpuDevice ();
ops = {"X = qr (A)",        @(A) qr (A);
       "[Q, R] = qr (A)",   @(A) nth_out (@qr, A, 2);
       "s = svd (A)",       @(A) svd (A);
       "[U, S, V] = svd",   @(A) nth_out (@svd, A, 3);
       "norm (A)",          @(A) norm (A)};
function r = nth_out (f, A, k)
  out = cell (1, k);
  [out{:}] = f (A);
  r = out{end};
endfunction
function t = median_time (f, A, d)
  f (A); wait (d);          # warm: kernels compiled, pools filled
  ts = zeros (1, 3);
  for i = 1:3
    t0 = tic; r = f (A); if (isa (r, "gpuArray")) wait (d); end; ts(i) = toc (t0);
  endfor
  t = median (ts) * 1e3;
endfunction
printf ("%-18s %5s %-7s %10s %10s %8s\n", "operation", "n", "class", "gpu ms", "cpu ms", "cpu/gpu");
for n = ns
  for cls = {"double", "single"}
    A = randn (n, cls{1});
    G = gpuArray (A);
    if (exist ("sustain_clocks", "file"))
      sustain_clocks (d, 1);
    endif
    for k = 1:rows (ops)
      tg = median_time (ops{k, 2}, G, d);
      tc = median_time (ops{k, 2}, A, d);
      printf ("%-18s %5d %-7s %10.1f %10.1f %8.2f\n", ops{k, 1}, n, cls{1}, tg, tc, tc / tg);
      fflush (stdout);
    endfor
  endfor
endfor
