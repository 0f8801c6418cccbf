## Strided views (issue 7 item 4): slices by ranges, transposes, permutations and flips
## are pending views of their base that the consuming kernel reads in place. Against
## Octave's own results, bit for bit, for every class: views alone and inside
## elementwise chains and reductions, N-d, empty, negative strides, with broadcast
## partners, views of views (a slice of a transpose), and every other use (indexing,
## assignment, products, concatenation) that must materialise them; then value semantics
## (a view keeps its base's old value), memory (nothing leaks after clear) and structure
## (dispatch counts from gpuarray_stats, with GPUARRAY_FUSE_VIEWS=0 for comparison).
## Prints a line per group, "N passed, N failed" last; exits non-zero on failure.
## Usage: octave-cli test/octave/test_views.m  (from the repository root, after make)
root = fileparts (fileparts (fileparts (mfilename ("fullpath"))));
addpath (fullfile (root, "inst"));
addpath (fullfile (root, "src"));

1;

function ok (name, cond, detail)
  global R
  if (cond)
    R.pass++;
    R.group_pass++;
  else
    R.fail++;
    R.group_fail++;
    if (nargin < 3)
      detail = "";
    endif
    printf ("FAIL %s %s\n", name, detail);
  endif
endfunction

function section (name)
  global R
  printf ("-- %-28s %5d passed, %4d failed\n", name, R.group_pass, R.group_fail);
  R.group_pass = 0;
  R.group_fail = 0;
endfunction

## the same class, size and values (NaN where NaN, -0 where -0)
function r = same (g, h)
  r = false;
  if (! isa (g, "gpuArray"))
    return;
  endif
  x = gather (g);
  if (! strcmp (class (x), class (h)) || ! isequal (size (x), size (h)))
    return;
  endif
  if (isfloat (h))
    r = isequaln (x, h) && isequal (signbit (x(:)), signbit (h(:)));
  else
    r = isequal (x, h);
  endif
endfunction

function check (name, f, g, h, tol)
  try
    if (nargin > 4) # products: the order of the additions may differ from the BLAS
      y = f (g);
      x = f (h);
      ok (name, isa (y, "gpuArray") && isequal (size (y), size (x)) && isequal (isnan (gather (y)), isnan (x)) && ...
          norm (gather (y)(! isnan (x)) - x(! isnan (x)), 1) <= tol * norm (x(! isnan (x)), 1));
      return;
    endif
    ok (name, same (f (g), f (h)));
  catch e
    ok (name, false, ["errors: " e.message]);
  end_try_catch
endfunction

function x = data (cls, sz)
  if (strcmp (cls, "logical"))
    x = rand (sz) > 0.5;
  elseif (any (strcmp (cls, {"double", "single"})))
    x = cast (randn (sz) * 10, cls);
    if (numel (x) > 3)
      x(2) = -0;
      x(3) = NaN;
    endif
  else
    x = cast (randi ([-90 90], sz), cls);
  endif
endfunction

function d = dispatches_of (f)
  gpuarray_stats ("reset");
  f ();
  s = gpuarray_stats ();
  d = s.dispatches;
endfunction

global R
R = struct ("pass", 0, "fail", 0, "group_pass", 0, "group_fail", 0, "t0", tic);
rand ("state", 7);
randn ("state", 7);

## ---- 1. every class: views alone and consumed -------------------------------------------
classes = {"double", "single", "int8", "uint8", "int16", "uint16", "int32", "uint32", ...
           "int64", "uint64", "logical"};
## {name, f}: f of a matrix (at least 5x6)
mats = {
  {"A(:,1:2:end)", @(A) A(:, 1:2:end)}
  {"A(2:end-1,2:end-1)", @(A) A(2:end-1, 2:end-1)}
  {"A(:,k) unaligned", @(A) A(:, 2)}
  {"A(1,:)", @(A) A(1, :)}
  {"A(end:-1:1,:)", @(A) A(end:-1:1, :)}
  {"A(:,end:-2:1)", @(A) A(:, end:-2:1)}
  {"A(2:3:end)", @(A) A(2:3:end)}
  {"A(end:-1:1)", @(A) A(end:-1:1)}
  {"A.'", @(A) A.'}
  {"A'", @(A) A'}
  {"permute(A,[2 1])", @(A) permute (A, [2 1])}
  {"flipud", @(A) flipud (A)}
  {"fliplr", @(A) fliplr (A)}
  {"flip(A,2)", @(A) flip (A, 2)}
  {"A.'(2:3,end:-1:1)", @(A) subsref (A.', substruct ("()", {2:3, size(A,1):-1:1}))}
  {"A(2:end,:).'", @(A) A(2:end, :).'}
  {"fliplr(A(:,1:2:end))", @(A) fliplr (A(:, 1:2:end))}
  {"A(:,1:2:end)(2:3,:)", @(A) subsref (A(:, 1:2:end), substruct ("()", {2:3, ":"}))}
  {"A(:,1:2:end)(:)", @(A) subsref (A(:, 1:2:end), substruct ("()", {":"}))}
  {"A.'(:)", @(A) subsref (A.', substruct ("()", {":"}))}
  {"A.'(5)", @(A) subsref (A.', substruct ("()", {5}))}
  {"A(3,4) scalar", @(A) A(3, 4)}
  {"A.'(end)", @(A) subsref (A.', substruct ("()", {numel(A)}))}
  {"A(:,1:2:end)(8)", @(A) subsref (A(:, 1:2:end), substruct ("()", {8}))}
};
uses = {
  {"alone", @(v) v}
  {"v+1", @(v) v + 1}
  {"v.*2+1", @(v) v .* 2 + 1}
  {"-v", @(v) -v}
  {"v.*v", @(v) v .* v}
  {"abs(v)", @(v) abs (v)}
  {"v==v(1)", @(v) v == v(1)}
  {"sum(v)", @(v) sum (v), 1e-6}
  {"sum(v,2)", @(v) sum (v, 2), 1e-6}
  {"max(v,[],2)", @(v) max (v, [], 2)}
  {"any(v)", @(v) any (v)}
  {"v(end,:)", @(v) v(end, :)}
  {"[v;v]", @(v) [v; v]}
};
for c = 1:numel (classes)
  cls = classes{c};
  A = data (cls, [7 9]);
  G = gpuArray (A);
  for m = 1:numel (mats)
    for u = 1:numel (uses)
      f = @(X) uses{u}{2} (mats{m}{2} (X));
      name = sprintf ("%s %s %s", cls, mats{m}{1}, uses{u}{1});
      if (numel (uses{u}) > 2 && isfloat (A)) # sums: the device adds in a tree
        check (name, @(X) double (f (X)), G, A, uses{u}{3});
      else
        check (name, f, G, A);
      endif
    endfor
  endfor
endfor
section ("classes x views x uses");

## ---- 2. N-d, empty, broadcast partners, chains -------------------------------------------
X = randn (4, 5, 6);
GX = gpuArray (X);
nd = {
  {"X(:,2:3,end:-1:1)+1", @(X) X(:, 2:3, end:-1:1) + 1}
  {"X(2,:,:)", @(X) X(2, :, :)}
  {"squeeze(X(2,:,:))", @(X) squeeze (X(2, :, :))}
  {"X(:,:,3:4)", @(X) X(:, :, 3:4)}
  {"X(1:2:end,:,2)", @(X) X(1:2:end, :, 2)}
  {"X(:,2:end)", @(X) X(:, 2:end)}
  {"permute(X,[3 1 2])+1", @(X) permute (X, [3 1 2]) + 1}
  {"permute(X,[2 3 1]).*X(1)", @(X) permute (X, [2 3 1]) .* X(1)}
  {"ipermute(X,[3 1 2])", @(X) ipermute (X, [3 1 2])}
  {"permute(permute(X,[3 1 2]),[3 1 2])", @(X) permute (permute (X, [3 1 2]), [3 1 2])}
  {"flip(X,3).*2", @(X) flip (X, 3) .* 2}
  {"flip(X,4)", @(X) flip (X, 4)}
  {"flip(flip(X,1),1)", @(X) flip (flip (X, 1), 1)}
  {"permute(X,[1 3 2])(2:3,:,1:2:end)", @(X) subsref (permute (X, [1 3 2]), substruct ("()", {2:3, ":", 1:2:5}))}
  {"max(flip(X,2),[],2)", @(X) max (flip (X, 2), [], 2)}
  {"X(:,1:2:end,:)+X(:,1,:)", @(X) X(:, 1:2:end, :) + X(:, 1, :)}
  {"X(1,:,:)+X(:,1,1)", @(X) X(1, :, :) + X(:, 1, 1)}
  {"X(2,:)+X(:,3)", @(X) X(2, :) + X(:, 3)}
  {"X(:,end:-1:1).'+X(1:20)", @(X) X(:, end:-1:1).' + X(1:30).'(1:30)}
  {"reshape(X(:,1:2:end),[],1)", @(X) reshape (X(:, 1:2:end), [], 1)}
  {"reshape(X(2:3,:,:),2,5,2,3)+1", @(X) reshape (X(2:3, :, :), 2, 5, 2, 3) + 1}
  {"reshape(flip(X,3),20,3,2).*2", @(X) reshape (flip (X, 3), 20, 3, 2) .* 2}
  {"reshape(X(1,:,:),1,1,30)", @(X) reshape (X(1, :, :), 1, 1, 30)}
  {"squeeze(X(:,2,:))-1", @(X) squeeze (X(:, 2, :)) - 1}
  {"reshape(permute(X,[2 1 3]),5,24)", @(X) reshape (permute (X, [2 1 3]), 5, 24)}
  {"reshape(X(end:-1:1,2:4,1:2:end),3,4,3)+1", @(X) reshape (X(end:-1:1, 2:4, 1:2:end), 3, 4, 3) + 1}
  {"X(2:1,:)+1 empty", @(X) X(2:1, :) + 1}
  {"X(:,3:2,:) empty", @(X) X(:, 3:2, :)}
  {"zeros(0,3).'", @(X) (X(1:0, 1:3)).'}
  {"flip of empty", @(X) flip (X(:, [], :), 2)}
  {"find(X(:,2:3,1)>0)", @(X) find (X(:, 2:3, 1) > 0)}
  {"[X(:,1:2,1), X(1:4,end:-1:4,2)]", @(X) [X(:, 1:2, 1), X(1:4, end:-1:4, 2)]}
  {"X(:,1:2:end)(X(:,1:2:end)>0)", @(X) subsref (X(:, 1:2:end), substruct ("()", {X(:, 1:2:end) > 0}))}
  {"X(:,2:4,1)([1 3],[3 1])", @(X) subsref (X(:, 2:4, 1), substruct ("()", {[1 3], [3 1]}))}
  {"double(flipud(X(:,:,1)))", @(X) double (flipud (X(:, :, 1)))}
  {"single(X(:,1:2:end))", @(X) single (X(:, 1:2:end))}
  {"repmat(X(:,1,2).',2,1)", @(X) repmat (X(:, 1, 2).', 2, 1)}
  {"circshift(X(:,:,1).',1)", @(X) circshift (X(:, :, 1).', 1)}
};
for k = 1:numel (nd)
  check (nd{k}{1}, nd{k}{2}, GX, X);
endfor
check ("sum(X(:,2:end,:).^2,3)", @(X) sum (X(:, 2:end, :) .^ 2, 3), GX, X, 1e-14);
check ("sum(permute(X,[3 2 1]),1)", @(X) sum (permute (X, [3 2 1]), 1), GX, X, 1e-14);
for e = {{"(X.')(121) out of bound", @(X) subsref (permute (X, [2 1 3]), substruct ("()", {121}))}, ...
         {"P(2,31) out of bound", @(X) subsref (permute (X, [3 1 2]), substruct ("()", {2, 31}))}}
  try
    e{1}{2} (GX);
    ok (e{1}{1}, false, "no error");
  catch err
    try
      e{1}{2} (X);
    catch want
      ok (e{1}{1}, strcmp (err.identifier, want.identifier) && ...
          strcmp (regexprep (err.message, "^index ", ""), regexprep (want.message, "^index ", "")), err.message);
    end_try_catch
  end_try_catch
endfor
check ("X(:,2:3,1)*X(1:2,1:2)", @(X) X(:, 2:3, 1) * X(1:2, 1:2), GX, X, 1e-14);
check ("X(:,:,2).'*X(:,1,2)", @(X) X(:, :, 2).' * X(:, 1, 2), GX, X, 1e-14);
## random slices of random 3-D arrays, consumed alone and in a chain
for trial = 1:40
  sz = randi ([1 7], 1, 3);
  Y = randn (sz);
  GY = gpuArray (Y);
  sub = cell (1, 3);
  for d = 1:3
    a = randi (sz(d));
    b = randi (sz(d));
    step = randi ([1 3]) * sign (b - a + (b == a));
    sub{d} = a:step:b;
  endfor
  p = randperm (3);
  f = @(Z) permute (Z(sub{:}), p) .* 3 - 1;
  check (sprintf ("random view %d", trial), f, GY, Y);
  check (sprintf ("random view %d alone", trial), @(Z) permute (Z(sub{:}), p), GY, Y);
endfor
section ("N-d, empty, broadcast, chains");

## ---- 3. value semantics and memory ------------------------------------------------------
A = randn (6, 8);
G = gpuArray (A);
B = G(:, 1:2:end);
G(1, 1) = 5;
ok ("B = A(:,1:2:end); A(1,1) = 5 leaves B", same (B, A(:, 1:2:end)));
ok ("... and A changed", same (G, subsasgn (A, substruct ("()", {1, 1}), 5)));
G = gpuArray (A);
T = G.';
G(:, 2) = 0;
ok ("T = A.'; A(:,2) = 0 leaves T", same (T, A.'));
G = gpuArray (A);
F = flip (G);
for k = 1:3
  G(k, :) = k;
endfor
ok ("F = flip(A); assignments in a loop leave F", same (F, flip (A)));
G = gpuArray (A);
V = G(2:end, :);
clear G
ok ("a view outlives its base's variable", same (V + 1, A(2:end, :) + 1));
G = gpuArray (A);
V = G(:, 1:2:end);
V(1, 1) = 7;
H = A(:, 1:2:end);
H(1, 1) = 7;
ok ("assignment into a view", same (V, H) && same (G, A));
clear -variables  # not functions: this script's own would go
global R
s0 = gpuarray_stats ();
for k = 1:5
  G = gpuArray (rand (9, 11));
  V = G(2:end, 1:2:end).';
  W = flip (V, 2) + 1;
  U = permute (G, [2 1])(1:3, :);
  x = gather (sum (W(:)) + sum (U(:)));
endfor
clear G V W U x
s1 = gpuarray_stats ();
ok ("no arrays left after clear", s1.live_arrays == s0.live_arrays, sprintf ("%d -> %d", s0.live_arrays, s1.live_arrays));
ok ("no device memory left after clear", s1.bytes_in_use == s0.bytes_in_use, ...
    sprintf ("%d -> %d", s0.bytes_in_use, s1.bytes_in_use));
section ("value semantics, memory");

## ---- 4. structure: dispatch counts ---------------------------------------------------------
A = gpuArray (randn (64, 40));
C5 = gpuArray (randn (5, 8));
ok ("making a view runs nothing", dispatches_of (@() A(:, 1:2:end)) == 0);
ok ("a transpose runs nothing until used", dispatches_of (@() A.') == 0);
ok ("y = A(:,1:2:end).*2+1: one dispatch", dispatches_of (@() gather (A(:, 1:2:end) .* 2 + 1)) == 1);
ok ("B = A.'; C = B + 1: one dispatch", dispatches_of (@() gather (A.' + 1)) == 1);
## large transposes are copied out through the tiled transpose kernel first (a fused
## kernel would read them column-wise: ga_plan_view_pending); row slices still fuse
L = gpuArray (rand (512, 300));
ok ("large (L.')+1: the tiled transpose, then the addition (two dispatches)", dispatches_of (@() gather (L.' + 1)) == 2);
ok ("large (L.')+1 is right", isequal (gather (L.' + 1), gather (L).' + 1));
ok ("large row slice L(3,:)+1 and flip(L)+1 still fuse (one dispatch each)", ...
    dispatches_of (@() gather (L(3, :) + 1)) == 1 && dispatches_of (@() gather (flip (L) + 1)) == 1);
ok ("A(2:end-1,2:end-1)+1: one dispatch", dispatches_of (@() gather (A(2:end-1, 2:end-1) + 1)) == 1);
ok ("unaligned columns A(:,2)+A(:,3): one dispatch", dispatches_of (@() gather (C5(:, 2) + C5(:, 3))) == 1);
ok ("flip(A)-A: one dispatch", dispatches_of (@() gather (flip (A) - A)) == 1);
ok ("a slice of a transpose, consumed: one dispatch", ...
    dispatches_of (@() gather (subsref (A.', substruct ("()", {2:3, 40:-1:1})) + 1)) == 1);
ok ("squeeze (A3(2,:,:)) + 1: one dispatch", ...
    dispatches_of (@() gather (squeeze (subsref (reshape (A, 8, 8, 40), substruct ("()", {2, ":", ":"}))) + 1)) == 1);
ok ("one element of a transpose, (A.')(7): one dispatch, no copy of the whole", ...
    dispatches_of (@() gather (subsref (A.', substruct ("()", {7})))) == 1);
ok ("one element of a 3-D permutation, P(2,7): at most one dispatch", ...
    dispatches_of (@() gather (subsref (permute (reshape (A, 8, 8, 40), [3 1 2]), substruct ("()", {2, 7})))) <= 1);
ok ("gather (A.') alone: one dispatch (a copy)", dispatches_of (@() gather (A.')) == 1);
d = dispatches_of (@() gather (sum (A(2:end, :) .^ 2)));
ok ("sum (A(2:end,:).^2): at most two dispatches", d <= 2, sprintf ("%d", d));
d = dispatches_of (@() gather (sum (A(2:end, :) .^ 2, 2)));
ok ("sum (A(2:end,:).^2, 2): at most two dispatches", d <= 2, sprintf ("%d", d));
setenv ("GPUARRAY_FUSE_VIEWS", "0");
ok ("GPUARRAY_FUSE_VIEWS=0: A(:,1:2:end).*2+1 copies first (two dispatches)", ...
    dispatches_of (@() gather (A(:, 1:2:end) .* 2 + 1)) == 2);
ok ("GPUARRAY_FUSE_VIEWS=0: values", same (A(:, 1:2:end) .* 2 + 1, gather (A)(:, 1:2:end) .* 2 + 1));
ok ("GPUARRAY_FUSE_VIEWS=0: A.'+1 copies first", dispatches_of (@() gather (A.' + 1)) == 2);
unsetenv ("GPUARRAY_FUSE_VIEWS");
ok ("views fuse again without the variable", dispatches_of (@() gather (A.' + 1)) == 1);
section ("structure");

s = gpuarray_stats ();
printf ("provider: %s, %.1f s, validation messages: %d\n", gpuDevice ().Provider, toc (R.t0), ...
        s.validation_messages);
if (s.validation_messages > 0)
  R.fail++;
endif
printf ("%d passed, %d failed\n", R.pass, R.fail);
if (R.fail > 0)
  exit (1);
endif
