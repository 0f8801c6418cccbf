## Arrays born on the device: gpuArray's rand, randn, randi, randperm (Philox4x32-10) and
## eye, linspace, logspace, colon. Statistics with fixed seeds (mean, variance,
## Kolmogorov-Smirnov, chi-square, correlations), gpurng save and restore, fusion and
## transfers (gpuarray_stats), and eye/linspace/logspace/colon against Octave bit for bit.
## (Host against device bit for bit, and randn's ulp budget: test/unit/test_rng.c.)
## Prints "N passed, N failed" last; exits non-zero on failure.
## Usage: octave-cli test/octave/test_random.m  (from the repository root, after make)
root = fileparts (fileparts (fileparts (mfilename ("fullpath"))));
addpath (fullfile (root, "inst"));
addpath (fullfile (root, "src"));

1;
function [np, nf] = check (ok, what, np, nf)
  if (ok)
    np++;
  else
    nf++;
    printf ("FAIL: %s\n", what);
  endif
endfunction

## Same class, size, and bits (any NaN matches any NaN; zeros keep their sign).
function ok = same_bits (got, want)
  ok = strcmp (class (got), class (want)) && isequal (size (got), size (want));
  if (ok && isfloat (want))
    nan = isnan (want(:));
    ok = isequal (isnan (got(:)), nan);
    w = want(:)(! nan);
    g = got(:)(! nan);
    it = ifelse_class (want);
    ok = ok && isequal (typecast (g, it), typecast (w, it));
  elseif (ok)
    ok = isequal (got, want);
  endif
endfunction

function c = ifelse_class (x)
  if (isa (x, "single"))
    c = "uint32";
  else
    c = "uint64";
  endif
endfunction

## Kolmogorov-Smirnov statistic of x against the distribution function F
function d = ks_stat (x, F)
  x = sort (double (x(:)));
  n = numel (x);
  f = F (x);
  d = max (max ((1:n)' / n - f), max (f - (0:n-1)' / n));
endfunction

np = 0;
nf = 0;
s0 = gpurng ();
prov = gpuDevice ().Provider;
N = 1e6;
ks_crit = 1.95 / sqrt (N);   # alpha = 0.001

## ---- rand -----------------------------------------------------------------------------
for cls = {"double", "single"}
  gpurng (2026);
  u = gather (gpuArray.rand (N, 1, cls{1}));
  [np, nf] = check (strcmp (class (u), cls{1}) && isequal (size (u), [N 1]), ["rand class " cls{1}], np, nf);
  [np, nf] = check (all (u > 0 & u < 1), ["rand open interval " cls{1}], np, nf);
  u = double (u);
  [np, nf] = check (abs (mean (u) - 0.5) < 5 * sqrt (1/12 / N), ["rand mean " cls{1}], np, nf);
  [np, nf] = check (abs (var (u) - 1/12) < 5 * sqrt ((1/80 - 1/144) / N), ["rand var " cls{1}], np, nf);
  d = ks_stat (u, @(x) x);
  [np, nf] = check (d < ks_crit, sprintf ("rand KS %s: D = %g", cls{1}, d), np, nf);
  ## neighbours and halves of one Philox block uncorrelated
  r1 = corr (u(1:2:end), u(2:2:end));
  [np, nf] = check (abs (r1) < 5 / sqrt (N / 2), sprintf ("rand lag-1 correlation %g", r1), np, nf);
endfor
## doubles carry 53 bits: the low bits vary
gpurng (1);
u = gather (gpuArray.rand (1e5, 1));
low = mod (u * 2^53, 2);
[np, nf] = check (abs (mean (low) - 0.5) < 0.02, "rand doubles use 53 bits", np, nf);

## ---- randn ----------------------------------------------------------------------------
for cls = {"double", "single"}
  gpurng (99);
  z = gather (gpuArray.randn (N, 1, cls{1}));
  [np, nf] = check (strcmp (class (z), cls{1}) && all (isfinite (z)), ["randn class, finite " cls{1}], np, nf);
  z = double (z);
  [np, nf] = check (abs (mean (z)) < 5 / sqrt (N), sprintf ("randn mean %s %g", cls{1}, mean (z)), np, nf);
  [np, nf] = check (abs (var (z) - 1) < 5 * sqrt (2 / N), sprintf ("randn var %s %g", cls{1}, var (z)), np, nf);
  d = ks_stat (z, @(x) 0.5 * erfc (-x / sqrt (2)));
  [np, nf] = check (d < ks_crit, sprintf ("randn KS %s: D = %g", cls{1}, d), np, nf);
  ## the cosine and sine halves of one Box-Muller pair are independent
  r1 = corr (z(1:2:end), z(2:2:end));
  [np, nf] = check (abs (r1) < 5 / sqrt (N / 2), sprintf ("randn pair correlation %g", r1), np, nf);
  k4 = mean (z .^ 4);
  [np, nf] = check (abs (k4 - 3) < 0.05, sprintf ("randn fourth moment %g", k4), np, nf);
endfor

## ---- randi ----------------------------------------------------------------------------
gpurng (5);
r = gather (gpuArray.randi (10, N, 1));
h = accumarray (r, 1, [10 1]);
chi2 = sum ((h - N / 10) .^ 2 / (N / 10));
[np, nf] = check (all (r == fix (r)) && min (r) == 1 && max (r) == 10 && chi2 < 27.88, ...
                  sprintf ("randi (10) chi-square %g (9 dof, 0.001: 27.88)", chi2), np, nf);
r = gather (gpuArray.randi ([-3 3], 1, 7e5, "int8"));
h = accumarray (double (r(:)) + 4, 1, [7 1]);
chi2 = sum ((h - 1e5) .^ 2 / 1e5);
[np, nf] = check (strcmp (class (r), "int8") && chi2 < 22.46, ...
                  sprintf ("randi ([-3 3], int8) chi-square %g (6 dof, 0.001: 22.46)", chi2), np, nf);
## a range that is not a power of two and large: the top of the range is as likely as the bottom
m = 3 * 2^40;
r = gather (gpuArray.randi ([0 m - 1], N, 1));
[np, nf] = check (abs (mean (r < m / 3) - 1/3) < 5 * sqrt (2/9 / N) && max (r) < m && min (r) >= 0, ...
                  "randi on [0, 3*2^40)", np, nf);
r = gather (gpuArray.randi ([-2^51 2^52], 1000, 1));
[np, nf] = check (all (r >= -2^51 & r <= 2^52 & r == fix (r)), "randi near flintmax", np, nf);
for cls = {"single", "int16", "uint8", "int32", "uint32", "int64", "uint64"}
  r = gpuArray.randi ([0 100], 3, 4, 2, cls{1});
  g = gather (r);
  [np, nf] = check (strcmp (class (g), cls{1}) && isequal (size (g), [3 4 2]) && all (g(:) >= 0 & g(:) <= 100), ...
                    ["randi class " cls{1}], np, nf);
endfor

## ---- randperm -------------------------------------------------------------------------
ok = true;
for n = [0 1 2 3 7 16 17 1000 65537]
  p = gather (gpuArray.randperm (n));
  ok = ok && isequal (size (p), [1 n]) && isequal (sort (p), 1:n);
  k = floor (n / 3);
  q = gather (gpuArray.randperm (n, k));
  ok = ok && isequal (size (q), [1 k]) && numel (unique (q)) == k && all (q >= 1 & q <= n);
endfor
[np, nf] = check (ok, "randperm is a permutation; randperm (n, k) distinct", np, nf);
p = gather (gpuArray.randperm (3e6));
[np, nf] = check (isequal (sort (p), 1:3e6), "randperm (3e6) is a permutation", np, nf);
## positions uniform over many seeds: value v at position j, 1000 seeds, n = 5
counts = zeros (5);
for seed = 1:1000
  gpurng (seed);
  p = gather (gpuArray.randperm (5));
  counts(sub2ind ([5 5], p, 1:5)) += 1;
endfor
chi2 = sum ((counts - 200) .^ 2 / 200);
[np, nf] = check (all (chi2 < 18.47), sprintf ("randperm positions over seeds: chi-square %s (4 dof, 0.001: 18.47)", ...
                                             mat2str (chi2, 3)), np, nf);
## and over consecutive draws of one seed, n = 6 (a domain 4^2 = 16: cycle walking)
counts = zeros (6);
gpurng (3);
for t = 1:1200
  p = gather (gpuArray.randperm (6));
  counts(sub2ind ([6 6], p, 1:6)) += 1;
endfor
chi2 = sum ((counts - 200) .^ 2 / 200);
[np, nf] = check (all (chi2 < 20.52), sprintf ("randperm positions over draws: chi-square %s (5 dof, 0.001: 20.52)", ...
                                             mat2str (chi2, 3)), np, nf);

## ---- streams: seeds, consecutive draws, gpurng ----------------------------------------
gpurng (1);
a = gather (gpuArray.rand (1e5, 1));
b = gather (gpuArray.rand (1e5, 1));
gpurng (2);
c = gather (gpuArray.rand (1e5, 1));
[np, nf] = check (abs (corr (a, b)) < 0.016 && abs (corr (a, c)) < 0.016 && ! isequal (a, b), ...
                  "consecutive draws and other seeds uncorrelated", np, nf);
gpurng (1);
[np, nf] = check (isequal (gather (gpuArray.rand (1e5, 1)), a), "gpurng (seed) reproduces", np, nf);
s = gpurng ();
x1 = {gather(gpuArray.randn (7, 3)), gather(gpuArray.randi ([5 9], 4)), gather(gpuArray.randperm (50))};
gpurng (s);
x2 = {gather(gpuArray.randn (7, 3)), gather(gpuArray.randi ([5 9], 4)), gather(gpuArray.randperm (50))};
[np, nf] = check (isequal (x1, x2) && strcmp (s.Type, "Philox4x32-10") && s.Seed == 1, "gpurng (s) restores", np, nf);
prev = gpurng ("default");
s = gpurng ();
[np, nf] = check (prev.Seed == 1 && s.Seed == 0 && s.State == 0, "gpurng default", np, nf);
## a draw advances the counter by the Philox blocks it used
gpurng (4);
gpuArray.rand (11, 1); s1 = gpurng ();
gpuArray.rand (11, 1, "single"); s2 = gpurng ();
gpuArray.randperm (100); s3 = gpurng ();
[np, nf] = check (isequal (double ([s1.State s2.State s3.State]), [6 9 10]), "counter advance", np, nf);
## known values: seed 0, first four doubles (the same on every provider and device)
gpurng (0);
u = gather (gpuArray.rand (1, 2));
w = [0x6627e8d5 0xe169c58d 0xbc57ac4c 0x9b00dbd8];  # Philox4x32-10 of counter 0, key 0
k53 = @(lo, hi) double (bitshift (uint64 (hi) * uint64 (2^32) + uint64 (lo), -11));
want = [k53(w(1), w(2)), k53(w(3), w(4))] / 2^53;
[np, nf] = check (isequal (u, want), "rand from Philox words (seed 0)", np, nf);

## ---- fusion and transfers -------------------------------------------------------------
x = gpuArray (rand (1e4, 1));
gpuarray_stats ("reset");
y = rand (1e4, 1, "like", x) + x;
z = gather (y);
st = gpuarray_stats ();
[np, nf] = check (st.dispatches == 1 && st.bytes_uploaded == 0, ...
                  sprintf ("rand (n, 'like', x) + x: %d dispatches, %d bytes up", st.dispatches, st.bytes_uploaded), ...
                  np, nf);
gpuarray_stats ("reset");
X = gpuArray (rand (100));
gpuarray_stats ("reset");
gpurng (8);
e = eye (100, "like", X) .* 2 - X + rand (100, "like", X);
g = gather (e);
st = gpuarray_stats ();
gpurng (8);
want = eye (100) .* 2 - gather (X) + gather (gpuArray.rand (100));
[np, nf] = check (st.dispatches == 1 && st.bytes_uploaded == 0 && isequal (size (g), [100 100]) && ...
                  max (abs (g(:) - want(:))) < 1e-15, ...
                  sprintf ("eye .* 2 - X + rand fused: %d dispatches", st.dispatches), np, nf);
## a broadcast generator is evaluated first, then expanded
g = gather (eye (4, "like", X) + linspace (0, 1, 4, "like", X));
[np, nf] = check (isequal (g, full (eye (4)) + linspace (0, 1, 4)), "eye + broadcast linspace", np, nf);
n_big = 1e8;
if (strcmp (prov, "vulkan") && strcmp (gpuDevice ().DeviceType, "cpu") && ! strcmp (getenv ("GA_TEST_LARGE"), "1"))
  n_big = 2e7;   # lavapipe computes on the build machine's CPU: the property does not depend on n
endif
gpuarray_stats ("reset");
t = sum (rand (n_big, 1, "like", x));
v = gather (t);
st = gpuarray_stats ();
[np, nf] = check (st.bytes_uploaded == 0 && abs (v / n_big - 0.5) < 1e-3, ...
                  sprintf ("sum (rand (%g, 1, 'like', x)): %d bytes up", n_big, st.bytes_uploaded), np, nf);
gpuarray_stats ("reset");
r = randn (1000, 1000, "like", gpuArray (single (1)));
st = gpuarray_stats ();
[np, nf] = check (st.bytes_in_use == 0 || st.dispatches == 0, "randn pending until used", np, nf);
[np, nf] = check (strcmp (classUnderlying (r), "single"), "randn like single", np, nf);

## ---- spellings and classes ------------------------------------------------------------
G = gpuArray (single ([1 2]));
tests = {
  @() rand (2, 3, "like", G),                 "single", [2 3]
  @() gpuArray.rand (3),                      "double", [3 3]
  @() gpuArray.rand ([2 3 4]),                "double", [2 3 4]
  @() gpuArray.rand (2, 3, 4, "single"),      "single", [2 3 4]
  @() gpuArray.rand (),                       "double", [1 1]
  @() gpuArray.rand (0, 3),                   "double", [0 3]
  @() gpuArray.rand ([2 -1]),                 "double", [2 0]
  @() gpuArray.randn (2, "like", gpuArray (int8 (1))), "double", [2 2]
  @() gpuArray.randi (5, [2 3]),              "double", [2 3]
  @() randi ([1 5], 2, "like", gpuArray (uint8 (1))), "uint8", [2 2]
  @() randperm (4, "like", G),                "single", [1 4]
  @() gpuArray.randperm (0),                  "double", [1 0]
  @() eye (3, "like", gpuArray (int16 (1))),  "int16", [3 3]
  @() gpuArray.eye (2, 3, "logical"),         "logical", [2 3]
  @() gpuArray.eye ([4 2]),                   "double", [4 2]
  @() gpuArray.eye (),                        "double", [1 1]
  @() gpuArray.eye (-1),                      "double", [0 0]
  @() linspace (0, 1, 5, "like", G),          "single", [1 5]
  @() gpuArray.linspace (single (0), 1, 5),   "single", [1 5]
  @() gpuArray.linspace (int8 (0), 1, 5),     "double", [1 5]
  @() logspace (0, 2, 4, "like", G),          "single", [1 4]
  @() gpuArray (1):3,                         "double", [1 3]
  @() gpuArray.colon (int8 (1), int8 (4)),    "int8", [1 4]
};
for i = 1:rows (tests)
  r = tests{i, 1} ();
  ok = isa (r, "gpuArray") && strcmp (classUnderlying (r), tests{i, 2}) && isequal (size (r), tests{i, 3});
  [np, nf] = check (ok, sprintf ("spelling %s", func2str (tests{i, 1})), np, nf);
endfor
errs = {
  @() gpuArray.rand (2, "int8"),       "rand: unrecognized string argument"
  @() gpuArray.rand (2.5),             "conversion of 2.5"
  @() gpuArray.randi ([2 1]),          "randi: require IMIN <= IMAX"
  @() gpuArray.randi (2.5),            "randi: IMIN and IMAX must be integer bounds"
  @() gpuArray.randi (0),              "randi: require IMAX >= 1"
  @() gpuArray.randi (5, 2, "logical"), "randi: unknown requested output CLASS 'logical'"
  @() gpuArray.randi (2^53),           "smaller than flintmax"
  @() gpuArray.randperm (5, 6),        "randperm: M must be less than or equal to N"
  @() gpuArray.randperm (-1),          "randperm: M and N must be non-negative"
  @() gpuArray.linspace (0, 1, [3 4]), "linspace: N must be a scalar"
  @() gpuArray.eye (2, 3, 4),          "Invalid call to eye"
};
for i = 1:rows (errs)
  msg = "";
  try
    errs{i, 1} ();
  catch err
    msg = err.message;
  end_try_catch
  [np, nf] = check (! isempty (strfind (msg, errs{i, 2})), sprintf ("error '%s' (got '%s')", errs{i, 2}, msg), np, nf);
endfor

## ---- eye, linspace, logspace, colon against Octave, bit for bit -------------------------
ok = true;
for sz = {{3}, {2, 5}, {5, 2}, {[4 4]}, {0}, {1}, {3, 0}, {7, "single"}, {2, 3, "int32"}, {4, "logical"}, {3, "uint64"}}
  ok = ok && same_bits (gather (gpuArray.eye (sz{1}{:})), eye (sz{1}{:}));
endfor
[np, nf] = check (ok, "eye against Octave", np, nf);

rand ("seed", 42);
ends = [0 1; 1 0; -1 1; 0 -0; -0 5; 3 3; 1e-300 1; -7.5 2.25; 1 Inf; -Inf 0; NaN 1; 1e308 -1e308; pi -exp(1)];
counts = [0 1 2 3 4 5 10 11 100 101 1000 -3 2.5];
ok_d = true;
ok_s = true;
bad = "";
for e = 1:rows (ends)
  for n = counts
    a = ends(e, 1);
    b = ends(e, 2);
    if (! same_bits (gather (gpuArray.linspace (a, b, n)), linspace (a, b, n)))
      ok_d = false;
      bad = sprintf ("%s (%g, %g, %g)", bad, a, b, n);
    endif
    ok_s = ok_s && same_bits (gather (gpuArray.linspace (single (a), b, n)), linspace (single (a), b, n));
  endfor
endfor
for t = 1:2000
  a = randn * 10 ^ randi ([-5 5]);
  b = randn * 10 ^ randi ([-5 5]);
  n = randi (300);
  if (! same_bits (gather (gpuArray.linspace (a, b, n)), linspace (a, b, n)))
    ok_d = false;
    bad = sprintf ("%s (%.17g, %.17g, %d)", bad, a, b, n);
  endif
  ok_s = ok_s && same_bits (gather (gpuArray.linspace (single (a), single (b), n)), linspace (single (a), single (b), n));
endfor
[np, nf] = check (ok_d, ["linspace double against Octave" bad], np, nf);
[np, nf] = check (ok_s, "linspace single against Octave", np, nf);
[np, nf] = check (same_bits (gather (gpuArray.linspace (0, 1)), linspace (0, 1)), "linspace default n", np, nf);

ok = true;
for args = {{0, 2}, {1, 3, 7}, {0, pi, 5}, {-2, 2, 9}, {single(0), 2, 5}, {2, 0, 4}, {0, 1, 1}, {0, 1, 0}}
  ok = ok && same_bits (gather (gpuArray.logspace (args{1}{:})), logspace (args{1}{:}));
endfor
[np, nf] = check (ok, "logspace against Octave", np, nf);

ok = true;
bad = "";
cases = {{1, 10}, {0, 0.1, 1}, {1, -1, -3}, {3, 1}, {1, 0, 3}, {-0, 1, 2}, {-0, 0}, {0, -0.1, -1}, {1, 0.3, 2}, ...
         {-5.5, 1.5, 20}, {1e15, 1e14, 2e15}, {0.1, 0.1, 0.5}, {1, 1, 1}, {2, 1}, {0, 1/3, 1}, {-1, 0.2, 1}, ...
         {single(0), 0.1, 1}, {single(-2), single(0.25), 3}, {0, 0.1, 0.3}, {1, Inf}, {Inf, 1, 3}, {1, NaN}};
for t = 1:1500
  b = round (randn * 100) / 10 ^ randi ([0 3]);
  inc = (randi (2) * 2 - 3) * rand * 10 ^ randi ([-2 1]);
  lim = b + inc * (rand * 200 - 10);
  cases{end+1} = {b, inc, lim};
endfor
for c = cases
  try
    want = colon (c{1}{:});
  catch
    continue;   # (1:Inf) is too large for Octave too
  end_try_catch
  if (! same_bits (gather (gpuArray.colon (c{1}{:})), want))
    ok = false;
    bad = [bad sprintf(" %.17g", c{1}{:}) ";"];
  endif
endfor
[np, nf] = check (ok, ["colon against Octave" bad], np, nf);
r = gather (gpuArray (-0):2);
[np, nf] = check (1 / r(1) == -Inf, "colon keeps -0", np, nf);

st = gpuarray_stats ();
[np, nf] = check (st.validation_messages == 0, sprintf ("validation messages: %d", st.validation_messages), np, nf);
gpurng (s0);
printf ("provider: %s\n", prov);
printf ("%d passed, %d failed\n", np, nf);
exit (nf > 0);
