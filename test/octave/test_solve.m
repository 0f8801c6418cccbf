## Dense linear algebra on gpuArrays against Octave's own: mldivide and mrdivide (LU,
## Cholesky with its LU fallback, triangular, rectangular least squares, singular and
## near-singular systems with their warnings), inv, det, lu, chol, trace, norm. Sizes 1,
## 7, 129, 300 and one 1000, odd shapes, several right-hand sides, single and double,
## host and gpu operand mixes. Small panels (GPUARRAY_SOLVE_NB, set below before the
## first call) make the moderate sizes take every blocked path.
## Tolerances: the residual ||A x - b|| / (||A|| ||x|| n eps) and the distance to Octave's
## x within cond (A) n eps.
## Prints "N passed, N failed" last; exits non-zero on failure.
## Usage: octave-cli test/octave/test_solve.m  (from the repository root, after make)
root = fileparts (fileparts (fileparts (mfilename ("fullpath"))));
addpath (fullfile (root, "inst"));
addpath (fullfile (root, "src"));
if (isempty (getenv ("GPUARRAY_SOLVE_NB")))
  setenv ("GPUARRAY_SOLVE_NB", "32");
endif

1;
function [np, nf] = check (ok, what, np, nf)
  if (ok)
    np++;
  else
    nf++;
    printf ("FAIL: %s\n", what);
  endif
endfunction

## x from the device against Octave's xo for A x = b
function ok = good_solution (A, b, x, xo)
  A = double (A); b = double (b); xd = double (x); xo = double (xo);
  e = eps (class (x));
  n = max (size (A));
  nA = norm (A, 1);
  res = norm (A * xd - b, 1) / (nA * max (norm (xd, 1), realmin) * n * e);
  c = cond (A, 1);
  dist = norm (xd - xo, 1) / max (norm (xo, 1), realmin);
  ok = isequal (size (x), size (xo)) && (res < 10 || dist < 10 * c * n * e);
  if (! ok)
    printf ("  residual ratio %g, distance %g, cond %g\n", res, dist, c);
  endif
endfunction

## the first singular-matrix warning f raises (as an error, so nothing prints)
function [w, id] = run_warn (f)
  w = ""; id = "";
  s = warning ();
  warning ("error", "Octave:singular-matrix");
  warning ("error", "Octave:nearly-singular-matrix");
  try
    f ();
  catch e
    w = e.message; id = e.identifier;
  end_try_catch
  warning (s);
endfunction

function x = quiet (f)
  s = warning ();
  warning ("off", "Octave:singular-matrix");
  warning ("off", "Octave:nearly-singular-matrix");
  x = f ();
  warning (s);
endfunction

np = 0; nf = 0;
t0 = tic;
randn ("seed", 42); rand ("seed", 42);

## ---- square systems of each type, sizes, classes, operand placement --------------------
sizes = [1 7 129 300];
for n = sizes
  for cls = {"double", "single"}
    cls = cls{1};
    R = randn (n);
    mats = {R + n * eye(n) * 0, R * R' + n * eye(n), triu(R) + 3 * sqrt(n) * eye(n), ...
            tril(R) + 3 * sqrt(n) * eye(n), R + R'};       # full, SPD, upper, lower, symmetric indefinite
    names = {"full", "spd", "upper", "lower", "symmetric"};
    for k = 1:numel (mats)
      A = cast (mats{k}, cls);
      nrhs = 1 + mod (n + k, 4);
      b = cast (randn (n, nrhs), cls);
      xo = A \ b;
      for place = 1:3
        switch place
          case 1, x = gpuArray (A) \ gpuArray (b);
          case 2, x = gpuArray (A) \ b;
          case 3, x = A \ gpuArray (b);
        endswitch
        what = sprintf ("mldivide %s %s n=%d place %d", names{k}, cls, n, place);
        [np, nf] = check (isa (x, "gpuArray") && strcmp (classUnderlying (x), cls) && good_solution (A, b, gather (x), xo), what, np, nf);
      endfor
    endfor
  endfor
endfor

## one large system, double and single
A = randn (1000); b = randn (1000, 3);
x = gpuArray (A) \ b;
[np, nf] = check (good_solution (A, b, gather (x), A \ b), "mldivide 1000 double", np, nf);
As = single (A); bs = single (b);
x = gpuArray (As) \ gpuArray (bs);
[np, nf] = check (strcmp (classUnderlying (x), "single") && good_solution (As, bs, gather (x), As \ bs), "mldivide 1000 single", np, nf);

## mixed classes: single wins
A = randn (9); b = single (randn (9, 2));
x = gpuArray (A) \ b;
[np, nf] = check (strcmp (classUnderlying (x), "single") && good_solution (single (A), b, gather (x), A \ b), "mixed class", np, nf);

## ---- mrdivide --------------------------------------------------------------------------
for n = [1 7 129]
  A = randn (n); B = randn (3, n);
  xo = B / A;
  x = gpuArray (B) / gpuArray (A);
  [np, nf] = check (isa (x, "gpuArray") && norm (gather (x) - xo, 1) <= 1e3 * cond (A, 1) * n * eps * norm (xo, 1), sprintf ("mrdivide n=%d", n), np, nf);
  x = B / gpuArray (A);
  [np, nf] = check (norm (gather (x) - xo, 1) <= 1e3 * cond (A, 1) * n * eps * norm (xo, 1), sprintf ("mrdivide host B n=%d", n), np, nf);
endfor

## ---- rectangular: least squares and minimum norm (host QR) ----------------------------
for sz = [20 7; 7 20; 129 30; 5 1; 1 5]'
  A = randn (sz(1), sz(2)); b = randn (sz(1), 2);
  xo = A \ b;
  x = gpuArray (A) \ b;
  [np, nf] = check (norm (gather (x) - xo, 1) <= 1e-10 * max (1, norm (xo, 1)), sprintf ("lstsq %dx%d", sz(1), sz(2)), np, nf);
endfor
A = [1 2 3; 2 4 6]; b = [1; 2];
[np, nf] = check (norm (gather (gpuArray (A) \ b) - A \ b) < 1e-12, "rank-deficient minimum norm", np, nf);

## ---- singular and near-singular: results and warnings -------------------------------
cases = {ones(3), [1; 2; 3]; [1 2; 2 4+1e-15], [1; 1]; zeros(3), [1; 2; 3]; ...
         [1 1 1; 0 0 1; 0 0 1], [1; 2; 3]; triu(ones(3)) - diag([0 1 0]), [1; 1; 1]; ...
         triu(ones(3)) - diag([0 1-1e-17 0]), [1; 1; 1]; [1 2; 3 4] * 1e-300, [1; 1]};
for i = 1:rows (cases)
  A = cases{i, 1}; b = cases{i, 2};
  [wo, ido] = run_warn (@() A \ b);
  xo = quiet (@() A \ b);
  [w, id] = run_warn (@() gpuArray (A) \ b);
  x = gather (quiet (@() gpuArray (A) \ b));
  same_warn = strcmp (id, ido) && strncmp (w, wo, numel ("matrix singular to machine precision"));
  close = isequal (isfinite (x), isfinite (xo)) && norm (x(isfinite (x)) - xo(isfinite (xo)), 1) <= 1e-8 * max (1, norm (xo(isfinite (xo)), 1));
  [np, nf] = check (same_warn && close, sprintf ("singular case %d (warning '%s' want '%s')", i, id, ido), np, nf);
endfor
## single near-singular: single's own threshold
A = single ([1 2; 2 4.0001]);
[wo, ido] = run_warn (@() A \ single ([1; 1]));
[w, id] = run_warn (@() gpuArray (A) \ single ([1; 1]));
[np, nf] = check (strcmp (id, ido), sprintf ("single near-singular warning ('%s' want '%s')", id, ido), np, nf);

## larger singular and near-singular systems (device LU, device condition estimate)
for n = [65 129]
  A = randn (n); A(:, 30) = 0; b = randn (n, 1);
  [wo, ido] = run_warn (@() A \ b);
  [w, id] = run_warn (@() gpuArray (A) \ b);
  xo = quiet (@() A \ b);
  x = gather (quiet (@() gpuArray (A) \ b));
  [np, nf] = check (strcmp (id, ido) && norm (x - xo, 1) <= 1e-8 * norm (xo, 1), sprintf ("exactly singular n=%d ('%s' want '%s')", n, id, ido), np, nf);
  A = randn (n); A(:, 20) = A(:, 19) .* (1 + 1e-15 * randn (n, 1));
  [wo, ido] = run_warn (@() A \ b);
  [w, id] = run_warn (@() gpuArray (A) \ b);
  ro = sscanf (wo(strfind (wo, "rcond = ") + 8:end), "%g");
  r = sscanf (w(strfind (w, "rcond = ") + 8:end), "%g");
  ok = strcmp (id, ido) && strcmp (id, "Octave:nearly-singular-matrix") && isscalar (r) && isscalar (ro) && r / ro < 5 && ro / r < 5;
  [np, nf] = check (ok, sprintf ("nearly singular n=%d: rcond %g, Octave's %g", n, r, ro), np, nf);
endfor
## pivot orders: a dominant matrix's rows dealt out of order, found again exactly
for n = [40 130]
  D = randn (n) + 4 * n * eye (n);
  A = D(mod ((0:n-1) - 17, n) + 1, :);
  [L, U, P] = lu (gpuArray (A));
  [Lo, Uo, Po] = lu (A);
  [np, nf] = check (isequal (gather (P), Po) && norm (gather (L) * gather (U) - Po * A, 1) < 1e-12 * norm (A, 1), sprintf ("lu pivot order n=%d", n), np, nf);
endfor

## ---- inv, det ---------------------------------------------------------------------------
for n = [1 7 129]
  for cls = {"double", "single"}
    A = cast (randn (n) + sqrt (n) * eye (n), cls{1});
    Xi = inv (gpuArray (A));
    tol = 1e2 * cond (double (A), 1) * n * eps (cls{1});
    [np, nf] = check (isa (Xi, "gpuArray") && strcmp (classUnderlying (Xi), cls{1}) && norm (double (gather (Xi)) - inv (double (A)), 1) <= tol * norm (inv (double (A)), 1), sprintf ("inv %s n=%d", cls{1}, n), np, nf);
    d = det (gpuArray (A));
    dref = det (A);   # may overflow single: so must ours
    ok = isa (d, "gpuArray") && strcmp (classUnderlying (d), cls{1});
    if (isinf (dref))
      ok = ok && gather (d) == dref;
    else
      ok = ok && abs (gather (d) - det (double (A))) <= tol * abs (det (double (A)));
    endif
    [np, nf] = check (ok, sprintf ("det %s n=%d", cls{1}, n), np, nf);
  endfor
endfor
[w, id] = run_warn (@() inv (gpuArray (ones (3))));
Xi = gather (quiet (@() inv (gpuArray (ones (3)))));
[np, nf] = check (all (isinf (Xi(:))) && strcmp (id, "Octave:singular-matrix"), "inv singular: Inf and warning", np, nf);
[w, id] = run_warn (@() inv (gpuArray ([1 2; 2 4+1e-15])));
[np, nf] = check (strcmp (id, "Octave:nearly-singular-matrix"), "inv near-singular warning", np, nf);
[np, nf] = check (gather (det (gpuArray (ones (3)))) == det (ones (3)), "det singular", np, nf);
[np, nf] = check (gather (det (gpuArray (zeros (0)))) == 1, "det empty", np, nf);
A = diag (1e200 * ones (1, 3)); A(1, 1) = 1e-300;
[np, nf] = check (abs (gather (det (gpuArray (A))) / det (A) - 1) < 1e-12, "det without intermediate overflow", np, nf);
try
  inv (gpuArray (ones (2, 3)));
  [np, nf] = check (false, "inv non-square error", np, nf);
catch e
  [np, nf] = check (strcmp (e.message, "inverse: A must be a square matrix"), ["inv non-square: " e.message], np, nf);
end_try_catch

## ---- lu ---------------------------------------------------------------------------------
for sz = [7 7; 129 129; 300 300; 9 5; 5 9; 100 40]'
  A = randn (sz(1), sz(2));
  [L, U, P] = lu (gpuArray (A));
  [Lo, Uo, Po] = lu (A);
  tol = 1e3 * eps * max (sz);
  [np, nf] = check (isequal (gather (P), Po) && norm (gather (L) - Lo, 1) <= tol * norm (Lo, 1) && norm (gather (U) - Uo, 1) <= tol * norm (Uo, 1), sprintf ("lu %dx%d", sz(1), sz(2)), np, nf);
  [L2, U2] = lu (gpuArray (A));
  [Lo2, Uo2] = lu (A);
  [np, nf] = check (norm (gather (L2) - Lo2, 1) <= tol * norm (Lo2, 1), sprintf ("lu 2 outputs %dx%d", sz(1), sz(2)), np, nf);
  [L3, U3, p3] = lu (gpuArray (A), "vector");
  [Lo3, Uo3, po3] = lu (A, "vector");
  [np, nf] = check (isequal (gather (p3), po3), sprintf ("lu vector %dx%d", sz(1), sz(2)), np, nf);
  Y = lu (gpuArray (A));
  [np, nf] = check (norm (gather (Y) - lu (A), 1) <= tol * norm (lu (A), 1), sprintf ("lu packed %dx%d", sz(1), sz(2)), np, nf);
endfor

## ---- chol --------------------------------------------------------------------------------
for n = [1 7 129 300]
  for cls = {"double", "single"}
    R0 = randn (n);
    A = cast (R0 * R0' + n * eye (n), cls{1});
    R = chol (gpuArray (A));
    Ro = chol (A);
    tol = 1e2 * n * eps (cls{1});
    [np, nf] = check (strcmp (classUnderlying (R), cls{1}) && norm (double (gather (R)) - double (Ro), 1) <= tol * norm (double (Ro), 1), sprintf ("chol %s n=%d", cls{1}, n), np, nf);
    L = chol (gpuArray (A), "lower");
    [np, nf] = check (norm (double (gather (L)) - double (chol (A, "lower")), 1) <= tol * norm (double (Ro), 1), sprintf ("chol lower %s n=%d", cls{1}, n), np, nf);
  endfor
endfor
A = [4 2 1; 2 1 3; 1 3 9];
[R, p] = chol (gpuArray (A));
[Ro, po] = chol (A);
[np, nf] = check (p == po && norm (gather (R) - Ro) < 1e-12, "chol [R, p] not positive definite", np, nf);
try
  chol (gpuArray ([1 2; 2 1]));
  [np, nf] = check (false, "chol error", np, nf);
catch e
  [np, nf] = check (strcmp (e.message, "chol: input matrix must be positive definite"), ["chol error: " e.message], np, nf);
end_try_catch
## the upper triangle is what chol reads
A = [4 2; 100 3];
[np, nf] = check (norm (gather (chol (gpuArray (A))) - chol (A)) < 1e-12, "chol reads the upper triangle", np, nf);

## ---- trace, norm ----------------------------------------------------------------------------
A = randn (7);
[np, nf] = check (isa (trace (gpuArray (A)), "gpuArray") && abs (gather (trace (gpuArray (A))) - trace (A)) < 1e-12, "trace", np, nf);
[np, nf] = check (gather (trace (gpuArray ([3 2 1]))) == trace ([3 2 1]), "trace vector", np, nf);
v = randn (1, 50);
ps = {1, 2, Inf, -Inf, 3, "fro"};
for i = 1:numel (ps)
  r = norm (gpuArray (v), ps{i});
  [np, nf] = check (isa (r, "gpuArray") && abs (gather (r) - norm (v, ps{i})) < 1e-12 * norm (v, ps{i}), sprintf ("vector norm %s", num2str (ps{i})), np, nf);
endfor
ps = {1, 2, Inf, "fro", "inf"};
for i = 1:numel (ps)
  r = norm (gpuArray (A), ps{i});
  [np, nf] = check (isa (r, "gpuArray") && abs (gather (r) - norm (A, ps{i})) < 1e-12 * norm (A, ps{i}), sprintf ("matrix norm %s", num2str (ps{i})), np, nf);
endfor
[np, nf] = check (strcmp (classUnderlying (norm (gpuArray (single (v)))), "single"), "norm single class", np, nf);
[np, nf] = check (gather (norm (gpuArray ([1e200 1e200]))) == norm ([1e200 1e200]), "norm without overflow", np, nf);

## ---- errors and empties --------------------------------------------------------------------
try
  gpuArray ([1 2; 3 4]) \ [1 2 3];
  [np, nf] = check (false, "mldivide nonconformant", np, nf);
catch e
  [np, nf] = check (strcmp (e.message, "operator \\: nonconformant arguments (op1 is 2x2, op2 is 1x3)"), ["mldivide nonconformant: " e.message], np, nf);
end_try_catch
try
  gpuArray ([1 2; 3 4]) / [1 2 3];
  [np, nf] = check (false, "mrdivide nonconformant", np, nf);
catch e
  [np, nf] = check (strcmp (e.message, "operator /: nonconformant arguments (op1 is 2x2, op2 is 1x3)"), ["mrdivide nonconformant: " e.message], np, nf);
end_try_catch
[np, nf] = check (isequal (size (gpuArray (zeros (0, 3)) \ zeros (0, 2)), [3 2]) && all (gather (gpuArray (zeros (0, 3)) \ zeros (0, 2))(:) == 0), "empty mldivide", np, nf);

st = gpuarray_stats ();
[np, nf] = check (st.validation_messages == 0, sprintf ("validation messages: %d", st.validation_messages), np, nf);
printf ("test_solve: %.1f s\n", toc (t0));
printf ("%d passed, %d failed\n", np, nf);
if (nf > 0)
  exit (1);
endif
