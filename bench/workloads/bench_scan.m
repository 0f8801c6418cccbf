## w = bench_scan (small)
##
## Scans: cumsum (x) and cummax (x) of a vector of 1e8 doubles (few long lines: the
## kernel's chunks), and cumsum (X, 1), cumsum (X, 2) of a 10000x10000 double matrix
## (a thread per line and chunk; along dimension 2 neighbouring threads read
## neighbouring elements). GB/s counts reading the input and writing the result once.

function w = bench_scan (small)
  if (small)
    n = 1e5;
    label = "1e5";
    m = 316;
  else
    n = 1e8;
    label = "1e8";
    m = 10000;
  endif
  w = [bw_case("scan", "cumsum(x)", label, "double",
               @(tiny) {bw_rand(1, "double", bw_pick (tiny, 8, n), 1)},
               @(x) bw_finish (cumsum (x)), "bytes", 2 * n * 8), ...
       bw_case("scan", "cummax(x)", label, "double",
               @(tiny) {bw_rand(2, "double", bw_pick (tiny, 8, n), 1)},
               @(x) bw_finish (cummax (x)), "bytes", 2 * n * 8)];
  mlabel = sprintf ("%dx%d", m, m);
  for dim = 1:2
    w = [w, bw_case("scan", sprintf ("cumsum(X,%d)", dim), mlabel, "double",
                    @(tiny) {bw_rand(1, "double", bw_pick (tiny, 4, m), bw_pick (tiny, 5, m))},
                    @(x) bw_finish (cumsum (x, dim)), "bytes", 2 * m * m * 8)];
  endfor
endfunction
