## What Octave's narrowing costs complex chains: each product, quotient or function of a
## pending complex value first checks (one fused reduction and a read of its flag) whether
## its imaginary parts are all zero. Wall time per chain on BENCH_N (default 1e7) elements,
## median of 5, gathered result excluded; with gpuarray_stats' dispatch count.
## Usage (repo root, built tree): octave-cli bench/complex_chain_probe.m
addpath ([pwd "/inst"]); addpath ([pwd "/src"]); addpath ([pwd "/bench"]);
n = str2double (getenv ("BENCH_N"));
if (isnan (n))
  n = 1e7;
endif
d = gpuDevice ();
x = gpuArray.rand (n, 1); w = gpuArray.rand (n, 1);
z = complex (x, w); y = complex (w, x);
chains = {"x .* exp (1i * w)",       @() x .* exp (1i * w);
          "(z .* y) ./ (z + 1)",     @() (z .* y) ./ (z + 1);
          "abs (z .* y + 2) .^ 2",   @() abs (z .* y + 2) .^ 2;
          "sum (z .* conj (y))",     @() sum (z .* conj (y));
          "x .* 2 + z ./ 4",         @() x .* 2 + z ./ 4};
if (exist ("sustain_clocks", "file"))
  sustain_clocks (d, 1);
endif
printf ("%-24s %10s %11s\n", "chain", "wall ms", "dispatches");
for k = 1:rows (chains)
  f = chains{k, 2};
  r = f (); wait (d); clear r;
  ts = zeros (1, 5);
  for i = 1:5
    s0 = gpuarray_stats ();
    t0 = tic; r = f (); wait (d); ts(i) = toc (t0);
    s1 = gpuarray_stats ();
    clear r;
  endfor
  printf ("%-24s %10.2f %11d\n", chains{k, 1}, median (ts) * 1e3, s1.dispatches - s0.dispatches);
endfor
