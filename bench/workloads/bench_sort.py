"""PyTorch twin of bench_sort.m: torch.sort(stable=True), values and positions; the
medians as Octave's median.m computes them for even lengths (torch.median gives the
lower middle element instead): the sorted middle two, averaged; unique and ismember as
torch.unique (sorted) and torch.isin; lookup as torch.searchsorted (right=True: the
count of table values <= x, Octave's index); interp1 written out over it.

Octave's m-by-m matrix is column-major; the twin keeps the same memory layout, so
Octave's X(i,j) is T[j, i] here: sort (X, 1) (each contiguous column) is
T.sort(dim=1), and sort (X, 2) is T.sort(dim=0).
"""


def cases(small, h):
    n, label, m = (10**5, "1e5", 316) if small else (10**8, "1e8", 10000)
    torch = h.torch
    out = [
        dict(workload="sort", variant="[y,i]=sort(x)", size=label, cls=cls,
             setup=lambda cls=cls, seed=seed: (h.rand(seed, cls, n, 1),),
             body=lambda x: torch.sort(x, dim=0, stable=True).values,
             bytes=n * (3 * 8 if cls == "double" else 16))
        for cls, seed in (("double", 1), ("single", 2))
    ]
    def median(x, dim):
        s = torch.sort(x, dim=dim).values
        k = x.shape[dim] // 2
        return (s.narrow(dim, k - 1, 1) + s.narrow(dim, k, 1)) / 2

    out.append(dict(workload="sort", variant="median(x)", size=label, cls="double",
                    setup=lambda: (h.rand(1, "double", n, 1),),
                    body=lambda x: median(x, 0), bytes=n * 8))
    out.append(dict(workload="sort", variant="median(X)", size="%dx%d" % (m, m), cls="double",
                    setup=lambda: (h.rand(1, "double", m, m),),
                    body=lambda x: median(x, 1), bytes=m * m * 8))
    ns = max(8, round(n / 100))
    out.append(dict(workload="sort", variant="unique(x)", size=label, cls="double",
                    setup=lambda: (torch.round(h.rand(1, "double", n, 1) * 1e6),),
                    body=lambda x: torch.unique(x, sorted=True), bytes=n * 8))
    out.append(dict(workload="sort", variant="ismember(a,s)", size=label, cls="double",
                    setup=lambda: (torch.round(h.rand(1, "double", n, 1) * 1e6),
                                   torch.round(h.rand(2, "double", ns, 1) * 1e6)),
                    body=lambda a, s: torch.isin(a, s), bytes=(n + ns) * 8))
    def interp1(xt, yt, x):
        # Octave's linear interp1 (ppval over lookup (xt, x, "lr")), NaN outside
        i = torch.searchsorted(xt, x, right=True).clamp(1, xt.shape[0] - 1) - 1
        xl, yl = xt[i], yt[i]
        y = (yt[i + 1] - yl) / (xt[i + 1] - xl) * (x - xl) + yl
        return torch.where((x < xt[0]) | ~(x <= xt[-1]), torch.full_like(y, float("nan")), y)

    out.append(dict(workload="sort", variant="lookup(t,x)", size=label, cls="double",
                    setup=lambda: (torch.sort(h.rand(2, "double", ns)).values, h.rand(1, "double", n)),
                    body=lambda t, x: torch.searchsorted(t, x, right=True), bytes=(2 * n + ns) * 8))
    out.append(dict(workload="sort", variant="interp1(xt,yt,x)", size=label, cls="double",
                    setup=lambda: (torch.sort(h.rand(2, "double", ns)).values, h.rand(3, "double", ns),
                                   h.rand(1, "double", n)),
                    body=interp1, bytes=(2 * n + 2 * ns) * 8))
    for dim, tdim in ((1, 1), (2, 0)):
        out.append(dict(
            workload="sort", variant="[y,i]=sort(X,%d)" % dim, size="%dx%d" % (m, m),
            cls="double",
            setup=lambda: (h.rand(1, "double", m, m),),
            body=lambda x, tdim=tdim: torch.sort(x, dim=tdim, stable=True).values,
            bytes=3 * m * m * 8))
    return out
