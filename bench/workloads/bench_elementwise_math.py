"""PyTorch twin of bench_elementwise_math.m (RunMat's elementwise math), eager."""

import math


def cases(small, h):
    n = 100001 if small else 5000001
    torch = h.torch

    def body(x):
        y0 = torch.sin(x) * torch.exp(-x / 10)
        y1 = y0 * torch.cos(x / 4) + 0.25 * (y0 ** 2)
        return torch.tanh(y1) + 0.1 * y1

    out = []
    for cls in ("single", "double"):
        out.append(dict(
            workload="elementwise_math", variant="sin/exp/cos/tanh chain", size="%d" % n,
            cls=cls,
            setup=lambda cls=cls: (torch.linspace(0, 4 * math.pi, n, dtype=torch.float64)
                                   .to(h.dtype(cls)),),
            body=body, bytes=2 * n * h.itemsize(cls)))
    return out
