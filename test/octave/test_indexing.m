## Indexing and array manipulation on gpuArray (issue 7), against Octave's own results on
## the same inputs: subsref (linear, subscripts, colon, end, logical masks, N-d folding,
## empties, errors), subsasgn (values, growth, deletion, class rules, errors, every mix of
## host and gpuArray array, index and value), value semantics, and reshape, squeeze,
## permute, ipermute, transposes, concatenation, repmat, circshift, flip*, rot90, kron,
## tril, triu, diag, find, nnz, sub2ind, ind2sub and the size queries.
##
## Every case runs on host inputs and on the same inputs with some of them made gpuArrays,
## and wants: the same class (classUnderlying against class), the same size, the same
## values bit for bit (NaN where NaN; -0 stays -0: indexing moves values, it never
## computes), a gpuArray result where Octave would hand back an array (host doubles for
## size, numel and the like), and for errors the same message with an identifier starting
## "Octave:" or "gpuarray:". Message texts are compared after the array's variable name
## is replaced by Octave's "index " (a method never sees the caller's variable name):
## "A(_,5): out of bound 4 ..." counts as "index (_,5): out of bound 4 ...".
##
## Cases Octave cannot dispatch to the class at all (a host array indexed with, or
## assigned, a gpuArray: h(gidx), h(i) = gv) may fail; they are counted as skipped, and
## where they succeed the values must still be right.
##
## GA_INDEX_SELFTEST=1 runs the same script with plain host arrays on the "gpu" side
## (gpuArray and gather are the identity): every check must pass, which validates the
## expected values and message comparisons independently of the implementation.
##
## Prints "N passed, N failed" last; exits non-zero on failure.
## Usage: octave-cli test/octave/test_indexing.m  (from the repository root, after make)
root = fileparts (fileparts (fileparts (mfilename ("fullpath"))));
addpath (fullfile (root, "inst"));
addpath (fullfile (root, "src"));

1;

## ---- harness ----------------------------------------------------------------------------

## to the device (the identity in self-test mode)
function y = tog (x)
  global T
  if (T.self || ischar (x))
    y = x;
  else
    y = gpuArray (x);
  endif
endfunction

## Octave's message with the variable's name turned into "index ", as a method sees it:
## "A(0): ..." -> "index (0): ...", and the deletion path's "A0: ..." -> "index 0: ..."
function m = normmsg (m)
  m = regexprep (m, '^A\(', 'index (');
  m = regexprep (m, '^A(?=[-+0-9.a-zA-Z]*: subscripts)', 'index ');
  m = regexprep (m, '\s+$', '');
endfunction

function s = show_vals (x)
  if (isfloat (x))
    s = sprintf ("%.17g ", x);
  else
    s = sprintf ("%d ", x);
  endif
  s = strtrim (s);
endfunction

## a value, compactly: class, size and (small ones) the values in column order
function s = show (x)
  if (isa (x, "gpuArray") && builtin ("numel", x) != 1)
    s = sprintf ("%s array of gpuArray objects", mat2str (builtin ("size", x)));
    return;
  elseif (isa (x, "gpuArray"))
    try
      g = gather (x);
      s = ["gpuArray " show(g)];
    catch
      s = "gpuArray (gather fails)";
    end_try_catch
    return;
  endif
  if (ischar (x))
    s = ["'" x "'"];
    return;
  endif
  sz = sprintf ("%dx", size (x))(1:end-1);
  if (! (isnumeric (x) || islogical (x)))
    s = sprintf ("%s %s", class (x), sz);
  elseif (numel (x) <= 12)
    s = sprintf ("%s %s [%s]", class (x), sz, show_vals (x(:)));
  else
    s = sprintf ("%s %s [%s ...]", class (x), sz, show_vals (x(1:8)));
  endif
endfunction

function s = describe_args (args, which)
  s = "";
  for k = 1:numel (args)
    a = args{k};
    if (ischar (a))
      d = ["'" a "'"];
    elseif (iscell (a))
      d = "{...}";
    else
      sz = sprintf ("%dx", size (a))(1:end-1);
      if (numel (a) <= 6 && (isnumeric (a) || islogical (a)))
        d = sprintf ("%s %s [%s]", class (a), sz, show_vals (a(:)));
      else
        d = sprintf ("%s %s", class (a), sz);
      endif
      if (any (which == k))
        d = ["gpu " d];
      endif
    endif
    s = [s d "; "];
  endfor
  s = s(1:end-2);
endfunction

## "" when got matches want; otherwise why not. kind: "gpu" (a gpuArray is wanted),
## "host" (a host value is wanted), "any".
function why = compare (got, want, kind)
  global T
  why = "";
  isg = isa (got, "gpuArray");
  if (! T.self)
    if (strcmp (kind, "gpu") && ! isg)
      why = sprintf ("result is a host %s, want a gpuArray", class (got));
      return;
    elseif (strcmp (kind, "host") && isg)
      why = "result is a gpuArray, want a host value";
      return;
    endif
  endif
  if (isg && builtin ("numel", got) != 1)
    ## an array of gpuArray objects (Octave's default classdef indexing): gather and
    ## classUnderlying cannot take it
    why = sprintf ("result is a %s array of gpuArray objects", mat2str (builtin ("size", got)));
    return;
  endif
  if (isg)
    c = classUnderlying (got);
    g = gather (got);
  else
    c = class (got);
    g = got;
  endif
  if (! strcmp (c, class (want)))
    why = sprintf ("class %s, want %s", c, class (want));
  elseif (! strcmp (class (g), class (want)))
    why = sprintf ("gathers to class %s, want %s", class (g), class (want));
  elseif (! isequal (size (g), size (want)))
    why = sprintf ("size %s, want %s", mat2str (size (g)), mat2str (size (want)));
  elseif (isfloat (want))
    nan = isnan (want(:));
    if (! isequal (isnan (g(:)), nan))
      why = "NaN positions differ";
    else
      it = "uint64";
      if (isa (want, "single"))
        it = "uint32";
      endif
      w = want(:)(! nan);
      gg = g(:)(! nan);
      if (! isequal (typecast (gg, it), typecast (w, it)))
        bad = find (typecast (gg, it) != typecast (w, it), 1);
        why = sprintf ("values differ (first at non-NaN element %d: %.17g, want %.17g)", ...
                       bad, gg(bad), w(bad));
      endif
    endif
  elseif (! isequal (g, want))
    bad = find (g(:) != want(:), 1);
    why = sprintf ("values differ (first at element %d)", bad);
  endif
endfunction

function fail_ (name, why, args, which, want, got)
  global T
  T.nf++;
  printf ("FAIL %s: %s\n", name, why);
  if (T.nf <= T.max_detail)
    printf ("    inputs: %s\n", describe_args (args, which));
    for k = 1:numel (want)
      if (k <= numel (got))
        printf ("    Octave: %s\n    gpu:    %s\n", show (want{k}), show (got{k}));
      endif
    endfor
  endif
endfunction

## check (name, f, args, which, opts...): f (args{:}) on the host against f with the
## arguments numbered in which made gpuArrays. Options: "out", a cell of "gpu", "host" or
## "any" per output (its length is the number of outputs; default {"gpu"}); "mayfail",
## true where Octave cannot dispatch to the class (a gpu error is then a skip); "alt", a
## cell of other message texts the gpu may give (Octave's own, where the class cannot
## know which entry point was used).
function check (name, f, args, which, varargin)
  global T
  out = {"gpu"};
  mayfail = false;
  alt = {};
  for k = 1:2:numel (varargin)
    switch (varargin{k})
      case "out"
        out = varargin{k+1};
      case "mayfail"
        mayfail = varargin{k+1};
      case "alt"
        alt = varargin{k+1};
    endswitch
  endfor
  which = which(:).';
  if (islogical (which))
    which = find (which);
  endif
  nout = numel (out);
  want = cell (1, nout);
  werr = [];
  try
    [want{:}] = f (args{:});
  catch e
    werr = e;
  end_try_catch
  got = cell (1, nout);
  gerr = [];
  try
    gargs = args;
    for k = which
      gargs{k} = tog (gargs{k});
    endfor
    [got{:}] = f (gargs{:});
  catch e
    gerr = e;
  end_try_catch
  why = "";
  if (! isempty (werr))
    if (isempty (gerr))
      why = sprintf ("Octave errors \"%s\" but the gpu call returns", normmsg (werr.message));
      want = {};
    else
      wm = normmsg (werr.message);
      gm = normmsg (gerr.message);
      if (! strcmp (wm, gm) && ! any (strcmp (gm, alt)))
        why = sprintf ("error text differs\n    Octave: %s\n    gpu:    %s", wm, gm);
      elseif (! T.self && ! (strncmp (gerr.identifier, "Octave:", 7)
                             || strncmp (gerr.identifier, "gpuarray:", 9)))
        why = sprintf ("error identifier \"%s\" (want Octave:* or gpuarray:*; message \"%s\")", ...
                       gerr.identifier, gm);
      endif
      want = {};
    endif
  elseif (! isempty (gerr))
    why = sprintf ("gpu call errors: %s", gerr.message);
    want = {};
  else
    for k = 1:nout
      try
        why = compare (got{k}, want{k}, out{k});
      catch e
        why = ["comparing: " e.message];
      end_try_catch
      if (! isempty (why))
        if (nout > 1)
          why = sprintf ("output %d: %s", k, why);
        endif
        break;
      endif
    endfor
  endif
  if (isempty (why))
    T.np++;
  elseif (mayfail && ! isempty (gerr))
    T.nskip++;
  else
    fail_ (name, why, args, which, want, got);
  endif
endfunction

## pin (name, f, args, which, want): the gpu result against a literal (a value, or an
## error message as a string inside a cell: {"msg"}): Octave's documented behaviour.
function pin (name, f, args, which, want, kind)
  global T
  if (nargin < 6)
    kind = "gpu";
  endif
  why = "";
  got = [];
  try
    gargs = args;
    for k = which
      gargs{k} = tog (gargs{k});
    endfor
    got = f (gargs{:});
    if (iscell (want))
      why = sprintf ("returns, want the error \"%s\"", want{1});
    else
      why = compare (got, want, kind);
    endif
  catch e
    if (iscell (want))
      if (! strcmp (normmsg (e.message), normmsg (want{1})))
        why = sprintf ("error \"%s\", want \"%s\"", normmsg (e.message), normmsg (want{1}));
      endif
    else
      why = ["errors: " e.message];
    endif
  end_try_catch
  if (isempty (why))
    T.np++;
  else
    if (iscell (want))
      fail_ (name, why, args, which, {}, {});
    else
      fail_ (name, why, args, which, {want}, {got});
    endif
  endif
endfunction

## a plain pass/fail
function ok (name, cond, msg)
  global T
  if (cond)
    T.np++;
  else
    T.nf++;
    if (nargin < 3)
      msg = "";
    endif
    printf ("FAIL %s %s\n", name, msg);
  endif
endfunction

## true where an argument can be made a gpuArray (not ':' and not a cell)
function tf = convertible (a)
  tf = (isnumeric (a) || islogical (a));
endfunction

## subsref-like cases: f (A, idx...) with A on the device, the indices on the device, and
## both. A host array with device indices is outside Octave's dispatch: may fail.
function check_idx (name, f, A, varargin)
  global T
  args = [{A}, varargin];
  ix = 1 + find (cellfun (@convertible, varargin));
  check ([name " [gpu A]"], f, args, 1);
  if (! isempty (ix))
    check ([name " [gpu A, gpu idx]"], f, args, [1 ix]);
    if (T.host_array_combos)
      check ([name " [host A, gpu idx]"], f, args, ix, "mayfail", true, "out", {"any"});
    endif
  endif
endfunction

function A = asgn_ (A, v, varargin)
  A(varargin{:}) = v;
endfunction

## assignments with end in the subscripts
function A = endasgn_ (A, s, form)
  switch (form)
    case 1
      A(end) = s;
    case 2
      A(end+1) = s;
    case 3
      A(end,:) = s;
    case 4
      A(end+1,:) = s;
    case 5
      A(:,end+2) = s;
    case 6
      A(end:-1:1) = 1:numel (A);
  endswitch
endfunction

function A = del_ (A, varargin)
  A(varargin{:}) = [];
endfunction

## A(subs{:}) = v for every mix of host and device array, indices and value
function check_asgn (name, A, v, varargin)
  args = [{A, v}, varargin];
  ix = 2 + find (cellfun (@convertible, varargin));
  tags = {"A", "v", "idx"};
  for m = 1:7
    bits = bitand (m, [1 2 4]) > 0;
    if (bits(3) && isempty (ix))
      continue;
    endif
    which = [];
    if (bits(1)) which(end+1) = 1; endif
    if (bits(2)) which(end+1) = 2; endif
    if (bits(3)) which = [which ix]; endif
    tag = strjoin (tags(bits), ",");
    if (bits(1))
      check (sprintf ("%s [gpu %s]", name, tag), @asgn_, args, which);
    else
      check (sprintf ("%s [host A, gpu %s]", name, tag), @asgn_, args, which, ...
             "mayfail", true, "out", {"any"});
    endif
  endfor
endfunction

## A(subs{:}) = [] with the array on the device, and array and indices on the device
function check_del (name, A, varargin)
  args = [{A}, varargin];
  ix = 1 + find (cellfun (@convertible, varargin));
  check ([name " [gpu A]"], @del_, args, 1);
  if (! isempty (ix))
    check ([name " [gpu A, gpu idx]"], @del_, args, [1 ix]);
  endif
endfunction

## ---- data -------------------------------------------------------------------------------

## random values of a class with the specials of the class in random places: -0, NaN,
## +-Inf and a subnormal for floats; intmin, intmax and (64-bit) values past 2^53
function x = vals (cls, sz)
  n = prod (sz);
  switch (cls)
    case "double"
      v = randn (n, 1) .* 10 .^ randi ([-3 3], n, 1);
      sp = [-0; NaN; Inf; -Inf; 5e-324; 0];
    case "single"
      v = single (randn (n, 1) .* 10 .^ randi ([-3 3], n, 1));
      sp = single ([-0; NaN; Inf; -Inf; 1e-40; 0]);
    case "logical"
      v = rand (n, 1) > 0.5;
      sp = [];
    case "int64"
      v = typecast (uint32 (randi ([0 2^32-1], 2*n, 1)), "int64");
      sp = [int64(2)^53+1; intmin("int64"); intmax("int64"); -int64(2)^53-1; 0];
    case "uint64"
      v = typecast (uint32 (randi ([0 2^32-1], 2*n, 1)), "uint64");
      sp = [uint64(2)^53+1; intmax("uint64"); 0; uint64(2)^63+1];
    otherwise
      v = cast (randi ([double(intmin (cls)) double(intmax (cls))], n, 1), cls);
      sp = [intmin(cls); intmax(cls); 0];
  endswitch
  if (n > 0 && ! isempty (sp))
    k = min (n, numel (sp));
    v(randperm (n, k)) = sp(1:k);
  endif
  x = reshape (v, [sz 1]);
endfunction

function m = mask (sz, p)
  if (nargin < 2)
    p = 0.5;
  endif
  m = rand ([sz 1]) < p;
endfunction

global T
T = struct ("self", false, "np", 0, "nf", 0, "nskip", 0, "max_detail", 400, ...
            "host_array_combos", true);
T.self = ! isempty (getenv ("GA_INDEX_SELFTEST")) && ! strcmp (getenv ("GA_INDEX_SELFTEST"), "0");
rand ("state", 20260707);
randn ("state", 20260707);
warning ("off", "Octave:logical-conversion");
t0 = tic ();

classes = {"double", "single", "int8", "uint8", "int16", "uint16", "int32", "uint32", ...
           "int64", "uint64", "logical"};
if (T.self)
  prov = "none (self-test: host arrays on both sides)";
else
  prov = gpuDevice ().Provider;
endif

## ---- 1. subsref --------------------------------------------------------------------------
sub = @(A, varargin) A(varargin{:});        # A(i), A(i,j), ... with the given subscripts
ci = 0;                                      # class rotation for the cases below
nextcls = @(k) classes{mod (k, numel (classes)) + 1};

## every class: the core forms (indices host, gpu, and gpu with a host array)
for c = classes
  cls = c{1};
  M = vals (cls, [4 5]);
  T3 = vals (cls, [3 4 2]);
  R = vals (cls, [1 7]);
  check_idx (["M(k) " cls], sub, M, randi (20));
  check_idx (["M(row idx, repeats) " cls], sub, M, [3 3 20 1 7 3]);
  check_idx (["M(2x3 idx) " cls], sub, M, randi (20, 2, 3));
  check_idx (["M(i,j) " cls], sub, M, [4 1 2], [5 5 1 3]);
  check_idx (["M(mask) " cls], sub, M, mask ([4 5]));
  check_idx (["T3(:,:,k) " cls], sub, T3, ":", ":", 2);
  check_idx (["R(column idx) " cls], sub, R, [7; 1; 1; 4]);
  check (["M(:) " cls], @(A) A(:), {M}, 1);
  check (["M(end,:) " cls], @(A) A(end,:), {M}, 1);
  check (["T3(end,end,end) " cls], @(A) A(end,end,end), {T3}, 1);
endfor
T.host_array_combos = false;   # from here on, the host-array mixes only in the class sweeps

## shapes of the result: a vector indexed by a vector keeps the array's orientation,
## anything else takes the index's shape
for k = 1:2
  cls = nextcls (ci++);
  M = vals (cls, [4 5]); R = vals (cls, [1 7]); C = vals (cls, [6 1]); S = vals (cls, [1 1]);
  Q = vals (cls, [2 3 2 2 2]);
  check_idx (sprintf ("C(row idx) %s", cls), sub, C, [1 6 2]);
  check_idx (sprintf ("M(column idx) %s", cls), sub, M, [1; 6; 2]);
  check_idx (sprintf ("M(2x2x2 idx) %s", cls), sub, M, randi (20, 2, 2, 2));
  check_idx (sprintf ("R(2x3 idx) %s", cls), sub, R, randi (7, 2, 3));
  check_idx (sprintf ("C(1x1x3 idx) %s", cls), sub, C, randi (6, 1, 1, 3));
  check_idx (sprintf ("S(ones(2,3)) %s", cls), sub, S, ones (2, 3));
  check_idx (sprintf ("S([1 1 1]) %s", cls), sub, S, [1 1 1]);
  check_idx (sprintf ("S(1) %s", cls), sub, S, 1);
  check_idx (sprintf ("S(1,1,1) %s", cls), sub, S, 1, 1, 1);
  check (sprintf ("S(:) %s", cls), @(A) A(:), {S}, 1);
  check (sprintf ("Q(:) %s", cls), @(A) A(:), {Q}, 1);
  check_idx (sprintf ("Q(idx) %s", cls), sub, Q, randi (48, 1, 9));
endfor

## empty indices and empty arrays
for k = 1:2
  cls = nextcls (ci++);
  arrs = {vals(cls, [4 5]), vals(cls, [1 7]), vals(cls, [6 1])};
  names = {"M", "R", "C"};
  for a = 1:3
    A = arrs{a};
    n = names{a};
    check_idx (sprintf ("%s([]) %s", n, cls), sub, A, []);
    check_idx (sprintf ("%s(zeros(0,3)) %s", n, cls), sub, A, zeros (0, 3));
    check_idx (sprintf ("%s(zeros(1,0)) %s", n, cls), sub, A, zeros (1, 0));
    check_idx (sprintf ("%s(zeros(0,1)) %s", n, cls), sub, A, zeros (0, 1));
    check (sprintf ("%s(1:0) %s", n, cls), @(A) A(1:0), {A}, 1);
    check_idx (sprintf ("%s(:,[]) %s", n, cls), sub, A, ":", []);
    check_idx (sprintf ("%s([],:) %s", n, cls), sub, A, [], ":");
    check_idx (sprintf ("%s(false mask) %s", n, cls), sub, A, false (size (A)));
  endfor
  E03 = vals (cls, [0 3]); E30 = vals (cls, [3 0]); E00 = vals (cls, [0 0]);
  check (sprintf ("E03(:) %s", cls), @(A) A(:), {E03}, 1);
  check (sprintf ("E30(:) %s", cls), @(A) A(:), {E30}, 1);
  check (sprintf ("E00(:) %s", cls), @(A) A(:), {E00}, 1);
  check_idx (sprintf ("E00([]) %s", cls), sub, E00, []);
  check_idx (sprintf ("E03(:,2) %s", cls), sub, E03, ":", 2);
  check_idx (sprintf ("E30(2,:) %s", cls), sub, E30, 2, ":");
  check_idx (sprintf ("E30(:,[]) %s", cls), sub, E30, ":", []);
  check (sprintf ("E03(:,:) %s", cls), @(A) A(:,:), {E03}, 1);
  check (sprintf ("E03(end) %s", cls), @(A) A(end), {E03}, 1);
  check_idx (sprintf ("E03(1) %s", cls), sub, E03, 1);
  check_idx (sprintf ("E03(1,1) %s", cls), sub, E03, 1, 1);
endfor

## end arithmetic and ranges
for k = 1:2
  cls = nextcls (ci++);
  M = vals (cls, [4 5]); R = vals (cls, [1 7]); C = vals (cls, [6 1]); T3 = vals (cls, [3 4 2]);
  Q = vals (cls, [2 3 2 2 2]);
  for a = {{"M", M}, {"R", R}, {"C", C}, {"T3", T3}, {"Q", Q}}
    n = [a{1}{1} " " cls];
    A = a{1}{2};
    check (["A(end) " n], @(A) A(end), {A}, 1);
    check (["A(end-1) " n], @(A) A(end-1), {A}, 1);
    check (["A(end:-1:1) " n], @(A) A(end:-1:1), {A}, 1);
    check (["A(2:end) " n], @(A) A(2:end), {A}, 1);
    check (["A([1 end end]) " n], @(A) A([1 end end]), {A}, 1);
    check (["A(end,end) " n], @(A) A(end,end), {A}, 1);
    check (["A(end-1,:) " n], @(A) A(max (end-1, 1),:), {A}, 1);
    check (["A(2:end,1:2:end) " n], @(A) A(min (2, end):end,1:2:end), {A}, 1);
    check (["A(:,end:-1:1) " n], @(A) A(:,end:-1:1), {A}, 1);
    check (["A(end+1-(1:2)) " n], @(A) A(end+1-(1:2)), {A}, 1);
  endfor
  check (["T3(:,end) " cls], @(A) A(:,end), {T3}, 1);
  check (["T3(end,:,end) " cls], @(A) A(end,:,end), {T3}, 1);
  check (["Q(:,:,end,end,end) " cls], @(A) A(:,:,end,end,end), {Q}, 1);
  check (["Q(end,:) " cls], @(A) A(end,:), {Q}, 1);
  check (["Q(1,end,end) " cls], @(A) A(1,end,end), {Q}, 1);
  check_idx (["M(i,end) " cls], @(A, i) A(i,end), M, [2 4]);
  check_idx (["M(end-i,:) " cls], @(A, i) A(end-i,:), M, [0 3]);
endfor

## logical masks
for k = 1:2
  cls = nextcls (ci++);
  M = vals (cls, [4 5]); R = vals (cls, [1 7]); C = vals (cls, [6 1]); T3 = vals (cls, [3 4 2]);
  check_idx (["M(mask 4x5) " cls], sub, M, mask ([4 5]));
  check_idx (["M(mask(:)') " cls], sub, M, mask ([1 20]));
  check_idx (["M(short mask) " cls], sub, M, mask ([1 7]));
  check_idx (["M(short 2x2 mask) " cls], sub, M, logical ([1 0; 1 1]));
  check_idx (["M(long mask, trailing false) " cls], sub, M, [mask([1 20]), false(1, 5)]);
  check_idx (["M(long mask, true past the end) " cls], sub, M, [mask([1 20]), false(1, 4), true]);
  check_idx (["R(mask) " cls], sub, R, mask ([1 7]));
  check_idx (["R(column mask) " cls], sub, R, mask ([7 1]));
  check_idx (["C(row mask) " cls], sub, C, mask ([1 6]));
  check_idx (["C(long mask, trailing false) " cls], sub, C, [mask([6 1]); false(3, 1)]);
  check_idx (["T3(3-D mask) " cls], sub, T3, mask ([3 4 2]));
  check_idx (["M(row mask,:) " cls], sub, M, logical ([1 0 1 1]), ":");
  check_idx (["M(:,col mask) " cls], sub, M, ":", logical ([0 1 1 0 1]));
  check_idx (["M(short row mask,:) " cls], sub, M, logical ([0 1]), ":");
  check_idx (["M(row mask, col mask) " cls], sub, M, logical ([1 0 1 1]), logical ([0 1 1 0 1]));
  check_idx (["T3(mask,:,mask) " cls], sub, T3, logical ([1 0 1]), ":", logical ([0 1]));
  check_idx (["M(all true) " cls], sub, M, true (4, 5));
  check_idx (["M(mask, idx) " cls], sub, M, logical ([0 1 1 0]), [5 1 5]);
endfor

## index classes: integer, single and logical indices, host or gpu
icls = {"int8", "uint8", "int16", "uint16", "int32", "uint32", "int64", "uint64", "single"};
for k = 1:numel (icls)
  cls = nextcls (ci++);
  M = vals (cls, [4 5]); T3 = vals (cls, [3 4 2]);
  check_idx (sprintf ("M(%s idx) %s", icls{k}, cls), sub, M, cast (randi (20, 1, 6), icls{k}));
  check_idx (sprintf ("M(%s i, double j) %s", icls{k}, cls), sub, M, cast ([4 2], icls{k}), [1 5 3]);
  check_idx (sprintf ("T3(%s i,j,k) %s", icls{k}, cls), sub, T3, cast (3, icls{k}), ...
             cast ([1 4], icls{k}), cast (2, icls{k}));
endfor

## subscripts: 2-D, fewer than the dimensions (the trailing ones fold), more (trailing 1s)
for k = 1:2
  cls = nextcls (ci++);
  M = vals (cls, [4 5]); R = vals (cls, [1 7]); C = vals (cls, [6 1]); S = vals (cls, [1 1]);
  T3 = vals (cls, [3 4 2]); Q = vals (cls, [2 3 2 2 2]);
  check_idx (["M(i,j) scalars " cls], sub, M, 3, 4);
  check_idx (["M(:,j) " cls], sub, M, ":", 4);
  check_idx (["M(i,:) " cls], sub, M, 2, ":");
  check_idx (["M(:,[3 1 3]) " cls], sub, M, ":", [3 1 3]);
  check_idx (["M([2 1 2],[3 3]) " cls], sub, M, [2 1 2], [3 3]);
  check_idx (["M(2x2 i, j) " cls], sub, M, [1 2; 3 4], 2);
  check_idx (["M(i,j,1,1) " cls], sub, M, [2 3], 4, 1, 1);
  check_idx (["M(i,j,1) " cls], sub, M, 1, [1 5], 1);
  check_idx (["M(:,:,1) " cls], sub, M, ":", ":", 1);
  check (["M(:,:) " cls], @(A) A(:,:), {M}, 1);
  check_idx (["M(1:0,:) " cls], sub, M, 1:0, ":");
  check_idx (["C(i,1) " cls], sub, C, [6 2], 1);
  check_idx (["C(:,1) " cls], sub, C, ":", 1);
  check_idx (["R(1,j) " cls], sub, R, 1, [7 2]);
  check_idx (["R(:,j) " cls], sub, R, ":", [3 4]);
  check_idx (["S(1,1) " cls], sub, S, 1, 1);
  check_idx (["T3(i,j,k) " cls], sub, T3, [3 1], [2 4], 2);
  check_idx (["T3(:,j,:) " cls], sub, T3, ":", 3, ":");
  check_idx (["T3(i,:,:) " cls], sub, T3, 2, ":", ":");
  check_idx (["T3(i,j) folds " cls], sub, T3, 2, [7 3 8]);
  check_idx (["T3(2,:) folds " cls], sub, T3, 2, ":");
  check (["T3(:,:) folds " cls], @(A) A(:,:), {T3}, 1);
  check_idx (["T3(i,j,k,1,1) " cls], sub, T3, 1, 2, 2, 1, 1);
  check_idx (["T3(:,:,[2 1 2]) " cls], sub, T3, ":", ":", [2 1 2]);
  check (["T3(:,:,:) " cls], @(A) A(:,:,:), {T3}, 1);
  check_idx (["Q(1,2,1,2,2) " cls], sub, Q, 1, 2, 1, 2, 2);
  check_idx (["Q(:,:,:,:,2) " cls], sub, Q, ":", ":", ":", ":", 2);
  check_idx (["Q(:,:,:,j) folds " cls], sub, Q, ":", ":", ":", [4 1]);
  check_idx (["Q(:,:,k) folds " cls], sub, Q, ":", ":", 3);
  check_idx (["Q(2,:,:,:,:) " cls], sub, Q, 2, ":", ":", ":", ":");
endfor

## index errors: zero, negative, fractional, NaN, Inf, out of range (linear, 2-D, N-d)
for k = 1:2
  cls = nextcls (ci++);
  M = vals (cls, [4 5]); R = vals (cls, [1 7]); C = vals (cls, [6 1]); S = vals (cls, [1 1]);
  T3 = vals (cls, [3 4 2]);
  check_idx (["M(0) " cls], sub, M, 0);
  check_idx (["M(21) " cls], sub, M, 21);
  check_idx (["M([1 21 2]) " cls], sub, M, [1 21 2]);
  check_idx (["M(1.5) " cls], sub, M, 1.5);
  check_idx (["M(-1) " cls], sub, M, -1);
  check_idx (["M(NaN) " cls], sub, M, NaN);
  check_idx (["M(Inf) " cls], sub, M, Inf);
  check_idx (["M(5,1) " cls], sub, M, 5, 1);
  check_idx (["M(1,6) " cls], sub, M, 1, 6);
  check_idx (["M(0,1) " cls], sub, M, 0, 1);
  check_idx (["M(1,0) " cls], sub, M, 1, 0);
  check_idx (["M(1.5,1) " cls], sub, M, 1.5, 1);
  check_idx (["M(1,-2) " cls], sub, M, 1, -2);
  check_idx (["M(1,1,2) " cls], sub, M, 1, 1, 2);
  check_idx (["M(:,6) " cls], sub, M, ":", 6);
  check_idx (["T3(1,9) " cls], sub, T3, 1, 9);
  check_idx (["T3(4,1,1) " cls], sub, T3, 4, 1, 1);
  check_idx (["T3(1,1,3) " cls], sub, T3, 1, 1, 3);
  check_idx (["T3(25) " cls], sub, T3, 25);
  check_idx (["R(8) " cls], sub, R, 8);
  check_idx (["R(2,1) " cls], sub, R, 2, 1);
  check_idx (["C(7,1) " cls], sub, C, 7, 1);
  check_idx (["S(2) " cls], sub, S, 2);
  check_idx (["M(int8 0) " cls], sub, M, int8 (0));
  check_idx (["M(int32 -3) " cls], sub, M, int32 (-3));
  check (["M(end+1) " cls], @(A) A(end+1), {M}, 1);
  check (["M(end,end+1) " cls], @(A) A(end,end+1), {M}, 1);
endfor
## Octave 7.3's texts, pinned (the differential checks above compare with whatever Octave says)
M = vals ("double", [4 4]);
msg_sub = "subscripts must be either integers 1 to (2^63)-1 or logicals";
pin ("text of A(0)", @(A) A(0), {M}, 1, {["index (0): " msg_sub]});
pin ("text of A(1.5)", @(A) A(1.5), {M}, 1, {["index (1.5): " msg_sub]});
pin ("text of A(-1)", @(A) A(-1), {M}, 1, {["index (-1): " msg_sub]});
pin ("text of A(17)", @(A) A(17), {M}, 1, {"index (17): out of bound 16 (dimensions are 4x4)"});
pin ("text of A(5,1)", @(A) A(5,1), {M}, 1, {"index (5,_): out of bound 4 (dimensions are 4x4)"});
pin ("text of A(1,5)", @(A) A(1,5), {M}, 1, {"index (_,5): out of bound 4 (dimensions are 4x4)"});
pin ("text of A(1,1,2)", @(A) A(1,1,2), {M}, 1, {"index (_,_,2): out of bound 1 (dimensions are 4x4)"});
pin ("text of A(_,0)", @(A) A(2,0), {M}, 1, {["index (_,0): " msg_sub]});
pin ("-0 survives A(k)", @(A) signbit (gather (A(2))), {[1 -0 3]}, 1, true, "host");
pin ("-0 survives A(:)", @(A) signbit (gather (A(:))), {[1 -0; -0 4]}, 1, [false; true; true; false], "host");

## ---- 2. subsasgn -------------------------------------------------------------------------
## every class, every mix of host and gpu array, indices and value
T.host_array_combos = true;
for c = classes
  cls = c{1};
  M = vals (cls, [4 5]);
  check_asgn (["M(k) = s " cls], M, vals (cls, [1 1]), 7);
  check_asgn (["M(idx) = v, repeats " cls], M, vals (cls, [1 5]), [2 9 2 20 1]);
  check_asgn (["M(i,j) = block " cls], M, vals (cls, [2 3]), [4 1], [5 2 3]);
  check_asgn (["M(mask) = s " cls], M, vals (cls, [1 1]), mask ([4 5]));
  check_asgn (["M(:,j) = column " cls], M, vals (cls, [4 1]), ":", 3);
  check_del (["M(:,j) = [] " cls], M, ":", [2 5]);
  check_del (["R(idx) = [] " cls], vals (cls, [1 9]), [9 1 4 4]);
endfor
T.host_array_combos = false;

## repeated indices: the last one wins
pin ("A([1 1]) = [5 6]", @asgn_, {[1 2 3], [5 6], [1 1]}, 1, [6 2 3]);
pin ("A([2 2 3 2]) = 1:4", @asgn_, {zeros(1, 4), 1:4, [2 2 3 2]}, [1 3], [0 4 3 0]);
for k = 1:2
  cls = nextcls (ci++);
  M = vals (cls, [4 5]); R = vals (cls, [1 7]); C = vals (cls, [6 1]); T3 = vals (cls, [3 4 2]);
  Q = vals (cls, [2 3 2 2 2]); S = vals (cls, [1 1]);
  v = @(sz) vals (cls, sz);
  check_asgn (["M(repeats) = v " cls], M, v([1 6]), [3 3 3 1 1 3]);
  mk = mask ([4 5]);
  check_asgn (["M(mask) = vector " cls], M, v([1 nnz(mk)]), mk);
  mk = mask ([4 5]);
  check_asgn (["M(mask) = column " cls], M, v([nnz(mk) 1]), mk);
  check_asgn (["M(:) = s " cls], M, v([1 1]), ":");
  check_asgn (["M(:) = row of numel " cls], M, v([1 20]), ":");
  check_asgn (["M(:,j) = row " cls], M, v([1 4]), ":", 2);
  check_asgn (["M(i,:) = row " cls], M, v([1 5]), 3, ":");
  check_asgn (["M(i,:) = column " cls], M, v([5 1]), 3, ":");
  check_asgn (["M(2x2 idx) = 2x2 " cls], M, v([2 2]), [1 5; 9 20]);
  check_asgn (["M(idx) = [] of a 0x0 index " cls], M, v([1 1]), []);
  check_asgn (["M(:,[]) = s " cls], M, v([1 1]), ":", []);
  check_asgn (["R(idx) = column " cls], R, v([3 1]), [7 1 2]);
  check_asgn (["C(idx) = row " cls], C, v([1 3]), [6 1 2]);
  check_asgn (["T3(:,:,k) = matrix " cls], T3, v([3 4]), ":", ":", 2);
  check_asgn (["T3(i,j,k) = s " cls], T3, v([1 1]), 3, [1 4], 2);
  check_asgn (["T3(:,j) folds " cls], T3, v([3 1]), ":", 7);
  check_asgn (["T3(mask) = s " cls], T3, v([1 1]), mask ([3 4 2]));
  check_asgn (["Q(:,:,:,j) folds " cls], Q, v([2 3 2]), ":", ":", ":", 3);
  check_asgn (["Q(1,2,1,2,2) = s " cls], Q, v([1 1]), 1, 2, 1, 2, 2);
  check_asgn (["S(1) = s " cls], S, v([1 1]), 1);
  check_asgn (["M(i,j,1) = s " cls], M, v([1 1]), 2, 3, 1);
  check_asgn (["M(row mask,:) = s " cls], M, v([1 1]), logical ([1 0 0 1]), ":");
  check_asgn (["M(mask, short) = s " cls], M, v([1 1]), logical ([0 1 1 0 1]));
  check_asgn (["M(long mask, trailing false) = s " cls], M, v([1 1]), [mask([1 20]) false(1, 3)]);
  check_asgn (["R(long mask, true past the end) grows " cls], R, v([1 1]), logical ([1 0 1 0 0 0 0 0 1]));
endfor

## growth: zero fill, from empty, along any dimension; and what cannot grow
for k = 1:2
  cls = nextcls (ci++);
  M3 = vals (cls, [3 3]); R = vals (cls, [1 4]); C = vals (cls, [4 1]); S = vals (cls, [1 1]);
  v = @(sz) vals (cls, sz);
  check_asgn (["M3(5,5) = s grows " cls], M3, v([1 1]), 5, 5);
  check_asgn (["M3(:,5) = column grows " cls], M3, v([3 1]), ":", 5);
  check_asgn (["M3(4,:) = row grows " cls], M3, v([1 3]), 4, ":");
  check_asgn (["M3(2,2,3) = s grows to 3-D " cls], M3, v([1 1]), 2, 2, 3);
  check_asgn (["R(10) = s grows " cls], R, v([1 1]), 10);
  check_asgn (["C(10) = s grows " cls], C, v([1 1]), 10);
  check_asgn (["S(3) = s grows " cls], S, v([1 1]), 3);
  check_asgn (["S(2,3) = s grows " cls], S, v([1 1]), 2, 3);
  check_asgn (["[](3) = s " cls], zeros (0, 0, cls), v([1 1]), 3);
  check_asgn (["[](2,3) = s " cls], zeros (0, 0, cls), v([1 1]), 2, 3);
  check_asgn (["[](:) = s stays empty " cls], zeros (0, 0, cls), v([1 1]), ":");
  check_asgn (["[](:,1) = column " cls], zeros (0, 0, cls), v([2 1]), ":", 1);
  check_asgn (["[](:,:,2) = row " cls], zeros (0, 0, cls), v([1 2]), ":", ":", 2);
  check_asgn (["zeros(0,3)(2) = s " cls], zeros (0, 3, cls), v([1 1]), 2);
  check_asgn (["zeros(3,0)(2) = s errors " cls], zeros (3, 0, cls), v([1 1]), 2);
  check_asgn (["zeros(3,0)(3,2) = s " cls], zeros (3, 0, cls), v([1 1]), 3, 2);
  check_asgn (["M3(10) = s errors " cls], M3, v([1 1]), 10);
  check_asgn (["T3(25) = s errors " cls], vals (cls, [2 3 4]), v([1 1]), 25);
  check_asgn (["M3(:,[1 6]) = block grows " cls], M3, v([3 2]), ":", [1 6]);
endfor
## end inside an assignment
for k = 1:2
  cls = nextcls (ci++);
  M = vals (cls, [4 5]); R = vals (cls, [1 6]);
  s = vals (cls, [1 1]);
  check (["A(end) = s " cls], @(A, s) endasgn_ (A, s, 1), {M, s}, [1 2]);
  check (["A(end+1) = s " cls], @(A, s) endasgn_ (A, s, 2), {R, s}, [1 2]);
  check (["A(end,:) = s " cls], @(A, s) endasgn_ (A, s, 3), {M, s}, [1 2]);
  check (["A(end+1,:) = s " cls], @(A, s) endasgn_ (A, s, 4), {M, s}, [1 2]);
  check (["A(:,end+2) = s " cls], @(A, s) endasgn_ (A, s, 5), {M, s}, [1 2]);
  check (["A(end:-1:1) = 1:n " cls], @(A, s) endasgn_ (A, s, 6), {R, s}, 1);
endfor

## errors: nonconformant values, bad indices
for k = 1:2
  cls = nextcls (ci++);
  M = vals (cls, [4 5]);
  v = @(sz) vals (cls, sz);
  check_asgn (["M([1 2]) = 1x3 " cls], M, v([1 3]), [1 2]);
  check_asgn (["M(:,1) = 1x3 " cls], M, v([1 3]), ":", 1);
  check_asgn (["M(1,1:2) = 3x1 " cls], M, v([3 1]), 1, 1:2);
  check_asgn (["M(1:2,1:2) = 1x4 " cls], M, v([1 4]), 1:2, 1:2);
  check_asgn (["M(:) = 1x2 " cls], M, v([1 2]), ":");
  check_asgn (["M(:,6) = 2x1 " cls], M, v([2 1]), ":", 6);
  check_asgn (["M(mask) = wrong count " cls], M, v([1 2]), logical ([1 1 1]));
  check_asgn (["M(0) = s " cls], M, v([1 1]), 0);
  check_asgn (["M(1.5) = s " cls], M, v([1 1]), 1.5);
  check_asgn (["M(-1) = s " cls], M, v([1 1]), -1);
  check_asgn (["M(1,0) = s " cls], M, v([1 1]), 1, 0);
  check_asgn (["M(NaN) = s " cls], M, v([1 1]), NaN);
  check_asgn (["M(2) = 0x0 " cls], M, zeros (0, 0, cls), 2);
  check_asgn (["M(2) = 1x0 " cls], M, zeros (1, 0, cls), 2);
endfor
pin ("text of A([1 2]) = 1x3", @asgn_, {zeros(4), [1 2 3], [1 2]}, 1, ...
     {"=: nonconformant arguments (op1 is 2x1, op2 is 1x3)"});
pin ("text of A(1,1:2) = 1x3", @asgn_, {zeros(4), [1 2 3], 1, 1:2}, 1, ...
     {"=: nonconformant arguments (op1 is 1x2, op2 is 1x3)"});
pin ("text of A(10) = 1 on 3x3", @asgn_, {zeros(3), 1, 10}, 1, ...
     {"Invalid resizing operation or ambiguous assignment to an out-of-bounds array element"});
pin ("text of zeros(3,0)(2) = 1", @asgn_, {zeros(3, 0), 1, 2}, 1, ...
     {"Invalid resizing operation or ambiguous assignment to an out-of-bounds array element"});

## class of the result: Octave keeps the array's class (double stays double when an int8
## goes in; a logical array stays logical for double and integer values but becomes
## double for a single value), saturating and rounding into integers
cycle = {[1 2], [1 2 3], [1 3], 1};   # gpu: A and v, A v and idx, A and idx, A
n = 0;
for ca = classes
  for cv = classes
    A = vals (ca{1}, [3 4]);
    v = vals (cv{1}, [1 2]);
    which = cycle{mod (n++, 4) + 1};
    check (sprintf ("A(idx) = v: %s <- %s", ca{1}, cv{1}), @asgn_, {A, v, [2 7]}, which);
  endfor
endfor
## the values where conversion matters: halves, saturation, NaN, beyond 2^53
big = int64 (2)^60 + 1;
cases = {{[1 2 3], int8(-7)}, {int8([1 2 3]), 300.7}, {int8([1 2 3]), -2.5}, {int8([1 2 3]), 2.5}, ...
         {int8([1 2 3]), NaN}, {int8([1 2 3]), -Inf}, {uint8([1 2 3]), -3}, {int8([1 2 3]), uint8(200)}, ...
         {int8([1 2 3]), int16(-1000)}, {int8([1 2 3]), true}, {int8([1 2 3]), single(5.5)}, ...
         {[big big+2 -big], 3}, {[big big+2 -big], single(3)}, {uint64([1 2 3]), -1}, ...
         {int64([1 2 3]), 2^62}, {int64([1 2 3]), 2^63}, {uint64([1 2 3]), uint64(2)^64-1}, ...
         {[1 2 3], big}, {single([1 2 3]), 1e300}, {single([1 2 3]), 1+2^-40}, {[1 2 3], single(0.1)}, ...
         {[true false true], 5}, {[true false true], 0.5}, {[true false true], int8(-2)}, ...
         {[true false true], single(5)}, {[1 2 3], true}, {[1 2 3], -0}, {int8([1 2 3]), -0}, ...
         {[true false true], [1 0]}};
for k = 1:numel (cases)
  A = cases{k}{1};
  v = cases{k}{2};
  idx = 2:(1 + numel (v));
  check_asgn (sprintf ("class rule %s(%d) <- %s %s", class (A), k, class (v), show_vals (v)), A, v, idx);
endfor
pin ("double <- int8 stays double", @asgn_, {[1 2 3], int8(-7), 2}, [1 2], [1 -7 3]);
pin ("int8 <- 300.7 saturates", @asgn_, {int8([1 2 3]), 300.7, 2}, [1 2], int8 ([1 127 3]));
pin ("int8 <- -2.5 rounds away from zero", @asgn_, {int8([1 2 3]), -2.5, 2}, [1 2], int8 ([1 -3 3]));
pin ("logical <- 5 stays logical", @asgn_, {[true false true], 5, 2}, [1 2], [true true true]);
pin ("logical <- single becomes single? no: double", @asgn_, {[true false true], single(5), 2}, [1 2], [1 5 1]);
pin ("double <- logical stays double", @asgn_, {[1 2 3], true, 2}, [1 2], [1 1 3]);
pin ("int64 past 2^53 untouched", @asgn_, {[big big+2 -big], 3, 3}, [1 2], [big big+2 int64(3)]);
pin ("-0 assigned survives", @(A, v) signbit (gather (asgn_ (A, v, 2))), {[1 2 3], -0}, [1 2], ...
     [false true false], "host");

## deletion
for k = 1:2
  cls = nextcls (ci++);
  M = vals (cls, [4 5]); R = vals (cls, [1 7]); C = vals (cls, [6 1]); T3 = vals (cls, [2 3 4]);
  M3 = vals (cls, [3 3]);
  check_del (["R(idx) = [] " cls], R, [2 5]);
  check_del (["C(idx) = [] " cls], C, [6 1]);
  check_del (["C(repeats) = [] " cls], C, [1 1 2]);
  check_del (["M(idx) = [] linear " cls], M, [1 5 20]);
  check_del (["M3(k) = [] linear " cls], M3, 1);
  check_del (["M(:,j) = [] " cls], M, ":", 2);
  check_del (["M(i,:) = [] " cls], M, [1 4], ":");
  check_del (["M(:,[]) = [] " cls], M, ":", []);
  check_del (["M([],:) = [] " cls], M, [], ":");
  check_del (["M(:) = [] " cls], M, ":");
  check_del (["M(:,:) = [] " cls], M, ":", ":");
  check_del (["M(1:4,:) = [] " cls], M, 1:4, ":");
  check_del (["M(:,1:5) = [] " cls], M, ":", 1:5);
  check_del (["M(mask,:) = [] " cls], M, logical ([1 0 1 0]), ":");
  check_del (["M(:,mask) = [] " cls], M, ":", logical ([0 1 0 0 1]));
  check_del (["R(mask) = [] " cls], R, mask ([1 7]));
  check_del (["R(short mask) = [] " cls], R, logical ([1 0 1]));
  check_del (["R(long mask, trailing false) = [] " cls], R, [mask([1 7]), false(1, 2)]);
  check_del (["R([]) = [] " cls], R, []);
  check_del (["T3(:,:,k) = [] " cls], T3, ":", ":", [2 4]);
  check_del (["T3(:,j) = [] " cls], T3, ":", 2);
  check_del (["T3(i,:) = [] " cls], T3, 2, ":");
  check_del (["T3(i,:,:) = [] " cls], T3, 2, ":", ":");
  check_del (["T3(idx) = [] " cls], T3, [3 24]);
  check_del (["E03(:) = [] " cls], zeros (0, 3, cls), ":");
  ## invalid deletions
  check_del (["M(1,2) = [] " cls], M, 1, 2);
  check_del (["M([1 2],[1 2]) = [] " cls], M, [1 2], [1 2]);
  check_del (["M(:,6) = [] " cls], M, ":", 6);
  check_del (["M(5,:) = [] " cls], M, 5, ":");
  check_del (["R(8) = [] " cls], R, 8);
  check_del (["R(0) = [] " cls], R, 0);
  check_del (["R(1.5) = [] " cls], R, 1.5);
  check_del (["R(long mask, true past the end) = [] " cls], R, logical ([1 0 0 0 0 0 0 1]));
  check_del (["T3(:,:,:,1) = [] " cls], T3, ":", ":", ":", 1);
endfor
pin ("text of A(1,2) = []", @del_, {zeros(3), 1, 2}, 1, {"a null assignment can only have one non-colon index"});
pin ("text of A(:,4) = []", @del_, {zeros(3), ":", 4}, 1, ...
     {"A(..,I,..) = []: index out of bounds: value 4 out of bound 3"});
pin ("text of A(6) = []", @del_, {1:5, 6}, 1, {"A(I) = []: index out of bounds: value 6 out of bound 5"});
pin ("text of A(0) = []", @del_, {1:5, 0}, 1, {["index 0: " msg_sub]});
pin ("deleting from a matrix with one index gives a column", @del_, {magic(3), [1 5]}, 1, [3; 4; 1; 9; 6; 7; 2]);

## ---- value semantics ---------------------------------------------------------------------
## (each block in a function, so that an error fails its checks and the script goes on)
function vs_copies ()
  global T
  A0 = vals ("double", [5 6]);
  gA = tog (A0);
  B = gA;
  B(1) = 0;
  ok ("B = A; B(1) = 0 leaves A", isequaln (gather (gA), A0));
  want = A0; want(1) = 0;
  ok ("B = A; B(1) = 0 changes B", isequaln (gather (B), want));
  B = gA;
  gA(2, :) = 7;
  ok ("B = A; A(2,:) = 7 leaves B", isequaln (gather (B), A0));
  want = A0; want(2, :) = 7;
  ok ("B = A; A(2,:) = 7 changes A", isequaln (gather (gA), want));
  gA = tog (A0);
  B = asgn_ (gA, 1, 3);
  ok ("assignment inside a function leaves the caller's array", isequaln (gather (gA), A0));
  B = del_ (gA, ":", 2);
  ok ("deletion inside a function leaves the caller's array", isequaln (gather (gA), A0));
  C1 = gA(:, 1);
  gA(1, 1) = 99;
  ok ("a slice taken before an assignment keeps its values", isequaln (gather (C1), A0(:, 1)));
  gA = tog (A0);
  B = gA;
  B(:) = [];
  ok ("B = A; B(:) = [] leaves A", isequaln (gather (gA), A0));
endfunction

function vs_loops ()
  global T
  ## columns assigned in a loop
  G = tog (zeros (20, 50, "single"));
  H = zeros (20, 50, "single");
  v = tog (single (1:20)');
  hv = single (1:20)';
  for k = 1:50
    G(:, k) = v * k;
    H(:, k) = hv * k;
  endfor
  ok ("A(:,k) = v*k in a loop: a gpuArray", isa (G, "gpuArray") || T.self);
  ok ("A(:,k) = v*k in a loop: values", isequal (gather (G), H) && strcmp (class (gather (G)), "single"));
  ## growing in a loop with end+1, from an empty gpuArray
  G = tog (zeros (1, 0));
  H = zeros (1, 0);
  for k = 1:30
    G(end+1) = k / 3;
    H(end+1) = k / 3;
  endfor
  ok ("A(end+1) = x in a loop", isequal (gather (G), H) && (isa (G, "gpuArray") || T.self));
  ## rows deleted in a loop
  G = tog (magic (8));
  H = magic (8);
  for k = 1:3
    G(1, :) = [];
    H(1, :) = [];
  endfor
  ok ("A(1,:) = [] in a loop", isequal (gather (G), H) && (isa (G, "gpuArray") || T.self));
  ## a mask built on the device zeroes elements of the device array
  x = randn (30, 1);
  gx = tog (x);
  gx(gx < 0) = 0;
  x(x < 0) = 0;
  ok ("A(A < 0) = 0", isequal (gather (gx), x) && (isa (gx, "gpuArray") || T.self));
endfunction

function vs_stats ()
  global T
  if (! T.self)
    st = gpuarray_stats ();
    for f = {"dispatches", "bytes_uploaded", "bytes_downloaded", "live_arrays", "materializations"}
      ok (["gpuarray_stats has " f{1}], isfield (st, f{1}));
    endfor
  endif
endfunction

for blk = {@vs_copies, @vs_loops, @vs_stats}
  try
    blk{1} ();
  catch e
    ok (["value semantics: " func2str(blk{1})], false, ["errors: " e.message]);
  end_try_catch
endfor
