"""PyTorch twin of bench_op_overhead.m: x + 1 on 100 doubles, per-operation cost."""


def cases(small, h):
    iters = 200 if small else 2000
    torch = h.torch

    def chained(x):
        y = x
        for _ in range(iters):
            y = y + 1
        return y

    def waited(x):
        y = x
        for _ in range(iters):
            y = y + 1
            if y.is_cuda:
                torch.cuda.synchronize()
        return y

    def gathered(x):
        for _ in range(iters):
            r = (x + 1).cpu()
        return r

    setup = lambda: (h.rand(1, "double", 100, 1),)
    common = dict(workload="op_overhead", size="100", cls="double", setup=setup,
                  ops=iters)
    return [
        dict(common, variant="y=y+1 x%d" % iters, body=chained,
             ref=lambda x: x + iters),
        dict(common, variant="y=y+1;wait x%d" % iters, body=waited,
             ref=lambda x: x + iters),
        dict(common, variant="gather(x+1) x%d" % iters, body=gathered,
             ref=lambda x: x + 1),
    ]
