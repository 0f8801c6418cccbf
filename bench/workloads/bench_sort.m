## w = bench_sort (small)
##
## Sorts: [y, i] = sort (x) of a vector of 1e8 doubles and of 1e8 singles (one long
## line: every pass of the radix sort over the whole vector), and [y, i] = sort (X, 1),
## sort (X, 2) of a 10000x10000 double matrix (10000 lines: line-number passes after
## the value passes). Both outputs, as PyTorch's sort gives. GB/s counts reading the
## input and writing the values and the positions (double) once. median (x) and
## median (X) (over the sort; the twin sorts and averages the middle two, as median.m
## does for even lengths), unique (x) of 1e8 integer-valued doubles (about 1e6
## distinct), ismember (a, s) of 1e8 such values in 1e6 others, lookup (t, x) of 1e8
## values in a sorted table of 1e6 and interp1 (xt, yt, x) (linear) over it: GB/s
## counts reading the inputs once (and writing the result, for the last two).

function w = bench_sort (small)
  if (small)
    n = 1e5;
    label = "1e5";
    m = 316;
  else
    n = 1e8;
    label = "1e8";
    m = 10000;
  endif
  w = [bw_case("sort", "[y,i]=sort(x)", label, "double",
               @(tiny) {bw_rand(1, "double", bw_pick (tiny, 8, n), 1)},
               @(x) sort_both (x), "bytes", 3 * n * 8), ...
       bw_case("sort", "[y,i]=sort(x)", label, "single",
               @(tiny) {bw_rand(2, "single", bw_pick (tiny, 8, n), 1)},
               @(x) sort_both (x), "bytes", n * (4 + 4 + 8))];
  mlabel = sprintf ("%dx%d", m, m);
  w = [w, bw_case("sort", "median(x)", label, "double",
                  @(tiny) {bw_rand(1, "double", bw_pick (tiny, 8, n), 1)},
                  @(x) bw_finish (median (x)), "bytes", n * 8), ...
       bw_case("sort", "median(X)", mlabel, "double",
               @(tiny) {bw_rand(1, "double", bw_pick (tiny, 4, m), bw_pick (tiny, 5, m))},
               @(x) bw_finish (median (x)), "bytes", m * m * 8)];
  ns = max (8, round (n / 100));
  w = [w, bw_case("sort", "unique(x)", label, "double",
                  @(tiny) {round(bw_rand (1, "double", bw_pick (tiny, 8, n), 1) * 1e6)},
                  @(x) bw_finish (unique (x)), "bytes", n * 8), ...
       bw_case("sort", "ismember(a,s)", label, "double",
               @(tiny) {round(bw_rand (1, "double", bw_pick (tiny, 8, n), 1) * 1e6), ...
                        round(bw_rand (2, "double", bw_pick (tiny, 4, ns), 1) * 1e6)},
               @(a, s) bw_finish (ismember (a, s)), "bytes", (n + ns) * 8)];
  ## lookup (t, x) of 1e8 values in a sorted table of 1e6; interp1 (xt, yt, x) over it
  w = [w, bw_case("sort", "lookup(t,x)", label, "double",
                  @(tiny) {sort(bw_rand (2, "double", bw_pick (tiny, 4, ns), 1)), ...
                           bw_rand(1, "double", bw_pick (tiny, 8, n), 1)},
                  @(t, x) bw_finish (lookup (t, x)), "bytes", (2 * n + ns) * 8), ...
       bw_case("sort", "interp1(xt,yt,x)", label, "double",
               @(tiny) {sort(bw_rand (2, "double", bw_pick (tiny, 4, ns), 1)), ...
                        bw_rand(3, "double", bw_pick (tiny, 4, ns), 1), ...
                        bw_rand(1, "double", bw_pick (tiny, 8, n), 1)},
               @(xt, yt, x) bw_finish (interp1 (xt, yt, x)), "bytes", (2 * n + 2 * ns) * 8)];
  for dim = 1:2
    w = [w, bw_case("sort", sprintf ("[y,i]=sort(X,%d)", dim), mlabel, "double",
                    @(tiny) {bw_rand(1, "double", bw_pick (tiny, 4, m), bw_pick (tiny, 5, m))},
                    @(x) sort_both (x, dim), "bytes", 3 * m * m * 8)];
  endfor
endfunction

function r = sort_both (varargin)
  [y, i] = sort (varargin{:});
  r = bw_finish (y);
  bw_finish (i);
endfunction
