## gammainc against Octave's at the BIST's points plus 2000 log-normal (x, a), every tail
## and class: how many equal, and the worst differences in the BIST's tolerance unit
## 8 eps (1 + x + a) max (|y|, 1) (scaled tails: |y|). On the GPU machine:
## . bench/gpu-env.sh; octave_rt bench/gammainc_sweep.m
addpath ([pwd "/inst"]); addpath ([pwd "/src"]);
randn ("seed", 7); rand ("seed", 7);
x = [0 0 1 Inf Inf 2 NaN NaN 0.5 0.5 3 0.05 0.3 5 40 100 1e-3 0.7 1e-300 36 36.5 0.1 ...
     exp(randn(1, 60) * 2), rand(1, 30) * 40, 1e3 * rand(1, 10)];
a = [0 1 0 Inf 2 Inf 1 NaN NaN 30 0 2 1 7 3 150 0.5 0.7 3 18 18 18 ...
     exp(randn(1, 60) * 2), round(rand(1, 30) * 20), 1e3 * rand(1, 10)];
rand ("seed", 11);
x = [x, exp(randn(1, 2000) * 2.5)]; a = [a, exp(randn(1, 2000) * 2.5)];
for c = {"double", "single"}
  xc = cast (x, c{1}); ac = cast (a, c{1});
  for t = {"lower", "upper", "scaledlower", "scaledupper"}
    w = gammainc (xc, ac, t{1});
    g = gather (gammainc (gpuArray (xc), ac, t{1}));
    k = isfinite (w);
    bad_nan = find (isnan (g) != isnan (w));
    c0 = any (strcmp (t{1}, {"lower", "upper"}));
    xa = double (xc) + double (ac); xa(isnan (xa)) = 0;
    unit = 8 * eps (c{1}) * (1 + xa) .* max (abs (double (w)), c0);
    r = abs (double (g) - double (w)) ./ unit; r(! k | g == w) = 0;
    [rs, ix] = sort (r, "descend");
    printf ("%s %s: equal %d of %d, nan mismatch %d, worst in units: %s\n", c{1}, t{1}, sum (g == w), numel (w), numel (bad_nan), mat2str (rs(1:3), 3));
    for j = ix(1:3)
      if (r(j) > 0.5)
        printf ("   x %.17g a %.17g oct %.17g dev %.17g\n", xc(j), ac(j), w(j), g(j));
      endif
    endfor
  endfor
endfor
for xv = [1e-3 0.5 2 10 50]
  y = gamma (xv); g = gather (gamma (gpuArray (xv)));
  printf ("gamma(%g): %.17g %.17g\n", xv, y, g);
end
