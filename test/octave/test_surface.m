## The elementwise surface of issue 4 against Octave's own results for the same
## function and inputs: dot; complex max/min (with indices), prod, any and all on the
## device; complex expm1, log1p, erf, erfc, erfcx (and real erfcx) and hypot; bitshift (A, K, N); gammaln of
## negative reals (complex where gamma < 0); the errors Octave gives. NaN, Inf, -0,
## empty, scalar, N-d and broadcast operands, every applicable class, host and gpuArray
## operands mixed. Values compare with a relative tolerance on abs (exact where the
## operation is exact), classes, sizes and iscomplex exactly. Prints "N passed, N
## failed" last; exits non-zero on failure.
## Usage: octave-cli test/octave/test_surface.m  (from the repository root, after make)
root = fileparts (fileparts (fileparts (mfilename ("fullpath"))));
addpath (fullfile (root, "inst"));
addpath (fullfile (root, "src"));

seed = sum (100 * clock ());
rand ("seed", seed);
randn ("seed", seed);
printf ("seed %d\n", seed);

function [np, nf] = check (g, r, tol, what, np, nf)
  ## g: the gathered gpuArray result, r: Octave's; tol: relative tolerance on abs, or
  ## {tol, scale}: tol relative to scale (per element), for sums whose terms cancel (an
  ## element far below its terms' magnitudes differs with the order of summation)
  scale = [];
  if (iscell (tol))
    scale = double (tol{2}(:));
    tol = tol{1};
  endif
  ok = strcmp (class (g), class (r)) && iscomplex (g) == iscomplex (r) && isequal (size (g), size (r));
  bad = [];   # the elements that fail, for the report
  if (ok && ! isempty (r))
    if (isfloat (r))
      g = double (g(:)); r = double (r(:));
      bad = isnan (g) != isnan (r);
      fin = isfinite (r) & isfinite (g);
      inf_ = ! fin & ! isnan (r) & ! isnan (g);
      ## a complex element with one infinite part: that part exactly, the other within
      ## tol of its own size (exp (z) of a large z rounds its finite part like any other)
      for part = {@real, @imag}
        gp = part{1} (g(inf_)); rp = part{1} (r(inf_));
        pf = isfinite (gp) & isfinite (rp);
        bad(inf_) |= (! pf & gp != rp) | (pf & abs (gp - rp) > tol * max (abs (rp), realmin));
      endfor
      if (isempty (scale))
        lim = tol * max (abs (r), realmin);
      else
        lim = tol * max (scale, realmin);
      endif
      bad(fin) |= abs (g(fin) - r(fin)) > lim(fin);
      if (tol == 0)   # exact: the signs of zeros too
        bad |= signbit (real (g)) != signbit (real (r)) | signbit (imag (g)) != signbit (imag (r));
      endif
      ok = ! any (bad);
    else
      ok = isequal (g, r);
    endif
  endif
  if (ok)
    np++;
  else
    nf++;
    printf ("FAIL: %s\n", what);
    if (nf < 40 && any (bad))
      for k = find (bad, 6).'
        printf ("  (%d) gpuArray %.9g%+.9gi, Octave %.9g%+.9gi\n", k, real (g(k)), imag (g(k)), ...
                real (r(k)), imag (r(k)));
      endfor
    elseif (nf < 40 && isnumeric (g) && isnumeric (r))
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

function [np, nf] = same (f, args, tol, what, np, nf)
  ## f (args{:}) by Octave against f with the arguments on the device, in each mix of
  ## host and gpuArray operands that reaches the gpuArray method (numeric arguments up to
  ## the third)
  failed = false;
  try
    r = f (args{:});
  catch e
    r = e.message;   # a caught error is a struct in Octave 7, not an MException
    failed = true;
  end_try_catch
  nmix = min (numel (args), 2);
  for m = 1:(2^nmix - 1)
    g = args;
    for k = 1:nmix
      if (bitand (m, 2^(k-1)))
        g{k} = gpuArray (g{k});
      endif
    endfor
    w = sprintf ("%s [mix %d]", what, m);
    try
      q = gather (f (g{:}));
      if (failed)
        nf++;
        printf ("FAIL: %s: Octave errs '%s', gpuArray does not\n", w, r);
      else
        [np, nf] = check (q, r, tol, w, np, nf);
      endif
    catch e
      if (failed && strcmp (r, e.message))
        np++;
      else
        nf++;
        printf ("FAIL: %s: gpuArray errs '%s'\n", w, e.message);
      endif
    end_try_catch
  endfor
endfunction

function x = on_gpu_ (x, g)
  if (g)
    x = gpuArray (x);
  endif
endfunction

function s = disp_ (v)
  s = strtrim (evalc ("disp (v)"));
endfunction

function s = dot_scale (a, b, varargin)
  ## the magnitude of dot's terms: what its rounding error is relative to
  s = dot (abs (double (a)), abs (double (b)), varargin{:});
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

np = 0;
nf = 0;
E = 4 * eps;              # exact-ish arithmetic in double
F = 64 * eps;             # elementary functions in double
FS = 64 * eps ("single");
s0 = gpuarray_stats ();

## ---- dot -----------------------------------------------------------------------------
ints = {"int8", "uint8", "int16", "uint16", "int32", "uint32", "int64", "uint64"};
for cls = [{"double", "single"}, ints]
  c = cls{1};
  x = cast (randi ([-9 9], 4, 5), c);
  y = cast (randi ([-9 9], 4, 5), c);
  [np, nf] = same (@dot, {x, y}, 0, ["dot matrix " c], np, nf);
  [np, nf] = same (@dot, {x, y, 2}, 0, ["dot dim 2 " c], np, nf);
  [np, nf] = same (@dot, {x(:, 1), y(:, 2).'}, 0, ["dot column . row " c], np, nf);
  [np, nf] = same (@dot, {x(1, :), y(2, :)}, 0, ["dot rows " c], np, nf);
  [np, nf] = same (@dot, {x(1), y(2)}, 0, ["dot scalars " c], np, nf);
  [np, nf] = same (@dot, {cast(zeros(0, 3), c), cast(zeros(0, 3), c)}, 0, ["dot 0x3 " c], np, nf);
  [np, nf] = same (@dot, {cast([], c), cast([], c)}, 0, ["dot 0x0 " c], np, nf);
  [np, nf] = same (@dot, {x, 3}, 0, ["dot size error " c], np, nf);
  big = cast (100 * ones (1, 3), c);   # integer products saturate in their class
  [np, nf] = same (@dot, {big, big}, 0, ["dot saturating " c], np, nf);
endfor
x = randn (3, 4, 5); y = randn (3, 4, 5);
for d = {1, 2, 3, 4}
  [np, nf] = same (@dot, {x, y, d{1}}, {E * 8, dot_scale(x, y, d{1})}, sprintf ("dot N-d dim %d", d{1}), np, nf);
endfor
[np, nf] = same (@dot, {x, y}, {E * 8, dot_scale(x, y)}, "dot N-d", np, nf);
[np, nf] = same (@dot, {[NaN Inf 1 -0], [1 2 3 4]}, 0, "dot NaN", np, nf);
[np, nf] = same (@dot, {[Inf 1], [0 1]}, 0, "dot Inf * 0", np, nf);
[np, nf] = same (@dot, {-0, 0}, 0, "dot -0", np, nf);
[np, nf] = same (@dot, {single([1 2 3]), [4 5 6]}, 0, "dot single . double", np, nf);
[np, nf] = same (@dot, {int8([1 2 3]), [4.4 5 6]}, 0, "dot int8 . double", np, nf);
[np, nf] = same (@dot, {int8([1 2 3]), single([4 5 6])}, 0, "dot int8 . single", np, nf);
[np, nf] = same (@dot, {int8([1 2]), int16([3 4])}, 0, "dot int8 . int16", np, nf);
[np, nf] = same (@dot, {true(1, 2), [1 2]}, 0, "dot logical", np, nf);
[np, nf] = same (@dot, {ones(1, 1, 3), ones(1, 3)}, 0, "dot 1x1x3 . 1x3", np, nf);
[np, nf] = same (@dot, {[1 2 3], [4; 5; 6], 1}, 0, "dot vectors with DIM", np, nf);
for d = {0, -1, 1.5, [2 1], "a", 7}
  [np, nf] = same (@dot, {[1 2; 3 4], [5 6; 7 8], d{1}}, 0, ["dot DIM " disp_(d{1})], np, nf);
endfor
for cls = {"double", "single"}
  z = cast (rand_complex ([5 6], false), cls{1});
  w = cast (rand_complex ([5 6], false), cls{1});
  t = 64 * eps (cls{1});
  [np, nf] = same (@dot, {z, w}, {t, dot_scale(z, w)}, ["dot complex " cls{1}], np, nf);
  [np, nf] = same (@dot, {z, w, 2}, {t, dot_scale(z, w, 2)}, ["dot complex dim 2 " cls{1}], np, nf);
  [np, nf] = same (@dot, {z, real(w)}, {t, dot_scale(z, real(w))}, ["dot complex . real " cls{1}], np, nf);
  [np, nf] = same (@dot, {real(z), w}, {t, dot_scale(real(z), w)}, ["dot real . complex " cls{1}], np, nf);
  [np, nf] = same (@dot, {z(:, 1), w(:, 2).'}, {t, dot_scale(z(:, 1), w(:, 2))}, ["dot complex vectors " cls{1}], np, nf);
  [np, nf] = same (@dot, {complex(real(z), 0), real(w)}, {t, dot_scale(real(z), real(w))}, ["dot complex (x, 0) " cls{1}], np, nf);
endfor
[np, nf] = same (@dot, {[1+2i 3], [4 5i]}, 0, "dot conj of the first", np, nf);
## (a sum of products that cancel: its error is relative to the terms, as dot's above)
[np, nf] = check (gather (sum (dot (gpuArray (x), y))), sum (dot (x, y)), {E * 8, sum(dot_scale (x, y))}, ...
                  "dot fused in a chain", np, nf);

## ---- saturating uint64 sums fused into a reduction with a double result -------------
## NVIDIA's driver 580 lost the carry out of the low 32 bits of a + b there (2^32 short)
a64 = uint64 ([8042119828; 10; 17; 8; 6960000000000000000]);
for b64 = {uint64(14827731), uint64([3; 2^33; 5; 1; 2^62])}
  [np, nf] = same (@(a, b) sum (a + b, 1, "double"), {a64, b64{1}}, E, "sum (uint64 + uint64, 'double')", np, nf);
  [np, nf] = same (@(a, b) sum (b - a, 1, "double"), {a64, b64{1}}, E, "sum (uint64 - uint64, 'double')", np, nf);
  [np, nf] = same (@(a, b) a + b, {a64, b64{1}}, 0, "uint64 + uint64 saturating", np, nf);
endfor
## and the other wide integer classes, through each reduction a fused sum feeds
for c = {"int64", "uint64", "int32", "uint32"}
  a = cast ([8042119828; 10; -17; 8; 6.96e18; 2^40+3; -2^35; 7], c{1});
  b = cast ([14827731; 2^33; 5; -1; 2^62; -9; 2^36; 1], c{1});
  fs = {@(x, y) sum (x + y, 1, "double"), @(x, y) sum (x - y, 1, "double"), @(x, y) sum (x .* y, 1, "double"), ...
        @(x, y) sum (x + y), @(x, y) sum (x - y), @(x, y) max (x + y), @(x, y) min (x - y), ...
        @(x, y) sum (x + y, 1, "native"), @(x, y) prod (x - y), @(x, y) mean (x + y)};
  for i = 1:numel (fs)
    [np, nf] = same (fs{i}, {a, b}, E, sprintf ("fused %s reduction %s", c{1}, func2str (fs{i})), np, nf);
  endfor
endfor

## ---- complex max / min, prod, any, all (device reductions) ------------------------------
for cls = {"double", "single"}
  c = cls{1};
  t = 8 * eps (c);
  z = cast (rand_complex ([6 40 3], true), c);
  z(:, 1:2:end, :) = conj (z(:, 1:2:end, :));
  z(2, :, :) = repmat (complex (cast (3, c), cast (4, c)) .* [1, -1, 1i, -1i](mod ((1:40) - 1, 4) + 1), [1 1 3]);  # abs ties
  for fn = {"max", "min"}
    f = str2func (fn{1});
    for d = {[], 1, 2, 3, 4}
      if (isempty (d{1}))
        [m, i] = f (gpuArray (z)); [mr, ir] = f (z);
      else
        [m, i] = f (gpuArray (z), [], d{1}); [mr, ir] = f (z, [], d{1});
      endif
      what = sprintf ("%s complex %s dim %s", fn{1}, c, mat2str (d{1}));
      [np, nf] = check (gather (m), mr, 0, what, np, nf);
      [np, nf] = check (gather (i), ir, 0, [what " index"], np, nf);
    endfor
    [np, nf] = check (gather (f (gpuArray (z), [], "all")), f (z(:)), 0, [fn{1} " all " c], np, nf);  # MATLAB's "all"
    big = cast (rand_complex ([1 70000], false), c);
    [m, i] = f (gpuArray (big)); [mr, ir] = f (big);
    [np, nf] = check (gather (m), mr, 0, [fn{1} " long " c], np, nf);
    [np, nf] = check (gather (i), ir, 0, [fn{1} " long index " c], np, nf);
    ## (finite values: Octave's scan picks an element with an Inf and a NaN part, abs
    ## Inf, unless it leads its column, which a tree reduction cannot follow)
    zf = z; zf(! isfinite (zf)) = 1;
    [np, nf] = check (gather (f (gpuArray (zf) .* 2i)), f (zf .* 2i), t, [fn{1} " fused " c], np, nf);
    [np, nf] = check (gather (f (gpuArray (complex (cast ([NaN NaN], c), 0)))), ...
                      f (complex (cast ([NaN NaN], c), 0)), 0, [fn{1} " all NaN " c], np, nf);
    [np, nf] = check (gather (f (gpuArray (cast (zeros (0, 3), c) * 1i))), f (cast (zeros (0, 3), c) * 1i), ...
                      0, [fn{1} " empty " c], np, nf);
    ## two arguments: by abs alone, broadcast, host and gpuArray operands
    w = cast (rand_complex ([6 1], true), c);
    [np, nf] = same (f, {z(:, :, 1), w}, 0, [fn{1} " two complex " c], np, nf);
    [np, nf] = same (f, {z(:, :, 1), real(w)}, 0, [fn{1} " complex, real " c], np, nf);
    [np, nf] = same (f, {cast(2, c), z(:, :, 2)}, 0, [fn{1} " scalar, complex " c], np, nf);
    [np, nf] = same (f, {z(:, :, 1), single(w)}, FS, [fn{1} " with single " c], np, nf);
  endfor
  ## products: tree order on the device, a tolerance
  p = cast (complex (1 + 0.05 * randn (5, 30, 2), 0.05 * randn (5, 30, 2)), c);
  for d = {[], 1, 2, 3}
    if (isempty (d{1}))
      [np, nf] = check (gather (prod (gpuArray (p))), prod (p), 64 * eps (c), ["prod complex " c], np, nf);
    else
      [np, nf] = check (gather (prod (gpuArray (p), d{1})), prod (p, d{1}), 64 * eps (c), ...
                        sprintf ("prod complex %s dim %d", c, d{1}), np, nf);
    endif
  endfor
  q = cast (complex (1 + 1e-4 * randn (1, 50000), 1e-4 * randn (1, 50000)), c);
  [np, nf] = check (gather (prod (gpuArray (q))), prod (q), 1e4 * eps (c), ["prod complex long " c], np, nf);
  [np, nf] = check (gather (prod (gpuArray (p), "double")), prod (p, "double"), 1e3 * eps ("single"), ...
                    ["prod complex 'double' " c], np, nf);
  [np, nf] = check (gather (prod (gpuArray (p) .* (1 + 1i))), prod (p .* (1 + 1i)), 64 * eps (c), ...
                    ["prod complex fused " c], np, nf);
  sp = cast ([complex(NaN, 1), 2, 3i; complex(Inf, 0), 1i, 2; complex(1, 0), complex(2, 0), 1i], c);
  [np, nf] = check (gather (prod (gpuArray (sp), 2)), prod (sp, 2), 4 * eps (c), ["prod specials " c], np, nf);
  [np, nf] = check (gather (prod (gpuArray (complex (cast ([2 3], c), 0)))), prod (complex (cast ([2 3], c), 0)), ...
                    0, ["prod complex (x, 0) " c], np, nf);
  [np, nf] = check (gather (prod (gpuArray (cast (zeros (0, 2), c) * 1i))), prod (cast (zeros (0, 2), c) * 1i), 0, ...
                    ["prod empty " c], np, nf);
  ## any / all: an element with a NaN part is NaN; all counts NaN true but over short strided runs
  for n = [2 8 9 20]
    a = cast (complex (randi ([0 1], 5, n), randi ([0 1], 5, n) .* (rand (5, n) > 0.7)), c);
    a(2, :) = complex (NaN, 0); a(3, :) = complex (0, NaN); a(4, 1:2:end) = complex (NaN, 1);
    a(5, :) = complex (cast (1, c), 0);
    for d = {1, 2}
      for fn = {@any, @all}
        [np, nf] = check (gather (fn{1} (gpuArray (a), d{1})), fn{1} (a, d{1}), 0, ...
                          sprintf ("%s complex %s n %d dim %d", func2str (fn{1}), c, n, d{1}), np, nf);
        [np, nf] = check (gather (fn{1} (gpuArray (real (a)), d{1})), fn{1} (real (a), d{1}), 0, ...
                          sprintf ("%s real %s n %d dim %d", func2str (fn{1}), c, n, d{1}), np, nf);
      endfor
    endfor
  endfor
  a3 = cast (complex (randi ([0 1], 3, 4, 10), 0) + 1i * (rand (3, 4, 10) > 0.5), c);
  a3(1, 2, :) = NaN;
  for d = {1, 2, 3}
    [np, nf] = check (gather (any (gpuArray (a3), d{1})), any (a3, d{1}), 0, sprintf ("any N-d dim %d", d{1}), np, nf);
    [np, nf] = check (gather (all (gpuArray (a3), d{1})), all (a3, d{1}), 0, sprintf ("all N-d dim %d", d{1}), np, nf);
  endfor
  [np, nf] = check (gather (any (gpuArray (a3) .* 0)), any (a3 .* 0), 0, ["any fused " c], np, nf);
  [np, nf] = check (gather (all (gpuArray (cast ([], c) * 1i))), all (cast ([], c) * 1i), 0, ["all empty " c], np, nf);
endfor

## ---- complex expm1 and log1p; erf, erfc; the functions Octave refuses -------------------
for cls = {"double", "single"}
  c = cls{1};
  t = 64 * eps (c);
  z = cast (rand_complex ([8 9], true), c);
  z(1, 1:6) = cast ([0.1+0.2i, -0.3-0.45i, 1e-9+1e-9i, 0.6i, complex(-2, -0), complex(-1, 0)], c);
  ## the real part exp (x) cos (y) - 1 cancels where cos (y) is near 1 (y near 2 pi k):
  ## there the error is relative to exp (x), the terms' size, not to the result
  sc = max (abs (expm1 (double (z))), abs (exp (double (z))));
  [np, nf] = same (@expm1, {z}, {t, sc}, ["expm1 complex " c], np, nf);
  [np, nf] = same (@log1p, {z}, t, ["log1p complex " c], np, nf);
  [np, nf] = same (@(x) expm1 (x .* 0.01), {z}, t, ["expm1 small fused " c], np, nf);
  [np, nf] = same (@log1p, {complex(cast([-3 0.5 2], c), 0)}, t, ["log1p complex (x, 0) " c], np, nf);
  [np, nf] = same (@expm1, {complex(cast([-3 0.5 2], c), 0)}, t, ["expm1 complex (x, 0) " c], np, nf);
  [np, nf] = same (@log1p, {cast([-3 -1 -0.5 0 -0 2 NaN -Inf Inf], c)}, t, ["log1p real to complex " c], np, nf);
  [np, nf] = same (@expm1, {cast(zeros(0, 2), c) * 1i}, 0, ["expm1 empty " c], np, nf);
  ## the Faddeeva functions on the device (test/octave/test_faddeeva.m sweeps them);
  ## erf's 1 - exp (-z^2) w (iz) may amplify a few ulp of w by ~100 (that file says why)
  tf = 256 * eps (c) * strcmp (c, "double") + 2 * eps (c) * strcmp (c, "single");
  [np, nf] = same (@erf, {z(2:end, :)}, tf, ["erf complex " c], np, nf);
  [np, nf] = same (@erfc, {z(2:end, :)}, tf, ["erfc complex " c], np, nf);
  [np, nf] = same (@erfcx, {z(2:end, :)}, tf, ["erfcx complex " c], np, nf);
  [np, nf] = same (@erfcx, {real(z(2:end, :))}, tf, ["erfcx real " c], np, nf);
  [np, nf] = same (@(x) erf (x) .* 2 + 1, {z(2:end, :)}, tf, ["erf complex fused " c], np, nf);
  [np, nf] = same (@erfc, {complex(cast([-3 0.5 2 -0], c), 0)}, tf, ["erfc complex (x, 0) " c], np, nf);
  [np, nf] = same (@erfcx, {cast(zeros(0, 2), c) * 1i}, 0, ["erfcx empty " c], np, nf);
  for f = {@gamma, @gammaln, @lgamma, @erfinv, @erfcinv}
    for v = {cast(1i, c), cast([1i 2], c)}
      [np, nf] = check_error (@(g) f{1} (on_gpu_ (v{1}, g)), sprintf ("%s of complex %s", func2str (f{1}), c), np, nf);
    endfor
  endfor
endfor

## ---- hypot with complex arguments ----------------------------------------------------
for cls = {"double", "single"}
  c = cls{1};
  z = cast (rand_complex ([5 4], true), c);
  w = cast (rand_complex ([5 1], true), c);
  t = 4 * eps (c);
  [np, nf] = same (@hypot, {z, w}, t, ["hypot complex " c], np, nf);
  [np, nf] = same (@hypot, {z, real(w)}, t, ["hypot complex, real " c], np, nf);
  [np, nf] = same (@hypot, {real(z), w.'}, t, ["hypot real, complex broadcast " c], np, nf);
  [np, nf] = same (@hypot, {z, 3}, t, ["hypot complex, scalar " c], np, nf);
  [np, nf] = same (@hypot, {complex(cast([3 -0], c), 0), cast(4, c)}, t, ["hypot complex (x, 0) " c], np, nf);
  [np, nf] = same (@(a, b) hypot (a, b, 2i), {z, w}, t, ["hypot three " c], np, nf);
  [np, nf] = same (@hypot, {z(:, []), 1i}, 0, ["hypot empty " c], np, nf);
endfor
[np, nf] = same (@hypot, {3i, int8(4)}, 0, "hypot complex, int8", np, nf);
[np, nf] = same (@hypot, {single(3i), 4}, 0, "hypot single complex, double", np, nf);
[np, nf] = same (@hypot, {true, 1i}, 0, "hypot logical, complex", np, nf);

## ---- rounding of large magnitudes ----------------------------------------------------
## Debian 12's Mesa 22.3.6-1+deb12u2 returned doubles of magnitude 2^24 and more
## unchanged from GLSL's trunc: fix, round, rem and conversions to integers went wrong
## there (shaders/ga_common.glsl's ga_trunc says how it is avoided)
for cls = {"double", "single"}
  c = cls{1};
  e = [1 20 23 24 25 30 31 40 51 52 53];
  v = [2.^e + 0.5, 2.^e + 0.7, 2.^e - 0.5, 2.^e + 1.5, 2.^e + 0.25];
  v = cast ([v, -v, -0, 0.5, -0.5, 1e300, -Inf, Inf, NaN, 1e9 + 0.5 + rand(1, 16) * 1e6], c);
  v(end+1:end+20) = cast ((rand (1, 20) - 0.5) * 2^((c(1) == "d") * 30 + 20), c);
  for f = {@fix, @round, @floor, @ceil, @(x) rem (x, 3), @(x) mod (x, 3), @int32, @int64, @uint32, @uint64}
    [np, nf] = same (f{1}, {v}, 0, sprintf ("%s of large values %s", func2str (f{1}), c), np, nf);
  endfor
  z = complex (v, fliplr (v));
  for f = {@fix, @round}
    [np, nf] = same (f{1}, {z}, 0, sprintf ("%s of large values complex %s", func2str (f{1}), c), np, nf);
  endfor
endfor
[np, nf] = same (@(x, y) x + y, {int32([1011565077 -5 2147483000]), [0.5 0.5 0.7]}, 0, "int32 + double ties", np, nf);
[np, nf] = same (@(x, y) x ./ y, {int32([1e9+1 -1e9-1 7]), int32(2)}, 0, "int32 ./ int32 ties", np, nf);
## the same Mesa rounds double ties down in roundEven (17.5 -> 17): single results that
## land on a subnormal tie (computed in double where the device flushes single
## subnormals) must round to even, both ways and both signs
k = single ([(0:63) + 0.5, (2^22 - 8:2^22) + 0.5, 0.25, 0.75]);
k = [k, -k];
[np, nf] = same (@(x, y) x .* y, {k, single(2^-149)}, 0, "subnormal single ties of x .* y", np, nf);
[np, nf] = same (@(x, y) x ./ y, {k, single(2^149)}, 0, "subnormal single ties of x ./ y", np, nf);
[np, nf] = same (@(x, y) x .* y, {single(0.480108678), single(realmin("single"))}, 0, "subnormal single product tie", np, nf);

## ---- bitshift (A, K, N) ------------------------------------------------------------
for cls = [ints, {"double", "single"}]
  c = cls{1};
  if (any (strcmp (c, {"double", "single"})))
    a = cast ([-100 -10 -1 -0 0 1 10 100 2^20 5; 7 3 2 1 0 9 8 6 4 2], c);
  else
    a = [intmin(c) cast([-100 -10 -1 0 1 10 100], c) intmax(c) cast(5, c); cast(7:-1:-2, c)];
  endif
  for n = [0 1 3 7 8 16 24 31 53 63 64 100]
    [np, nf] = same (@(x, k) bitshift (x, k, n), {a, [-2; 3]}, 0, sprintf ("bitshift %s N %d", c, n), np, nf);
  endfor
  k = reshape (-4:15, 2, 10);
  [np, nf] = same (@(x, kk) bitshift (x, kk, 6), {a, k}, 0, ["bitshift array K " c], np, nf);
  [np, nf] = same (@(x, kk) bitshift (x, kk, 5), {a(1, 3), k}, 0, ["bitshift scalar A " c], np, nf);
  [np, nf] = same (@(x, kk) bitshift (x, kk, 4), {cast(zeros(0, 2), c), 1}, 0, ["bitshift empty " c], np, nf);
  [np, nf] = same (@(x, kk) bitshift (x, kk, 4), {reshape(a, 2, 5, 2), 1}, 0, ["bitshift N-d " c], np, nf);
endfor
for nn = {-1, 1.5, 2.5, [1 2], NaN, Inf, [], true, int8(3), 3i}
  [np, nf] = same (@(x, k) bitshift (x, k, nn{1}), {[10 20], 1}, 0, ["bitshift N = " disp_(nn{1})], np, nf);
endfor
[np, nf] = same (@(x, k) bitshift (x, k, 3), {[10 20], 1.5}, 0, "bitshift K not integer", np, nf);
[np, nf] = same (@(x, k) bitshift (x, k, 3), {true, 1}, 0, "bitshift logical", np, nf);

## ---- gammaln / lgamma of negative reals --------------------------------------------
for cls = {"double", "single"}
  c = cls{1};
  t = 64 * eps (c);
  x = cast ([-0.5 -2.5 -1.5 -3.7 -0 0 1 -1 -2 -Inf Inf NaN -1e-30 -100.5 -101.5 5 0.5], c);
  for f = {@gammaln, @lgamma}
    [np, nf] = same (f{1}, {x}, t, sprintf ("%s negative %s", func2str (f{1}), c), np, nf);
    [np, nf] = same (f{1}, {abs(x)}, t, sprintf ("%s stays real %s", func2str (f{1}), c), np, nf);
    [np, nf] = same (f{1}, {reshape(x(1:16), 2, 4, 2)}, t, sprintf ("%s N-d %s", func2str (f{1}), c), np, nf);
    [np, nf] = same (f{1}, {cast(-1.5, c)}, t, sprintf ("%s of -1.5 %s", func2str (f{1}), c), np, nf);
    [np, nf] = same (f{1}, {cast(-0.5, c)}, t, sprintf ("%s of -0.5 %s", func2str (f{1}), c), np, nf);
    [np, nf] = same (f{1}, {cast(zeros(0, 3), c)}, t, sprintf ("%s empty %s", func2str (f{1}), c), np, nf);
  endfor
  [np, nf] = same (@(y) gammaln (y - 3), {cast([0.5 2.5 4], c)}, t, ["gammaln fused " c], np, nf);
endfor
[np, nf] = same (@gammaln, {int8([-1 0 3])}, 0, "gammaln int8", np, nf);
x = -20 + 40 * rand (1, 500);
[np, nf] = same (@gammaln, {x}, 1e-12, "gammaln random", np, nf);

## ---- short reductions along dimension 1 with many results -------------------------
## (a thread per result where columns are short and many, read through shared memory in
## one pass (1 to 16 rows here) or by the strided kernel in slices (255 rows), a workgroup
## per result where they are long or few: src/core/ga_vk_kernels.c; every path here)
for cls = {"double", "single", "int32", "uint8", "logical"}
  c = cls{1};
  for m = [1 3 16 255 300 2100]
    a = rand (m, ceil (9000 / m) + 4096, 2) * 10 - 5;
    a(1, 7) = NaN;  a(min (2, m), 9) = -0;  a(m, 11) = Inf;
    if (strcmp (c, "logical"))
      a = a > 0;
    else
      a = cast (a, c);
    endif
    t = 4 * m * eps ("double");
    if (strcmp (c, "single"))
      t = 4 * m * eps ("single");
    endif
    w = sprintf ("%d-row columns, %s", m, c);
    [np, nf] = check (gather (sum (gpuArray (a), 1)), sum (a, 1), {t, sum(abs(double(a)), 1)}, ["sum of " w], np, nf);
    [np, nf] = check (gather (mean (gpuArray (a))), mean (a), {t, mean(abs(double(a)))}, ["mean of " w], np, nf);
    if (! strcmp (c, "logical"))
      [g, gi] = max (gpuArray (a), [], 1);
      [r, ri] = max (a, [], 1);
      [np, nf] = check (gather (g), r, 0, ["max of " w], np, nf);
      [np, nf] = check (gather (gi), ri, 0, ["max index of " w], np, nf);
      [np, nf] = check (gather (min (gpuArray (a) .* 2, [], 1)), min (a .* 2, [], 1), 0, ["min of 2x " w], np, nf);
    endif
    [np, nf] = check (gather (any (gpuArray (a) > 1, 1)), any (a > 1, 1), 0, ["any of " w], np, nf);
    [np, nf] = check (gather (all (gpuArray (a), 1)), all (a, 1), 0, ["all of " w], np, nf);
  endfor
endfor

s = gpuarray_stats ();
printf ("host fallbacks: %d\n", s.host_fallbacks - s0.host_fallbacks);
printf ("provider: %s; Vulkan validation messages: %d\n", gpuDevice ().Provider, s.validation_messages);
if (s.validation_messages > 0)
  nf++;
endif
printf ("%d passed, %d failed\n", np, nf);
exit (nf > 0);
