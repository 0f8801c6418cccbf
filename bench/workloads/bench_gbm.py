"""PyTorch twin of bench_gbm.m (RunMat's Monte Carlo GBM), checked against the
Black-Scholes price as the Octave side is (the random streams differ)."""

import math


def black_scholes(T):
    S0, K, r, sigma = 100.0, 100.0, 0.05, 0.20
    tau = T / 252.0
    d1 = (math.log(S0 / K) + (r + sigma**2 / 2) * tau) / (sigma * math.sqrt(tau))
    d2 = d1 - sigma * math.sqrt(tau)
    N = lambda d: 0.5 * math.erfc(-d / math.sqrt(2))
    return S0 * N(d1) - K * math.exp(-r * tau) * N(d2)


def cases(small, h):
    M, T = (10**4, 16) if small else (10**6, 256)
    torch = h.torch

    def setup():
        torch.manual_seed(3)
        return (torch.full((M, 1), 100.0, dtype=torch.float32),)

    def body(S):
        mu, sigma, dt, K = 0.05, 0.20, 1.0 / 252.0, 100.0
        drift = (mu - 0.5 * sigma**2) * dt
        scale = sigma * math.sqrt(dt)
        for _ in range(T):
            Z = torch.randn(M, 1, device=S.device, dtype=S.dtype)
            S = S * torch.exp(drift + scale * Z)
        payoff = torch.clamp_min(S - K, 0)
        return (payoff.mean() * math.exp(-mu * T * dt)).item()

    return [dict(workload="gbm", variant="European call, %d steps" % T,
                 size="%g paths" % M, cls="single", setup=setup, body=body,
                 ref=lambda S: black_scholes(T), tol=8 / math.sqrt(M))]
