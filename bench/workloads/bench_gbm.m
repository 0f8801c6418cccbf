## w = bench_gbm (small)
##
## RunMat's "Monte Carlo analysis" benchmark: a European call priced by simulating
## 1e6 geometric Brownian motion paths over 256 steps in single precision, the normal
## numbers drawn on the device at every step.  The random streams of the GPU and the
## CPU differ, so both are checked against the Black-Scholes price instead.
##
## Skipped ("not implemented yet") until randn (..., "like", g), exp and max exist for
## gpuArrays.

function w = bench_gbm (small)
  if (small)
    M = 1e4;
    T = 16;
  else
    M = 1e6;
    T = 256;
  endif
  ## the discounted payoff has a standard deviation of about 14.5 for these
  ## parameters: 8/sqrt(M) is about 5.5 standard errors of the estimate
  w = bw_case ("gbm", sprintf ("European call, %d steps", T), sprintf ("%g paths", M),
               "single", @(tiny) setup (tiny, M), @(S) body (S, T),
               "ref", @(S) black_scholes (T), "tol", 8 / sqrt (M));
endfunction

function in = setup (tiny, M)
  randn ("state", 3);
  in = {ones(bw_pick (tiny, 64, M), 1, "single") * single(100)};
endfunction

function price = body (S, T)
  mu = single (0.05);
  sigma = single (0.20);
  dt = single (1 / 252);
  K = single (100);
  drift = (mu - 0.5 * sigma^2) * dt;
  scale = sigma * sqrt (dt);
  M = size (S, 1);
  for t = 1:T
    Z = bw_randn_like (S, M, 1);
    S = S .* exp (drift + scale .* Z);
  endfor
  payoff = max (S - K, 0);
  price = gather (mean (payoff) * exp (-mu * T * dt));
endfunction

function p = black_scholes (T)
  S0 = 100;
  K = 100;
  r = 0.05;
  sigma = 0.20;
  tau = T / 252;
  d1 = (log (S0 / K) + (r + sigma^2 / 2) * tau) / (sigma * sqrt (tau));
  d2 = d1 - sigma * sqrt (tau);
  N = @(d) 0.5 * erfc (-d / sqrt (2));
  p = S0 * N (d1) - K * exp (-r * tau) * N (d2);
endfunction
