## w = bench_op_overhead (small)
##
## The fixed cost of one operation: x + 1 on a 100-element vector, 2000 times per
## call, reported as microseconds per operation.  "chained" keeps the values on the
## device (y = y + 1, one completion wait at the end); "gather" brings every result
## back (h = gather (x + 1)), a round trip through the queue each time.  The same loop
## on host arrays shows what Octave itself costs per operation.

function w = bench_op_overhead (small)
  if (small)
    iters = 200;
  else
    iters = 2000;
  endif
  setup = @(tiny) {bw_rand(1, "double", 100, 1)};
  w = [bw_case("op_overhead", sprintf ("y=y+1 x%d", iters), "100", "double", setup,
               @(x) chained (x, iters), "ops", iters,
               "ref", @(x) x + iters),
       bw_case("op_overhead", sprintf ("gather(x+1) x%d", iters), "100", "double", setup,
               @(x) gathered (x, iters), "ops", iters,
               "ref", @(x) x + 1)];
endfunction

function y = chained (x, iters)
  y = x;
  for k = 1:iters
    y = y + 1;
  endfor
  y = bw_finish (y);
endfunction

function h = gathered (x, iters)
  for k = 1:iters
    h = gather (x + 1);
  endfor
endfunction
