## Complex gpuArrays against Octave's own results for the same function and inputs:
## transfer, the parts, arithmetic with every real class, comparisons (Octave's order by
## abs, then arg), powers, elementary functions, real inputs whose results are complex,
## Octave's narrowing of all-real results, reductions, indexing and layout, and the
## errors. Values compare with a relative tolerance on abs (exact where the operation is
## exact), classes and iscomplex exactly. Prints "N passed, N failed" last; exits
## non-zero on failure.
## Usage: octave-cli test/octave/test_complex.m  (from the repository root, after make)
root = fileparts (fileparts (fileparts (mfilename ("fullpath"))));
addpath (fullfile (root, "inst"));
addpath (fullfile (root, "src"));

seed = sum (100 * clock ());
rand ("seed", seed);
randn ("seed", seed);
printf ("seed %d\n", seed);

function [np, nf] = check (g, r, tol, what, np, nf)
  if (! isempty (getenv ("GA_TEST_VERBOSE"))) # where a run hangs: the last check done
    printf ("check %s\n", what); fflush (stdout);
  endif
  ## g: the gathered gpuArray result, r: Octave's; tol: relative tolerance on abs
  ok = strcmp (class (g), class (r)) && iscomplex (g) == iscomplex (r) && isequal (size (g), size (r));
  if (ok && ! isempty (r))
    if (isfloat (r))
      g = double (g(:)); r = double (r(:));
      nanok = isequal (isnan (real (g)), isnan (real (r))) && isequal (isnan (imag (g)), isnan (imag (r)));
      fin = isfinite (r) & isfinite (g);
      ## a complex element with one infinite part: that part exactly, the other within
      ## tol of its own size (exp (z) of a large z rounds its finite part like any other)
      inf_ = ! fin & ! isnan (r) & ! isnan (g);
      infok = true;
      for part = {@real, @imag}
        gp = part{1} (g(inf_)); rp = part{1} (r(inf_));
        pf = isfinite (gp) & isfinite (rp);
        infok = infok && ! any ((! pf & gp != rp) | (pf & abs (gp - rp) > tol * max (abs (rp), realmin)));
      endfor
      err = abs (g(fin) - r(fin));
      lim = tol * max (abs (r(fin)), realmin);
      ok = nanok && infok && all (err <= lim);
    else
      ok = isequal (g, r);
    endif
  endif
  if (ok)
    np++;
  else
    nf++;
    printf ("FAIL: %s\n", what);
    if (nf < 40)
      disp (g(1:min (end, 6)).'); disp (r(1:min (end, 6)).');
    endif
  endif
endfunction

function [np, nf] = check_error (f, what, np, nf)
  ## the same error message from Octave's f on host values and on gpuArrays
  try
    f (false);
    ref = "";
  catch e
    ref = e.message;
  end_try_catch
  try
    f (true);
    msg = "";
  catch e
    msg = e.message;
  end_try_catch
  if (! isempty (ref) && strcmp (ref, msg))
    np++;
  else
    nf++;
    printf ("FAIL: %s: Octave says '%s', gpuArray '%s'\n", what, ref, msg);
  endif
endfunction

function z = rand_complex (sz, specials)
  z = complex (randn (sz) .* 10 .^ randi ([-3 3], sz), randn (sz) .* 10 .^ randi ([-3 3], sz));
  if (specials && numel (z) >= 12)
    k = randperm (numel (z), 12);
    sp = [complex(NaN, 1), complex(1, NaN), complex(Inf, 2), complex(-Inf, -0), complex(0, Inf), ...
          complex(-0, -0), complex(0, -0), complex(-2, 0), complex(3, 0), complex(0, 2), ...
          complex(-0, 1), complex(NaN, NaN)];
    z(k) = sp;
  endif
endfunction

function x = on_gpu (x, g)
  if (g)
    x = gpuArray (x);
  endif
endfunction

np = 0;
nf = 0;
E = 4 * eps;              # exact-ish arithmetic in double
F = 64 * eps;             # elementary functions in double
ES = 4 * eps ("single");
FS = 64 * eps ("single");

## ---- transfer, queries ---------------------------------------------------------------
for cls = {"double", "single"}
  c = cls{1};
  for sz = {[0 0], [1 1], [3 1], [4 5], [2 3 4], [0 3]}
    z = rand_complex (sz{1}, true);
    z = complex (cast (real (z), c), cast (imag (z), c));   # cast would narrow an empty one
    G = gpuArray (z);
    w = gather (G);
    ok = isequal (size (w), size (z)) && strcmp (class (w), c) && iscomplex (w) ...
         && isequaln (real (w), real (z)) && isequaln (imag (w), imag (z)) ...
         && isequal (signbit (real (w)), signbit (real (z))) && isequal (signbit (imag (w)), signbit (imag (z)));
    [np, nf] = check (true, ok, 0, sprintf ("round trip %s %s", c, mat2str (sz{1})), np, nf);
    ok = strcmp (class (G), "gpuArray") && strcmp (classUnderlying (G), c) && iscomplex (G) && ! isreal (G) ...
         && isfloat (G) && isnumeric (G) && isequal (size (G), size (z)) && numel (G) == numel (z);
    [np, nf] = check (true, ok, 0, sprintf ("queries %s %s", c, mat2str (sz{1})), np, nf);
  endfor
  z = complex (cast ([1 2], c), 0);
  [np, nf] = check (iscomplex (gpuArray (z)), true, 0, "gpuArray (complex (x, 0)) stays complex", np, nf);
  [np, nf] = check (iscomplex (complex (gpuArray (cast ([1 2], c)), 0)), true, 0, "complex (G, 0)", np, nf);
endfor

## ---- parts, unary operations -------------------------------------------------------------
parts = {@real, @imag, @conj, @abs, @angle, @arg, @isnan, @isinf, @isfinite, @uminus, @uplus, ...
         @floor, @ceil, @round, @fix, @sign, @double, @single, @logical, @not};
for cls = {"double", "single"}

  z = cast (rand_complex ([6 7], true), cls{1});
  z(end+1, :) = 0;
  for k = 1:numel (parts)
    f = parts{k};
    zz = z;
    if (any (strcmp (func2str (f), {"logical", "not"})))
      zz(isnan (zz)) = 1;
    endif
    t = 0;
    if (any (strcmp (func2str (f), {"abs", "angle", "arg", "sign"})))
      t = 2 * eps (cls{1});
    endif
    [np, nf] = check (gather (f (gpuArray (zz))), f (zz), t, sprintf ("%s %s", func2str (f), cls{1}), np, nf);
  endfor
  ## the parts of real values of every class
  for rc = {"double", "single", "int8", "uint16", "int32", "logical"}
    x = cast (randi ([-5 5], 3, 4), rc{1});
    for f = {@real, @imag, @conj, @angle}
      [np, nf] = check (gather (f{1} (gpuArray (x))), f{1} (x), 2 * eps, ...
                        sprintf ("%s of %s", func2str (f{1}), rc{1}), np, nf);
    endfor
  endfor
endfor

## ---- complex (a, b) ------------------------------------------------------------------------
for ca = {"double", "single", "int8", "logical"}
  for cb = {"double", "single", "uint8"}
    a = cast (randi ([0 1], 3, 4), ca{1});
    b = cast (randi ([-3 3], 3, 4), cb{1});
    [np, nf] = check (gather (complex (gpuArray (a), b)), complex (a, b), 0, ["complex " ca{1} "," cb{1}], np, nf);
    [np, nf] = check (gather (complex (a(1), gpuArray (b))), complex (a(1), b), 0, ["complex scalar " ca{1}], np, nf);
  endfor
endfor
[np, nf] = check_error (@(g) complex (on_gpu ([1 2], g), [3; 4]), "complex dimension mismatch", np, nf);

## ---- arithmetic: every pairing of classes and shapes ---------------------------------------------
ops = {@plus, @minus, @times, @rdivide, @ldivide};
shapes = {{[5 4], [5 4]}, {[5 4], [1 1]}, {[1 1], [5 4]}, {[5 1], [1 4]}, {[2 3 2], [2 1 2]}, {[0 3], [1 3]}};
## every pairing of classes on the host; on a device, where each new kernel is compiled
## (a second or more each on lavapipe), a fresh random one each time
host = strcmp (gpuDevice ().Provider, "host");
for o = 1:numel (ops)
  op = ops{o};
  for s = 1:numel (shapes)
    sa = shapes{s}{1}; sb = shapes{s}{2};
    for ca = {"double", "single"}
      za = cast (rand_complex (sa, true), ca{1});
      cbs = {"cdouble", "csingle", "double", "single", "logical"};
      if (! host)
        cbs = cbs(randi (numel (cbs)));
      endif
      for cb = cbs
        switch (cb{1})
          case "cdouble", y = rand_complex (sb, true);
          case "csingle", y = single (rand_complex (sb, true));
          case "logical", y = rand (sb) > 0.5;
          otherwise, y = cast (randn (sb) * 3, cb{1});
        endswitch
        tol = E;
        if (strcmp (ca{1}, "single") || any (strcmp (cb{1}, {"csingle", "single"})))
          tol = ES;
        endif
        what = sprintf ("%s %s%s %s%s", func2str (op), ca{1}, mat2str (sa), cb{1}, mat2str (sb));
        ref = op (za, y);
        [np, nf] = check (gather (op (gpuArray (za), y)), ref, tol, [what " (G,x)"], np, nf);
        [np, nf] = check (gather (op (za, gpuArray (y))), ref, tol, [what " (z,G)"], np, nf);
        [np, nf] = check (gather (op (gpuArray (za), gpuArray (y))), ref, tol, [what " (G,G)"], np, nf);
        ref = op (y, za);
        [np, nf] = check (gather (op (gpuArray (y), za)), ref, tol, [what " reversed"], np, nf);
      endfor
    endfor
  endfor
endfor
## a chain: fused, narrowed at the end
z = rand_complex ([30 20], false);
G = gpuArray (z);
[np, nf] = check (gather ((G .* 2 - 1i) ./ (G + 3) .* conj (G)), (z .* 2 - 1i) ./ (z + 3) .* conj (z), ...
                  8 * eps, "chain", np, nf);
[np, nf] = check (gather (-G), -z, 0, "uminus", np, nf);

## ---- Octave's narrowing --------------------------------------------------------------------------
x = randn (4, 5);
G = gpuArray (complex (x, 2));
[np, nf] = check (gather (G - 2i), complex (x, 2) - 2i, 0, "narrowed: (x + 2i) - 2i", np, nf);
[np, nf] = check (iscomplex (G - 2i), false, 0, "iscomplex of a narrowed result", np, nf);
[np, nf] = check (isreal (G - 2i), true, 0, "isreal of a narrowed result", np, nf);
[np, nf] = check (gather ((G - 2i) < 0), (x < 0), 0, "narrowed operand of <", np, nf);
[np, nf] = check (gather (sqrt (G - 2i)), sqrt (x), F, "narrowed operand of sqrt", np, nf);
[np, nf] = check (gather (mod (G - 2i, 2)), mod (x, 2), E, "narrowed operand of mod", np, nf);
[np, nf] = check (gather (max (G - 2i)), max (x), 0, "narrowed operand of max", np, nf);
[np, nf] = check (gather (sum (G - 2i)), sum (complex (x, 2) - 2i), E, "sum of narrowed", np, nf);
[np, nf] = check (gather (single (gpuArray (1 + 2i)) - 2i), single (1 + 2i) - 2i, 0, "narrowed single", np, nf);
[np, nf] = check (gather (gpuArray (complex (x, 0)) + 0), complex (x, 0) + 0, 0, "complex (x, 0) + 0", np, nf);

## ---- narrowing before every operation where (x, 0) and x differ -----------------------------------
## Octave narrows each intermediate: (L - L) is a real 0, so v ./ (L - L) is real Inf, not
## the complex quotient by 0+0i (NaN+NaNi); Inf .* (x + 0i) would have a NaN part
function [np, nf] = check_parts (g, r, ulps, what, np, nf)
  ## part by part: NaNs where Octave has them, zeros and infinities with their signs,
  ## finite values within ulps of the class
  ok = strcmp (class (g), class (r)) && iscomplex (g) == iscomplex (r) && isequal (size (g), size (r));
  for part = {@real, @imag}
    if (! ok)
      break;
    endif
    a = part{1} (g(:)); b = part{1} (r(:));
    exact = b == 0 | isinf (b);
    ok = isequal (isnan (a), isnan (b)) && isequal (a(exact), b(exact)) ...
         && isequal (signbit (a(exact)), signbit (b(exact)));
    fin = ! exact & ! isnan (b);
    ok = ok && all (abs (a(fin) - b(fin)) <= ulps * eps (b(fin)));
  endfor
  if (ok)
    np++;
  else
    nf++;
    printf ("FAIL: %s\n", what);
    disp ([g(:), r(:)].');
  endif
endfunction
v = [Inf, -Inf, NaN, 1, 0, -0, 2, -0.5];
L = complex (randn (1, 8), randn (1, 8));
pend = {@(x) v ./ x, @(x) x .\ v, @(x) x .* Inf, @(x) x .* NaN, @(x) x .* x, @(x) x ./ 0, ...
        @(x) x .^ 2, @(x) 2 .^ x, @(x) x .^ 0.5, @(x) x * x.', @(x) x.' * x, @(x) sin (x), ...
        @(x) cos (x), @(x) tan (x), @(x) sinh (x), @(x) cosh (x), @(x) tanh (x), @(x) exp (x), ...
        @(x) expm1 (x), @(x) log (x), @(x) atan (x), @(x) sign (x), @(x) angle (conj (x)), ...
        @(x) sqrt (conj (x)), @(x) abs (x), @(x) prod (x), @(x) x .* 2, @(x) x ./ 4};
for cls = {"double", "single"}
  Lc = cast (L, cls{1}); vc = cast (v, cls{1});
  for k = 1:numel (pend)
    ## pend{k} of the pending complex (L - L) + v, whose imaginary parts are all 0
    f = pend{k};
    [np, nf] = check_parts (gather (f (gpuArray (Lc) - gpuArray (Lc) + vc)), f (Lc - Lc + vc), 4, ...
                            sprintf ("narrowed pending operand %s %s", func2str (f), cls{1}), np, nf);
  endfor
endfor
## C99's special values of the complex functions (glibc's, which Octave calls), on leaves
## that are kept complex (complex (x, 0) is not narrowed before the function)
w = [Inf, -Inf, NaN, 1, 0, -0, 2, -2];
[re, im] = meshgrid (w, w);
for cls = {"double", "single"}
  z = complex (cast (re(:).', cls{1}), cast (im(:).', cls{1}));
  for f = {@sin, @cos, @tan, @sinh, @cosh, @tanh, @exp, @expm1, @log, @sqrt, @sign, @angle, @abs}
    [np, nf] = check_parts (gather (f{1} (gpuArray (z))), f{1} (z), 4, ...
                            sprintf ("special values of %s %s", func2str (f{1}), cls{1}), np, nf);
  endfor
endfor

## ---- comparisons and logic --------------------------------------------------------------------------
cmp = {@eq, @ne, @lt, @le, @gt, @ge, @and, @or, @xor};
v = [1+2i, 2i, -2, 2, -2i, 2+0i, 1-2i, -1+2i, complex(-2, -0), 0, NaN, complex(1, NaN), 3, -3i, 2*exp(1i*pi/4)];
[A, B] = ndgrid (v, v);
for k = 1:numel (cmp)
  f = cmp{k};
  if (k >= 7)
    a = A; b = B; a(isnan (a)) = 1; b(isnan (b)) = 1;
  else
    a = A; b = B;
  endif
  [np, nf] = check (gather (f (gpuArray (a), b)), f (a, b), 0, ["compare " func2str(f)], np, nf);
  [np, nf] = check (gather (f (single (a), gpuArray (b))), f (single (a), b), 0, ["compare single " func2str(f)], np, nf);
  r = real (b);
  [np, nf] = check (gather (f (gpuArray (a), r)), f (a, r), 0, ["compare with real " func2str(f)], np, nf);
  [np, nf] = check (gather (f (r, gpuArray (a))), f (r, a), 0, ["compare real with " func2str(f)], np, nf);
endfor

## ---- powers ----------------------------------------------------------------------------------------
z = rand_complex ([4 6], false) / 10;
x = randn (4, 6) * 3;
pw = {{z, 2}, {z, 3}, {z, -1}, {z, 5}, {z, -3}, {z, 0.5}, {z, -1.25}, {x, 1i}, {abs(x), z}, {z, z}, ...
      {-8, 1/3}, {[-8 8 -0.5 2], 1/3}, {-8, [1/3 2 -1 0.5]}, {x, 0.5}, {x, round(x)}, {x, x}, ...
      {abs(x), x}, {single(z), 2}, {single(x), 0.5}, {single(-8), single(1/3)}, {z, single(2.5)}};
for k = 1:numel(pw)
  a = pw{k}{1}; b = pw{k}{2};
  ## exp (y log (x)) carries log's rounding times |y log (x)| into the result
  tol = 1e-12;
  if (isa (a, "single") || isa (b, "single"))
    tol = 2e-5;
  endif
  [np, nf] = check (gather (gpuArray (a) .^ b), a .^ b, tol, sprintf ("power %d (G .^ y)", k), np, nf);
  [np, nf] = check (gather (a .^ gpuArray (b)), a .^ b, tol, sprintf ("power %d (x .^ G)", k), np, nf);
endfor

## ---- elementary functions of complex values --------------------------------------------------------
fns = {@sqrt, @exp, @log, @log2, @log10, @sin, @cos, @tan, @sinh, @cosh, @tanh, @asin, @acos, @atan, ...
       @asinh, @acosh, @atanh};
for cls = {"double", "single"}
  z = cast ([rand_complex([8 8], false)(:); 0; 1i; -1i; 2; -2; complex(2, -0); complex(-2, -0); 0.5i], cls{1});
  tol = F;
  if (strcmp (cls{1}, "single"))
    tol = FS;
  endif
  for k = 1:numel (fns)
    f = fns{k};
    zz = z;
    if (any (strcmp (func2str (f), {"exp", "sin", "cos", "tan", "sinh", "cosh", "tanh"})))
      zz = z ./ max (1, abs (z)) * 3;   # away from overflow, where the results differ only in Inf
    endif
    [np, nf] = check (gather (f (gpuArray (zz))), f (zz), tol, sprintf ("%s %s", func2str (f), cls{1}), np, nf);
  endfor
endfor

## ---- real inputs whose results are complex ------------------------------------------------------------
rc = {{@sqrt, [-4 -1 -0 0 1 4 -Inf Inf NaN]}, {@log, [-2 -1 -0 0 1 2 -Inf NaN]}, {@log2, [-8 -1 0.5 8]}, ...
      {@log10, [-10 -1 0.1 100]}, {@log1p, [-3 -2 -1 -0.5 0 1]}, {@asin, [-2 -1 0 0.5 1 2 3]}, ...
      {@acos, [-2 -1 0 0.5 1 2]}, {@acosh, [-2 0 0.5 1 2]}, {@atanh, [-2 -1 0 0.5 1 2]}, ...
      {@sqrt, [1 4 9]}, {@log, [1 2 3]}};
for k = 1:numel (rc)
  f = rc{k}{1}; x = rc{k}{2};
  [np, nf] = check (gather (f (gpuArray (x))), f (x), F, sprintf ("%s of real %s", func2str (f), mat2str (x)), np, nf);
  [np, nf] = check (gather (f (gpuArray (single (x)))), f (single (x)), FS, sprintf ("%s of single real", func2str (f)), np, nf);
  [np, nf] = check (gather (f (gpuArray (int8 (x(isfinite (x)))))), f (int8 (x(isfinite (x)))), F, ...
                    sprintf ("%s of int8", func2str (f)), np, nf);
endfor
x = randn (50, 3);
[np, nf] = check (gather (sqrt (gpuArray (x) .^ 2 + 1)), sqrt (x .^ 2 + 1), F, "sqrt (x.^2 + 1) stays real", np, nf);
## a provably real argument needs no check: nothing is read back, nothing runs
G = gpuArray (x);
s0 = gpuarray_stats ();
Y = {sqrt(G .^ 2 + 1), log(exp(G)), asin(sin(G)), acosh(cosh(G) + 1), sqrt(abs(G)), log1p(G .* G), ...
     sqrt(max(G, 0)), acosh(max(G, 1)), asin(min(sin(G), cos(G))), log(min(exp(G), 2))};
s1 = gpuarray_stats ();
[np, nf] = check (s1.bytes_downloaded - s0.bytes_downloaded + s1.dispatches - s0.dispatches, 0, 0, ...
                  "range analysis: no check for provably real arguments", np, nf);
s0 = gpuarray_stats ();
Y = sqrt (G + 1);
s1 = gpuarray_stats ();
[np, nf] = check (s1.bytes_downloaded - s0.bytes_downloaded > 0, true, 0, "unknown sign: checked", np, nf);
## (max (G, 0) keeps a -0 of G, for which Octave computes x .^ 1.8 as a complex power)
for f = {@() sqrt (min (G, 0) + 1), @() max (G, -1) .^ 1.5, @() sqrt (max (G - 2, sin (G))), @() max (G, 0) .^ 1.8}
  s0 = gpuarray_stats ();
  Y = f{1} ();
  s1 = gpuarray_stats ();
  [np, nf] = check (s1.bytes_downloaded - s0.bytes_downloaded > 0, true, 0, ["unknown sign: checked, " func2str(f{1})], np, nf);
endfor
Gn = x;  Gn(2, 2) = NaN;  Gn(3, 1) = -0;   # max and min skip NaN: Octave's answers, real
[np, nf] = check (gather (max (gpuArray (Gn), 0) .^ 1.8), max (Gn, 0) .^ 1.8, F, "max (x, 0) .^ 1.8 with NaN", np, nf);
[np, nf] = check (gather (sqrt (min (exp (gpuArray (Gn)), 2))), sqrt (min (exp (Gn), 2)), F, "sqrt of min of nonnegatives", np, nf);
[np, nf] = check (gather (sqrt (max (gpuArray (Gn), 0))), sqrt (max (Gn, 0)), F, "sqrt of max (x, 0) with -0 and NaN", np, nf);
## what is known of a value outlives its expression, and what a check found is kept: a
## value never changes (an assignment gives a new one, checked again)
function n = checks_ (f)
  s0 = gpuarray_stats ();
  f ();
  s1 = gpuarray_stats ();
  n = s1.bytes_downloaded - s0.bytes_downloaded;
endfunction
H = G .^ 2 + 1;
gather (H);        # computed: no longer an expression
[np, nf] = check (checks_ (@() acosh (H)), 0, 0, "range kept when computed", np, nf);
[np, nf] = check (gather (acosh (H)), acosh (x .^ 2 + 1), F, "range kept when computed: values", np, nf);
U = gpuArray.rand (40, 3);
[np, nf] = check (checks_ (@() {sqrt(U), log(U), asin(U), log(3 * U + 1), acosh(U + 1)}), 0, 0, ...
                  "rand's range: no check", np, nf);
P = gpuArray (abs (x) + 0.5);
[np, nf] = check (checks_ (@() sqrt (P)) > 0, true, 0, "uploaded: checked once", np, nf);
[np, nf] = check (checks_ (@() {log(P), sqrt(P), log2(reshape(P, [], 1))}), 0, 0, "uploaded: the check is kept", np, nf);
[np, nf] = check (checks_ (@() acosh (P)) > 0, true, 0, "another domain: checked", np, nf);
P(2) = -4;
P0 = abs (x) + 0.5;
P0(2) = -4;
[np, nf] = check (gather (sqrt (P)), sqrt (P0), F, "assigned: checked again, complex", np, nf);
N = gpuArray (x);
[np, nf] = check (gather (log (N)), log (x), F, "negative: complex", np, nf);
[np, nf] = check (gather (log (N)), log (x), F, "negative again: complex", np, nf);
## x .^ y: a base known >= 0 (and, for a scalar exponent, free of -0, which Octave takes
## as negative there) needs no check
E = gpuArray (randn (30, 4));  e = gather (E);
V = gpuArray.rand (30, 4);
Yp = {V .^ 1.5, exp(E) .^ 0.3, abs(E) .^ 2.5, (E .^ 2 + 1) .^ (1/3), V .^ E, abs(E) .^ E, hypot(E, 1) .^ -0.7, ...
      (max (E, 0) + 1) .^ 0.5};
[np, nf] = check (checks_ (@() cellfun (@gather, {V .^ 1.5, exp(E) .^ 0.3, abs(E) .^ 2.5, (E .^ 2 + 1) .^ (1/3), ...
                                                  V .^ E, abs(E) .^ E, hypot(E, 1) .^ -0.7, (max (E, 0) + 1) .^ 0.5}, ...
                                      "UniformOutput", false)) ...
                  - 8 * 30 * 4 * 8, 0, 0, "x .^ y of a provably nonnegative base: no check", np, nf);
v = gather (V);
Yr = {v .^ 1.5, exp(e) .^ 0.3, abs(e) .^ 2.5, (e .^ 2 + 1) .^ (1/3), v .^ e, abs(e) .^ e, hypot(e, 1) .^ -0.7, ...
      (max (e, 0) + 1) .^ 0.5};
for k = 1:numel (Yp)
  [np, nf] = check (gather (Yp{k}), Yr{k}, F, sprintf ("x .^ y of a nonnegative base %d", k), np, nf);
endfor
## -0 from a scalar -0 or ceil: checked, complex as Octave
[np, nf] = check (gather ((V .* -0) .^ 0.5), (v .* -0) .^ 0.5, F, "(V .* -0) .^ 0.5: complex", np, nf);
[np, nf] = check (gather (ceil (V - 1) .^ 0.5), ceil (v - 1) .^ 0.5, F, "ceil (V - 1) .^ 0.5: complex", np, nf);
[np, nf] = check (gather (sqrt (E .* 0) .^ 1.5), sqrt (e .* 0) .^ 1.5, F, "sqrt (E .* 0) .^ 1.5", np, nf);
## what a scalar exponent's check found is kept
Q = gpuArray (abs (e) + 0.5);
[np, nf] = check (checks_ (@() gather (Q .^ 1.5)) > 8 * numel (e), true, 0, "x .^ 1.5 of an upload: checked", np, nf);
[np, nf] = check (checks_ (@() gather (Q .^ 2.5)), 8 * numel (e), 0, "x .^ 2.5 then: the check is kept", np, nf);
## max (x, y) is x where y is NaN: y's range says nothing of the result
[np, nf] = check (gather (sqrt (max (gpuArray ([-5; 4]), sqrt (gpuArray ([NaN; 1]))))), ...
                  sqrt (max ([-5; 4], [NaN; 1])), F, "sqrt (max (x, y)) where y is NaN: complex", np, nf);

## ---- errors ----------------------------------------------------------------------------------------
for c = {"int8", "uint16", "int32", "int64"}
  for f = {@plus, @times, @rdivide, @eq, @lt, @power}
    [np, nf] = check_error (@(g) f{1} (on_gpu (cast ([1 2], c{1}), g), [1i 2]), ...
                            sprintf ("%s %s with complex", func2str (f{1}), c{1}), np, nf);
    [np, nf] = check_error (@(g) f{1} (on_gpu (1+2i, g), cast (3, c{1})), ...
                            sprintf ("complex %s %s", func2str (f{1}), c{1}), np, nf);
  endfor
endfor
[np, nf] = check_error (@(g) single (on_gpu (1+2i, g)) + int8 (1), "float complex + int8", np, nf);
[np, nf] = check_error (@(g) mod (on_gpu ([1i 2], g), 2), "mod of complex", np, nf);
[np, nf] = check_error (@(g) atan2 (on_gpu (1i, g), 1), "atan2 of complex", np, nf);
[np, nf] = check_error (@(g) cbrt (on_gpu ([1i 2], g)), "cbrt of complex", np, nf);
[np, nf] = check_error (@(g) gamma (on_gpu (1i, g)), "gamma of complex", np, nf);
[np, nf] = check_error (@(g) int8 (on_gpu (1+2i, g)), "int8 of complex", np, nf);
[np, nf] = check_error (@(g) uint16 (on_gpu ([1+2i 3], g)), "uint16 of complex matrix", np, nf);
[np, nf] = check_error (@(g) logical (on_gpu (complex (NaN, 1), g)), "logical of NaN", np, nf);

## ---- reductions ----------------------------------------------------------------------------------------
for cls = {"double", "single"}
  z = cast (rand_complex ([5 4 3], false), cls{1});
  tol = 16 * eps (cls{1});
  for d = 1:3
    ## sums in another order than Octave's loop: bounded by the sum of the magnitudes
    g = gather (sum (gpuArray (z), d));
    ok = strcmp (class (g), cls{1}) && all (abs (g(:) - sum (z, d)(:)) <= tol * sum (abs (z), d)(:));
    [np, nf] = check (ok, true, 0, sprintf ("sum %s dim %d", cls{1}, d), np, nf);
    g = gather (mean (gpuArray (z), d));
    ok = strcmp (class (g), cls{1}) && all (abs (g(:) - mean (z, d)(:)) <= tol * mean (abs (z), d)(:));
    [np, nf] = check (ok, true, 0, sprintf ("mean %s dim %d", cls{1}, d), np, nf);
    [np, nf] = check (gather (prod (gpuArray (z), d)), prod (z, d), tol, sprintf ("prod %s dim %d", cls{1}, d), np, nf);
  endfor
  ok = abs (gather (sum (gpuArray (z)(:))) - sum (z(:))) <= tol * sum (abs (z(:)));
  [np, nf] = check (ok, true, 0, "sum all", np, nf);
  zz = z; zz(1:2:end) = 0;
  [np, nf] = check (gather (any (gpuArray (zz))), any (zz), 0, "any", np, nf);
  [np, nf] = check (gather (all (gpuArray (zz))), all (zz), 0, "all", np, nf);
endfor

## ---- max and min: Octave's orders (reductions: abs, then arg; two arrays: abs alone) ----------
v = [1+1i, -1-1i, 1i, -1.4142, NaN, 1.4142i, complex(NaN, 1), -1i, 2i, -2, 2, -2i, complex(-2, -0)];
for f = {@max, @min}
  for cls = {"double", "single"}
    z = cast (v, cls{1});
    zz = [z; z(end:-1:1); z([2:end 1])];
    [m, i] = f{1} (zz, [], 2);
    [gm, gi] = f{1} (gpuArray (zz), [], 2);
    [np, nf] = check (gather (gm), m, 0, sprintf ("%s reduction %s", func2str (f{1}), cls{1}), np, nf);
    [np, nf] = check (gather (gi), i, 0, sprintf ("%s reduction index %s", func2str (f{1}), cls{1}), np, nf);
    [np, nf] = check (gather (f{1} (gpuArray (zz))), f{1} (zz), 0, sprintf ("%s columns %s", func2str (f{1}), cls{1}), np, nf);
    [np, nf] = check (gather (f{1} (gpuArray ([NaN, complex(NaN, 1)]))), f{1} ([NaN, complex(NaN, 1)]), 0, ...
                      "extremum of NaNs", np, nf);
    [A, B] = ndgrid (z, [z, 3, -0.5]);
    [np, nf] = check (gather (f{1} (gpuArray (A), B)), f{1} (A, B), 0, sprintf ("%s (A, B) %s", func2str (f{1}), cls{1}), np, nf);
    [np, nf] = check (gather (f{1} (real (A), gpuArray (B))), f{1} (real (A), B), 0, ...
                      sprintf ("%s (real, B) %s", func2str (f{1}), cls{1}), np, nf);
    [np, nf] = check (gather (f{1} (gpuArray (z(9)), [-2 2])), f{1} (z(9), [-2 2]), 0, ...
                      sprintf ("%s (scalar, array) %s", func2str (f{1}), cls{1}), np, nf);
    [np, nf] = check (gather (f{1} (gpuArray ([-2 2]), z(9))), f{1} ([-2 2], z(9)), 0, ...
                      sprintf ("%s (array, scalar) %s", func2str (f{1}), cls{1}), np, nf);
  endfor
endfor
[np, nf] = check_error (@(g) max (on_gpu (1i, g), int8 (2)), "max of complex and int8", np, nf);

## ---- matrix products (real products of the parts) ------------------------------------------------
for cls = {"double", "single"}
  A = cast (complex (randn (6, 5), randn (6, 5)), cls{1});
  B = complex (randn (5, 4), randn (5, 4));
  R = randn (5, 4);
  tol = 64 * eps (cls{1});
  [np, nf] = check (gather (gpuArray (A) * B), A * B, tol, ["mtimes complex " cls{1}], np, nf);
  [np, nf] = check (gather (gpuArray (A) * R), A * R, tol, ["mtimes complex by real " cls{1}], np, nf);
  [np, nf] = check (gather (R' * gpuArray (A')), R' * A', tol, ["mtimes real by complex " cls{1}], np, nf);
  P = cat (3, A, 2 * A);
  ## Octave 7 has no pagemtimes: the pages' products
  [np, nf] = check (gather (pagemtimes (gpuArray (P), B)), cat (3, A * B, (2 * A) * B), tol, ...
                    ["pagemtimes " cls{1}], np, nf);
  [np, nf] = check (gather (pagemtimes (gpuArray (P), "ctranspose", A, "none")), cat (3, A' * A, (2 * A)' * A), ...
                    tol, ["pagemtimes ctranspose " cls{1}], np, nf);
endfor
[np, nf] = check_error (@(g) on_gpu (int8 ([1 2; 3 4]), g) * [1i 2; 3 4], "int8 * complex matrix", np, nf);

## ---- indexing and layout ----------------------------------------------------------------------------
for cls = {"double", "single"}
  z = cast (rand_complex ([6 5 2], true), cls{1});
  G = gpuArray (z);
  [np, nf] = check (gather (G(2, :, 2)), z(2, :, 2), 0, "G(2,:,2)", np, nf);
  [np, nf] = check (gather (G([3 1 6], end)), z([3 1 6], end), 0, "G(I,end)", np, nf);
  [np, nf] = check (gather (G(:)), z(:), 0, "G(:)", np, nf);
  [np, nf] = check (gather (G(real (z) > 0)), z(real (z) > 0), 0, "G(mask)", np, nf);
  [np, nf] = check (gather (reshape (G, 10, 6)), reshape (z, 10, 6), 0, "reshape", np, nf);
  [np, nf] = check (gather (permute (G, [3 1 2])), permute (z, [3 1 2]), 0, "permute", np, nf);
  m = z(:, :, 1);
  [np, nf] = check (gather (gpuArray (m).'), m.', 0, "transpose", np, nf);
  [np, nf] = check (gather (gpuArray (m)'), m', 0, "ctranspose", np, nf);
  [np, nf] = check (gather ([gpuArray(m), m]), [m, m], 0, "horzcat", np, nf);
  [np, nf] = check (gather ([gpuArray(m); real(m)]), [m; real(m)], 0, "vertcat with real", np, nf);
  [np, nf] = check (gather (repmat (gpuArray (m), 2, 3)), repmat (m, 2, 3), 0, "repmat", np, nf);
  H = gpuArray (m); w = m;
  H(2, 3) = 7 - 1i; w(2, 3) = 7 - 1i;
  [np, nf] = check (gather (H), w, 0, "assign one", np, nf);
  H(:, 1) = 5; w(:, 1) = 5;
  [np, nf] = check (gather (H), w, 0, "assign real", np, nf);
endfor

## ---- complex diagonal matrices from the host ------------------------------------------------------
## Octave 7.3's mex.cc corrupted the heap reading one (gpuArray (eye (3) * 1i) aborted Octave)
for cls = {"double", "single"}
  D = cast (eye (3), cls{1}) * (2 - 1i);
  m = cast (rand_complex ([3 3], false), cls{1});
  [np, nf] = check (gather (gpuArray (D)), full (D), 0, ["diag upload " cls{1}], np, nf);
  [np, nf] = check (gather (gpuArray (m) + D), m + D, 0, ["+ diag " cls{1}], np, nf);
  [np, nf] = check (gather (gpuArray (m) * D), m * D, 1e-5, ["* diag " cls{1}], np, nf);
  [np, nf] = check (gather ([gpuArray(m), D]), [m, full(D)], 0, ["horzcat diag " cls{1}], np, nf);
endfor

s = gpuarray_stats ();
printf ("provider: %s; Vulkan validation messages: %d\n", gpuDevice ().Provider, s.validation_messages);
if (s.validation_messages > 0)
  nf++;
endif
printf ("%d passed, %d failed\n", np, nf);
exit (nf > 0);
