## Elementwise epilogues of matrix products: an elementwise expression over a pending
## product runs in the GEMM kernel (ga_plan_epilogue). Each fused result is compared with
## the unfused computation, the product gathered from the device and the expression
## applied by Octave with the same operations (exactly equal; tanh within 2 ulp), and
## with Octave's own product (a tolerance); gpuarray_stats shows one dispatch and one
## gemm_epilogue for the fused cases. The cases that fall back (the product also held in a
## variable, reductions, products of products, complex, batched, other shapes and
## classes) must give the same results as before, and laziness must not change errors
## or lifetimes. Prints "N passed, N failed" last; exits non-zero on failure.
## Usage: octave-cli test/octave/test_epilogue.m  (from the repository root, after make)
root = fileparts (fileparts (fileparts (mfilename ("fullpath"))));
addpath (fullfile (root, "inst"));
addpath (fullfile (root, "src"));
setenv ("GPUARRAY_FUSE_EPILOGUES", "1");   # fusion is off by default (src/core/ga_planner.c)

seed = sum (100 * clock ());
rand ("seed", seed);
printf ("seed %d\n", seed);
np = 0; nf = 0;

function [np, nf] = report (ok, what, np, nf)
  if (ok)
    np++;
  else
    nf++;
    printf ("FAIL: %s\n", what);
  endif
endfunction

## g: the fused result; u: the unfused one (same class); r: Octave's own (double)
function ok = close_to (g, u, r, ulps, k)
  ok = strcmp (class (g), class (u)) && isequal (size (g), size (u));
  if (! ok)
    return;
  endif
  if (ulps == 0)
    ok = isequal (g, u);
  else
    ok = all (abs (double (g(:)) - double (u(:))) <= ulps * eps (abs (u(:))) | g(:) == u(:));
  endif
  tol = (ifelse_single (class (g)) * k) * max (1, max (abs (r(:))));
  ok = ok && all (abs (double (g(:)) - r(:)) <= tol);
endfunction

function t = ifelse_single (c)
  if (strcmp (c, "single"))
    t = 8 * eps ("single");
  else
    t = 8 * eps;
  endif
endfunction

function d = ifelse_dims (t, a, b)
  if (t)
    d = [b a];
  else
    d = [a b];
  endif
endfunction

## The epilogues: a name, the expression over the product P and the other operands, and
## the ulps allowed against the unfused computation.
epis = {
  "max(P,0)",     @(P, C, D, r, c) max (P, 0),           0
  "2*P+C",        @(P, C, D, r, c) 2 * P + C,            0
  "P+row",        @(P, C, D, r, c) P + r,                0
  "P+col",        @(P, C, D, r, c) P + c,                0
  "tanh(P+C)",    @(P, C, D, r, c) tanh (P + C),         2
  "P.*D-1",       @(P, C, D, r, c) P .* D - 1,           0
  "(P>0).*P",     @(P, C, D, r, c) (P > 0) .* P,         0
};
## m, k, n and the operands' transposes (A' * B stores A as k x m)
shapes = {
  [7 5 3],     0, 0
  [64 64 64],  0, 0
  [129 70 33], 0, 0
  [33 20 17],  1, 0
  [33 20 17],  0, 1
};
cls = {"double", "single"};
for ci = 1:2
  for si = 1:rows (shapes)
    mkn = shapes{si, 1}; ta = shapes{si, 2}; tb = shapes{si, 3};
    m = mkn(1); k = mkn(2); n = mkn(3);
    A = cast (randn (ifelse_dims (ta, m, k)), cls{ci});
    B = cast (randn (ifelse_dims (tb, k, n)), cls{ci});
    C = cast (randn (m, n), cls{ci});
    D = cast (randn (m, n), cls{ci});
    r = cast (randn (1, n), cls{ci});
    c = cast (randn (m, 1), cls{ci});
    gA = gpuArray (A); gB = gpuArray (B); gC = gpuArray (C); gD = gpuArray (D);
    gr = gpuArray (r); gc = gpuArray (c);
    if (ta)
      Pg = gather (gA' * gB); Pr = double (A)' * double (B);
    elseif (tb)
      Pg = gather (gA * gB'); Pr = double (A) * double (B)';
    else
      Pg = gather (gA * gB); Pr = double (A) * double (B);
    endif
    ## the transposed cases take the first epilogues only: each is another kernel
    ne = rows (epis);
    if (ta || tb)
      ne = 2;
    endif
    for ei = 1:ne
      f = epis{ei, 2};
      what = sprintf ("%s %s %dx%dx%d ta%d tb%d", epis{ei, 1}, cls{ci}, m, k, n, ta, tb);
      s0 = gpuarray_stats ();
      if (ta)
        Y = f (gA' * gB, gC, gD, gr, gc);
      elseif (tb)
        Y = f (gA * gB', gC, gD, gr, gc);
      else
        Y = f (gA * gB, gC, gD, gr, gc);
      endif
      y = gather (Y);
      s1 = gpuarray_stats ();
      clear Y;
      u = f (Pg, C, D, r, c);
      ref = f (Pr, double (C), double (D), double (r), double (c));
      [np, nf] = report (close_to (y, u, ref, epis{ei, 3}, k), [what " value"], np, nf);
      ## a transposed operand is a pending view that the product reads in place (its
      ## base with the transpose flag): one dispatch, no copy
      want = 1;
      [np, nf] = report (s1.dispatches - s0.dispatches == want && s1.gemm_epilogues - s0.gemm_epilogues == 1, ...
                         sprintf ("%s fused (%d dispatches, %d epilogues)", what, s1.dispatches - s0.dispatches, ...
                                  s1.gemm_epilogues - s0.gemm_epilogues), np, nf);
    endfor
  endfor
endfor

## ---- fallbacks: correct results, the product stored first ---------------------------------
A = randn (40, 30); B = randn (30, 20); C = randn (40, 20); E = randn (20, 10);
gA = gpuArray (A); gB = gpuArray (B); gC = gpuArray (C); gE = gpuArray (E);
Pg = gather (gA * gB);
close_enough = @(g, r) isequal (size (g), size (r)) && all (abs (g(:) - r(:)) <= 1e-12 * max (1, max (abs (r(:)))));

## the product's value also held in a variable: stored once, read by the expression
s0 = gpuarray_stats ();
P = gA * gB;
Y = max (P, 0);
y = gather (Y); p = gather (P);
s1 = gpuarray_stats ();
[np, nf] = report (isequal (y, max (Pg, 0)) && isequal (p, Pg) && s1.gemm_epilogues == s0.gemm_epilogues, ...
                   "held product falls back", np, nf);
clear P Y;

## a 1x1 product is a scalar product (elementwise already)
a = randn (); b = randn ();
[np, nf] = report (gather (max (gpuArray (a) * gpuArray (b), 0)) == max (a * b, 0), "1x1", np, nf);

## vectors run on the matrix-vector kernels, whose sums the tiled kernel would not repeat
v = randn (30, 1); gv = gpuArray (v);
u = gather (gA * gv);
[np, nf] = report (isequal (gather (max (gA * gv, 0)), max (u, 0)), "matrix-vector", np, nf);
w = randn (1, 40); gw = gpuArray (w);
u = gather (gw * gA);
[np, nf] = report (isequal (gather (2 * (gw * gA) + 1), 2 * u + 1), "vector-matrix", np, nf);

## reductions over the product, a product of a product, two products in one expression
[np, nf] = report (close_enough (gather (sum (max (gA * gB, 0))), sum (max (Pg, 0))), "sum over product", np, nf);
[np, nf] = report (close_enough (gather (max (gA * gB, 0) * gE), max (Pg, 0) * E), "product of epilogue", np, nf);
[np, nf] = report (close_enough (gather ((gA * gB) * gE + 1), Pg * E + 1), "product of product", np, nf);
F = randn (40, 30); gF = gpuArray (F);
[np, nf] = report (close_enough (gather (gA * gB + gF * gB), Pg + gather (gF * gB)), "two products", np, nf);

## other shapes and classes: a broadcast to 3-D, a double product with a single operand
C3 = randn (40, 20, 2);
[np, nf] = report (isequal (gather (gA * gB + gpuArray (C3)), Pg + C3), "3-D broadcast", np, nf);
Cs = single (C);
[np, nf] = report (isequal (gather (gA * gB + gpuArray (Cs)), Pg + Cs), "single operand", np, nf);
## a single product with a double operand is single: it fuses
As = single (A); Bs = single (B);
Ps = gather (gpuArray (As) * gpuArray (Bs));
[np, nf] = report (isequal (gather (gpuArray (As) * gpuArray (Bs) + gC), Ps + C), "single product, double C", np, nf);

## complex and batched products
Z = A + 1i * randn (40, 30); gZ = gpuArray (Z);
Pz = gather (gZ * gB);
[np, nf] = report (isequal (gather (gZ * gB + 1), Pz + 1), "complex", np, nf);
A3 = randn (4, 3, 5); B3 = randn (3, 2, 5);
P3 = gather (pagemtimes (gpuArray (A3), gpuArray (B3)));
[np, nf] = report (isequal (gather (max (pagemtimes (gpuArray (A3), gpuArray (B3)), 0)), max (P3, 0)), ...
                   "pagemtimes", np, nf);

## ---- laziness does not change errors or lifetimes ------------------------------------------
try
  gA * gC;
  ok = false;
catch err
  ok = ! isempty (strfind (err.message, "nonconformant"));
end_try_catch
[np, nf] = report (ok, "nonconformant error at the call", np, nf);
try
  gpuArray (int32 (ones (3))) * gpuArray (ones (3));
  ok = false;
catch err
  ok = ! isempty (strfind (err.message, "not implemented"));
end_try_catch
[np, nf] = report (ok, "class error at the call", np, nf);
gA2 = gpuArray (A); gB2 = gpuArray (B);
Y = max (gA2 * gB2, 0);
Q = gA2 * gB2;
clear gA2 gB2;
[np, nf] = report (isequal (gather (Y), max (Pg, 0)), "operands cleared under a pending epilogue", np, nf);
[np, nf] = report (isequal (gather (Q), Pg), "a pending product alone, operands cleared", np, nf);
clear Y Q;
## ---- the default policy (GPUARRAY_FUSE_EPILOGUES unset): fused only where it paid ----------
## on the H100: double products under arithmetic, comparisons, max and min
unsetenv ("GPUARRAY_FUSE_EPILOGUES");
pol = {"double", @(P) max (P, 0), 1; "double", @(P) 2 * P - 1, 1; "double", @(P) tanh (P), 0;
       "single", @(P) max (P, 0), 0};
for k = 1:rows (pol)
  a = gpuArray (cast (randn (33, 20), pol{k, 1})); b = gpuArray (cast (randn (20, 17), pol{k, 1}));
  s0 = gpuarray_stats ();
  y = gather (pol{k, 2} (a * b));
  s1 = gpuarray_stats ();
  ref = pol{k, 2} (gather (a * b));
  ok = s1.gemm_epilogues - s0.gemm_epilogues == pol{k, 3} && close_to (y, ref, ref, 4, 1);
  [np, nf] = report (ok, sprintf ("default policy: %s of a %s product fused %d", func2str (pol{k, 2}), ...
                                  pol{k, 1}, pol{k, 3}), np, nf);
endfor
setenv ("GPUARRAY_FUSE_EPILOGUES", "1");
s = gpuarray_stats ();
[np, nf] = report (s.validation_messages == 0, "no validation messages", np, nf);

printf ("%d passed, %d failed\n", np, nf);
if (nf > 0)
  exit (1);
endif
