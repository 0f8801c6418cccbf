"""PyTorch twin of bench_scan.m.

Octave's m-by-m matrix is column-major; the twin keeps the same memory layout, so
Octave's X(i,j) is T[j, i] here: cumsum (X, 1) (down each contiguous column) is
T.cumsum(1), and cumsum (X, 2) is T.cumsum(0).
"""


def cases(small, h):
    n, label, m = (10**5, "1e5", 316) if small else (10**8, "1e8", 10000)
    torch = h.torch
    out = [
        dict(workload="scan", variant="cumsum(x)", size=label, cls="double",
             setup=lambda: (h.rand(1, "double", n, 1),),
             body=lambda x: torch.cumsum(x, 0), bytes=2 * n * 8),
        dict(workload="scan", variant="cummax(x)", size=label, cls="double",
             setup=lambda: (h.rand(2, "double", n, 1),),
             body=lambda x: torch.cummax(x, 0).values, bytes=2 * n * 8),
    ]
    for dim, tdim in ((1, 1), (2, 0)):
        out.append(dict(
            workload="scan", variant="cumsum(X,%d)" % dim, size="%dx%d" % (m, m),
            cls="double",
            setup=lambda: (h.rand(1, "double", m, m),),
            body=lambda x, tdim=tdim: torch.cumsum(x, tdim),
            bytes=2 * m * m * 8))
    return out
