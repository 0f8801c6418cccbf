## qr of gpuArrays against Octave's own: every full-matrix form of Octave 7.3 (X = qr (A),
## [Q, R] = qr (A), qr (A, 0), [Q, R, P] = qr (A) with P a matrix, and with 0 or "vector"
## a row), Octave's errors ("econ" is not an option in 7.3), real double and single on
## the device (blocked, with small panels too through GPUARRAY_QR_NB in a second run of
## the sizes), complex double and single on the host. Sizes 1, 7, 129, 300x200, 200x300,
## 1xN, Nx1, 0x3, 3x0; rank-deficient matrices (only what is determined is compared);
## NaN and Inf entries (NaN patterns as Octave's). Fresh random inputs each run (the seed
## is printed, GA_TEST_SEED repeats one). Tolerances: c max (m, n) eps (class) cond (A),
## relative to ||A||; Q'Q = I and Q R = A P checked too.
## Prints "N passed, N failed" last; exits non-zero on failure.
## Usage: octave-cli test/octave/test_qr.m  (from the repository root, after make)
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

## a gpuArray of Octave's class, size and realness
function ok = same_kind (x, xo)
  ok = isa (x, "gpuArray") && strcmp (classUnderlying (x), class (xo)) && isequal (size (x), size (xo)) ...
       && isreal (gather (x)) == isreal (xo);
  if (! ok)
    printf ("  got %s %s, want %s %s\n", classUnderlying (x), mat2str (size (x)), class (xo), mat2str (size (xo)));
  endif
endfunction

## ||x - xo|| within tol relative to scale, NaN where Octave has NaN
function ok = close_to (x, xo, tol, scale)
  x = double (gather (x)); xo = double (xo);
  ok = isequal (size (x), size (xo)) && isequal (isnan (x), isnan (xo));
  if (ok)
    f = isfinite (xo);
    ok = isequal (x(! f & ! isnan (xo)), xo(! f & ! isnan (xo))) ...
         && (isempty (x) || norm (x(f) - xo(f), Inf) <= tol * max (scale, realmin));
    if (! ok)
      printf ("  distance %g, allowed %g\n", norm (x(f) - xo(f), Inf), tol * scale);
    endif
  endif
endfunction

## where the pivot orders first differ, at step j, the two columns' remaining norms in
## Octave's factorisation are equal to rounding: a tie that rounding decides
function ok = near_tie (order, order_o, Ro, rk)
  j = find (order(1:rk) != order_o(1:rk), 1);
  Ro = double (Ro);
  mine = norm (Ro(j:end, order_o == order(j)));
  ok = abs (mine - abs (Ro(j, j))) <= 1e-3 * abs (Ro(j, j));
  if (ok)
    printf ("  (pivot %d: a tie to rounding, %.9g against %.9g)\n", j, mine, abs (Ro(j, j)));
  endif
endfunction

## Q's leading r columns span A's leading r columns (in the order given), so their
## rounding errors grow with those columns' condition, not A's (Inf when A is deficient);
## zero columns give Q no direction and are left out
function c = lead_cond (A, order, r)
  B = double (A(:, order(1:r)));
  B = B(:, any (B, 1));
  c = 1;
  if (! isempty (B))
    c = max (1, cond (B));
  endif
endfunction

## every form on A against Octave; r: the rank when A is deficient (0: full rank, all
## compared), then only R, Q's leading r columns and the identities are
function [np, nf] = compare (A, what, r, np, nf)
  cls = class (A);
  [m, n] = size (A);
  k = min (m, n);
  c = 1;
  if (r == 0 && k > 0 && all (isfinite (A(:))))
    c = cond (double (A));
  elseif (r > 0)
    c = lead_cond (A, 1:n, r);
  endif
  tol_per_cond = 20 * max ([m, n, 1]) * eps (cls);
  tol = tol_per_cond * c;
  sc = norm (double (A), 1);   # errors relative to ||A||
  if (sc == 0)
    sc = 1;
  endif
  g = gpuArray (A);
  rk = k;
  if (r > 0)
    rk = r;
  endif
  ## X = qr (A): R above the vectors times tau
  X = qr (g); Xo = qr (A);
  [np, nf] = check (same_kind (X, Xo), [what " X kind"], np, nf);
  if (r == 0)
    ## R scales with A, the vectors below it do not
    [np, nf] = check (close_to (triu (X), triu (Xo), tol, sc) && close_to (tril (X, -1), tril (Xo, -1), tol, 1), ...
                      [what " X"], np, nf);
  endif
  for econ = [false, true]
    if (econ)
      [Q, R] = qr (g, 0); [Qo, Ro] = qr (A, 0); tag = " econ";
    else
      [Q, R] = qr (g); [Qo, Ro] = qr (A); tag = "";
    endif
    [np, nf] = check (same_kind (Q, Qo) && same_kind (R, Ro), [what tag " Q, R kind"], np, nf);
    [np, nf] = check (close_to (R(1:rk, :), Ro(1:rk, :), tol, sc), [what tag " R"], np, nf);
    [np, nf] = check (close_to (Q(:, 1:rk), Qo(:, 1:rk), tol, 1), [what tag " Q"], np, nf);
    Qh = double (gather (Q)); Rh = double (gather (R));
    [np, nf] = check (norm (Qh' * Qh - eye (columns (Qh)), 1) < 20 * max (m, 1) * eps (cls), [what tag " Q'Q = I"], np, nf);
    [np, nf] = check (norm (Qh * Rh - double (A), 1) < tol * sc, [what tag " Q R = A"], np, nf);
  endfor
  ## column pivoting: P a matrix, or with 0 and "vector" a row
  for opt = {{}, {0}, {"vector"}}
    [Q, R, P] = qr (g, opt{1}{:}); [Qo, Ro, Po] = qr (A, opt{1}{:});
    tag = sprintf (" pivoted (%s)", strtrim (disp (opt{1})));
    [np, nf] = check (same_kind (Q, Qo) && same_kind (R, Ro) && isa (P, "gpuArray") ...
                      && strcmp (classUnderlying (P), class (Po)) && isequal (size (P), size (Po)), ...
                      [what tag " kind"], np, nf);
    Ph = gather (P); Po = double (Po);
    order = Ph; order_o = Po;
    if (isempty (opt{1}))   # A P = A(:, order) for P = I(:, order)
      order = (1:n) * Ph; order_o = (1:n) * Po;
    endif
    [np, nf] = check (isequal (order(1:rk), order_o(1:rk)) || near_tie (order, order_o, Ro, rk), ...
                      [what tag " P"], np, nf);
    Qh = double (gather (Q)); Rh = double (gather (R));
    if (isequal (order, order_o))
      ptol = tol;
      if (r > 0)   # the pivoted leading columns set Q's and R's sensitivity now
        ptol = tol_per_cond * lead_cond (A, order_o, r);
      endif
      [np, nf] = check (close_to (R(1:rk, :), Ro(1:rk, :), ptol, sc), [what tag " R"], np, nf);
      [np, nf] = check (close_to (Q(:, 1:rk), Qo(:, 1:rk), ptol, 1), [what tag " Q"], np, nf);
    endif
    [np, nf] = check (norm (Qh * Rh - double (A(:, order)), 1) < tol * sc, [what tag " Q R = A P"], np, nf);
  endfor
endfunction

t0 = tic;
seed = str2double (getenv ("GA_TEST_SEED"));
if (isnan (seed))
  seed = floor (rem (now * 86400e3, 2^31));
endif
printf ("test_qr: seed %d\n", seed);
randn ("seed", seed); rand ("seed", seed);
np = nf = 0;
crandn = @(varargin) complex (randn (varargin{:}), randn (varargin{:}));

sizes = {[1 1], [7 7], [129 129], [300 200], [200 300], [1 6], [6 1], [0 3], [3 0], [0 0]};
for s = sizes
  for cls = {"double", "single"}
    A = cast (randn (s{1}), cls{1});
    [np, nf] = compare (A, sprintf ("%s %dx%d", cls{1}, s{1}), 0, np, nf);
  endfor
endfor
## small panels: several panels and updates even at small sizes, ragged last panels
setenv ("GPUARRAY_QR_NB", "5");
for s = {[23 17], [17 23], [12 12]}
  for cls = {"double", "single"}
    A = cast (randn (s{1}), cls{1});
    [np, nf] = compare (A, sprintf ("%s %dx%d (nb 5)", cls{1}, s{1}), 0, np, nf);
  endfor
endfor
unsetenv ("GPUARRAY_QR_NB");
## entries near overflow and underflow: the norms must not overflow or flush
for scale = [1e300, 1e-300]
  A = randn (40, 35) * scale;
  [np, nf] = compare (A, sprintf ("double scaled by %g", scale), 0, np, nf);
endfor
## rank-deficient: rank 3 of 40 x 30, a zero column, a repeated column
for cls = {"double", "single"}
  A = cast (randn (40, 3) * randn (3, 30), cls{1});
  [np, nf] = compare (A, sprintf ("%s rank 3", cls{1}), 3, np, nf);
  B = cast (randn (9, 6), cls{1}); B(:, 2) = 0; B(:, 5) = B(:, 1);
  [np, nf] = compare (B, sprintf ("%s zero and repeated columns", cls{1}), 4, np, nf);
endfor
## complex, on the host
for s = {[1 1], [7 5], [5 7], [40 40], [0 3]}
  for cls = {"double", "single"}
    A = cast (crandn (s{1}), cls{1});
    [np, nf] = compare (A, sprintf ("complex %s %dx%d", cls{1}, s{1}), 0, np, nf);
  endfor
endfor
[np, nf] = check (isreal (gather (qr (gpuArray (complex ([1 2; 3 4]))))), "complex with zero imaginary parts narrows", np, nf);

## NaN and Inf: the NaN pattern of each result as Octave's, in double (Octave's single
## precision BLAS kernels spread NaN differently, see doc/linear_algebra.md)
M = {[1 NaN; 2 3; 4 5], [1 Inf; 2 3; 4 5], [Inf 1; 2 3; 4 5], [1 2 3; 4 NaN 6], [NaN 1; 2 3], ...
     [1 2; 3 4; 5 6; 7 Inf]};
for i = 1:numel (M)
  for cls = {"double"}
    A = cast (M{i}, cls{1}); g = gpuArray (A);
    what = sprintf ("%s %s", cls{1}, mat2str (M{i}));
    [np, nf] = check (isequal (isnan (gather (qr (g))), isnan (qr (A))), [what " X NaN pattern"], np, nf);
    [Q, R] = qr (g); [Qo, Ro] = qr (A);
    [np, nf] = check (isequal (isnan (gather (Q)), isnan (Qo)) && isequal (isnan (gather (R)), isnan (Ro)), ...
                      [what " Q, R NaN pattern"], np, nf);
  endfor
endfor

## operands that are slices (views) and pending values, and a complex value that narrows
A = randn (20, 12); g = gpuArray (A);
[Q, R] = qr (g(3:17, 2:9)); [Qo, Ro] = qr (A(3:17, 2:9));
[np, nf] = check (close_to (R, Ro, 1e-12, 1) && close_to (Q, Qo, 1e-12, 1), "qr of a slice", np, nf);
[np, nf] = check (close_to (qr (2 * g + 1), qr (2 * A + 1), 1e-12, 1), "qr of a pending value", np, nf);
z = (g + 1i) - 1i;
[np, nf] = check (isreal (gather (qr (z))) && close_to (qr (z), qr (A), 1e-12, 1), "qr of a complex value that narrows", np, nf);

## the other argument forms and Octave's errors
g = gpuArray (magic (4)); A = magic (4);
[np, nf] = check (isequal (size (qr (g, "vector")), [4 4]) && isequal (size (qr (g, 0)), [4 4]), "X with an option", np, nf);
[Q, R] = qr (g, "matrix"); [Qo, Ro] = qr (A, "matrix");
[np, nf] = check (close_to (R, Ro, 1e-13, 34), "[Q, R] = qr (A, \"matrix\")", np, nf);
[np, nf] = check (strcmp (classUnderlying (qr (gpuArray (int32 (A)))), "double"), "integer input factored as double", np, nf);
[np, nf] = check (close_to (qr (gpuArray (ones (2, 2, 2))), qr (ones (2, 2, 2)), 1e-14, 1), "N-D input folded as Octave", np, nf);
function msg = err_of (f)
  msg = "";
  try
    f ();
  catch e
    msg = e.message;
  end_try_catch
endfunction
for opt = {"econ", "foo"}
  want = err_of (@() qr (A, opt{1}));
  got = err_of (@() qr (g, opt{1}));
  [np, nf] = check (! isempty (want) && strcmp (got, want), sprintf ("error text: %s", want), np, nf);
endfor
try
  [Q, R] = qr (g, ones (4, 1));
  [np, nf] = check (false, "qr (A, B) refused", np, nf);
catch e
  [np, nf] = check (strcmp (e.identifier, "gpuarray:notImplemented"), "qr (A, B) refused", np, nf);
end_try_catch

st = gpuarray_stats ();
[np, nf] = check (st.validation_messages == 0, sprintf ("validation messages: %d", st.validation_messages), np, nf);
printf ("test_qr: %.1f s\n", toc (t0));
printf ("%d passed, %d failed\n", np, nf);
if (nf > 0)
  exit (1);
endif
