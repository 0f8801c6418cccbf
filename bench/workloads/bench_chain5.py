"""PyTorch twin of bench_chain5.m: y = sin(x)*z + exp(x**2), eager."""


def cases(small, h):
    n, label = (10**5, "1e5") if small else (10**8, "1e8")
    torch = h.torch
    out = []
    for cls in ("double", "single"):
        out.append(dict(
            workload="chain5", variant="sin(x).*z+exp(x.^2)", size=label, cls=cls,
            setup=lambda cls=cls: (h.rand(1, cls, n, 1), h.rand(2, cls, n, 1)),
            body=lambda x, z: torch.sin(x) * z + torch.exp(x ** 2),
            bytes=3 * n * h.itemsize(cls)))
    return out
