## w = bench_matmul (small)
##
## C = A * B for 4096x4096 double and single matrices (GFLOP/s = 2 n^3 / time).  The
## CPU baseline is OpenBLAS: which kernels it used (OPENBLAS_CORETYPE) is in the
## report's header.
##

function w = bench_matmul (small)
  if (small)
    n = 128;
  else
    n = 4096;
  endif
  label = sprintf ("%dx%d", n, n);
  w = [];
  for cls = {"double", "single"}
    ## single: blocked sums of 4096 products; 1e-4 of the largest entry is still far
    ## below any indexing or tiling mistake
    w = [w, bw_case("matmul", "A*B", label, cls{1},
                    @(tiny) {bw_rand(1, cls{1}, bw_pick (tiny, 5, n), bw_pick (tiny, 4, n)),
                             bw_rand(2, cls{1}, bw_pick (tiny, 4, n), bw_pick (tiny, 3, n))},
                    @(a, b) bw_finish (a * b), "flops", 2 * n^3,
                    "tol", bw_pick (strcmp (cls{1}, "single"), 1e-4, []))];
  endfor
endfunction
