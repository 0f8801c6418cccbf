"""PyTorch twin of bench_matmul.m: C = A @ B, TF32 off (set by torch_bench.py)."""


def cases(small, h):
    n = 128 if small else 4096
    out = []
    for cls in ("double", "single"):
        out.append(dict(
            workload="matmul", variant="A*B", size="%dx%d" % (n, n), cls=cls,
            setup=lambda cls=cls: (h.rand(1, cls, n, n), h.rand(2, cls, n, n)),
            body=lambda a, b: a @ b, flops=2 * n**3,
            tol=1e-4 if cls == "single" else None))
    return out
