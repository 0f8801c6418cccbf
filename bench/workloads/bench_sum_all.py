"""PyTorch twin of bench_sum_all.m.

Octave's m-by-m matrix is column-major; the twin keeps the same memory layout, so
Octave's X(i,j) is T[j, i] here: sum (X, 1) (sums down each contiguous column) is
T.sum(1), and sum (X, 2) is T.sum(0).
"""


def cases(small, h):
    n, label, m = (10**5, "1e5", 316) if small else (10**8, "1e8", 10000)
    out = []
    for cls in ("double", "single"):
        out.append(dict(
            workload="sum_all", variant="sum(x)", size=label, cls=cls,
            setup=lambda cls=cls: (h.rand(1, cls, n, 1),),
            body=lambda x: x.sum().item(),
            bytes=n * h.itemsize(cls)))
    for dim, tdim in ((1, 1), (2, 0)):
        out.append(dict(
            workload="sum_all", variant="sum(X,%d)" % dim, size="%dx%d" % (m, m),
            cls="double",
            setup=lambda: (h.rand(1, "double", m, m),),
            body=lambda x, tdim=tdim: x.sum(tdim),
            bytes=(m * m + m) * 8))
    return out
