## erf, erfc and erfcx of complex gpuArrays and erfcx of real ones (shaders/ga_faddeeva.glsl,
## src/core/ga_faddeeva.c) against Octave's own (S. G. Johnson's Faddeeva package): random
## points over 1e-300..1e300 in both parts and both signs, points near the axes and on
## the lines where the algorithms switch branches, purely real and purely imaginary
## complex values, NaN, Inf and -0 parts; double and single; N-d and empty arrays;
## integer and logical arguments of erfcx; that erf (z) .* 2 + 1 runs as one kernel.
##
## Tolerance: relative to abs of Octave's result, 256 eps for double. The steps and
## branches are Octave's, but our polynomials for erfcx and Im w of real arguments are
## our own fits (Octave's and ours are each within about an ulp of the truth), and the
## device's exp, sin and cos are within an ulp of glibc's; the sums and products of
## w (z) carry such differences at a few ulp, and erf's 1 - exp (-z^2) w (iz) multiplies
## them by |1 - erf| / |erf|, up to ~100 near the end of its Taylor region (|z| ~ 0.01
## to 0.08): 50 eps was the worst seen. Single: Octave rounds its double answer, so
## 2 eps (single) covers a double difference that straddles a rounding boundary.
## Special values (NaN, Inf, zeros, with their signs) compare exactly.
## Prints "N passed, N failed" last; exits non-zero on failure.
## Usage: octave-cli test/octave/test_faddeeva.m  (from the repository root, after make)
root = fileparts (fileparts (fileparts (mfilename ("fullpath"))));
addpath (fullfile (root, "inst"));
addpath (fullfile (root, "src"));
rand ("seed", 7);
randn ("seed", 7);

function [np, nf, worst] = check (g, r, tol, what, np, nf, worst)
  ## g: the gathered gpuArray result, r: Octave's; tol: relative to abs (r), 0: exact
  ok = strcmp (class (g), class (r)) && iscomplex (g) == iscomplex (r) && isequal (size (g), size (r));
  err = 0;
  key = strrep (sprintf ("%s %s", what(1:find ([what " "] == " ", 1) - 1), class (r)), " ", "_");
  if (ok && ! isempty (r))
    single_ = isa (r, "single");
    g = double (g(:));  r = double (r(:));
    ## part by part: the non-finite parts exactly, the finite ones relative to abs (r)
    ## (to the finite part where the other is infinite); a single subnormal result may
    ## be one step (2^-149) off where a last-bit difference in double moves its rounding
    rr = real (r);  ri = imag (r);  gr = real (g);  gi = imag (g);
    sc = abs (r);
    sc(! isfinite (rr)) = abs (ri(! isfinite (rr)));
    sc(! isfinite (ri)) = abs (rr(! isfinite (ri)));
    sc = max (sc, realmin);
    floor_ = single_ * 2 ^ -149;
    dr = abs (gr - rr);  di = abs (gi - ri);
    dr(! isfinite (rr)) = 0;  di(! isfinite (ri)) = 0;
    e = max (dr, di) ./ sc;
    e(isnan (e)) = Inf;
    ok_e = e <= tol | max (dr, di) <= floor_;
    err = max ([0; e(e <= tol); e(! ok_e)]);   # not the subnormal steps
    same_nf = @(a, b) (isfinite (a) & isfinite (b)) | (isnan (a) & isnan (b)) | (isinf (a) & a == b);
    bad = ! ok_e | ! same_nf (gr, rr) | ! same_nf (gi, ri) ...
          | (rr == 0 & signbit (gr) != signbit (rr)) | (ri == 0 & signbit (gi) != signbit (ri));
    ok = ! any (bad);
    for i = find (bad).'(1:min (end, 3))
      printf ("  element %d: gpuArray %.17g%+.17gi, Octave %.17g%+.17gi\n", i, real (g(i)), imag (g(i)), real (r(i)), imag (r(i)));
    endfor
  endif
  if (ok)
    np++;
  else
    nf++;
    printf ("FAIL: %s (worst relative error %g)\n", what, err);
  endif
  if (! isfield (worst, key) || worst.(key) < err)
    worst.(key) = err;
  endif
endfunction

function [np, nf, worst] = check_parts (g, r, what, np, nf, worst)
  ## each part of g that is 0 (with its sign), Inf or NaN in r: the same in g
  ok = isequal (size (g), size (r));
  for p = {@real, @imag}
    gp = double (p{1} (g(:)));  rp = double (p{1} (r(:)));
    m = ! isfinite (rp) | rp == 0;
    ok = ok && isequal (isnan (gp(m)), isnan (rp(m))) && isequal (gp(m & ! isnan (rp)), rp(m & ! isnan (rp))) ...
         && isequal (signbit (gp(rp == 0)), signbit (rp(rp == 0)));
  endfor
  if (ok)
    np++;
  else
    nf++;
    printf ("FAIL: %s\n", what);
  endif
endfunction

function z = pm (z)
  z = z .* (2 * (rand (size (z)) < 0.5) - 1);
endfunction

function x = logu (lo, hi, n)
  x = exp (log (lo) + rand (1, n) * (log (hi) - log (lo)));
endfunction

function x = around (c, n)
  ## a few ulp to 1e-9 (relative) either side of each threshold in c
  c = c(:).';
  x = c(randi (numel (c), 1, n)) .* (1 + pm (logu (eps / 2, 1e-9, n)));
endfunction

np = 0;  nf = 0;  worst = struct ();
## ---- the point sets ----------------------------------------------------------------
n = 600;
sets = {};
sets{end+1} = {"wide", complex(pm(logu(1e-300, 1e300, n)), pm(logu(1e-300, 1e300, n)))};
sets{end+1} = {"moderate", complex(pm(logu(1e-6, 1e3, n)), pm(logu(1e-6, 1e3, n)))};
sets{end+1} = {"unit", complex(randn(1, n) * 4, randn(1, n) * 4)};
sets{end+1} = {"near-real-axis", complex(pm(logu(1e-3, 60, n)), pm(logu(1e-300, 1e-2, n)))};
sets{end+1} = {"near-imag-axis", complex(pm(logu(1e-300, 1e-2, n)), pm(logu(1e-3, 60, n)))};
## w's branches: |y| = 7, x = 6, 8, 10, 28 with |y| = 0.1, 1e-10; |x| + |y| = 4000, 1e7;
## its sums' x = 5e-4; erfcx's y = 50, -6, -6.1, -26.7; erf's x = 8e-2, 5e-3,
## |y| = 1e-2, |2xy| = 5e-3; Re (-z^2) = -750; y^2 = 720; erfc's x^2 = 750
ax = around ([6 8 10 28 5e-4 8e-2 5e-3 0.7 3], n);
ay = around ([7 0.1 1e-10 1e-2 5 6 50 6.1 26.7], n);
sets{end+1} = {"thresholds", [complex(pm(ax), pm(ay(randperm(n)))), complex(pm(ay), pm(ax(randperm(n))))]};
t = around ([4000 1e7], n);  s = rand (1, n);
sets{end+1} = {"cf-terms", complex(pm(t .* s), pm(t .* (1 - s)))};
x = pm (around (5e-3, n));  y = pm (around (2.5e-3, n)) ./ x;
sets{end+1} = {"erf-taylor", complex(x, y)};
x = pm (logu (1, 40, n));  y = pm (sqrt (x .^ 2 - around (750, n)));
sets{end+1} = {"underflow", complex(x, real(y))};
sets{end+1} = {"real", complex([pm(logu(1e-300, 1e300, n)), randn(1, n) * 10, 0, -0, pm(around([26.7 27.4 6.1 50], 40))], 0)};
sets{end+1} = {"imaginary", complex(0, [pm(logu(1e-300, 1e300, n)), randn(1, n) * 10, pm(around(sqrt(720), 40)), 0, -0])};
sets{end+1} = {"imaginary-minus-0", complex(-0, [pm(logu(1e-3, 30, 50)), 0, -0])};
v = [0, -0, 1, -1, 1e-300, -1e-300, 30, -30, 1e300, -1e300, Inf, -Inf, NaN];
[a, b] = meshgrid (v, v);
sets{end+1} = {"special", complex(a(:).', b(:).')};

## ---- values against Octave's ------------------------------------------------------------
fns = {@erf, @erfc, @erfcx};
for k = 1:numel (sets)
  z = sets{k}{2};
  for f = fns
    for cls = {"double", "single"}
      zc = cast (z, cls{1});
      if (strcmp (cls{1}, "single"))
        zc = zc(isfinite (double (zc)) | ! isfinite (z));  # not the magnitudes single cannot hold
      endif
      r = f{1} (zc);
      if (strcmp (cls{1}, "single") && ! gpuDevice ().PreservesSubnormalsSingle)
        ## the device flushes single subnormals (documented): judge the rest
        tiny = @(v) abs (v) < realmin ("single") & v != 0;
        keep = ! tiny (real (zc)) & ! tiny (imag (zc)) & ! tiny (real (r)) & ! tiny (imag (r));
        zc = zc(keep);  r = r(keep);
      endif
      g = gather (f{1} (gpuArray (zc)));
      tol = strcmp (cls{1}, "double") * 256 * eps + strcmp (cls{1}, "single") * 2 * eps ("single");
      if (strcmp (sets{k}{1}, "special"))   # parts that are 0, Inf or NaN in Octave's answer: exactly
        [np, nf, worst] = check_parts (g, r, sprintf ("%s special-parts %s", func2str (f{1}), cls{1}), np, nf, worst);
      endif
      [np, nf, worst] = check (g, r, tol, sprintf ("%s %s %s", func2str (f{1}), sets{k}{1}, cls{1}), np, nf, worst);
    endfor
  endfor
endfor

## ---- shapes, classes, real erfcx --------------------------------------------------------------
for cls = {"double", "single"}
  c = cls{1};
  tol = strcmp (c, "double") * 256 * eps + strcmp (c, "single") * 2 * eps ("single");
  z3 = cast (complex (randn (2, 3, 4) * 3, randn (2, 3, 4) * 3), c);
  for f = fns
    [np, nf, worst] = check (gather (f{1} (gpuArray (z3))), f{1} (z3), tol, sprintf ("%s N-d %s", func2str (f{1}), c), np, nf, worst);
    for e = {zeros(0, 3), zeros(3, 0, 2)}
      ze = cast (complex (e{1}, e{1}), c);
      [np, nf, worst] = check (gather (f{1} (gpuArray (ze))), f{1} (ze), 0, sprintf ("%s empty %s", func2str (f{1}), c), np, nf, worst);
    endfor
    ## fused with other operations, and of a value that narrows to real
    [np, nf, worst] = check (gather (f{1} (gpuArray (z3) .* 0.5 - 1i)), f{1} (z3 .* 0.5 - 1i), tol, sprintf ("%s fused %s", func2str (f{1}), c), np, nf, worst);
    zr = complex (cast (randn (1, 20), c), 0);
    [np, nf, worst] = check (gather (f{1} (gpuArray (zr))), f{1} (zr), tol, sprintf ("%s narrows %s", func2str (f{1}), c), np, nf, worst);
  endfor
  x = cast ([randn(1, 200) * 10, pm(logu(1e-300, 1e300, 200)), 0, -0, Inf, -Inf, NaN, -26.7, -26.6, 50, 5e7], c);
  x = x(isfinite (x) | ! isfinite (double (x)));
  [np, nf, worst] = check (gather (erfcx (gpuArray (x))), erfcx (x), tol, sprintf ("erfcx real %s", c), np, nf, worst);
  [np, nf, worst] = check (gather (erfcx (gpuArray (reshape (x(1:24), 2, 3, 4)))), erfcx (reshape (x(1:24), 2, 3, 4)), tol, ...
                           sprintf ("erfcx real N-d %s", c), np, nf, worst);
  [np, nf, worst] = check (gather (erfcx (gpuArray (cast (zeros (0, 3), c)))), erfcx (cast (zeros (0, 3), c)), 0, ...
                           sprintf ("erfcx real empty %s", c), np, nf, worst);
  [np, nf, worst] = check (gather (sum (erfcx (gpuArray (x(isfinite (x)))))), sum (erfcx (x(isfinite (x)))), 64 * eps (c), ...
                           sprintf ("erfcx real summed %s", c), np, nf, worst);
endfor
for c = {"int8", "uint16", "int32", "logical"}
  x = cast ([0 1 2 3 -5 100], c{1});
  [np, nf, worst] = check (gather (erfcx (gpuArray (x))), erfcx (x), 256 * eps, sprintf ("erfcx %s", c{1}), np, nf, worst);
endfor

## ---- structure: erf (z) .* 2 + 1 is one kernel ---------------------------------------------------
G = gpuArray (complex (randn (100, 1), randn (100, 1)));
s0 = gpuarray_stats ();
Y = erf (G) .* 2 + 1;
y = gather (Y);
s1 = gpuarray_stats ();
## one elementwise kernel computes the three operations; the second dispatch is Octave's
## narrowing check (any imaginary part nonzero) over the stored result
## (the host provider counts its own steps differently: there only the values are judged)
if (strcmp (gpuDevice ().Provider, "vulkan"))
  ok = s1.dispatches - s0.dispatches == 2 && s1.fused_ops - s0.fused_ops >= 3 && s1.host_fallbacks == s0.host_fallbacks;
  [np, nf, worst] = check (double (ok), 1, 0, "structure erf(z).*2+1 one kernel", np, nf, worst);
endif
[np, nf, worst] = check (y, erf (gather (G)) .* 2 + 1, 512 * eps, "structure value", np, nf, worst);

s = gpuarray_stats ();
keys = fieldnames (worst);
for k = 1:numel (keys)
  printf ("worst relative error %-14s %.3g (%.1f eps of its class)\n", strrep (keys{k}, "_", " "), worst.(keys{k}), ...
          worst.(keys{k}) / eps (regexprep (keys{k}, ".*_", "")));
endfor
printf ("host fallbacks: %d\n", s.host_fallbacks);
printf ("provider: %s; Vulkan validation messages: %d\n", gpuDevice ().Provider, s.validation_messages);
if (s.validation_messages > 0 || s.host_fallbacks > 0)
  nf++;
endif
printf ("%d passed, %d failed\n", np, nf);
exit (nf > 0);
