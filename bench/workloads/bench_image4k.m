## w = bench_image4k (small)
##
## RunMat's "4K image processing" benchmark (benchmarks/4k-image-processing): a batch
## of 16 single-precision 2160x3840 frames; per frame mean and standard deviation,
## normalize, gain and bias, clamp at 0, gamma, then the mean squared error against
## the input.  Written as in RunMat's runmat.m, with nested means over dims 2 and 3
## (Octave 7's mean has no "all").  The result is one scalar.
##
## Skipped ("not implemented yet") until sqrt, max (x, 0), .^ and sum over dims of
## 3-D gpuArrays work.

function w = bench_image4k (small)
  if (small)
    sz = [2 54 96];
  else
    sz = [16 2160 3840];
  endif
  label = sprintf ("%dx%dx%d", sz);
  ## a statistic of 1.3e8 values in single: 1e-4 relative
  w = bw_case ("image4k", "normalize+gamma+mse", label, "single",
               @(tiny) {bw_rand(1, "single", bw_pick (tiny, [2 4 6], sz))}, @body,
               "tol", 1e-4);
endfunction

function mse = body (imgs)
  cls = bw_class (imgs);
  gain = cast (1.0123, cls);
  bias = cast (-0.02, cls);
  gam = cast (1.8, cls);
  eps0 = cast (1e-6, cls);
  mu = mean (mean (imgs, 2), 3);
  sigma = sqrt (mean (mean ((imgs - mu) .^ 2, 2), 3) + eps0);
  out = ((imgs - mu) ./ sigma) * gain + bias;
  out = max (out, cast (0, cls));
  out = out .^ gam;
  mse = gather (mean (mean (mean ((out - imgs) .^ 2, 1), 2), 3));
endfunction
