## w = bench_elementwise_math (small)
##
## RunMat's "elementwise math" benchmark: for x = linspace (0, 4*pi, n),
##   y0 = sin (x) .* exp (-x / 10);
##   y1 = y0 .* cos (x / 4) + 0.25 .* (y0 .^ 2);
##   y2 = tanh (y1) + 0.1 .* y1;
## with n = 5000001 (RunMat's default), single as RunMat runs it, and double.  GB/s
## counts reading x and writing y2 once.
##
## Skipped ("not implemented yet") until unary minus, sin, cos, exp, tanh and .^
## exist for gpuArrays.

function w = bench_elementwise_math (small)
  if (small)
    n = 100001;
  else
    n = 5000001;
  endif
  w = [];
  for cls = {"single", "double"}
    w = [w, bw_case("elementwise_math", "sin/exp/cos/tanh chain", sprintf ("%d", n), cls{1},
                    @(tiny) {cast(linspace (0, 4 * pi, bw_pick (tiny, 9, n)), cls{1})},
                    @body, "bytes", 2 * n * bw_sizeof (cls{1}))];
  endfor
endfunction

function y2 = body (x)
  cls = bw_class (x);
  y0 = sin (x) .* exp (-x / cast (10, cls));
  y1 = y0 .* cos (x / cast (4, cls)) + cast (0.25, cls) .* (y0 .^ 2);
  y2 = bw_finish (tanh (y1) + cast (0.1, cls) .* y1);
endfunction
