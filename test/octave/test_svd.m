## svd, norm (A, 2) and cond of gpuArrays against Octave's own (src/core/ga_svd.c: one-sided
## Jacobi on the device): s = svd (A), [U, S, V] = svd (A), the "econ" and 0 forms, real
## and complex, empty,
## scalar and vector inputs, rank-deficient and zero matrices, graded columns (high
## relative accuracy), Inf and NaN, integer inputs, double and single. Fresh random inputs
## each run (the seed is printed, GA_TEST_SEED repeats one).
## Tolerances: singular values within c max(m,n) eps(class) s(1) of Octave's; vectors by
## reconstruction ||U S V' - A||, orthonormality ||U'U - I||, ||V'V - I||, and, for well
## separated singular values, |U(:,j)' Uoct(:,j)| ~ 1 (signs may differ from LAPACK's).
## Prints "N passed, N failed" last; exits non-zero on failure.
## Usage: octave-cli test/octave/test_svd.m  (from the repository root, after make)
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

## the diagonal of a matrix of any shape (diag of a row would build a matrix)
function d = dg (X)
  X = full (X);
  k = min (size (X));
  d = X(sub2ind (size (X), 1:k, 1:k))(:);
endfunction

## a gpuArray of the class (complex allowed: U and V of complex matrices)
function ok = is_gpu (x, cls)
  ok = isa (x, "gpuArray") && strcmp (classUnderlying (x), cls);
endfunction

## singular values close to Octave's, as a gpuArray column of the class
function ok = good_values (s, so, cls, m, n)
  sd = double (gather (s));
  tol = 4 * max (m, n) * eps (cls) * max ([so(:); realmin]);
  ok = is_gpu (s, cls) && isreal (sd) && isequal (size (sd), size (so)) && all (abs (sd - so) <= tol);
  if (! ok)
    printf ("  size %s, largest difference %g (tolerance %g)\n", mat2str (size (sd)), max (abs (sd(:) - so(:))), tol);
  endif
endfunction

## U S V' = A with orthonormal U and V of Octave's sizes, S diagonal and descending
function ok = good_vectors (U, S, V, A, Uo, So, Vo, cls)
  [m, n] = size (A);
  e = 8 * max ([m, n, 1]) * eps (cls);
  Ud = double (gather (U)); Sd = double (gather (S)); Vd = double (gather (V)); Ad = double (A);
  s1 = max ([dg(So); realmin]);
  ok = is_gpu (U, cls) && is_gpu (S, cls) && isreal (Sd) && is_gpu (V, cls) && isequal (size (Ud), size (Uo)) ...
       && isequal (size (Sd), size (So)) && isequal (size (Vd), size (Vo));
  if (! ok)
    printf ("  sizes U %s S %s V %s, want %s %s %s\n", mat2str (size (Ud)), mat2str (size (Sd)), mat2str (size (Vd)), ...
            mat2str (size (Uo)), mat2str (size (So)), mat2str (size (Vo)));
    return;
  endif
  rec = norm (Ud * Sd * Vd' - Ad) / s1;
  ou = norm (Ud' * Ud - eye (columns (Ud)));
  ov = norm (Vd' * Vd - eye (columns (Vd)));
  sd = dg (Sd);
  D = zeros (size (Sd));
  D(sub2ind (size (D), 1:numel (sd), 1:numel (sd))) = sd;
  offd = norm (Sd - D);
  ok = rec < e && ou < e && ov < e && all (diff (sd) <= 0) && all (sd >= 0) && offd == 0;
  ## well separated singular values: the same singular vectors up to sign
  so = dg (So);
  k = numel (so);
  for j = 1:k
    gap = min (abs (so(j) - so([1:j-1, j+1:k])));
    if (isempty (gap))
      gap = so(j);
    endif
    if (gap > 0.01 * s1 && so(j) > 0.01 * s1)
      d = abs (Ud(:, j)' * double (Uo(:, j)));
      if (abs (1 - d) > 100 * e * s1 / gap)
        printf ("  column %d: |u' uo| = %.17g (gap %g)\n", j, d, gap / s1);
        ok = false;
      endif
    endif
  endfor
  if (! ok)
    printf ("  reconstruction %g, U'U - I %g, V'V - I %g (tolerance %g)\n", rec, ou, ov, e);
  endif
endfunction

np = 0; nf = 0;
t0 = tic;
seed = str2double (getenv ("GA_TEST_SEED"));
if (isnan (seed))
  seed = floor (rem (now * 86400e3, 2^31));
endif
printf ("test_svd: seed %d\n", seed);
randn ("seed", seed); rand ("seed", seed);
st0 = gpuarray_stats ();

## ---- random matrices of each shape: values, full and economy vectors ------------------
sizes = {[1 1], [7 7], [1 5], [6 1], [64 33], [33 64], [129 129], [300 200]};
for cls = {"double", "single"}
  cls = cls{1};
  for k = 1:numel (sizes)
    sz = sizes{k}; m = sz(1); n = sz(2);
    A = cast (randn (m, n), cls);
    G = gpuArray (A);
    so = double (svd (double (A)));
    what = sprintf ("%s %dx%d", cls, m, n);
    [np, nf] = check (good_values (svd (G), so, cls, m, n), ["svd values " what], np, nf);
    [U, S, V] = svd (G);
    [Uo, So, Vo] = svd (double (A));
    [np, nf] = check (good_vectors (U, S, V, A, Uo, So, Vo, cls), ["svd vectors " what], np, nf);
    if (m * n < 1e4)
      [U, S, V] = svd (G, "econ");
      [Uo, So, Vo] = svd (double (A), "econ");
      [np, nf] = check (good_vectors (U, S, V, A, Uo, So, Vo, cls), ["svd econ " what], np, nf);
      [U, S, V] = svd (G, 0);
      [Uo, So, Vo] = svd (double (A), 0);
      [np, nf] = check (good_vectors (U, S, V, A, Uo, So, Vo, cls), ["svd 0 " what], np, nf);
    endif
  endfor
endfor

## ---- complex matrices (the same kernel, with a_p^H a_q and a phase) ----------------------
for cls = {"double", "single"}
  cls = cls{1};
  for sz = {[1 1], [9 9], [1 4], [5 1], [40 23], [23 40]}
    m = sz{1}(1); n = sz{1}(2);
    A = cast (complex (randn (m, n), randn (m, n)), cls);
    G = gpuArray (A);
    so = svd (double (A));
    what = sprintf ("complex %s %dx%d", cls, m, n);
    [np, nf] = check (good_values (svd (G), so, cls, m, n), ["svd values " what], np, nf);
    [U, S, V] = svd (G);
    [Uo, So, Vo] = svd (double (A));
    [np, nf] = check (good_vectors (U, S, V, A, Uo, So, Vo, cls), ["svd vectors " what], np, nf);
    [U, S, V] = svd (G, "econ");
    [Uo, So, Vo] = svd (double (A), "econ");
    [np, nf] = check (good_vectors (U, S, V, A, Uo, So, Vo, cls), ["svd econ " what], np, nf);
    r = norm (G);
    [np, nf] = check (is_gpu (r, cls) && abs (double (gather (r)) - so(1)) <= 4 * max (m, n) * eps (cls) * so(1), ["norm " what], np, nf);
  endfor
  ## rank-deficient, and all-real values in a complex array (Octave narrows U and V)
  A = cast (complex (randn (20, 4), randn (20, 4)) * complex (randn (4, 12), randn (4, 12)), cls);
  [U, S, V] = svd (gpuArray (A));
  [Uo, So, Vo] = svd (double (A));
  [np, nf] = check (good_vectors (U, S, V, A, Uo, So, Vo, cls), ["complex rank 4 " cls], np, nf);
  [U, S, V] = svd (gpuArray (complex (cast ([3 0; 0 4], cls))));
  [np, nf] = check (isreal (gather (U)) && isreal (gather (V)) && isequal (gather (S), cast ([4 0; 0 3], cls)), ...
                    ["complex narrowed " cls], np, nf);
endfor

## ---- rank-deficient, zero and graded matrices --------------------------------------------
for cls = {"double", "single"}
  cls = cls{1};
  A = cast (randn (50, 10) * randn (10, 40), cls);   # rank 10
  so = svd (double (A));
  [np, nf] = check (good_values (svd (gpuArray (A)), so, cls, 50, 40), ["rank 10 values " cls], np, nf);
  [U, S, V] = svd (gpuArray (A));
  [Uo, So, Vo] = svd (double (A));
  [np, nf] = check (good_vectors (U, S, V, A, Uo, So, Vo, cls), ["rank 10 vectors " cls], np, nf);
  A = cast (randn (30, 3), cls);
  A = [A, A(:, 1) + A(:, 2), zeros(30, 2)];   # two zero columns and a dependent one
  [U, S, V] = svd (gpuArray (A'), "econ");
  [Uo, So, Vo] = svd (double (A'), "econ");
  [np, nf] = check (good_vectors (U, S, V, A', Uo, So, Vo, cls), ["dependent and zero columns " cls], np, nf);
  for sz = {[5 3], [3 5], [4 4]}
    Z = zeros (sz{1}, cls);
    [U, S, V] = svd (gpuArray (Z));
    [Uo, So, Vo] = svd (double (Z));
    [np, nf] = check (good_vectors (U, S, V, Z, Uo, So, Vo, cls) && all (gather (svd (gpuArray (Z))) == 0), ...
                      sprintf ("zero %dx%d %s", sz{1}, cls), np, nf);
  endfor
endfor
## graded columns of an orthonormal matrix: the singular values are the scales, known to
## high relative accuracy; one-sided Jacobi keeps it (LAPACK's bidiagonalisation only
## gives the small ones to eps * s(1))
[Q, ~] = qr (randn (40, 12), 0);
for cls = {"double", "single"}
  cls = cls{1};
  if (strcmp (cls, "double"))
    d = 10 .^ -(0:2:22);
  else
    d = 10 .^ -(0:11);
  endif
  A = cast (Q * diag (d), cls);
  s = double (gather (svd (gpuArray (A))));
  rel = max (abs (s - sort (d', "descend")) ./ sort (d', "descend"));
  [np, nf] = check (rel < 100 * eps (cls), sprintf ("graded %s: relative error %g", cls, rel), np, nf);
  ## far from 1 (squares would overflow): scaled by a power of two on the way
  f = 2 ^ (600 - 530 * strcmp (cls, "single"));
  s = double (gather (svd (gpuArray (A * f))));
  want = sort (d', "descend") * f;
  [np, nf] = check (max (abs (s - want) ./ want) < 100 * eps (cls), ["graded, scaled " cls], np, nf);
endfor

## a column whose squares underflow (parallel to another): U stays orthonormal; values
## of very small or large matrices (scaled by a power of two on the way)
for cls = {"double", "single"}
  cls = cls{1};
  t = 1e-170 * strcmp (cls, "double") + 1e-25 * strcmp (cls, "single");
  A = cast ([1 t 0.5; 1 t -0.5; 0 0 1; 2 2*t 0], cls);
  [U, S, V] = svd (gpuArray (A));
  [Uo, So, Vo] = svd (double (A));
  [np, nf] = check (good_vectors (U, S, V, A, Uo, So, Vo, cls), ["underflowing column " cls], np, nf);
  for f = [1e-30 1e30]
    A = cast (f * randn (6, 4), cls);
    so = svd (double (A));
    s = double (gather (svd (gpuArray (A))));
    [np, nf] = check (max (abs (s - so) ./ so) < 100 * eps (cls), sprintf ("%s times %g", cls, f), np, nf);
  endfor
endfor

## ---- empty, scalar, integer, Inf and NaN ---------------------------------------------------
for sz = {[0 3], [3 0], [0 0]}
  Z = zeros (sz{1});
  so = svd (Z); s = svd (gpuArray (Z));
  ok = is_gpu (s, "double") && isequal (size (s), size (so));
  [U, S, V] = svd (gpuArray (Z)); [Uo, So, Vo] = svd (Z);
  ok = ok && isequal (gather (U), Uo) && isequal (gather (S), full (So)) && isequal (gather (V), Vo);
  [U, S, V] = svd (gpuArray (Z), "econ"); [Uo, So, Vo] = svd (Z, "econ");
  ok = ok && isequal (size (U), size (Uo)) && isequal (size (S), size (So)) && isequal (size (V), size (Vo));
  [np, nf] = check (ok, sprintf ("empty %dx%d", sz{1}), np, nf);
endfor
[np, nf] = check (gather (svd (gpuArray (-3))) == 3, "svd of a scalar", np, nf);
[np, nf] = check (is_gpu (svd (gpuArray (int32 ([3 0; 0 4]))), "double") && isequal (gather (svd (gpuArray (int32 ([3 0; 0 4])))), [4; 3]), ...
                  "svd of int32", np, nf);
for X = {[1 NaN; 2 3], [1 2; Inf 3]}
  try
    svd (gpuArray (X{1}));
    [np, nf] = check (false, "svd of Inf/NaN: no error", np, nf);
  catch e
    [np, nf] = check (strcmp (e.message, "svd: cannot take SVD of matrix containing Inf or NaN values"), ["svd error: " e.message], np, nf);
  end_try_catch
  [np, nf] = check (isnan (gather (norm (gpuArray (X{1})))) && isnan (norm (X{1})), "norm of Inf/NaN is NaN", np, nf);
  try
    cond (gpuArray (X{1}));
    [np, nf] = check (false, "cond of Inf/NaN: no error", np, nf);
  catch e
    [np, nf] = check (strcmp (e.message, "cond: A must not contain Inf or NaN values"), ["cond error: " e.message], np, nf);
  end_try_catch
endfor
try
  svd (gpuArray (ones (2, 2, 2)));
  [np, nf] = check (false, "svd of 3-D: no error", np, nf);
catch e
  [np, nf] = check (strcmp (e.message, "svd: A must be a 2-D matrix"), ["svd 3-D error: " e.message], np, nf);
end_try_catch

## ---- norm (A), norm (A, 2) and cond --------------------------------------------------------
for cls = {"double", "single"}
  cls = cls{1};
  for sz = {[7 7], [64 33], [33 64], [300 200]}
    if (strcmp (cls, "single") && sz{1}(1) == 300)
      continue;   # time on lavapipe: the large one in double only
    endif
    A = cast (randn (sz{1}), cls);
    G = gpuArray (A);
    s0 = gpuarray_stats ();
    r = norm (G); r2 = norm (G, 2);
    s1 = gpuarray_stats ();
    want = norm (double (A));
    tol = 4 * max (sz{1}) * eps (cls) * want;
    ok = is_gpu (r, cls) && is_gpu (r2, cls) && abs (double (gather (r)) - want) <= tol && gather (r) == gather (r2);
    ## no gather of the matrix: only the singular values and a few words come back
    ok = ok && s1.bytes_downloaded - s0.bytes_downloaded < 2 * (8 * min (sz{1}) + 1024);   # two svds
    [np, nf] = check (ok, sprintf ("norm %s %dx%d", cls, sz{1}), np, nf);
    c = cond (G); co = cond (double (A));
    [np, nf] = check (is_gpu (c, cls) && abs (double (gather (c)) - co) <= 8 * max (sz{1}) * eps (cls) * co * co, ...
                      sprintf ("cond %s %dx%d: %g against %g", cls, sz{1}, gather (c), co), np, nf);
  endfor
  [np, nf] = check (gather (cond (gpuArray (cast ([1 2; 2 4], cls)))) == Inf, ["cond singular " cls], np, nf);
  [np, nf] = check (gather (cond (gpuArray (zeros (3, cls)))) == Inf, ["cond zero " cls], np, nf);
  A = cast ([4 1 2; 1 5 3; 2 3 6], cls);
  [np, nf] = check (abs (gather (cond (gpuArray (A), 1)) - cond (A, 1)) < 1e-4 * cond (A, 1), ["cond 1-norm " cls], np, nf);
endfor
[np, nf] = check (gather (cond (gpuArray ([]))) == 0 && gather (cond (gpuArray (zeros (0, 3)))) == 0, "cond of empty", np, nf);
[np, nf] = check (gather (norm (gpuArray (zeros (0, 3)))) == 0, "norm of empty", np, nf);

st = gpuarray_stats ();
[np, nf] = check (st.validation_messages == 0, sprintf ("validation messages: %d", st.validation_messages), np, nf);
[np, nf] = check (st.host_fallbacks == st0.host_fallbacks, sprintf ("host fallbacks: %d", st.host_fallbacks - st0.host_fallbacks), np, nf);
printf ("test_svd: %.1f s\n", toc (t0));
printf ("%d passed, %d failed\n", np, nf);
if (nf > 0)
  exit (1);
endif
