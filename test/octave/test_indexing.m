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
## Octave's side always gets the values the gpu side holds: an index range (2:3) given
## to the gpu side as a gpuArray is a matrix there, and Octave's result can depend on it
## (linear deletion from a matrix: a row for a range or scalar index, a column otherwise).
##
## GA_INDEX_SELFTEST=1 runs the same script with plain host arrays on the "gpu" side
## (gpuArray is a host round trip, gather the identity): every check must pass, which
## validates the expected values and message comparisons independently of the
## implementation. Group 0 feeds the harness wrong answers (a value, class, size, -0, NaN,
## int64 low bits, error text, a missing or extra error) and wants each one caught.
##
## Prints a line per group, then "N passed, N failed" last; exits non-zero on failure.
## Usage: octave-cli test/octave/test_indexing.m  (from the repository root, after make)
root = fileparts (fileparts (fileparts (mfilename ("fullpath"))));
addpath (fullfile (root, "inst"));
addpath (fullfile (root, "src"));

1;

## ---- harness ----------------------------------------------------------------------------

## to the device (in self-test mode the same values on the host, a range made a matrix
## as a round trip through the device would)
function y = tog (x)
  global T
  if (ischar (x))
    y = x;
  elseif (T.self)
    y = reshape (x, size (x));
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
  if (T.quiet)
    return;
  endif
  printf ("FAIL %s: %s\n", name, why);
  if (T.nf <= T.max_detail)
    try
      printf ("    inputs: %s\n", describe_args (args, which));
      for k = 1:numel (want)
        printf ("    Octave: %s\n", show (want{k}));
        if (k <= numel (got))
          printf ("    gpu:    %s\n", show (got{k}));
        endif
      endfor
    catch e
      printf ("    (showing the values failed: %s)\n", e.message);
    end_try_catch
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
  ## Octave's side gets the values the gpu side holds: a range (2:3) becomes a matrix,
  ## which matters where Octave's result depends on it (see the deletion cases)
  rargs = args;
  for k = which
    if (isnumeric (rargs{k}) || islogical (rargs{k}))
      rargs{k} = reshape (rargs{k}, size (rargs{k}));
    endif
  endfor
  try
    [want{:}] = f (rargs{:});
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
      elseif (! T.self && ! any (strcmp (gm, alt)) && ! (strncmp (gerr.identifier, "Octave:", 7)
                                                      || strncmp (gerr.identifier, "gpuarray:", 9)))
        why = sprintf ("error identifier \"%s\" (want Octave:* or gpuarray:*; message \"%s\")", ...
                       gerr.identifier, gm);
      endif
      want = {};
    endif
  elseif (! isempty (gerr))
    why = sprintf ("gpu call errors: %s", gerr.message);
    got = {};
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

## A(subs{:}) = v with the array on the device: with host value and indices, with all on
## the device, and in turn with only the value or only the indices on the device. With
## T.host_array_combos, also the host array with device value and/or indices (outside
## Octave's dispatch: may fail).
function check_asgn (name, A, v, varargin)
  global T
  args = [{A, v}, varargin];
  ix = 2 + find (cellfun (@convertible, varargin));
  T.asgn_turn = ! T.asgn_turn;
  if (isempty (ix))
    combos = {[1], [1 2]};
  elseif (T.asgn_turn)
    combos = {[1], [1 2 ix], [1 2]};
  else
    combos = {[1], [1 2 ix], [1 ix]};
  endif
  for m = 1:numel (combos)
    check (sprintf ("%s [gpu %s]", name, tags_ (combos{m}, ix)), @asgn_, args, combos{m});
  endfor
  if (T.host_array_combos)
    combos = {[2], [2 ix], [ix]};
    for m = 1:numel (combos) - isempty (ix)
      check (sprintf ("%s [host A, gpu %s]", name, tags_ (combos{m}, ix)), @asgn_, args, ...
             combos{m}, "mayfail", true, "out", {"any"});
    endfor
  endif
endfunction

function s = tags_ (which, ix)
  t = {};
  if (any (which == 1)) t{end+1} = "A"; endif
  if (any (which == 2)) t{end+1} = "v"; endif
  if (! isempty (ix) && any (which == ix(1))) t{end+1} = "idx"; endif
  s = strjoin (t, ",");
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

## the checks since the last call, per group
function section (name)
  global T
  np = T.np - T.sec(1); nf = T.nf - T.sec(2); ns = T.nskip - T.sec(3);
  printf ("-- %-28s %4d passed, %4d failed, %3d skipped\n", name, np, nf, ns);
  T.sec = [T.np, T.nf, T.nskip];
endfunction

global T
T = struct ("self", false, "np", 0, "nf", 0, "nskip", 0, "max_detail", 400, ...
            "host_array_combos", true, "sec", [0 0 0], "asgn_turn", false, "quiet", false, "calls", 0);
T.self = ! isempty (getenv ("GA_INDEX_SELFTEST")) && ! strcmp (getenv ("GA_INDEX_SELFTEST"), "0");
rand ("state", 20260707);
randn ("state", 20260707);
warning ("off", "Octave:logical-conversion");   # a(k) = 5 on a logical a, both sides
warning ("off", "Octave:classdef-to-struct");
t0 = tic ();

classes = {"double", "single", "int8", "uint8", "int16", "uint16", "int32", "uint32", ...
           "int64", "uint64", "logical"};
if (T.self)
  prov = "none (self-test: host arrays on both sides)";
else
  prov = gpuDevice ().Provider;
endif

## ---- 0. the harness itself ----------------------------------------------------------------
## f's first call is Octave's side and its second the gpu side: a mutant answers the second
## differently, and check must see it (or, for the controls, must not)
function r = mutant_ (x, mode)
  global T
  T.calls++;
  gpu_side = (mod (T.calls, 2) == 0);
  r = x;
  switch (mode)
    case "value"
      if (gpu_side) r(2) = r(2) + 1; endif
    case "class"
      if (gpu_side) r = single (r); endif
    case "size"
      if (gpu_side) r = r(:); endif
    case "negzero"
      if (gpu_side) r(r == 0) = 0; endif
    case "nan"
      if (gpu_side) r(1) = NaN; endif
    case "int64"
      if (gpu_side) r = int64 (double (r)); endif
    case "text"
      if (gpu_side)
        error ("Octave:index-out-of-bounds", "index (5): out of bound; value 5 out of bound 4");
      else
        error ("Octave:index-out-of-bounds", "A(5): out of bound 4 (dimensions are 2x2)");
      endif
    case "noerror"
      if (! gpu_side) error ("Octave:some-id", "A(0): some error"); endif
    case "gpuerror"
      if (gpu_side) error ("gpuarray:some-id", "some error"); endif
    case "ident"
      if (gpu_side) error ("index (0): some error"); else error ("Octave:x", "A(0): some error"); endif
    case "named"        # control: only the variable name differs
      if (gpu_side)
        error ("Octave:index-out-of-bounds", "index (_,5): out of bound 4 (dimensions are 4x4)");
      else
        error ("Octave:index-out-of-bounds", "A(_,5): out of bound 4 (dimensions are 4x4)");
      endif
    case "named_del"    # control: the deletion path's name form
      if (gpu_side)
        error ("Octave:invalid-index", "index 0: subscripts must be either integers 1 to (2^63)-1 or logicals");
      else
        error ("Octave:invalid-index", "A0: subscripts must be either integers 1 to (2^63)-1 or logicals");
      endif
  endswitch
endfunction

function harness_selftest ()
  global T
  x = [1 -0 NaN 4; 5 6 7 8];
  big = [int64(2)^60+1, 5];
  muts = {{"value", x}, {"class", x}, {"size", x}, {"negzero", x}, {"nan", x}, ...
          {"int64", big}, {"text", x}, {"noerror", x}, {"gpuerror", x}};
  if (! T.self)
    muts{end+1} = {"ident", x};
  endif
  for k = 1:numel (muts)
    saved = [T.np, T.nf, T.nskip];
    T.quiet = true;
    T.calls = 0;
    check (["mutant " muts{k}{1}], @(a) mutant_ (a, muts{k}{1}), {muts{k}{2}}, [], "out", {"any"});
    caught = T.nf > saved(2);
    T.quiet = false;
    T.np = saved(1); T.nf = saved(2); T.nskip = saved(3);
    ok (["harness catches a wrong " muts{k}{1}], caught);
  endfor
  for ctl = {"named", "named_del"}
    saved = T.nf;
    T.calls = 0;
    check (["control " ctl{1}], @(a) mutant_ (a, ctl{1}), {x}, [], "out", {"any"});
    ok (["harness accepts " ctl{1}], T.nf == saved);
  endfor
  ## a gpu error where Octave cannot dispatch is a skip, not a failure
  saved = [T.nf, T.nskip];
  T.calls = 0;
  check ("control mayfail", @(a) mutant_ (a, "gpuerror"), {x}, [], "mayfail", true, "out", {"any"});
  ok ("harness skips a mayfail error", T.nf == saved(1) && T.nskip == saved(2) + 1);
  T.nskip = saved(2);
endfunction
harness_selftest ();
section ("harness");

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

## long ranges (more than 4096 elements) go to the MEX file as [first step count]
## (gpuArray.range_subs_) instead of materialised: reading and assigning through them
for k = 1:2
  cls = nextcls (ci++);
  L = vals (cls, [3000 4]);
  check (["L(2:end,2) long " cls], @(A) A(2:end,2), {L}, 1);
  check (["L(end:-1:1) long " cls], @(A) A(end:-1:1), {L}, 1);
  check (["L(5:3:end) long " cls], @(A) A(5:3:end), {L}, 1);
  check (["L(1:5000).' long " cls], @(A) A(1:5000).', {L}, 1);
  check (["L(2:end,[1 3]) long " cls], @(A) A(2:end,[1 3]), {L}, 1);
  check (["L(1:2:end,:)=0 long " cls], @(A) subsasgn (A, substruct ("()", {1:2:rows(A), ":"}), 0), {L}, 1);
  check (["L(end:-1:2,1)=L(1:end-1,2) long " cls], @(A) subsasgn (A, substruct ("()", {rows(A):-1:2, 1}), A(1:end-1,2)), {L}, 1);
  check (["L(1:13000) out of bound " cls], @(A) A(1:13000), {L}, 1);
  check (["L(0:5000) " cls], @(A) A(0:5000), {L}, 1);
  check (["L(13001:-1:8000)=1 grows " cls], @(A) subsasgn (A, substruct ("()", {13001:-1:8000}), 1), {L}, 1);
endfor

## chained indexing (one subsref call sees both levels), end of the intermediate result,
## masks computed on the device
for k = 1:2
  cls = nextcls (ci++);
  M = vals (cls, [4 5]); T3 = vals (cls, [3 4 2]);
  check (["A(2:9)(3) " cls], @(A) A(2:9)(3), {M}, 1);
  check (["A(:,2)(end) " cls], @(A) A(:,2)(end), {M}, 1);
  check (["A(2,:)(end-1:end) " cls], @(A) A(2,:)(end-1:end), {M}, 1);
  check (["A(:,:,2)(2,:) " cls], @(A) A(:,:,2)(2,:), {T3}, 1);
  check (["A(:)(end:-3:1) " cls], @(A) A(:)(end:-3:1), {T3}, 1);
  check (["A(2:9)(10) errors " cls], @(A) A(2:9)(10), {M}, 1);
  check (["A(round(end/3)) " cls], @(A) A(round (end/3)), {M}, 1);
  check (["A(end/2,:) " cls], @(A) A(end/2,:), {M}, 1);
endfor
for c = {"double", "single", "int8", "uint64"}
  A = vals (c{1}, [5 6]);
  check (["A(A > 0) " c{1}], @(A) A(A > 0), {A}, 1);
  check (["A(:, all (A > 0)) " c{1}], @(A) A(:, all (A > 0)), {A}, 1);
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

section ("subsref");

## ---- 2. subsasgn -------------------------------------------------------------------------
## every class, every mix of host and gpu array, indices and value
T.host_array_combos = true;
for c = classes
  cls = c{1};
  M = vals (cls, [4 5]);
  T.host_array_combos = true;
  check_asgn (["M(k) = s " cls], M, vals (cls, [1 1]), 7);
  T.host_array_combos = false;
  check_asgn (["M(idx) = v, repeats " cls], M, vals (cls, [1 5]), [2 9 2 20 1]);
  check_asgn (["M(i,j) = block " cls], M, vals (cls, [2 3]), [4 1], [5 2 3]);
  check_asgn (["M(mask) = s " cls], M, vals (cls, [1 1]), mask ([4 5]));
  check_asgn (["M(:,j) = column " cls], M, vals (cls, [4 1]), ":", 3);
  check_del (["M(:,j) = [] " cls], M, ":", [2 5]);
  check_del (["R(idx) = [] " cls], vals (cls, [1 9]), [9 1 4 4]);
endfor
T.host_array_combos = false;

## a host array with a gpu value: MATLAB returns a gpuArray; Octave 7.3 stops before the class
## sees it ("operator =: no conversion for assignment of 'object' to indexed 'matrix'"), a skip
check ("h(2) = gpuArray(5) (outside Octave's dispatch)", @asgn_, {[1 2 3], 5, 2}, 2, ...
       "mayfail", true, "out", {"any"});
check ("h(gpuArray(2)) = 5 (outside Octave's dispatch)", @asgn_, {[1 2 3], 5, 2}, 3, ...
       "mayfail", true, "out", {"any"});
for c = {"double", "single", "int16", "uint8", "logical"}
  check_asgn (["A(mask) = 0 " c{1}], vals (c{1}, [4 5]), 0, mask ([4 5]));
endfor

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
         {[true false true], [1 0]}, {[], int8(-7)}, {zeros(1, 0), single(2.5)}, {[], true}, ...
         {zeros(0, 0, "int8"), 2.5}, {false(0, 0), 2}};
for k = 1:numel (cases)
  A = cases{k}{1};
  v = cases{k}{2};
  idx = 2:(1 + numel (v));   # past the end of the empty arrays: they grow
  check_asgn (sprintf ("class rule %s(%d) <- %s %s", class (A), k, class (v), show_vals (v)), A, v, idx);
endfor
pin ("double <- int8 stays double", @asgn_, {[1 2 3], int8(-7), 2}, [1 2], [1 -7 3]);
pin ("int8 <- 300.7 saturates", @asgn_, {int8([1 2 3]), 300.7, 2}, [1 2], int8 ([1 127 3]));
pin ("int8 <- -2.5 rounds away from zero", @asgn_, {int8([1 2 3]), -2.5, 2}, [1 2], int8 ([1 -3 3]));
pin ("logical <- 5 stays logical", @asgn_, {[true false true], 5, 2}, [1 2], [true true true]);
pin ("logical <- single becomes double", @asgn_, {[true false true], single(5), 2}, [1 2], [1 5 1]);
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
  ## Octave 7.3: linear deletion from a matrix or N-d array gives a row for a scalar or
  ## range index and a column for an index array or mask
  check_del (["M(2:3) = [] range " cls], M, 2:3);
  check_del (["T3(1) = [] " cls], T3, 1);
  check_del (["T3(mask) = [] " cls], T3, mask ([2 3 4]));
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
pin ("deleting from a matrix with an index array gives a column", @del_, {magic(3), [1 5]}, 1, [3; 4; 1; 9; 6; 7; 2]);
pin ("deleting from a matrix with a range gives a row", @del_, {magic(3), 1:2}, 1, [4 1 5 9 6 7 2]);
pin ("deleting from a matrix with a scalar gives a row", @del_, {magic(3), 1}, 1, [3 4 1 5 9 6 7 2]);
pin ("A(:,2) = [] on 2x3x4 deletes the column of every page", @(A) size (del_ (A, ":", 2)), ...
     {zeros(2, 3, 4)}, 1, [2 2 4], "host");

section ("subsasgn");

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

section ("value semantics");

## ---- 3. array functions ------------------------------------------------------------------
shapes = {[0 0], [0 3], [3 0], [1 1], [1 7], [6 1], [4 5], [3 4 2], [2 3 2 2], [2 1 3 1 2]};
## {name, f, outputs}: f of the one array; outputs as for check ("gpu" where omitted)
H = {"host"};
fns = {
  {"A.'", @(A) A.'}
  {"A'", @(A) A'}
  {"transpose", @(A) transpose (A)}
  {"ctranspose", @(A) ctranspose (A)}
  {"reshape(A,[],1)", @(A) reshape (A, [], 1)}
  {"reshape(A,1,[])", @(A) reshape (A, 1, [])}
  {"reshape(A,[],2)", @(A) reshape (A, [], 2)}
  {"reshape(A,2,[],1)", @(A) reshape (A, 2, [], 1)}
  {"reshape(A,fliplr(size))", @(A) reshape (A, fliplr (size (A)))}
  {"reshape(A,1,1,[])", @(A) reshape (A, 1, 1, [])}
  {"squeeze", @(A) squeeze (A)}
  {"permute(A,[2 1])", @(A) permute (A, [2 1])}
  {"permute(A,[3 1 2])", @(A) permute (A, [3 1 2])}
  {"permute(A,reversed)", @(A) permute (A, ndims (A):-1:1)}
  {"permute(A,[2 3 1 4 5])", @(A) permute (A, [2 3 1 4 5])}
  {"ipermute(A,[3 1 2])", @(A) ipermute (A, [3 1 2])}
  {"ipermute(A,[2 3 1 4 5])", @(A) ipermute (A, [2 3 1 4 5])}
  {"flip(A)", @(A) flip (A)}
  {"flip(A,1)", @(A) flip (A, 1)}
  {"flip(A,2)", @(A) flip (A, 2)}
  {"flip(A,3)", @(A) flip (A, 3)}
  {"fliplr", @(A) fliplr (A)}
  {"flipud", @(A) flipud (A)}
  {"rot90(A)", @(A) rot90 (A)}
  {"rot90(A,2)", @(A) rot90 (A, 2)}
  {"rot90(A,3)", @(A) rot90 (A, 3)}
  {"rot90(A,-1)", @(A) rot90 (A, -1)}
  {"rot90(A,0)", @(A) rot90 (A, 0)}
  {"rot90(A,5)", @(A) rot90 (A, 5)}
  {"rot90(A,-3)", @(A) rot90 (A, -3)}
  {"circshift(A,1)", @(A) circshift (A, 1)}
  {"circshift(A,-2)", @(A) circshift (A, -2)}
  {"circshift(A,3,2)", @(A) circshift (A, 3, 2)}
  {"circshift(A,[1 -1])", @(A) circshift (A, [1 -1])}
  {"circshift(A,1,3)", @(A) circshift (A, 1, 3)}
  {"circshift(A,9)", @(A) circshift (A, 9)}
  {"repmat(A,2,3)", @(A) repmat (A, 2, 3)}
  {"repmat(A,[1 2 2])", @(A) repmat (A, [1 2 2])}
  {"repmat(A,0,2)", @(A) repmat (A, 0, 2)}
  {"repmat(A,2)", @(A) repmat (A, 2)}
  {"tril(A)", @(A) tril (A)}
  {"triu(A)", @(A) triu (A)}
  {"tril(A,1)", @(A) tril (A, 1)}
  {"triu(A,-1)", @(A) triu (A, -1)}
  {"tril(A,-10)", @(A) tril (A, -10)}
  {"triu(A,10)", @(A) triu (A, 10)}
  {"diag(A)", @(A) diag (A)}
  {"diag(A,1)", @(A) diag (A, 1)}
  {"diag(A,-2)", @(A) diag (A, -2)}
  {"find(A)", @(A) find (A)}
  {"find(A,2)", @(A) find (A, 2)}
  {"find(A,2,'last')", @(A) find (A, 2, "last")}
  {"find(A,1,'first')", @(A) find (A, 1, "first")}
  {"[r,c]=find(A)", @(A) find (A), {"gpu", "gpu"}}
  {"[r,c,v]=find(A)", @(A) find (A), {"gpu", "gpu", "gpu"}}
  {"nnz", @(A) nnz (A), {"any"}}
  {"size", @(A) size (A), H}
  {"size(A,1)", @(A) size (A, 1), H}
  {"size(A,3)", @(A) size (A, 3), H}
  {"size(A,[2 3])", @(A) size (A, [2 3]), H}
  {"[r,c]=size(A)", @(A) size (A), {"host", "host"}}
  {"[r,c,p]=size(A)", @(A) size (A), {"host", "host", "host"}}
  {"numel", @(A) numel (A), H}
  {"numel(A,1,':')", @(A) numel (A, 1, ":"), H}
  {"ndims", @(A) ndims (A), H}
  {"length", @(A) length (A), H}
  {"isempty", @(A) isempty (A), H}
  {"isvector", @(A) isvector (A), H}
  {"isscalar", @(A) isscalar (A), H}
  {"ismatrix", @(A) ismatrix (A), H}
  {"isrow", @(A) isrow (A), H}
  {"iscolumn", @(A) iscolumn (A), H}
  {"end", @(A) A(end), {"gpu"}}
  {"size(A(:,:))", @(A) size (A(:,:)), H}
};
## every shape, the class turning; every class on the 3x4x2 array
for s = 1:numel (shapes)
  for k = 1:numel (fns)
    fn = fns{k};
    out = {"gpu"};
    if (numel (fn) > 2)
      out = fn{3};
    endif
    cls = nextcls (ci++);
    A = vals (cls, shapes{s});
    check (sprintf ("%s of %s %s", fn{1}, mat2str (shapes{s}), cls), fn{2}, {A}, 1, "out", out);
  endfor
endfor
for c = classes
  A = vals (c{1}, [3 4 2]);
  M = vals (c{1}, [4 5]);
  for k = [1 11 13 24 31 37 47 55]
    fn = fns{k};
    out = {"gpu"};
    if (numel (fn) > 2)
      out = fn{3};
    endif
    check (sprintf ("%s of [3 4 2] %s", fn{1}, c{1}), fn{2}, {A}, 1, "out", out);
    check (sprintf ("%s of [4 5] %s", fn{1}, c{1}), fn{2}, {M}, 1, "out", out);
  endfor
endfor
## find on masks built on the device, and the -0/NaN rule (NaN is nonzero, -0 is zero)
check ("find([NaN 0 -0 1 Inf])", @(A) find (A), {[NaN 0 -0 1 Inf]}, 1);
check ("nnz([NaN 0 -0 1 Inf])", @(A) nnz (A), {[NaN 0 -0 1 Inf]}, 1, "out", {"any"});
check ("find(A > 0) of a gpu A", @(A) find (A > 0), {randn(5, 4)}, 1);
check ("[r,c,v] = find(logical)", @(A) find (A), {mask([4 6])}, 1, "out", {"gpu", "gpu", "gpu"});
check ("[r,c,v] = find(int64)", @(A) find (A), {int64([0 2^60+1; -3 0])}, 1, "out", {"gpu", "gpu", "gpu"});
check ("find(A,0)", @(A) find (A, 0), {randn(3)}, 1);
check ("find(row,10)", @(A) find (A, 10), {1:5}, 1);
check ("find(A,-1) errors", @(A) find (A, -1), {1:5}, 1);
check ("find(A,1.5) errors", @(A) find (A, 1.5), {1:5}, 1);
check ("find(A,1,'middle') errors", @(A) find (A, 1, "middle"), {1:5}, 1);
check ("find(zeros(3))", @(A) find (A), {zeros(3)}, 1);
check ("find(zeros(1,3))", @(A) find (A), {zeros(1, 3)}, 1);
check ("find(0)", @(A) find (A), {0}, 1);

## reshape and permute errors, and the size forms
M = vals ("int16", [4 6]);
for a = {{4, []}, {[], 5}, {[], []}, {5, 5}, {[2 2]}, {-1, -24}, {24}, {2.5, []}, {[2.5 2]}, ...
         {2, 3, 4}, {[2 3 4]}, {2, [], 2}, {24, 1}, {1, 1, 1, 24}, {[6 4 1 1]}}
  check (sprintf ("reshape(A, %s)", strjoin (cellfun (@mat2str, a{1}, "uniformoutput", false), ", ")), ...
         @(A, varargin) reshape (A, varargin{:}), [{M}, a{1}], 1);
endfor
T3 = vals ("uint8", [2 3 4]);
for p = {[1 1 2], [1 2], [2 3], [1 2 4], [0 1 2], [2 1 3], [3 2 1], [1 3 2 4], [4 1 2 3]}
  check (sprintf ("permute(A, %s)", mat2str (p{1})), @(A, p) permute (A, p), {T3, p{1}}, 1);
  check (sprintf ("ipermute(A, %s)", mat2str (p{1})), @(A, p) ipermute (A, p), {T3, p{1}}, 1);
endfor
check ("A' of 3-D errors", @(A) A', {T3}, 1);
check ("A.' of 3-D errors", @(A) A.', {T3}, 1);
check ("tril of 3-D errors", @(A) tril (A), {T3}, 1);
check ("rot90(A,1.5) errors", @(A) rot90 (A, 1.5), {M}, 1);
check ("circshift(A,1.5) errors", @(A) circshift (A, 1.5), {M}, 1);
check ("circshift(A,1,3) of 2-D", @(A) circshift (A, 1, 3), {M}, 1);
check ("repmat(A,-1,2)", @(A) repmat (A, -1, 2), {M}, 1);
check ("repmat(A,[2 1 1 2])", @(A) repmat (A, [2 1 1 2]), {M}, 1);
check ("diag(A,5) of a matrix", @(A) diag (A, 5), {M}, 1);
check ("diag(row,-1)", @(A) diag (A, -1), {1:3}, 1);
check ("diag(scalar,2)", @(A) diag (A, 2), {5}, 1);
check ("diag(int8 row,1)", @(A) diag (A, 1), {int8([1 -2])}, 1);

## kron computes products: values without subnormals, so a flushing device stays exact
for k = 1:6
  ca = nextcls (ci++);
  cb = nextcls (ci++);
  A = vals (ca, [2 3]);
  B = vals (cb, [3 2]);
  if (isfloat (A)) A(abs (A) < 1e-30 & A != 0) = 1; endif
  if (isfloat (B)) B(abs (B) < 1e-30 & B != 0) = 1; endif
  if (! (isfloat (A) || islogical (A))) A = cast (randi (100, 2, 3) - 50, ca); endif
  if (! (isfloat (B) || islogical (B))) B = cast (randi (100, 3, 2) - 50, cb); endif
  check (sprintf ("kron(%s, %s) [gpu A]", ca, cb), @kron, {A, B}, 1);
  check (sprintf ("kron(%s, %s) [gpu B]", ca, cb), @kron, {A, B}, 2);
  check (sprintf ("kron(%s, %s) [gpu A, B]", ca, cb), @kron, {A, B}, [1 2]);
endfor
check ("kron(row, column)", @kron, {[1 -2 3], [4; -0.5]}, [1 2]);
check ("kron(int8, int8) is double", @kron, {int8([100 2]), int8([3 4])}, [1 2]);
check ("kron(empty, A)", @kron, {zeros(0, 3), [1 2]}, [1 2]);

## sub2ind and ind2sub: device subscripts give device results
s2i = @(d, varargin) sub2ind (d, varargin{:});
i2s = @(d, i) ind2sub (d, i);
I = [1 3 2 3]; J = [4 1 2 4];
check ("sub2ind([3 4], I, J) [gpu I, J]", s2i, {[3 4], I, J}, [2 3]);
check ("sub2ind([3 4], I, J) [gpu I]", s2i, {[3 4], I, J}, 2);
check ("sub2ind([3 4], I, J) [gpu J]", s2i, {[3 4], I, J}, 3);
check ("sub2ind([3 4], int32 I, J)", s2i, {[3 4], int32(I), int32(J)}, [2 3]);
check ("sub2ind([3 4], uint8 2x2 I, J)", s2i, {[3 4], uint8([1 2; 3 1]), uint8([4 4; 1 2])}, [2 3]);
check ("sub2ind([3 4 2], I, J, K)", s2i, {[3 4 2], I, J, [2 1 1 2]}, [2 3 4]);
check ("sub2ind([3 4 2], I, J) folds", s2i, {[3 4 2], I, [8 1 5 2]}, [2 3]);
check ("sub2ind([3 4], I, J, 1)", s2i, {[3 4], I, J, ones(1, 4)}, [2 3 4]);
check ("sub2ind([3 4], [], [])", s2i, {[3 4], [], []}, [2 3]);
check ("sub2ind out of range", s2i, {[3 4], [1 2], [2 5]}, [2 3]);
check ("sub2ind 0", s2i, {[3 4], [0 1], [1 1]}, [2 3]);
check ("sub2ind 1.5", s2i, {[3 4], 1.5, 1}, [2 3]);
check ("sub2ind sizes differ", s2i, {[3 4], [1 2], [2 3 4]}, [2 3]);
for d = {[3 4], [3 2 2], [2 3 2 2]}
  idx = randi (prod (d{1}), 2, 3);
  check (sprintf ("ind2sub(%s, idx), 1 output", mat2str (d{1})), i2s, {d{1}, idx}, 2);
  check (sprintf ("ind2sub(%s, idx), 2 outputs", mat2str (d{1})), i2s, {d{1}, idx}, 2, "out", {"gpu", "gpu"});
  check (sprintf ("ind2sub(%s, idx), 3 outputs", mat2str (d{1})), i2s, {d{1}, idx}, 2, "out", {"gpu", "gpu", "gpu"});
  check (sprintf ("ind2sub(%s, int16 idx), 2 outputs", mat2str (d{1})), i2s, {d{1}, int16(idx)}, 2, ...
         "out", {"gpu", "gpu"});
endfor
check ("ind2sub out of range", i2s, {[3 4], [5 13]}, 2, "out", {"gpu", "gpu"});
check ("ind2sub 0", i2s, {[3 4], [0 5]}, 2, "out", {"gpu", "gpu"});
check ("ind2sub([3 4], [])", i2s, {[3 4], []}, 2, "out", {"gpu", "gpu"});

section ("array functions");

## ---- 4. concatenation --------------------------------------------------------------------
hc = @(varargin) [varargin{:}];     # [A, B, ...] (the literal calls horzcat)
hc2 = @(A, B) [A, B];
vc2 = @(A, B) [A; B];
## the class of [A, B] for every pair of classes (Octave: the leftmost integer class wins;
## integer beats single beats double; logical with anything else is that other class),
## host and gpu operands mixed in turn
cycle = {1, 2, [1 2]};
n = 0;
for ca = classes
  for cb = classes
    A = vals (ca{1}, [1 2]);
    B = vals (cb{1}, [1 3]);
    check (sprintf ("[A, B] %s, %s", ca{1}, cb{1}), hc2, {A, B}, cycle{mod (n++, 3) + 1});
  endfor
endfor
for ca = classes
  cb = nextcls (ci++);
  A = vals (ca{1}, [1 3]);
  B = vals (cb, [2 3]);
  check (sprintf ("[A; B] %s; %s", ca{1}, cb), vc2, {A, B}, 1);
  check (sprintf ("[A; B] %s; %s", ca{1}, cb), vc2, {A, B}, 2);
  check (sprintf ("[A; B] %s; %s", ca{1}, cb), vc2, {A, B}, [1 2]);
endfor
big = int64 (2)^60 + 1;
for p = {{big, 1.5}, {1.5, big}, {uint64(2)^64-1, int64(-1)}, {int64(-1), uint64(2)^64-1}, ...
         {int8(1), 1000}, {1000, int8(1)}, {int16(1000), int8(2)}, {int8(1), int16(1000)}, ...
         {true, single(2)}, {true, 2}, {single(1), int8(1)}, {uint8(250), -3}, {-0, int8(1)}, ...
         {single(-0), 1}, {NaN, int32(1)}, {true, []}, {zeros(1, 0, "int8"), 2.5}, ...
         {zeros(0, 0, "int8"), 2.5}, {zeros(1, 0), int8(3)}, {single([]), 2}, {[], int8(3)}, ...
         {false(0, 3), [1 2 3]}, {true(1, 0), false}}
  for w = {1, 2, [1 2]}
    check (sprintf ("[%s %s, %s %s]", class (p{1}{1}), show_vals (p{1}{1}), class (p{1}{2}), ...
                    show_vals (p{1}{2})), hc2, p{1}, w{1}, "alt", {"gpuArray/horzcat method failed"});
  endfor
endfor
pin ("[int64 past 2^53, 1.5] stays exact", hc2, {big, 1.5}, 1, [big int64(2)]);
pin ("[int8, int16]: int8", hc2, {int8(1), int16(1000)}, 2, int8 ([1 127]));
pin ("[true, []]: double", hc2, {true, []}, 1, 1);

## cat along each dimension, three operands, N-d
for k = 1:2
  ca = nextcls (ci++);
  cb = nextcls (ci++);
  A = vals (ca, [2 3]);
  B = vals (cb, [2 3]);
  for d = 1:4
    for w = {1, 2, [1 2]}
      check (sprintf ("cat(%d, %s, %s)", d, ca, cb), @(d, varargin) cat (d, varargin{:}), ...
             {d, A, B}, 1 + w{1});
    endfor
  endfor
  T3 = vals (ca, [3 4 2]);
  check (["cat(3, T3, T3(:,:,1)) " ca], @(A, B) cat (3, A, B), {T3, T3(:, :, 1)}, [1 2]);
  check (["cat(3, T3, T3(:,:,1)) host T3 " ca], @(A, B) cat (3, A, B), {T3, T3(:, :, 1)}, 2);
  check (["[T3; T3] " ca], vc2, {T3, T3}, [1 2]);
  check (["[T3, T3(:,1:2,:)] " ca], hc2, {T3, T3(:, 1:2, :)}, 1);
  check (["cat(2, A, B, C) " ca], @(a, b, c) cat (2, a, b, c), {A, B, A}, 2);
  check (["cat(1, A) " ca], @(a) cat (1, a), {A}, 1);
  check (["cat(5, A, B) " ca], @(a, b) cat (5, a, b), {A, B}, [1 2]);
  check (["horzcat(A, B, C) " ca], @(a, b, c) horzcat (a, b, c), {A, B, A}, [1 3]);
  check (["vertcat(A, B) " ca], @(a, b) vertcat (a, b), {A, B}, 2);
  check (["horzcat(A) " ca], @(a) horzcat (a), {A}, 1);
  check (["[A] " ca], @(a) [a], {A}, 1);
  check (["[A, 1, B] " ca], @(a, b) [a, 1, b], {A(1, :), B(1, :)}, 1);
  check (["[A, B, A, B] " ca], hc, {A, B, A, B}, [2 3]);
  check (["[A; B; A] " ca], @(a, b) [a; b; a], {A, B}, 2);
  ## blocks: every row of the literal holds a gpu operand. With a class operand Octave
  ## builds a literal row by row (horzcat of each row, then vertcat of the rows), where
  ## for host arrays it picks one class for all: mixed integer classes saturate in
  ## between, so the reference is Octave's row-by-row evaluation
  blk = @(a, b, c, d) vertcat (horzcat (a, b), horzcat (c, d));
  check (["[A, B; B, A] " ca], blk, {A, B, B, A}, [1 4]);
  check (["[A, B; B, A] (all gpu) " ca], blk, {A, B, B, A}, 1:4);
  check (["[A, B; B, A] (one gpu a row) " ca], blk, {A, B, B, A}, [2 3]);
  check (["[A; B, A] " ca], @(a, b, c) vertcat (a, horzcat (b, c)), {[A, A], B, A}, [1 2]);
  ## the literal itself where Octave's two ways agree on these values (mixed integer
  ## classes saturate in row-by-row evaluation: int64 A, int8 B gives 127s in row 2)
  if (isequaln (blk (A, B, B, A), [A, B; B, A]))
    check (["[A, B; B, A] literal " ca], @(a, b, c, d) [a, b; c, d], {A, B, B, A}, 1:4);
  endif
endfor
## a literal row of two or more host values next to a gpu row: Octave 7.3 fails before it
## reaches the class ("octave_base_value::map_value(): wrong type argument 'scalar'")
check ("[gpu A, gpu B; host C, host D] (outside Octave's dispatch)", @(a, b, c, d) [a, b; c, d], ...
       {[1 2], 3, [4 5], 6}, [1 2], "mayfail", true, "out", {"any"});

## empty operands: 1x0 / 0x0 vanish from [ , ], 0xN must match
for k = 1:2
  cls = nextcls (ci++);
  A = vals (cls, [2 3]);
  e = @(sz) zeros (sz, cls);
  for p = {{e([1 0]), A}, {A, e([0 0])}, {e([0 0]), A}, {e([2 0]), A}, {A, e([2 0])}}
    check (sprintf ("[%s, %s] %s", mat2str (size (p{1}{1})), mat2str (size (p{1}{2})), cls), ...
           hc2, p{1}, 1);
    check (sprintf ("[%s, %s] %s", mat2str (size (p{1}{1})), mat2str (size (p{1}{2})), cls), ...
           hc2, p{1}, [1 2]);
  endfor
  for p = {{e([0 3]), A}, {A, e([0 3])}, {e([1 0]), A}, {e([0 0]), A}, {A, e([0 0])}}
    check (sprintf ("[%s; %s] %s", mat2str (size (p{1}{1})), mat2str (size (p{1}{2})), cls), ...
           vc2, p{1}, 2);
    check (sprintf ("[%s; %s] %s", mat2str (size (p{1}{1})), mat2str (size (p{1}{2})), cls), ...
           vc2, p{1}, [1 2]);
  endfor
  check (["[3x0, 3x0] " cls], hc2, {e([3 0]), e([3 0])}, [1 2]);
  check (["[0x3; 0x3] " cls], vc2, {e([0 3]), e([0 3])}, [1 2]);
  check (["[0x0, 0x0] " cls], hc2, {e([0 0]), e([0 0])}, [1 2]);
  check (["[1x0, 1x0] " cls], hc2, {e([1 0]), e([1 0])}, 1);
  check (["cat(3, 0x0, A) " cls], @(a, b) cat (3, a, b), {e([0 0]), A}, [1 2]);
  check (["cat(1, 0x3, A) " cls], @(a, b) cat (1, a, b), {e([0 3]), A}, [1 2]);
  check (["cat(1, 1x0, A) " cls], @(a, b) cat (1, a, b), {e([1 0]), A}, [1 2]);
endfor

## errors. Octave reports an error inside a class's horzcat or vertcat called for a
## literal as "gpuArray/horzcat method failed" (pt-tm-const.cc), whatever the method said
A = vals ("double", [1 2]); B = vals ("double", [1 3]);
vf = {"gpuArray/vertcat method failed"};
hf = {"gpuArray/horzcat method failed"};
check ("[1x2; 1x3] errors", vc2, {A, B}, [1 2], "alt", vf);
check ("[1x2; 1x3] errors, host first", vc2, {A, B}, 2, "alt", vf);
check ("[2x1, 3x1] errors", hc2, {A', B'}, 1, "alt", hf);
check ("[2x2; 2x2; 1x3] errors", @(a, b, c) [a; b; c], {ones(2), ones(2), ones(1, 3)}, [1 3], "alt", vf);
check ("[0x3; 1x2] errors", vc2, {zeros(0, 3), A}, 2, "alt", vf);
check ("[3x0, 2x1] errors", hc2, {zeros(3, 0), A'}, [1 2], "alt", hf);
check ("[3x4x2; 4x5] errors", vc2, {vals("single", [3 4 2]), vals("single", [4 5])}, 1, "alt", vf);
check ("[3x4x2, 3x4x3] errors", hc2, {vals("int8", [3 4 2]), vals("int8", [3 4 3])}, [1 2], "alt", hf);
## the class cannot tell vertcat (A, B) from [A; B]: either of Octave's texts will do
check ("vertcat(1x2, 1x3) errors", @(a, b) vertcat (a, b), {A, B}, [1 2], ...
       "alt", {"vertical dimensions mismatch (1x2 vs 1x3)"});
check ("horzcat(2x1, 3x1) errors", @(a, b) horzcat (a, b), {A', B'}, 1, ...
       "alt", {"horizontal dimensions mismatch (2x1 vs 3x1)"});
check ("cat(1, 1x2, 1x3) errors", @(a, b) cat (1, a, b), {A, B}, [1 2]);
check ("cat(3, 1x2, 1x3) errors", @(a, b) cat (3, a, b), {A, B}, 1);
check ("cat(0, ...) errors", @(a, b) cat (0, a, b), {A, B}, [1 2]);
if (T.self)   # host arrays: Octave's own text
  pin ("text of [1x2; 1x3]", vc2, {A, B}, [1 2], {"vertical dimensions mismatch (1x2 vs 1x3)"});
  pin ("text of [2x1, 3x1]", hc2, {A', B'}, [1 2], {"horizontal dimensions mismatch (2x1 vs 3x1)"});
else
  pin ("text of [1x2; 1x3]", vc2, {A, B}, [1 2], {"gpuArray/vertcat method failed"});
  pin ("text of [2x1, 3x1]", hc2, {A', B'}, [1 2], {"gpuArray/horzcat method failed"});
endif
pin ("text of cat(1, 1x2, 1x3)", @(a, b) cat (1, a, b), {A, B}, [1 2], {"cat: dimension mismatch"});

section ("concatenation");

## ---- 5. a large array: more than one workgroup ------------------------------------------
L = vals ("double", [1000 300]);
Lm = rand (1000, 300) < 0.3;
idx = randi (numel (L), 1, 7000);
check ("large A(idx)", sub, {L, idx}, [1 2]);
check ("large A(:, cols)", sub, {L, ":", randi(300, 1, 200)}, [1 3]);
check ("large A(rows, :)", sub, {L, randperm(1000), ":"}, [1 2]);
check ("large A(mask)", sub, {L, Lm}, [1 2]);
check ("large A(end:-1:1, 2:2:end)", @(A) A(end:-1:1, 2:2:end), {L}, 1);
check ("large A(mask) = 0", @asgn_, {L, 0, Lm}, [1 3]);
check ("large A(:, cols) = B", @asgn_, {L, vals("double", [1000 150]), ":", 1:2:300}, [1 2]);
check ("large A(:, cols) = []", @del_, {L, ":", 1:3:300}, 1);
check ("large A.'", @(A) A.', {L}, 1);
check ("large permute of 3-D", @(A) permute (A, [3 1 2]), {reshape(L, 100, 30, 100)}, 1);
check ("large circshift", @(A) circshift (A, [17 -5]), {L}, 1);
check ("large [A; A]", vc2, {L, L(1:10, :)}, [1 2]);
check ("large find", @(A) find (A), {Lm}, 1, "out", {"gpu", "gpu"});
check ("large int8 A(idx)", sub, {vals("int8", [1000 300]), idx}, [1 2]);
check ("large int64 A(:, cols) = B", @asgn_, {vals("int64", [1000 300]), vals("int64", [1000 2]), ":", [299 3]}, [1 2]);
## 7000 random targets, many repeated (the last one wins), and a permutation
check ("large A(idx) = v, repeats", @asgn_, {L, vals("double", [1 7000]), idx}, [1 2 3]);
check ("large A(idx, :) = B, repeats", @asgn_, {L, vals("single", [2000 300]), randi(1000, 1, 2000), ":"}, [1 2 3]);
check ("large A(perm) = v", @asgn_, {L, vals("double", [1 300000]), randperm(300000)}, [1 2 3]);
if (! T.self)   # a subscript on the device stays there: its repeats resolved by the device's sort
  G = gpuArray (L);  gi = gpuArray (idx);  gv = gpuArray (vals ("double", [1 7000]));
  s0 = gpuarray_stats ();
  G(gi) = gv;
  wait (gpuDevice ());
  s1 = gpuarray_stats ();
  ok ("A(idx) = v with idx on the device: idx not read back", s1.bytes_downloaded - s0.bytes_downloaded < 8 * 1000,
      sprintf ("%d bytes read back", s1.bytes_downloaded - s0.bytes_downloaded));
endif

section ("large arrays");
if (! T.self)   # the Vulkan validation layer (on in make check) found nothing to say
  vs = gpuarray_stats ();
  ok ("no Vulkan validation messages", vs.validation_messages == 0,
      sprintf ("%d validation messages", vs.validation_messages));
endif
printf ("provider: %s, %.1f s\n", prov, toc (t0));
printf ("%d passed, %d failed (and %d skipped: host arrays with gpu operands, outside Octave's dispatch)\n", ...
        T.np, T.nf, T.nskip);
exit (T.nf > 0);
