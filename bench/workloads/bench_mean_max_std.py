"""PyTorch twin of bench_mean_max_std.m: mean, max, std (n-1, as Octave) of 1e8."""


def cases(small, h):
    n, label = (10**5, "1e5") if small else (10**8, "1e8")
    fns = [("mean(x)", lambda x: x.mean().item()),
           ("max(x)", lambda x: x.max().item()),
           ("std(x)", lambda x: x.std().item())]
    out = []
    for variant, body in fns:
        for cls in ("double", "single"):
            out.append(dict(
                workload="mean_max_std", variant=variant, size=label, cls=cls,
                setup=lambda cls=cls: (h.rand(1, cls, n, 1),), body=body,
                bytes=n * h.itemsize(cls)))
    return out
