"""PyTorch twin of bench_arith_chain.m: y = (x*2 + 1) / (z + 3) - x*z, eager."""


def cases(small, h):
    n, label = (10**5, "1e5") if small else (10**8, "1e8")
    out = []
    for cls in ("double", "single"):
        out.append(dict(
            workload="arith_chain", variant="(x.*2+1)./(z+3)-x.*z", size=label, cls=cls,
            setup=lambda cls=cls: (h.rand(1, cls, n, 1), h.rand(2, cls, n, 1)),
            body=lambda x, z: (x * 2 + 1) / (z + 3) - x * z,
            bytes=3 * n * h.itemsize(cls)))
    return out
