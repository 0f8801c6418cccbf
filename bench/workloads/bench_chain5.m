## w = bench_chain5 (small)
##
## y = sin (x) .* z + exp (x .^ 2): five elementwise operations, three of them
## transcendental, on 1e8 doubles and singles.  GLSL has no double-precision sin/exp,
## so the double case also measures the package's own double math library.  GB/s
## counts reading x and z and writing y once.
##
## Skipped ("not implemented yet") until sin, exp and .^ exist for gpuArrays.

function w = bench_chain5 (small)
  if (small)
    n = 1e5;
    label = "1e5";
  else
    n = 1e8;
    label = "1e8";
  endif
  w = [];
  for cls = {"double", "single"}
    w = [w, bw_case("chain5", "sin(x).*z+exp(x.^2)", label, cls{1},
                    @(tiny) {bw_rand(1, cls{1}, bw_pick (tiny, 8, n), 1),
                             bw_rand(2, cls{1}, bw_pick (tiny, 8, n), 1)},
                    @(x, z) bw_finish (sin (x) .* z + exp (x .^ 2)),
                    "bytes", 3 * n * bw_sizeof (cls{1}))];
  endfor
endfunction
