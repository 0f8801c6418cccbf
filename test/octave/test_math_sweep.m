## Sweeps the elementary functions that run in generated kernels (shaders/ga_math.glsl)
## against Octave on the CPU, in double and single: NaN where Octave has NaN, the same
## infinities, the same sign of zero, and at most 2 ulp apart (gamma, erfcx 4) elsewhere, with
## no host fallback. GA_MATH_POINTS sets the points per function (default 200000).
## Single exp, log, log2, sin and cos must equal Octave's bits (the GPU follows glibc's
## expf, logf, log2f, sinf and cosf). Other singles are ga_math.glsl's single forms (within
## 1 ulp of correctly rounded) or the double function's answer rounded: where C's
## float function (Octave's single answer) is further off than the budget (tgammaf by up
## to 6 ulp, erfcf by 3), a point within 1 ulp of Octave's double answer rounded to
## single passes, counted as "(N C)" after the single column. Gamma at the negative
## integers is Inf (Octave's own test for them misses odd ones beyond 2^52 and 2^23).
## psi: within 8 ulp of max (1, |psi|) where its terms cancel (see its comparison).
## "pow" sweeps x .^ y (pow_points); "power" names only the tables' check below.
##   octave-cli test/octave/test_math_sweep.m
## exits with status 1 when a check fails.

1;

function x = logu (lo, hi, n)
  ## log-uniform magnitudes in [lo, hi]
  x = exp (log (lo) + rand (n, 1) * (log (hi) - log (lo)));
endfunction

function x = pm (x)
  ## random signs
  s = 2 * (rand (size (x)) < 0.5) - 1;
  x = x .* s;
endfunction

function x = near (c, n, spread)
  ## points a few ulp to spread (relative) away from the centres c
  c = c(:);
  k = c(randi (numel (c), n, 1));
  x = k .* (1 + pm (logu (eps / 4, spread, n)));
endfunction

function x = points (name, n)
  sub = [realmin; realmin / 3; 4.9406564584124654e-324; 1e-310; 2.2250738585072009e-308];
  sp = [0; -0; Inf; -Inf; NaN; sub; -sub; realmax; -realmax; 1; -1; 0.5; -0.5; 2; -2];
  m = ceil (n / 7);
  full = pm (logu (4.9406564584124654e-324, realmax, m)); # log-uniform, both signs
  switch (name)
    case "exp"
      x = [sp; full; rand(2*m, 1) * 1456 - 746; rand(m, 1) * 2 - 1; pm(logu(1e-20, 1, m)); ...
           709.78 + (rand (m, 1) - 0.5) * 0.01; -745.1 + (rand (m, 1) - 0.5) * 0.2; ...
           -708.4 + (rand (m, 1) - 0.5) * 2; 709.782712893384; -745.1332191019411; 710; -746];
    case "expm1"
      x = [sp; full; rand(2*m, 1) * 750 - 40; rand(m, 1) * 2 - 1; pm(logu(1e-310, 1, 2*m)); ...
           709.78 + (rand (m, 1) - 0.5) * 0.01; near(log (2) * (-3:3), m, 1e-3)];
    case {"log", "log2", "log10"}
      x = [sp(! (sp < 0)); abs(full); abs(full); abs(full); rand(m, 1) * 4; 1 + pm(logu(1e-16, 0.5, 2*m)); ...
           logu(4.9406564584124654e-324, realmin, m); 2 .^ (-1074:1023)'; 10 .^ (-323:308)'];
    case "sqrt"
      x = [sp(! (sp < 0)); abs(full); abs(full); abs(full); abs(full); rand(2*m, 1) * 100; (0:2000)' .^ 2];
    case "log1p"
      x = [sp(! (sp < -1)); abs(full); abs(full); -logu(1e-310, 1, 2*m); -1 + logu(1e-16, 1, m); ...
           rand(m, 1) * 3 - 1; pm(logu(1e-20, 1e-5, m))];
    case {"sin", "cos", "tan"}
      j = ceil (m / 3);
      k = [randi(20, j, 1) - 10; randi(2e6, j, 1) - 1e6; round(pm (logu (1, 1e15, j)))];
      x = [sp; full; full; rand(m, 1) * 20 - 10; rand(m, 1) * 2e4 - 1e4; k * pi / 2; ...
           k * pi / 2 .* (1 + pm (logu (eps, 1e-6, numel (k)))); pm(logu(1e5, 1e22, m)); 1e22; 1e300; -1e300];
    case {"asin", "acos", "atanh"}
      x = [sp(abs (sp) <= 1); rand(3*m, 1) * 2 - 1; pm(1 - logu(1e-17, 1, 2*m)); pm(logu(4.9406564584124654e-324, 1, 2*m))];
    case {"atan", "asinh", "cbrt"}
      x = [sp; full; full; full; rand(2*m, 1) * 20 - 10; pm(logu(1e-10, 1e10, m))];
    case {"sinh", "cosh"}
      x = [sp; full; rand(2*m, 1) * 1424 - 712; pm(709 + rand (m, 1) * 2); rand(m, 1) * 6 - 3; ...
           pm(logu(1e-310, 1, m)); pm(710.4758600739439 + (rand (m, 1) - 0.5) * 1e-3)];
    case "tanh"
      x = [sp; full; rand(2*m, 1) * 50 - 25; rand(2*m, 1) * 4 - 2; pm(logu(1e-310, 1, m))];
    case "acosh"
      x = [1; Inf; NaN; 1 + logu(1e-17, 10, 3*m); logu(1, realmax, 3*m)];
    case "erf"
      x = [sp; full; rand(3*m, 1) * 14 - 7; pm(logu(1e-310, 7, 2*m))];
    case "erfc"
      x = [sp; full; rand(2*m, 1) * 35 - 7; rand(m, 1) * 2.5 - 1; 25 + rand(m, 1) * 2.5; ...
           pm(logu(1e-310, 30, m))];
    case "gamma"
      x = [sp; full; rand(2*m, 1) * 357 - 185; rand(2*m, 1) * 20 - 10; ...
           -randi(180, m, 1) + pm(logu(1e-12, 0.5, m)); 170 + rand(m, 1) * 2; -(1:200)'; ...
           pm(logu(1e-310, 1e-3, m))];
    case "gammaln"
      ## where gamma > 0 (Octave's gammaln is complex elsewhere): x > 0, and (-2k, -2k+1)
      neg = -2 * randi (20, 2*m, 1) + rand (2*m, 1);
      x = [sp(sp > 0 | isinf (sp) | isnan (sp)); abs(full); abs(full); rand(2*m, 1) * 20; logu(1e-310, 1e300, 2*m); ...
           1 + pm(logu(1e-16, 0.1, m)); 2 + pm(logu(1e-16, 0.1, m)); neg; -(1:100)'; ...
           9.7555805160667575];   # glibc's log rounds the wrong way here (the H100's 1e6-point sweep)
    case "erfcx"
      ## its branches: the continued fraction beyond 50 (one term beyond 5e7), the
      ## polynomials' intervals, 2 exp (x^2) - erfcx (-x) from -6.1, overflow below -26.7
      x = [sp; full; rand(3*m, 1) * 80 - 28; pm(logu(1e-310, 1e10, m)); near([50; 5e7; -6.1; -26.7; 26.6], m, 1e-6); ...
           400 ./ [4 8 16 32 48 64 82]' - 4; 50; 5e7; -6.1; -26.7];
    case "psi"
      ## Octave sums z terms at integers and half integers (the GPU: up to 1024, then
      ## its series), and would not return for large ones, which single values from 2^23
      ## on all are (and 1 - x may round to one): magnitudes from 1e5 to 2^64 are left
      ## out; its roots, the recurrence's steps below 10, the reflection below 0
      x = [sp; full; rand(3*m, 1) * 40 - 20; pm(logu(1e-310, 1e5, m)); (1:300)'; (0.5:1:300)'; ...
           (1000.5:1030.5)'; (1020:1030)'; near([1.4616321449683623; -0.5040830082644554; -1.5734567275988; ...
           -2.6107208684441446], m, 1e-6); 0.49999999999999994];
      x = x(! (abs (x) > 1e5 & abs (x) < 2^64));
    case "erfinv"
      x = [sp(abs (sp) <= 1 | isnan (sp)); rand(3*m, 1) * 2 - 1; pm(1 - logu(1e-16, 1, 2*m)); ...
           pm(logu(4.9406564584124654e-324, 1, 2*m)); 2; -2];
    case "erfcinv"
      x = [0; 1; 2; -1; 3; NaN; Inf; rand(3*m, 1) * 2; logu(4.9406564584124654e-324, 1, 2*m); ...
           2 - logu(1e-16, 1, m); 1 + pm(logu(1e-16, 0.5, m))];
  endswitch
endfunction

function [x, y] = pow_points (n)
  ## x .^ y: x from 1e-30 to 1e30 with exponents of either sign; x near 1 with exponents
  ## that take y log x to +-90; negative bases with integer exponents; integer exponents;
  ## special values. Both are singles, so that the single class sees the same pairs.
  ## No negative base meets a non-integer exponent (complex in Octave).
  m = ceil (n / 5);
  x1 = logu (1e-30, 1e30, 2 * m);  y1 = (rand (2 * m, 1) - 0.5) * 6;
  x2 = 1 + pm (logu (1e-7, 0.5, m));  y2 = (rand (m, 1) - 0.5) * 180 ./ log (x2);
  x3 = -logu (0.1, 10, m);  y3 = randi ([-20 20], m, 1);
  x4 = logu (0.5, 100, m);  y4 = randi ([-30 30], m, 1) + (rand (m, 1) < 0.5) .* 0.5;
  sv = [0; -0; Inf; -Inf; NaN; 1; -1; 2; 0.5];
  se = [0.5; -0.5; 2; -2; 3; Inf; -Inf; NaN; 0; 1.5];
  [a, b] = ndgrid (sv, se);
  ok = ! (a(:) < 0 & (b(:) != fix (b(:)) | isinf (b(:))));   # Octave: complex there
  x = [x1; x2; x3; x4; a(ok)];
  y = [y1; y2; y3; y4; b(ok)];
  x = double (single (x));  y = double (single (y));
endfunction

function h = high_word_edges (name, x)
  ## fdlibm's code branches on a double's high word, and a port that tests the value
  ## instead parts from it where high words are equal but values are not (lgamma took
  ## the wrong branch on (0.9, 0.90000009]): every high word from 0x30000000 to
  ## 0x4fffffff that shaders/ga_math.glsl compares against, and the next one, with low
  ## words 0, 1 and all ones, both signs, within the range of the function's own points
  persistent words;
  if (isempty (words))
    src = fileread (fullfile (fileparts (fileparts (fileparts (mfilename ("fullpath")))), ...
                              "shaders", "ga_math.glsl"));
    t = regexp (src, "0x([34][0-9a-fA-F]{7})u", "tokens");
    words = unique (cellfun (@(c) hex2dec (c{1}), t));
  endif
  w = uint32 ([words(:); words(:) + 1]);
  h = [];
  for lo = uint32 ([0 1 4294967295])
    pairs = [repmat(lo, numel (w), 1), w]';
    h = [h; typecast(pairs(:), "double")];
  endfor
  h = [h; -h];
  fin = x(isfinite (x));
  h = h(h >= min (fin) & h <= max (fin));
  switch (name)
    case "gammaln"   # where gamma > 0 (see points)
      h = h(h > 0);
    case "psi"
      h = h(! (abs (h) > 1e5 & abs (h) < 2^64));
  endswitch
endfunction

function r = inverse_residual (name, y, x)
  ## |erf (y) - x| (erfc (y) - z for erfcinv) relative to the side that is accurate
  y = double (y);  x = double (x);
  if (strcmp (name, "erfcinv"))
    r = abs (erfc (y) - x) ./ min (x, 2 - x);
  else
    r = abs (erfc (abs (y)) - (1 - abs (x))) ./ (1 - abs (x));
    s = abs (x) < 0.5;
    r(s) = abs (erf (y(s)) - x(s)) ./ abs (x(s));
  endif
endfunction

function [ok, worst, why, excused] = compare_inverse (name, got, want, x, budget)
  got = got(:);  want = want(:);  x = x(:);
  [ok, ~, why] = compare (got, want, x, Inf);   # NaN, Inf and signed zeros only
  u = zeros (size (got));
  num = isfinite (got) & isfinite (want);
  u(num) = ulp_distance (got(num), want(num));
  over = u > budget;
  excused = 0;
  if (any (over))
    e = inverse_residual (name, got(over), x(over)) <= inverse_residual (name, want(over), x(over)) * (1 + 1e-6);
    excused = nnz (e);
    over(over) = ! e;
  endif
  worst = max ([0; u(u <= budget | over)]);
  if (ok && any (over))
    [~, i] = max (u .* over);
    why = sprintf ("x = %.17g: got %.17g, Octave %.17g (%d ulp, residual %g vs %g)", double (x(i)), ...
                   double (got(i)), double (want(i)), u(i), inverse_residual (name, got(i), x(i)), ...
                   inverse_residual (name, want(i), x(i)));
  endif
  ok = ok && ! any (over);
endfunction

function [ok, worst, why, excused] = compare_abs (got, want, x, budget, scale, alt)
  ## alt: for single, the double answer rounded (see compare)
  got = got(:);  want = want(:);  x = x(:);  scale = double (scale(:));  alt = alt(:);
  [ok, ~, why] = compare (got, want, x, Inf);
  u = zeros (size (got));
  num = isfinite (got) & isfinite (want);
  u(num) = ulp_distance (got(num), want(num));
  over = u > budget;
  excused = 0;
  if (any (over))
    e = x(over) < -2 & abs (double (got(over)) - double (want(over))) <= 4 * eps (class (got)) * max (1, scale(over));
    if (isa (got, "single"))
      e |= isfinite (alt(over)) & ulp_distance (got(over), alt(over)) <= 1;
    else
      ## from 8 on lgamma is (x - 1/2) (log (x) - 1) + w (1/x), and glibc's log is not
      ## always the correctly rounded one that the GPU's is (log (9.7555805160667575)
      ## lies 4e-23 above a midpoint, and glibc rounds down): one ulp of log (x) moves
      ## the result by up to 3 ulp, so a point within 1 ulp of the formula with log (x)
      ## one ulp up or down passes
      xs = double (x(over));
      s8 = xs >= 8 & xs < 2^58;
      t = log (xs(s8)); z = 1 ./ xs(s8); y = z .* z;
      w = 0.4189385332046727 + z .* (0.08333333333333297 + y .* (-0.0027777777772877554 + ...
          y .* (0.0007936505586430196 + y .* (-0.00059518755745034 + y .* (0.0008363399189962821 + ...
          y .* -0.0016309293409657527)))));
      g = double (got(over)); g = g(s8);
      near = false (size (g));
      for d = [-1 1]
        near |= ulp_distance ((xs(s8) - 0.5) .* ((t + d * eps (t)) - 1) + w, g) <= 1;
      endfor
      e(s8) |= near;
    endif
    excused = nnz (e);
    over(over) = ! e;
  endif
  worst = max ([0; u(u <= budget | over)]);
  if (ok && any (over))
    [~, i] = max (u .* over);
    why = sprintf ("x = %.17g: got %.17g, Octave %.17g (%d ulp)", double (x(i)), double (got(i)), ...
                   double (want(i)), u(i));
  endif
  ok = ok && ! any (over);
endfunction

function b = budget_extra (name)
  ## gammaln: fdlibm's reflection for x < 0, where glibc has its own lgamma_neg on
  ## (-28, -2): near lgamma's zeros there the two part ways (in absolute terms they
  ## agree to a few ulp of the terms); see points ("gammaln") and doc/manual.md
  ## erfcx: Octave's is the Faddeeva package's Chebyshev fits, ours our own fits of the
  ## same function (tools/gen_faddeeva_tables.py), each within about 1 ulp of the truth;
  ## below 0 both subtract theirs from 2 exp (x^2)
  b = 2 * strcmp (name, "erfcx");
endfunction

function d = ulp_distance (a, b)
  ## distance in representable numbers (so across subnormals and binades)
  if (isa (a, "double"))
    ia = typecast (a(:), "int64");  ib = typecast (b(:), "int64");
    lo = intmin ("int64");
  else
    ia = typecast (a(:), "int32");  ib = typecast (b(:), "int32");
    lo = intmin ("int32");
  endif
  ia(ia < 0) = lo - ia(ia < 0);
  ib(ib < 0) = lo - ib(ib < 0);
  d = double (abs (ia - ib));
endfunction

function [ok, worst, why, excused] = compare (got, want, x, budget, alt)
  ## alt, if given: the double-precision answer rounded to single; points more than
  ## budget from want but within 1 ulp of alt are where C's float function is the one off
  got = got(:);  want = want(:);  x = x(:);
  why = "";
  bad = isnan (got) != isnan (want);
  fin = ! isnan (want) & ! isnan (got);
  inf_ = fin & (isinf (want) | isinf (got));
  bad |= inf_ & got != want;
  num = fin & ! inf_;
  z = num & want == 0 & got == 0;
  bad(z) |= (1 ./ got(z) < 0) != (1 ./ want(z) < 0);
  u = zeros (size (got));
  u(num) = ulp_distance (got(num), want(num));
  over = u > budget;
  excused = 0;
  if (nargin > 4 && any (over))
    alt = alt(:);
    e = over;
    e(over) = isfinite (alt(over)) & ulp_distance (got(over), alt(over)) <= 1;
    excused = nnz (e);
    over &= ! e;
  endif
  worst = max ([0; u]);
  if (any (bad))
    i = find (bad, 1);
    why = sprintf ("x = %.17g: got %.17g, Octave %.17g", double (x(i)), double (got(i)), double (want(i)));
  elseif (any (over))
    [~, i] = max (u .* over);
    why = sprintf ("x = %.17g: got %.17g, Octave %.17g (%d ulp)", double (x(i)), double (got(i)), ...
                   double (want(i)), u(i));
  endif
  ok = ! any (bad) && ! any (over);
endfunction

root = fileparts (fileparts (fileparts (mfilename ("fullpath"))));
addpath (fullfile (root, "inst"));
addpath (fullfile (root, "src"));

n = 200000;
if (! isempty (getenv ("GA_MATH_POINTS")))
  n = round (str2double (getenv ("GA_MATH_POINTS")));
endif
gpu = canUseGPU ();
rand ("state", 42);
names = {"exp", "log", "sin", "cos", "sqrt", "expm1", "log1p", "tan", "atan", "tanh", "log2", "log10", ...
         "asin", "acos", "sinh", "cosh", "asinh", "acosh", "atanh", "cbrt", "erf", "erfc", "gamma", ...
         "gammaln", "erfinv", "erfcinv", "erfcx", "atan2", "hypot", "psi", "pow"};
## GA_MATH_ONLY="erfinv,atan2" sweeps only those ("power": x .^ y in the tables' check)
if (! isempty (getenv ("GA_MATH_ONLY")))
  names = strsplit (getenv ("GA_MATH_ONLY"), ",");
endif
t0 = tic ();
npass = 0;  nfail = 0;
notes = {};
printf ("%-7s %9s %12s %20s %14s\n", "func", "points", "ulp double", "ulp single", "host fallbacks");
for k = 1:numel (names)
  name = names{k};
  if (strcmp (name, "power"))   # GA_MATH_ONLY=power: only the tables' check below
    continue;
  endif
  budget = 2 + 2 * strcmp (name, "gamma") + budget_extra (name);
  binary = any (strcmp (name, {"atan2", "hypot", "pow"}));
  if (strcmp (name, "pow"))   # x .^ y (power, here with its own pairs)
    [x, y] = pow_points (n);
    f1 = @power;
    f = @(t) f1 (t, cast (y, class (t)));
  elseif (binary)   # pairs: both arguments from the same point set, and a shuffled copy
    f = str2func (name);
    x = points ("atan", n);
    y = x(randperm (numel (x)));
    y(1:2:end) = pm (logu (4.9406564584124654e-324, realmax, ceil (numel (x) / 2)));
    f1 = f;
    f = @(t) f1 (t, cast (y, class (t)));
  else
    f = str2func (name);
    x = points (name, n);
    x = [x; high_word_edges(name, x)];
  endif
  res = {};
  fb = 0;
  for cls = {"double", "single"}
    xc = cast (x, cls{1});
    want = f (xc);
    if (strcmp (name, "erfcinv"))
      ## Octave's erfcinv is NaN below ~1e-310 (its refinement step's exp (y^2)
      ## overflows); the GPU gives the finite answer there: those points are not judged
      keep = ! (isnan (want) & xc > 0 & xc < 1);
      xc = xc(keep);  want = want(keep);
    endif
    if (strcmp (name, "gamma"))
      ## Octave's gamma tests for negative integers with floor (x + 0.5) == x, which
      ## misses the odd ones from 2^52 (single: 2^23) on and gives tgamma's NaN there;
      ## the rule it means, Inf, is what the GPU gives
      want(xc < 0 & xc == fix (xc)) = Inf;
    endif
    gpuarray_stats ("reset");
    if (binary)
      got = gather (f1 (gpuArray (xc), gpuArray (cast (y, cls{1}))));
    else
      got = gather (f (gpuArray (xc)));
    endif
    s = gpuarray_stats ();
    fb += s.host_fallbacks;
    if (any (strcmp (name, {"erfinv", "erfcinv"})))
      ## Octave's own erfinv and erfcinv are off by up to millions of ulp in places
      ## (erfinv's tail, erfcinv near 1): where the GPU's answer y solves erf (y) = x
      ## (erfc (y) = z) at least as well as Octave's does, it passes, counted as "(N C)"
      [ok, worst, why, excused] = compare_inverse (name, got, want, xc, budget);
    elseif (strcmp (name, "gammaln"))
      ## below -2 glibc has its own lgamma_neg; the GPU uses fdlibm's reflection, whose
      ## two terms cancel near lgamma's zeros: there a point within 4 ulp of the larger
      ## term (|lgamma (-x)|) passes, counted as "(N C)"
      [ok, worst, why, excused] = compare_abs (got, want, xc, budget, f (abs (xc)), single (f (double (xc))));
    elseif (strcmp (name, "psi"))
      ## liboctave's algorithm, with our log and tan: near psi's roots its recurrence
      ## (or reflection) and series cancel, for Octave's value too; a point within 8 ulp
      ## of max (1, |psi|) passes there, counted as "(N C)"; beyond 1024 terms Octave's
      ## sums carry their own rounding
      [ok, ~, why] = compare (got, want, xc, Inf);
      u = zeros (size (got(:)));
      num = isfinite (got(:)) & isfinite (want(:));
      u(num) = ulp_distance (got(num), want(num));
      over = u > budget;
      e = over & abs (double (got(:)) - double (want(:))) <= 8 * eps (class (got)) * max (1, abs (double (want(:))));
      if (isa (got, "single"))   # Octave's float sums are further off than its double ones
        e |= over & abs (double (got(:)) - double (f (double (xc(:))))) <= 8 * eps ("single") * max (1, abs (double (want(:))));
      endif
      excused = nnz (e);
      worst = max ([0; u(! e)]);
      if (ok && any (over & ! e))
        [~, i] = max (u .* (over & ! e));
        ok = false;
        why = sprintf ("x = %.17g: got %.17g, Octave %.17g (%d ulp)", double (xc(i)), double (got(i)), double (want(i)), u(i));
      endif
    elseif (strcmp (cls{1}, "double"))
      [ok, worst, why, excused] = compare (got, want, xc, budget);
    elseif (any (strcmp (name, {"exp", "log", "log2", "sin", "cos"})))
      ## singles by glibc's own expf, logf, log2f, sinf and cosf, step by step: Octave's bits
      [ok, worst, why, excused] = compare (got, want, xc, 0);
    else
      alt = single (f (double (xc)));
      [ok, worst, why, excused] = compare (got, want, xc, budget, alt);
    endif
    if (binary && ! isempty (why))   # name the second argument too
      [~, i] = min (abs (double (xc(:)) - str2double (regexp (why, "(?<=x = )\\S+(?=:)", "match", "once"))));
      why = sprintf ("%s (second argument %.17g)", why, double (y(i)));
    endif
    if (! strcmp (class (got), class (want)))
      ok = false;
      why = sprintf ("class %s, Octave's %s", class (got), class (want));
    elseif (gpu && s.host_fallbacks > 0)
      ok = false;
      why = sprintf ("%d host fallbacks", s.host_fallbacks);
    endif
    if (s.validation_messages > 0)
      ok = false;
      why = sprintf ("%d Vulkan validation messages", s.validation_messages);
    endif
    if (ok)
      npass++;
    else
      nfail++;
      notes{end+1} = sprintf ("%s (%s): %s", name, cls{1}, why);
    endif
    res{end+1} = sprintf ("%d", worst);
    if (excused > 0)
      res{end} = sprintf ("%s (%d C)", res{end}, excused);
    endif
    if (! ok)
      res{end} = [res{end}, " FAIL"];
    endif
  endfor
  if (! gpu)
    fbs = "n/a (no GPU)";
  elseif (fb == 0)
    fbs = "0";
  else
    fbs = sprintf ("%d (not 0)", fb);
  endif
  printf ("%-7s %9d %12s %20s %14s\n", name, numel (x), res{1}, res{2}, fbs);
  fflush (stdout);
endfor
## The math library's tables read at per-lane indices live in shared memory in
## elementwise kernels and reductions, and in constant memory in a product's epilogue
## (shaders/ga_math.glsl): the same function fused into a reduction (max over two equal
## columns, in no more dispatches than the function alone) and into the epilogue of a
## product by the identity (forced: GPUARRAY_FUSE_EPILOGUES=1; not for functions whose
## result may be complex) gives the elementwise kernel's bits
## On a CPU device (lavapipe), whose LLVM takes minutes for a reduction with gamma's
## code inlined four times, one function of each table group but gamma's, in double and
## one reduction kernel (GA_TEST_LARGE=1: all); reduce.comp's two kernels both copy the
## tables (test_core checks that in their source).
if (gpu)
  ## (single exp, tanh, asinh: the tables of expf and logf, a group of their own)
  tabs = {"erf", @erf, [-7 7]; "erfc", @erfc, [-7 30]; "power", @power, [0 3]; "log2", @log2, [0 1e3]; ...
          "exp", @exp, [-104 89]; "erfinv", @erfinv, [-1 1]; "erfcinv", @erfcinv, [0 2]; ...
          "gamma", @gamma, [-30 172]; "log10", @log10, [0 1e3]; "gammaln", @gammaln, [0 30]; ...
          "tanh", @tanh, [-10 10]; "asinh", @asinh, [-1e3 1e3]};
  small = strcmp (gpuDevice ().DeviceType, "cpu") && ! strcmp (getenv ("GA_TEST_LARGE"), "1");
  if (small)
    tabs = tabs(1:5, :);
  endif
  for k = 1:rows (tabs)
    [name, f, rg] = tabs{k, :};
    if (! isempty (getenv ("GA_MATH_ONLY")) && ! any (strcmp (name, names)))
      continue;
    endif
    x = rg(1) + (rg(2) - rg(1)) * rand (min (n, 100000), 1);
    y = 40 * rand (size (x)) - 20;
    classes = {"double", "single"}(1:2 - small);
    if (any (strcmp (name, {"exp", "tanh", "asinh"})))   # (their singles' own tables)
      classes = {"single"};
    endif
    for cls = classes
      xc = gpuArray (cast ([x x], cls{1}));
      yc = gpuArray (cast ([y y], cls{1}));
      id = gpuArray (eye (2, cls{1}));
      if (strcmp (name, "power"))   # (y's two columns are equal too)
        g = @(t) f (t, yc);
        gt = @(t) f (t, yc.');
      else
        g = f;
        gt = f;
      endif
      gpuarray_stats ("reset");
      ew = gather (g (xc));
      e = gpuarray_stats ();
      gpuarray_stats ("reset");
      fused = gather (max (g (xc), [], 2));   # (x .^ y checks its operands' signs first, in both)
      s = gpuarray_stats ();
      gpuarray_stats ("reset");   # along the first dimension: reduce.comp's other kernel
      if (small)
        fused1 = fused;
      else
        fused1 = gather (max (gt (xc.'), [], 1)).';
      endif
      s1 = gpuarray_stats ();
      ## (no epilogue where the result may be complex: the sign check needs the product first)
      epilogue = ! any (strcmp (name, {"power", "log2", "log10", "gammaln"}));
      if (epilogue)
        setenv ("GPUARRAY_FUSE_EPILOGUES", "1");
        gpuarray_stats ("reset");
        epi = gather (g (xc * id));
        p = gpuarray_stats ();
        unsetenv ("GPUARRAY_FUSE_EPILOGUES");
      endif
      ew = ew(:, 1);
      same = @(a) isequaln (ew, a) && isequal (signbit (ew), signbit (a));
      differ = @(a) nnz (ew != a & ! (isnan (ew) & isnan (a)));
      ## (the transposed operands fuse where the planner takes the view: not x .^ y's on the H200)
      if (! (same (fused) && same (fused1) && s.dispatches <= e.dispatches ...
             && s.host_fallbacks + s1.host_fallbacks == 0))
        nfail++;
        notes{end+1} = sprintf (["%s (%s) in fused reductions: %d and %d of %d differ, " ...
                                 "%d dispatches (alone %d)"], name, cls{1}, differ (fused), ...
                                differ (fused1), numel (ew), s.dispatches, e.dispatches);
      elseif (epilogue && ! (same (epi(:, 1)) && same (epi(:, 2)) && p.gemm_epilogues == 1 && p.host_fallbacks == 0))
        nfail++;
        notes{end+1} = sprintf ("%s (%s) in a product's epilogue: %d of %d differ, %d epilogues", name, ...
                                cls{1}, differ (epi(:, 1)), numel (ew), p.gemm_epilogues);
      else
        npass++;
      endif
    endfor
  endfor
  printf ("tables in shared and constant memory: %s\n", strjoin (tabs(:, 1)', ", "));
endif
for i = 1:numel (notes)
  printf ("FAIL %s\n", notes{i});
endfor
printf ("(%.1f s)\n", toc (t0));
printf ("%d passed, %d failed\n", npass, nfail);
if (nfail > 0)
  exit (1);
endif
