"""PyTorch twin of bench_indexing.m.

Octave's column-major n-by-n X is the row-major T with X(i,j) = T[j, i]: X.' is
T.t().contiguous(); column k of A is row k of T. The gather's indices are the same
positions (0-based) of the same flattened data.
"""


def cases(small, h):
    torch = h.torch
    n, m, c = (256, 64, 20) if small else (8192, 4096, 1000)
    k = round(n * n / 8)

    def gather_setup():
        g = torch.Generator().manual_seed(7)
        idx = torch.randint(0, n * n, (k,), generator=g)
        return (h.rand(6, "double", n * n), idx)

    def column_loop(a, v):
        for j in range(a.shape[0]):
            a[j, :] = v
        return a

    return [
        dict(workload="indexing", variant="X.'", size="%dx%d" % (n, n), cls="double",
             setup=lambda: (h.rand(1, "double", n, n),),
             body=lambda x: x.t().contiguous(), bytes=2 * n * n * 8),
        dict(workload="indexing", variant="x(idx)", size="%d of %d" % (k, n * n), cls="double",
             setup=gather_setup, body=lambda x, i: x[i], bytes=k * 24),
        dict(workload="indexing", variant="x(x>0.5)", size="%d" % (n * n), cls="double",
             setup=lambda: (h.rand(3, "double", n * n),),
             body=lambda x: x[x > 0.5], bytes=n * n * 8 * 1.5),
        dict(workload="indexing", variant="A(:,k)=v loop", size="%dx%d" % (m, c), cls="double",
             setup=lambda: (h.rand(4, "double", c, m), h.rand(5, "double", m)),
             body=column_loop, ops=c, bytes=m * c * 8),
    ]
