## w = bench_arith_chain (small)
##
## y = (x .* 2 + 1) ./ (z + 3) - x .* z: five elementwise operations on two vectors of
## 1e8 elements, double and single.  Memory bound: GB/s counts the least traffic
## (read x and z, write y once, as a fused kernel would); unfused, every operation
## reads and writes whole vectors, so a figure far below the device's bandwidth says
## how much fusion would gain.

function w = bench_arith_chain (small)
  if (small)
    n = 1e5;
    label = "1e5";
  else
    n = 1e8;
    label = "1e8";
  endif
  w = [];
  for cls = {"double", "single"}
    w = [w, bw_case("arith_chain", "(x.*2+1)./(z+3)-x.*z", label, cls{1},
                    @(tiny) inputs (tiny, n, cls{1}), @body,
                    "bytes", 3 * n * bw_sizeof (cls{1}))];
  endfor
endfunction

function in = inputs (tiny, n, cls)
  if (tiny)
    n = 8;
  endif
  in = {bw_rand(1, cls, n, 1), bw_rand(2, cls, n, 1)};
endfunction

function y = body (x, z)
  y = bw_finish ((x .* 2 + 1) ./ (z + 3) - x .* z);
endfunction
