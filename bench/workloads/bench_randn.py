"""PyTorch twin of bench_randn.m: torch.ones / torch.randn / torch.rand of 1e8 elements
on the GPU (float64 and float32), and the sum of 1e8 normals. Checked for range only,
as the Octave side is (the random streams differ)."""


def cases(small, h):
    n, label = (10**5, "1e5") if small else (10**8, "1e8")
    torch = h.torch

    def setup(cls):
        return lambda: (torch.ones(1, 1, dtype=h.dtype(cls)),)

    out = [dict(workload="randn", variant="ones(n,1,'like',x)", size=label, cls="double",
                setup=setup("double"),
                body=lambda x: torch.ones(n, 1, dtype=x.dtype, device=x.device),
                ref=lambda x: torch.ones(n, 1, dtype=torch.float64), bytes=n * 8)]
    for cls in ("double", "single"):
        out.append(dict(workload="randn", variant="randn(n,1,'like',x)", size=label, cls=cls,
                        setup=setup(cls),
                        body=lambda x: torch.randn(n, 1, dtype=x.dtype, device=x.device),
                        ref=lambda x: torch.zeros(n, 1, dtype=torch.float64), tol=8.0,
                        bytes=n * h.itemsize(cls)))
    out.append(dict(workload="randn", variant="rand(n,1,'like',x)", size=label, cls="double",
                    setup=setup("double"),
                    body=lambda x: torch.rand(n, 1, dtype=x.dtype, device=x.device),
                    ref=lambda x: torch.full((n, 1), 0.5, dtype=torch.float64), tol=1.0,
                    bytes=n * 8))
    out.append(dict(workload="randn", variant="sum(randn(n,1,'like',x))", size=label, cls="double",
                    setup=setup("double"),
                    body=lambda x: torch.randn(n, 1, dtype=x.dtype, device=x.device).sum().item(),
                    ref=lambda x: 0.0, tol=6 * n ** 0.5))
    return out
