## w = bench_sum_all (small)
##
## Reductions: sum (x) of 1e8 doubles and singles (a scalar comes back with gather),
## and sum (X, 1), sum (X, 2) of a 10000x10000 double matrix (column sums read memory
## in order; row sums stride across it, the harder case for a column-major layout).
## GB/s counts reading the input once.

function w = bench_sum_all (small)
  if (small)
    n = 1e5;
    label = "1e5";
    m = 316;
  else
    n = 1e8;
    label = "1e8";
    m = 10000;
  endif
  w = [];
  for cls = {"double", "single"}
    w = [w, bw_case("sum_all", "sum(x)", label, cls{1},
                    @(tiny) {bw_rand(1, cls{1}, bw_pick (tiny, 8, n), 1)},
                    @(x) gather (sum (x)), "bytes", n * bw_sizeof (cls{1}))];
  endfor
  mlabel = sprintf ("%dx%d", m, m);
  for dim = 1:2
    w = [w, bw_case("sum_all", sprintf ("sum(X,%d)", dim), mlabel, "double",
                    @(tiny) {bw_rand(1, "double", bw_pick (tiny, 4, m), bw_pick (tiny, 5, m))},
                    @(x) bw_finish (sum (x, dim)), "bytes", (m * m + m) * 8)];
  endfor
endfunction
