## w = bench_mean_max_std (small)
##
## Statistics of 1e8 doubles and singles: mean (x), max (x), std (x), each brought back
## as a scalar.  GB/s counts reading x once (std can be done in one pass).
##
## Each function is its own case, so each starts running as soon as it works on
## gpuArrays (Octave's mean.m already does, through sum and ./).

function w = bench_mean_max_std (small)
  if (small)
    n = 1e5;
    label = "1e5";
  else
    n = 1e8;
    label = "1e8";
  endif
  fns = {"mean(x)", @(x) gather(mean (x));
         "max(x)",  @(x) gather(max (x));
         "std(x)",  @(x) gather(std (x))};
  w = [];
  for i = 1:rows (fns)
    for cls = {"double", "single"}
      w = [w, bw_case("mean_max_std", fns{i, 1}, label, cls{1},
                      @(tiny) {bw_rand(1, cls{1}, bw_pick (tiny, 8, n), 1)}, fns{i, 2},
                      "bytes", n * bw_sizeof (cls{1}))];
    endfor
  endfor
endfunction
