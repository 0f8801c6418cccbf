## Differential tests of fused elementwise expressions: random expression trees (depth
## 1..6) over + - .* ./ .\ max min and scalar * /, a complex family (complex and real
## leaves, hypot) and, now and then, a function of a leaf (expm1, log1p, gammaln, exp,
## conj, abs; bitshift (A, K, N) in the integer families), evaluated once with plain Octave arrays (the
## reference) and once with the same leaves as gpuArrays (some leaves kept on the host),
## then compared for class, size and value; some trees are wrapped in sum.  Leaves come
## from a small pool per tree, so the same leaf (and the same subexpression) recurs:
## that exercises the fusion engine's sharing of identical nodes.  On a subset the
## structure is checked through gpuarray_stats: one dispatch per tree that fits a kernel,
## and fused_ops equal to the number of distinct operations (not for complex trees or
## trees with functions, whose complex results are settled by a check of their own).
##
## Environment: GA_FUZZ_TREES (number of trees, default 200), GA_FUZZ_SEED (base seed,
## default 1), GA_FUZZ_ONLY (run only this tree number, printing it).
## Prints "N passed, N failed" last; exits non-zero on any failure.
## Usage: octave-cli test/octave/test_fusion_random.m  (from the repository root, after make)
root = fileparts (fileparts (fileparts (mfilename ("fullpath"))));
addpath (fullfile (root, "inst"));
addpath (fullfile (root, "src"));

## ---- values ------------------------------------------------------------------------

function x = random_u64 (n)
  if (n == 0)
    x = zeros (0, 1, "uint64");
    return;
  endif
  x = typecast (uint32 (randi ([0, 2^32-1], 2*n, 1)), "uint64");
  x = bitshift (x, -randi ([0 64], n, 1));
endfunction

## An array of class cls and size shp; srate is the share of special values.
function x = gen_values (cls, shp, srate, intcls)
  n = prod (shp);
  r = rand (n, 1);
  switch (cls)
    case "double"
      if (isempty (intcls))
        x = randn (n, 1) .* 10 .^ randi ([-3 3], n, 1);
        k = rand (n, 1) < 0.3;
        x(k) = round (x(k));
        sp = [NaN, Inf, -Inf, -0, 0, 1e308, -1e308, 1e-308, 5e-324, -5e-324, realmax, ...
              -realmax, realmin, 1, -1, 0.5, 2^53, 2^53+2, 1e-300, 1e300, 3*2^-1074, ...
              1/3, 2^-24+2^-50, 1+2^-52];
      else
        ## doubles meant for integer arithmetic: halves, fractions, values past the range
        hi = double (intmax (intcls));
        x = randn (n, 1) .* 10 .^ randi ([0, max(1, floor (log10 (hi)))], n, 1);
        k = rand (n, 1);
        x(k < 0.35) = round (x(k < 0.35));
        x(k > 0.7) = floor (x(k > 0.7)) + 0.5;
        sp = [NaN, Inf, -Inf, -0, 0.5, -0.5, 1.5, -2.5, hi, hi + 1, -hi - 1, 2*hi, ...
              hi + 0.5, 2^53, 2^63, -2^63, 2^64, 1e300, 1/3, 0.49999999999999994];
      endif
    case "single"
      x = single (randn (n, 1) .* 10 .^ randi ([-3 3], n, 1));
      k = rand (n, 1) < 0.3;
      x(k) = round (x(k));
      sp = single ([NaN, Inf, -Inf, -0, 0, realmax("single"), -realmax("single"), ...
                    realmin("single"), 1e-45, -1e-45, 1, -1, 0.5, 16777216, 16777218, ...
                    1e38, -1e38, 3e-39, 1/3]);
    case "logical"
      x = rand (n, 1) < 0.5;
      sp = [true, false];
    case {"cdouble", "csingle"}
      x = complex (randn (n, 1) .* 10 .^ randi ([-3 3], n, 1), randn (n, 1) .* 10 .^ randi ([-3 3], n, 1));
      k = rand (n, 1) < 0.2;
      x(k) = real (x(k)) + 0.5i;
      sp = [complex(NaN, 1), complex(1, NaN), complex(Inf, 2), complex(-Inf, -0), complex(0, Inf), ...
            complex(-0, -0), complex(0, -0), complex(-2, 0), complex(3, 0), 2i, -1i, complex(NaN, NaN), ...
            0.1+0.2i, -0.3-0.4i, complex(-1, 0)];
      if (strcmp (cls, "csingle"))
        x = single (x);
        sp = single (sp);
      endif
    case {"int64", "uint64"}
      lo = intmin (cls); hi = intmax (cls);
      if (strcmp (cls, "int64"))
        x = typecast (bitshift (random_u64 (n), -1), "int64");
        neg = rand (n, 1) < 0.5;
        x(neg) = -x(neg) - int64 (rand (nnz (neg), 1) < 0.5);
        sp = [lo, lo+1, lo+2, hi, hi-1, hi-2, 0, 1, -1, 2, -2, 3, 7, int64(2)^53+1, ...
              -int64(2)^53-1, int64(2)^62, int64(2)^32];
      else
        x = random_u64 (n);
        sp = [0, 1, 2, 3, 7, hi, hi-1, hi-2, uint64(2)^53+1, uint64(2)^63, ...
              uint64(2)^63+1, uint64(2)^32];
      endif
      small = rand (n, 1) < 0.3;
      x(small) = randi ([0 20], nnz (small), 1);
    otherwise  # int8 .. uint32
      lo = double (intmin (cls)); hi = double (intmax (cls));
      x = randi ([lo hi], n, 1);
      small = rand (n, 1) < 0.4;
      x(small) = max (lo, randi ([-20 20], nnz (small), 1));
      x = cast (x, cls);
      sp = cast ([lo, lo+1, lo+2, hi, hi-1, hi-2, 0, 1, -1, 2, 3, 7], cls);
  endswitch
  s = r < srate;
  x(s) = sp(randi (numel (sp), nnz (s), 1));
  x = reshape (x, shp);
endfunction

## A host scalar for a tree of the given family.
function v = gen_scalar (fam, intcls)
  switch (fam)
    case "double", cls = pick ({"double", "logical"}, [0.9 0.1]);
    case "single", cls = pick ({"double", "single", "logical"}, [0.6 0.35 0.05]);
    case "mixed",  cls = pick ({"double", "single", "logical"}, [0.5 0.4 0.1]);
    case "complex", cls = pick ({"double", "cdouble", "csingle"}, [0.5 0.4 0.1]);
    otherwise,     cls = pick ({"double", intcls, "logical", "single"}, [0.6 0.3 0.05 0.05]);
  endswitch
  if (strcmp (fam, "complex"))
    list = [2, 0.5, -3, 1, -1, 3.25, 1e3, 1e-3, 0.1, 7, 2.5, -1.5, 1/3, pi, 2i, 1-1i, -0.5+0.25i, 3i];
    v = list(randi (numel (list)));
    if (strcmp (cls, "csingle"))
      v = single (v);
    endif
  elseif (strcmp (cls, "double") && rand () < 0.6)
    if (isempty (intcls))
      list = [2, 0.5, -3, 0, -0, 1, -1, 3.25, 1e10, 1e-10, NaN, Inf, -Inf, 0.1, 7, 2.5, ...
              -1.5, 1e300, 1e-300, 4097, 1/3, pi, 2^-24+2^-50];
    else
      list = [0.5, 1.5, -2.5, 2, -3, 0, -0, 100.5, 1e3, -1e5, 0.25, NaN, Inf, -Inf, 3, ...
              7, 1e10, 2^31, 2^53, 2^63, -2^63, 2^64, 1/3, -0.5];
    endif
    v = list(randi (numel (list)));
  else
    v = gen_values (cls, [1 1], 0.25, ifelse_ (strcmp (cls, "double"), intcls, ""));
  endif
endfunction

function r = ifelse_ (c, a, b)
  if (c)
    r = a;
  else
    r = b;
  endif
endfunction

function c = pick (items, w)
  k = find (rand () * sum (w) < cumsum (w), 1);
  c = items{k};
endfunction

## ---- trees -------------------------------------------------------------------------
## A node is a struct: kind "L" (pool leaf idx), "S" (host scalar val) or "O" (op with
## children a, b); shape and depth of its value.

function s = bshape (a, b)
  n = max (numel (a), numel (b));
  a(end+1:n) = 1;
  b(end+1:n) = 1;
  s = a;
  s(a == 1) = b(a == 1);
  while (numel (s) > 2 && s(end) == 1)
    s(end) = [];
  endwhile
endfunction

function nd = leaf_node (P)
  if (rand () < 0.25)
    v = gen_scalar (P.fam, P.intcls);
    nd = struct ("kind", "S", "idx", 0, "val", v, "op", "", "a", [], "b", [], ...
                 "shape", [1 1], "depth", 0);
  else
    k = randi (P.npool);
    nd = struct ("kind", "L", "idx", k, "val", [], "op", "", "a", [], "b", [], ...
                 "shape", P.shapes{k}, "depth", 0);
  endif
endfunction

## A function of a leaf (kind "U", op its name, val its constant arguments): of exact
## inputs only, so that its few ulp of error are not amplified before it.
function nd = unary_node (P)
  a = leaf_node (P);
  if (strcmp (P.fam, "int"))
    if (strcmp (a.kind, "L"))
      cls = P.classes{a.idx};
    else
      cls = class (a.val);
    endif
    if (! (isinteger (a.val) || strncmp (cls, "int", 3) || strncmp (cls, "uint", 4)))
      nd = a;
      return;
    endif
    op = "bitshift";
    val = [randi([-4 6]), pick({0, 1, 3, 7, 15, 31, 64}, [1 1 1 1 1 1 1])];
  elseif (strcmp (P.fam, "complex"))
    op = pick ({"expm1", "log1p", "exp", "conj", "abs", "gammaln"}, [1 1 0.5 0.5 0.5 0.3]);
    val = [];
    if (strcmp (op, "gammaln") && ! (strcmp (a.kind, "L") && any (strcmp (P.classes{a.idx}, {"double", "single"}))))
      op = "log1p";   # gammaln of real values only
    endif
  else
    op = pick ({"expm1", "log1p", "gammaln"}, [1 1 1]);
    val = [];
  endif
  if (strcmp (a.kind, "L"))
    cls = P.classes{a.idx};
  else
    cls = class (a.val);
  endif
  if (isempty (val) && ! any (strcmp (cls, {"double", "single", "complex"})))
    nd = a;   # functions of floating values only
    return;
  endif
  nd = struct ("kind", "U", "idx", 0, "val", val, "op", op, "a", a, "b", [], ...
               "shape", a.shape, "depth", 1);
endfunction

function [nd, made] = gen_tree (d, force, P, made)
  if (d == 0 || (! force && rand () < 0.3))
    if (rand () < P.funs)
      nd = unary_node (P);
    else
      nd = leaf_node (P);
    endif
    return;
  endif
  ## reuse an existing subtree now and then: identical operations to share
  if (! force && ! isempty (made) && rand () < 0.2)
    ok = find (cellfun (@(m) m.depth <= d, made));
    if (! isempty (ok))
      nd = made{ok(randi (numel (ok)))};
      return;
    endif
  endif
  f = randi (2);
  [a, made] = gen_tree (d - 1, f == 1, P, made);
  [b, made] = gen_tree (d - 1, f == 2, P, made);
  ops = {"+", "-", ".*", "./", ".\\", "max", "min"};
  w = [1 1 1 1 0.7 0.4 0.4];
  if (strcmp (P.fam, "complex"))
    ops{end+1} = "hypot";
    w(end+1) = 0.1;
    w(6:7) = 0.15;   # max, min and hypot of complex values: the math library's compile time
  endif
  if (prod (a.shape) == 1 || prod (b.shape) == 1)
    ops{end+1} = "*";
    w(end+1) = 0.8;
  endif
  if (prod (b.shape) == 1)
    ops{end+1} = "/";
    w(end+1) = 0.8;
  endif
  op = pick (ops, w);
  ## max and min of complex values compare abs: only of exactly computed operands, where
  ## an ulp of difference cannot pick the other element
  if (any (strcmp (op, {"max", "min", "hypot"})) && (strcmp (P.fam, "complex") || P.funs > 0)
      && (has_div (a) || has_div (b) || has_fun (a) || has_fun (b)))
    op = "+";
  endif
  nd = struct ("kind", "O", "idx", 0, "val", [], "op", op, "a", a, "b", b, ...
               "shape", bshape (a.shape, b.shape), "depth", 1 + max (a.depth, b.depth));
  made{end+1} = nd;
endfunction

function tf = has_gpu_leaf (nd, isgpu)
  switch (nd.kind)
    case "L", tf = isgpu(nd.idx);
    case "S", tf = false;
    case "U", tf = has_gpu_leaf (nd.a, isgpu);
    otherwise, tf = has_gpu_leaf (nd.a, isgpu) || has_gpu_leaf (nd.b, isgpu);
  endswitch
endfunction

function tf = has_div (nd)
  tf = strcmp (nd.kind, "O") && (any (strcmp (nd.op, {"./", ".\\", "/"})) ...
                                 || has_div (nd.a) || has_div (nd.b));
endfunction

function tf = has_fun (nd)
  tf = strcmp (nd.kind, "U") || (strcmp (nd.kind, "O") && (has_fun (nd.a) || has_fun (nd.b)));
endfunction

function n = count_ops (nd)
  n = 0;
  if (strcmp (nd.kind, "O"))
    n = 1 + count_ops (nd.a) + count_ops (nd.b);
  elseif (strcmp (nd.kind, "U"))
    n = 1 + count_ops (nd.a);
  endif
endfunction

function r = apply_unary (op, val, a)
  switch (op)
    case "bitshift", r = bitshift (a, val(1), val(2));
    otherwise,       r = feval (op, a);
  endswitch
endfunction

function r = apply_op (op, a, b)
  switch (op)
    case "+",   r = a + b;
    case "-",   r = a - b;
    case ".*",  r = a .* b;
    case "./",  r = a ./ b;
    case ".\\", r = a .\ b;
    case "*",   r = a * b;
    case "/",   r = a / b;
    case "max", r = max (a, b);
    case "min", r = min (a, b);
    case "hypot", r = hypot (a, b);
  endswitch
endfunction

function v = eval_tree (nd, L)
  switch (nd.kind)
    case "L", v = L{nd.idx};
    case "S", v = nd.val;
    case "U", v = apply_unary (nd.op, nd.val, eval_tree (nd.a, L));
    otherwise, v = apply_op (nd.op, eval_tree (nd.a, L), eval_tree (nd.b, L));
  endswitch
endfunction

## The reference value and a bound of the magnitudes it was computed from (for the
## tolerance of trees with a division).
function [v, m] = eval_abs (nd, L)
  switch (nd.kind)
    case "L"
      v = L{nd.idx};
      m = abs (double (v));
    case "S"
      v = nd.val;
      m = abs (double (v));
    case "U"   # of an exact input: its own error, relative to its value or absolute near 0
      v = apply_unary (nd.op, nd.val, eval_abs (nd.a, L));
      m = max (abs (double (v)), 1);
    otherwise
      [va, ma] = eval_abs (nd.a, L);
      [vb, mb] = eval_abs (nd.b, L);
      v = apply_op (nd.op, va, vb);
      switch (nd.op)
        case {"+", "-"},   m = ma + mb;
        case {".*", "*"},  m = ma .* mb;
        case {"max", "min", "hypot"}, m = max (ma, mb);
        case {"./", "/"},  m = ma ./ abs (double (vb));
        otherwise,         m = mb ./ abs (double (va));
      endswitch
  endswitch
endfunction

## ---- the fusion model: what the core's DAG for this tree holds ------------------------
## Host subtrees are computed by Octave: a 1x1 result is a scalar slot (shared by class
## and bits), any other a fresh upload (one input per use).  gpuArray leaves are inputs;
## an operation is identified by its operation and operands (a .\ b is b ./ a, * is .*,
## / is ./), so identical operations count once.

function k = scalar_key (v)
  if (islogical (v))
    k = sprintf ("logical:%d", v);
  else
    k = [class(v) ":" sprintf("%02x", typecast (v, "uint8"))];
  endif
endfunction

function [v, sig, hasg, M] = model (nd, L, isgpu, M)
  switch (nd.kind)
    case "L"
      v = L{nd.idx};
      hasg = isgpu(nd.idx);
      if (hasg)
        sig = sprintf ("g%d", nd.idx);
        if (! any (strcmp (M.inputs, sig)))
          M.inputs{end+1} = sig;
          M.in_numel(end+1) = numel (v);
        endif
      endif
    case "S"
      v = nd.val;
      hasg = false;
    case "U"
      [va, sa, hasg, M] = model (nd.a, L, isgpu, M);
      v = apply_unary (nd.op, nd.val, va);
      sig = ["(" nd.op " " sa ")"];
      M.funs = true;
    otherwise
      [va, sa, ga, M] = model (nd.a, L, isgpu, M);
      [vb, sb, gb, M] = model (nd.b, L, isgpu, M);
      v = apply_op (nd.op, va, vb);
      hasg = ga || gb;
      if (hasg)
        [sa, M] = host_operand (va, sa, ga, M);
        [sb, M] = host_operand (vb, sb, gb, M);
        switch (nd.op)
          case "+",          sig = ["(+ " sa " " sb ")"];
          case "-",          sig = ["(- " sa " " sb ")"];
          case {".*", "*"},  sig = ["(* " sa " " sb ")"];
          case {"./", "/"},  sig = ["(/ " sa " " sb ")"];
          case {"max", "min"}, sig = ["(" nd.op " " sa " " sb ")"];
          otherwise,         sig = ["(/ " sb " " sa ")"];
        endswitch
        if (! any (strcmp (M.ops, sig)))
          M.ops{end+1} = sig;
          wide = any (strcmp (class (v), {"int64", "uint64"}));
          if (wide && (isfloat (va) || isfloat (vb)))
            M.mixed64 = true;
          endif
        endif
      endif
  endswitch
  if (! hasg)
    sig = "";
  endif
endfunction

function [sig, M] = host_operand (v, sig, g, M)
  if (g)
    return;
  endif
  if (numel (v) == 1)
    sig = scalar_key (v);
    if (! any (strcmp (M.scalars, sig)))
      M.scalars{end+1} = sig;
    endif
  else
    M.uploads += 1;
    sig = sprintf ("h%d", M.uploads);
    M.inputs{end+1} = sig;
    M.in_numel(end+1) = numel (v);
  endif
endfunction

## ---- printing ----------------------------------------------------------------------

function s = fmt_values (x)
  c = class (x);
  x = x(:).';
  if (iscomplex (x))
    s = ["complex (" fmt_values(real (x)) ", " fmt_values(imag (x)) ")"];
    return;
  endif
  switch (c)
    case "double", s = sprintf ("%.17g ", x);
    case "single", s = sprintf ("%.9g ", x);
    case "logical", s = sprintf ("%d ", x);
    case {"int64", "uint64"}
      if (all (abs (double (x)) < 2^53))
        s = sprintf ("%d ", double (x));
      else
        h = arrayfun (@num2hex, x, "uniformoutput", false);
        s = ["hex2num({" strjoin(strcat ("'", h, "'"), ",") "}, '" c "')"];
        return;
      endif
    otherwise, s = sprintf ("%d ", x);
  endswitch
  s = ["[" strtrim(s) "]"];
  if (! strcmp (c, "double"))
    s = [c "(" s ")"];
  endif
endfunction

function s = fmt_literal (v)
  s = fmt_values (v);
  if (strcmp (class (v), "double"))
    s = s(2:end-1);
    if (v < 0 || (v == 0 && signbit (v)))
      s = ["(" s ")"];
    endif
  endif
endfunction

function s = tree_str (nd)
  switch (nd.kind)
    case "L", s = sprintf ("L%d", nd.idx);
    case "S", s = fmt_literal (nd.val);
    case "U"
      if (strcmp (nd.op, "bitshift"))
        s = sprintf ("bitshift (%s, %d, %d)", tree_str (nd.a), nd.val(1), nd.val(2));
      else
        s = [nd.op " (" tree_str(nd.a) ")"];
      endif
    case "O"
      if (strcmp (nd.op, "hypot"))
        s = ["hypot (" tree_str(nd.a) ", " tree_str(nd.b) ")"];
      else
        s = ["(" tree_str(nd.a) " " nd.op " " tree_str(nd.b) ")"];
      endif
  endswitch
endfunction

function s = shape_str (v)
  s = strjoin (arrayfun (@num2str, v, "uniformoutput", false), "x");
endfunction

function print_repro (T, msg, expr, at, rsz)
  printf ("%stree %d (seed %d, %s, provider %s, depth %d): %s\n", ...
          ifelse_ (isfield (T, "listing"), "", "FAIL "), T.num, T.seed, T.famname, ...
          T.provider, T.depth, msg);
  printf ("  expr: %s\n", expr);
  if (nargin > 3 && at > 0)
    ## the leaves' elements that the first wrong element is computed from
    sub = cell (1, max (numel (rsz), 8));
    [sub{:}] = ind2sub ([rsz, ones(1, 8 - numel (rsz))], at);
    parts = {};
    for k = 1:numel (T.leaves)
      x = T.leaves{k};
      sz = [size(x), ones(1, 8)];
      idx = cellfun (@(s, n) ifelse_ (n == 1, 1, s), sub, num2cell (sz(1:numel (sub))));
      parts{end+1} = sprintf ("L%d(%d) = %s", k, sub2ind (sz(1:numel (sub)), num2cell (idx){:}), ...
                              fmt_values (x(sub2ind (sz(1:numel (sub)), num2cell (idx){:}))));
    endfor
    printf ("  element %d is computed from: %s\n", at, strjoin (parts, ", "));
  endif
  for k = 1:numel (T.leaves)
    x = T.leaves{k};
    where = ifelse_ (T.isgpu(k), "gpuArray", "host");
    if (numel (x) <= 24)
      printf ("  L%d = %s (%s %s %s)\n", k, ...
              ifelse_ (numel (x) == 1, fmt_values (x), ...
                       sprintf ("reshape (%s, [%s])", fmt_values (x), ...
                                strjoin (arrayfun (@num2str, size (x), "uniformoutput", false), " "))), ...
              where, class (x), shape_str (size (x)));
    else
      printf ("  L%d: %s %s %s (values: rerun below)\n", k, where, class (x), shape_str (size (x)));
    endif
  endfor
  printf ("  rerun: GA_FUZZ_SEED=%d GA_FUZZ_ONLY=%d octave-cli test/octave/test_fusion_random.m\n", ...
          T.base, T.num);
endfunction

## ---- comparisons -------------------------------------------------------------------

function [msg, i] = first_diff (bad, g, w)
  i = find (bad, 1);
  msg = sprintf ("%d of %d elements differ (first at %d: got %s, want %s)", nnz (bad), ...
                 numel (w), i, fmt_values (g(i)), fmt_values (w(i)));
endfunction

## Elementwise results: integers and logical exact; floats bit for bit (NaN as a
## pattern, signed zeros) without a division, within a few ulp per level with one.
function [msg, at] = compare_values (g, w, divs, depth, mag, funs)
  msg = "";
  at = 0;
  if (! strcmp (class (g), class (w)))
    msg = sprintf ("class %s, want %s", class (g), class (w));
  elseif (! isequal (size (g), size (w)))
    msg = sprintf ("size %s, want %s", shape_str (size (g)), shape_str (size (w)));
  elseif (iscomplex (g) != iscomplex (w))
    msg = sprintf ("iscomplex %d, want %d", iscomplex (g), iscomplex (w));
  elseif (iscomplex (w) || (funs && isfloat (w)))
    ## complex values and functions: each part within a few ulp per level of the
    ## magnitudes it came from; NaN and infinities where Octave has them
    tol = 16 * max (depth, 1) * eps (class (w));
    bad = false (size (w));
    for part = {@real, @imag}
      gp = double (part{1} (g)); wp = double (part{1} (w));
      ng = isnan (gp); nw = isnan (wp);
      both = ! ng & ! nw;
      fin = both & isfinite (gp) & isfinite (wp);
      bad |= ng != nw | (both & ! fin & gp != wp) | (fin & abs (gp - wp) > tol * mag);
    endfor
    ## near overflow, complex singles (computed here in double, rounded once) and Octave's
    ## float arithmetic meet Inf at different steps: Inf - Inf is NaN in one, not the other
    bad &= ! (mag > sqrt (double (realmax (class (w)))));
    if (any (bad(:)))
      [msg, at] = first_diff (bad, g, w);
    endif
  elseif (isinteger (w) || islogical (w))
    bad = g != w;
    if (any (bad(:)))
      [msg, at] = first_diff (bad, g, w);
    endif
  else
    ng = isnan (g);
    nw = isnan (w);
    bad = ng != nw;
    both = ! ng & ! nw;
    if (! divs)
      bad |= both & (g != w | signbit (g) != signbit (w));
    else
      fin = both & isfinite (g) & isfinite (w);
      bad |= both & ! fin & g != w;
      tol = 4 * max (depth, 1) * eps (class (w));
      bad |= fin & abs (double (g) - double (w)) > tol * mag;
    endif
    if (any (bad(:)))
      [msg, at] = first_diff (bad, g, w);
    endif
  endif
endfunction

## Sums: integer results exact (Octave's saturating order for 'native'); floating ones
## within n*eps*sum(abs(x)) of the sum in double, NaN where Octave has NaN, infinities
## exact wherever no order of the additions can overflow.
function msg = compare_sum (g, w, x, args)
  msg = "";
  if (! strcmp (class (g), class (w)))
    msg = sprintf ("class %s, want %s", class (g), class (w));
  elseif (! isequal (size (g), size (w)))
    msg = sprintf ("size %s, want %s", shape_str (size (g)), shape_str (size (w)));
  elseif (isinteger (w) || islogical (w))
    bad = g != w;
    if (any (bad(:)))
      msg = first_diff (bad, g, w);
    endif
  else
    dimargs = args(cellfun (@isnumeric, args));
    xd = double (x);
    exact = sum (xd, dimargs{:});
    sabs = sum (abs (xd), dimargs{:});
    if (isempty (dimargs))
      n = size (x, find ([size(x) 2] != 1, 1));
    else
      n = size (x, dimargs{1});
    endif
    hasnan = sum (isnan (xd), dimargs{:}) > 0;
    overflow = ! hasnan & ! (sabs <= realmax (class (w)) / 2);
    ng = isnan (g);
    bad = ! overflow & (ng != isnan (w));
    both = ! overflow & ! ng & ! isnan (w);
    fin = both & isfinite (w) & isfinite (g);
    bad |= both & ! fin & g != w;
    tol = 2 * max (n, 1) * eps (class (w)) * sabs + realmin (class (w));
    bad |= fin & g != w & abs (double (g) - exact) > tol;
    if (any (bad(:)))
      msg = first_diff (bad, g, w);
    endif
  endif
endfunction

function s = args_str (args)
  s = "";
  for i = 1:numel (args)
    if (ischar (args{i}))
      s = [s ", '" args{i} "'"];
    else
      s = [s sprintf(", %d", args{i})];
    endif
  endfor
endfunction

## ---- one tree ----------------------------------------------------------------------

function T = make_tree (num, base)
  T.num = num;
  T.base = base;
  T.seed = base * 1000003 + num;
  rand ("twister", T.seed);
  randn ("twister", T.seed);
  fam = pick ({"double", "single", "mixed", "int", "complex"}, [0.23 0.14 0.19 0.36 0.08]);
  intcls = "";
  if (strcmp (fam, "int"))
    intcls = pick ({"int8", "uint8", "int16", "uint16", "int32", "uint32", "int64", "uint64"}, ...
                   [1 1 1 1 1 1 0.5 0.5]);
  endif
  T.fam = fam;
  T.intcls = intcls;
  T.famname = ifelse_ (isempty (intcls), fam, intcls);
  patterns = {{[1 1]}, {[1 7]}, {[5 1]}, {[1 3]}, {[4097 1]}, {[1 5]}, {[3 5]}, {[7 4]}, ...
              {[4 4]}, {[33 31]}, {[2 3 4]}, {[3 1 5]}, {[0 3]}, {[0 3], [1 3]}, ...
              {[3 1], [1 4]}, {[2 1 3], [2 4]}, {[1 1 5], [4 4]}, {[5 1], [5 7]}, ...
              {[1 4097], [3 1]}};
  pw = [0.5 1 1 0.5 1 0.5 1.5 1 1 0.7 1 0.7 0.5 0.3 1 1 1 0.7 0.3];
  k = find (rand () * sum (pw) < cumsum (pw), 1);
  comps = patterns{k};
  if (rand () < 0.85)
    npool = randi ([2 6]);
  else
    npool = randi ([9 14]);  # more leaves than one kernel takes
  endif
  shapes = cell (1, npool);
  leaves = cell (1, npool);
  isgpu = rand (1, npool) < 0.7;
  isgpu(1) = true;
  for i = 1:npool
    if (i <= numel (comps))
      shp = comps{i};
    elseif (rand () < 0.15)
      shp = [1 1];
    else
      shp = comps{randi (numel (comps))};
    endif
    switch (fam)
      case "double", cls = pick ({"double", "logical"}, [0.85 0.15]);
      case "single", cls = pick ({"single", "logical"}, [0.85 0.15]);
      case "mixed",  cls = pick ({"double", "single", "logical"}, [0.45 0.45 0.1]);
      case "complex", cls = pick ({"cdouble", "csingle", "double", "single"}, [0.5 0.2 0.2 0.1]);
      otherwise
        cls = pick ({intcls, "double", "logical", "single"}, [0.6 0.3 0.07 0.03]);
        if (i == 1)
          cls = intcls;
        endif
    endswitch
    srate = pick ({0, 0.05, 0.2}, [0.4 0.4 0.2]);
    leaves{i} = gen_values (cls, shp, srate, ifelse_ (strcmp (cls, "double"), intcls, ""));
    shapes{i} = size (leaves{i});
  endfor
  P = struct ("fam", fam, "intcls", intcls, "npool", npool);
  P.shapes = shapes;
  P.classes = cellfun (@class, leaves, "uniformoutput", false);
  P.classes(cellfun (@iscomplex, leaves)) = {"complex"};
  ## functions of leaves now and then (their kernels carry the math library, slow to
  ## compile on lavapipe: rare enough to keep the run time)
  P.funs = pick ({0, ifelse_(strcmp (fam, "complex"), 0.3, 0.15)}, [0.88 0.12]);
  depth = randi (6);
  for attempt = 1:20
    [tree, ~] = gen_tree (depth, true, P, {});
    if (has_gpu_leaf (tree, isgpu))
      break;
    endif
  endfor
  if (! has_gpu_leaf (tree, isgpu))
    l1 = struct ("kind", "L", "idx", 1, "val", [], "op", "", "a", [], "b", [], ...
                 "shape", shapes{1}, "depth", 0);
    tree = struct ("kind", "O", "idx", 0, "val", [], "op", "+", "a", tree, "b", l1, ...
                   "shape", bshape (tree.shape, shapes{1}), "depth", tree.depth + 1);
  endif
  T.tree = tree;
  T.depth = tree.depth;
  T.leaves = leaves;
  T.isgpu = isgpu;
  ## the sum to wrap it in, if any
  T.sumargs = [];
  if (rand () < 0.35 && ! has_fun (tree))   # (a fused sum compiles the math library again)
    a = {};
    d = pick ({0, 1, 2, 3}, [1 1 1 0.5]);
    if (d > 0)
      a{end+1} = d;
    endif
    if (! isempty (intcls))
      t = pick ({"", "native", "double"}, [1 1 1]);
    else
      t = pick ({"", "native", "double"}, [2 0.5 1]);
    endif
    if (! isempty (t))
      a{end+1} = t;
    endif
    T.sumargs = a;
  endif
endfunction

## Runs tree T; returns the number of checks passed and failed and the telemetry seen.
function [np, nf, info] = run_tree (T, verbose)
  np = 0;
  nf = 0;
  info = struct ("structure", 0, "fallbacks", 0, "sums", 0);
  expr = tree_str (T.tree);
  L = T.leaves;
  G = L;
  for k = find (T.isgpu)
    G{k} = gpuArray (L{k});
  endfor
  if (verbose)
    print_repro (setfield (T, "listing", true), "as generated", expr);
  endif

  ## the reference
  try
    [want, mag] = eval_abs (T.tree, L);
  catch err
    nf += 1;
    print_repro (T, ["the reference failed (a test bug): " err.message], expr);
    return;
  end_try_catch

  ## the same tree on gpuArrays, with the model of its DAG
  M = struct ("inputs", {{}}, "in_numel", [], "scalars", {{}}, "ops", {{}}, ...
              "uploads", 0, "mixed64", false, "funs", false);
  try
    gpuarray_stats ("reset");  # building the tree may evaluate parts that do not fit
    E = eval_tree (T.tree, G);
    got = gather (E);
    s = gpuarray_stats ();
    isg = isa (E, "gpuArray");
    if (isg)
      cu = classUnderlying (E);
    endif
  catch err
    nf += 1;
    print_repro (T, ["error: " err.message], expr);
    return;
  end_try_catch
  at = 0;
  if (! isg)
    msg = "the result is not a gpuArray";
  elseif (! strcmp (cu, class (want)))
    msg = sprintf ("classUnderlying %s, want %s", cu, class (want));
  else
    [msg, at] = compare_values (got, want, has_div (T.tree), T.depth, mag, has_fun (T.tree));
  endif
  if (isempty (msg))
    np += 1;
  else
    nf += 1;
    print_repro (T, msg, expr, at, size (want));
  endif

  ## structure: one dispatch for a tree that fits one kernel
  [~, ~, ~, M] = model (T.tree, L, T.isgpu, M);
  nin = numel (M.inputs);
  nsc = numel (M.scalars);
  nops = numel (M.ops);
  fits = numel (want) > 0 && nin + nsc <= 12 && nops <= 40 && nin + nsc + nops <= 48;
  ## complex values and functions settle Octave's narrowing (or read a range check)
  ## with a reduction of their own, and hypot of complex values adds abs nodes
  fits = fits && ! M.funs && ! strcmp (T.fam, "complex");
  bcast = any (M.in_numel != numel (want) & M.in_numel != 1);
  info.fallbacks = s.host_fallbacks;
  if (fits)
    info.structure = 1;
    msg = "";
    desc = sprintf ("%d inputs, %d scalars, %d distinct ops of %d%s%s", nin, nsc, nops, ...
                    count_ops (T.tree), ifelse_ (bcast, ", broadcast", ""), ...
                    ifelse_ (M.mixed64, ", int64 with a float", ""));
    got_s = sprintf ("dispatches %d, fused_ops %d, materializations %d, host_fallbacks %d", ...
                     s.dispatches, s.fused_ops, s.materializations, s.host_fallbacks);
    on_device = strcmp (gpuDevice ().Provider, "host") || ! (bcast || M.mixed64);
    if (on_device)
      if (s.dispatches != 1 || s.fused_ops != nops || s.materializations != 1 || s.host_fallbacks != 0)
        msg = sprintf ("structure: %s; want 1 dispatch with %d fused ops (%s)", got_s, nops, desc);
      endif
    elseif (s.dispatches + s.host_fallbacks != 1 || s.materializations != 1)
      msg = sprintf ("structure: %s; want one evaluation, on the device or the host (%s)", got_s, desc);
    endif
    if (isempty (msg))
      np += 1;
    else
      nf += 1;
      print_repro (T, msg, expr);
    endif
    ## the same structure again: the kernel comes from the cache
    if (isempty (msg) && on_device && ! strcmp (gpuDevice ().Provider, "host"))
      gpuarray_stats ("reset");
      E2 = eval_tree (T.tree, G);
      got2 = gather (E2);
      s = gpuarray_stats ();
      if (s.kernels_compiled == 0 && s.dispatches == 1 && isequaln (got2, got))
        np += 1;
      else
        nf += 1;
        print_repro (T, sprintf ("second run of the same tree: kernels_compiled %d, dispatches %d, same values %d", ...
                                 s.kernels_compiled, s.dispatches, isequaln (got2, got)), expr);
      endif
    endif
  endif

  ## sum of the pending expression
  if (iscell (T.sumargs))
    a = T.sumargs;
    sexpr = ["sum (" expr args_str(a) ")"];
    try
      sw = sum (want, a{:});
    catch err
      nf += 1;
      print_repro (T, ["the reference sum failed (a test bug): " err.message], sexpr);
      return;
    end_try_catch
    info.sums = 1;
    try
      gpuarray_stats ("reset");
      E = eval_tree (T.tree, G);
      S = sum (E, a{:});
      sg = gather (S);
      s = gpuarray_stats ();
    catch err
      nf += 1;
      print_repro (T, ["error: " err.message], sexpr);
      return;
    end_try_catch
    msg = "";
    if (! isa (S, "gpuArray"))
      msg = "the sum is not a gpuArray";
    else
      msg = compare_sum (sg, sw, want, a);
    endif
    ## a fused reduction reads the expression: nothing is materialised first
    if (isempty (msg) && fits && ! bcast && ! M.mixed64 && nin + nsc <= 8 && isfloat (sw)
        && ! strcmp (gpuDevice ().Provider, "host") && s.materializations != 0)
      msg = sprintf ("sum did not fuse with its producer: materializations %d, dispatches %d", ...
                     s.materializations, s.dispatches);
    endif
    if (isempty (msg))
      np += 1;
    else
      nf += 1;
      print_repro (T, msg, sexpr);
    endif
  endif
endfunction

## ---- main --------------------------------------------------------------------------

ntrees = str2double (getenv ("GA_FUZZ_TREES"));
if (isnan (ntrees))
  ntrees = 200;
endif
base = str2double (getenv ("GA_FUZZ_SEED"));
if (isnan (base))
  base = 1;
endif
only = str2double (getenv ("GA_FUZZ_ONLY"));
if (isnan (only))
  todo = 1:ntrees;
else
  todo = only;
endif

provider = gpuDevice ().Provider;
t0 = tic ();
npass = 0;
nfail = 0;
nstruct = 0;
nfallback = 0;
nsums = 0;
for num = todo
  T = make_tree (num, base);
  T.provider = provider;
  [p, f, info] = run_tree (T, ! isnan (only));
  npass += p;
  nfail += f;
  nstruct += info.structure;
  nfallback += info.fallbacks > 0;
  nsums += info.sums;
endfor
s = gpuarray_stats ();
printf ("provider: %s; %d trees, %d sums, %d structure checks, %d trees with host fallbacks; %.1f s\n", ...
        provider, numel (todo), nsums, nstruct, nfallback, toc (t0));
printf ("Vulkan validation messages: %d\n", s.validation_messages);
if (s.validation_messages > 0)
  nfail += 1;
endif
printf ("%d passed, %d failed\n", npass, nfail);
exit (nfail > 0);
