## w = bench_op_overhead (small)
##
## The fixed cost of one operation: x + 1 on a 100-element vector, 2000 times per
## call, reported as microseconds per operation.  Three ways:
##   y=y+1       values stay on the device, one completion wait at the end (with lazy
##               fusion this is mostly the cost of recording an operation)
##   y=y+1;wait  a completion wait after every operation: one dispatch and one queue
##               round trip each
##   gather(x+1) every result comes back to the host
## The same loops on host arrays show what Octave itself costs per operation.

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
       bw_case("op_overhead", sprintf ("y=y+1;wait x%d", iters), "100", "double", setup,
               @(x) waited (x, iters), "ops", iters,
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

function y = waited (x, iters)
  y = x;
  for k = 1:iters
    y = bw_finish (y + 1);
  endfor
endfunction

function h = gathered (x, iters)
  for k = 1:iters
    h = gather (x + 1);
  endfor
endfunction
