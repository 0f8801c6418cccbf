## The operations IEEE 754 rounds correctly (+ - .* ./ sqrt, and the single class's
## double-to-single conversion), comparisons and extrema give Octave's results bit for
## bit on the device: every sign of zero, every subnormal, every NaN position, in double
## and single. The math
## library's correction of division and square root is skipped on drivers known to round
## them correctly (GPUARRAY_EXACT_DIVSQRT; NVIDIA's): this is what vouches for that.
## Prints "N passed, N failed" last; exits non-zero on failure.
##   octave-cli test/octave/test_ieee_exact.m   (GA_EXACT_POINTS: points per case, default 2e5)
root = fileparts (fileparts (fileparts (mfilename ("fullpath"))));
addpath (fullfile (root, "inst"));
addpath (fullfile (root, "src"));

seed = sum (100 * clock ());
rand ("seed", seed);
randn ("seed", seed);
printf ("seed %d\n", seed);
n = str2double (getenv ("GA_EXACT_POINTS"));
if (isnan (n))
  n = 2e5;
endif

1;
function x = logu (lo, hi, n)
  x = exp (log (lo) + rand (n, 1) * (log (hi) - log (lo)));
endfunction

function x = pm (x)
  x = x .* (2 * (rand (size (x)) < 0.5) - 1);
endfunction

function x = operands (cls, n)
  ## magnitudes across the whole range of the class (subnormals included), values whose
  ## significands share long runs of ones or zeros (hard cases for a rounding), small
  ## integers, and the special values
  if (strcmp (cls, "single"))
    tiny = double (realmin ("single")) * 2^-23;
    big = double (realmax ("single"));
    mant = 24;
  else
    tiny = 4.9406564584124654e-324;
    big = realmax;
    mant = 53;
  endif
  m = ceil (n / 4);
  full = pm (logu (tiny, big, m));
  mid = pm (logu (1e-5, 1e5, m));
  ## 1 + k 2^-p and 2 - k 2^-p: significands of runs of ones or zeros
  k = randi (64, m, 1);
  runs = pm ([1 + k(1:end/2) * 2^(1 - mant); 2 - k(end/2+1:end) * 2^(1 - mant)] .* 2 .^ randi ([-60 60], m, 1));
  ints = pm (randi (1000, m, 1));
  sp = [0; -0; Inf; -Inf; NaN; 1; -1; tiny; -tiny; big; -big];
  x = cast ([sp; full; mid; runs; ints], cls);
endfunction

function [np, nf] = same_bits (g, r, what, np, nf)
  ## equal bit patterns, NaN for NaN (the sign and payload of a NaN are not Octave's)
  ok = strcmp (class (g), class (r)) && isequal (size (g), size (r));
  if (ok)
    nan = isnan (r);
    ok = isequal (isnan (g), nan);
    if (strcmp (class (r), "single"))
      bg = typecast (g(! nan), "uint32"); br = typecast (r(! nan), "uint32");
    else
      bg = typecast (g(! nan), "uint64"); br = typecast (r(! nan), "uint64");
    endif
    bad = find (bg != br);
    ok = ok && isempty (bad);
  endif
  if (ok)
    np++;
  else
    nf++;
    printf ("FAIL: %s\n", what);
    if (exist ("bad", "var") && ! isempty (bad))
      gg = g(! nan); rr = r(! nan);
      printf ("  %d of %d differ, e.g. %.17g (device) vs %.17g (Octave)\n", numel (bad), numel (rr),
              double (gg(bad(1))), double (rr(bad(1))));
    endif
  endif
endfunction

np = 0;
nf = 0;
for cls = {"double", "single"}
  c = cls{1};
  x = operands (c, n);
  y = operands (c, n);
  y = y(randperm (numel (y)));
  X = gpuArray (x); Y = gpuArray (y);
  [np, nf] = same_bits (gather (X ./ Y), x ./ y, ["x ./ y " c], np, nf);
  [np, nf] = same_bits (gather (Y .\ X), y .\ x, ["y .\\ x " c], np, nf);
  [np, nf] = same_bits (gather (X .* Y), x .* y, ["x .* y " c], np, nf);
  [np, nf] = same_bits (gather (X + Y), x + y, ["x + y " c], np, nf);
  [np, nf] = same_bits (gather (X - Y), x - y, ["x - y " c], np, nf);
  ## comparisons and extrema are exact as well: a subnormal operand is no zero (where
  ## singles are emulated, a float comparison would flush it), a zero's sign is kept
  for op = {@lt, @le, @gt, @ge, @eq, @ne}
    [np, nf] = same_bits (double (gather (op{1} (X, Y))), double (op{1} (x, y)), [func2str(op{1}) " " c], np, nf);
  endfor
  [np, nf] = same_bits (gather (max (X, Y)), max (x, y), ["max (x, y) " c], np, nf);
  [np, nf] = same_bits (gather (min (X, Y)), min (x, y), ["min (x, y) " c], np, nf);
  for rows = [4, 1000]   # short columns (a thread per column) and long ones (a workgroup)
    m = rows * floor (numel (x) / rows);
    [g, gi] = max (reshape (X(1:m), rows, []), [], 1);
    [r, ri] = max (reshape (x(1:m), rows, []), [], 1);
    [np, nf] = same_bits (gather (g), r, sprintf ("max over %d rows %s", rows, c), np, nf);
    [np, nf] = same_bits (gather (gi), ri, sprintf ("max's index over %d rows %s", rows, c), np, nf);
    [g, gi] = min (reshape (X(1:m), rows, []), [], 1);
    [r, ri] = min (reshape (x(1:m), rows, []), [], 1);
    [np, nf] = same_bits (gather (g), r, sprintf ("min over %d rows %s", rows, c), np, nf);
    [np, nf] = same_bits (gather (gi), ri, sprintf ("min's index over %d rows %s", rows, c), np, nf);
  endfor
  [np, nf] = same_bits (gather (1 ./ X), 1 ./ x, ["1 ./ x " c], np, nf);
  [np, nf] = same_bits (gather (X ./ 3), x ./ 3, ["x ./ 3 " c], np, nf);
  a = abs (x);
  [np, nf] = same_bits (gather (sqrt (gpuArray (a))), sqrt (a), ["sqrt " c], np, nf);
  [np, nf] = same_bits (gather (realsqrt (gpuArray (a))), realsqrt (a), ["realsqrt " c], np, nf);
  ## exact squares and their neighbours: a root exactly representable, or just not
  r = cast (randi (2^20, n / 4, 1), c);
  s = [r .^ 2; r .^ 2 + 1; r .^ 2 - 1] .* cast (2 .^ (2 * randi ([-30 30], 3 * numel (r), 1)), c);
  [np, nf] = same_bits (gather (sqrt (gpuArray (s))), sqrt (s), ["sqrt near squares " c], np, nf);
  ## quotients that are exact, or halfway cases of the narrower class
  q = cast (randi (2^12, n / 4, 1), c);
  p = q .* cast (randi (2^12, n / 4, 1), c);
  [np, nf] = same_bits (gather (gpuArray (p) ./ q), p ./ q, ["exact quotients " c], np, nf);
endfor
## a single quotient of double operands, and double quotients rounded to single
x = operands ("double", n); y = operands ("double", n);
[np, nf] = same_bits (gather (single (gpuArray (x) ./ y)), single (x ./ y), "single (x ./ y)", np, nf);
[np, nf] = same_bits (gather (gpuArray (single (x)) ./ y), single (x) ./ y, "single ./ double", np, nf);

d = gpuDevice ();
printf ("provider: %s; Vulkan validation messages: %d\n", getenv ("GPUARRAY_PROVIDER"), gpuarray_stats ().validation_messages);
if (gpuarray_stats ().validation_messages > 0)
  nf++;
endif
printf ("%d passed, %d failed\n", np, nf);
if (nf > 0)
  exit (1);
endif
