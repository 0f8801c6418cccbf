"""PyTorch twin of bench_transfers.m: 1 GiB of doubles to the device and back.

From ordinary (pageable) host memory, as Octave's arrays are; a pinned buffer would
be faster but is not what the Octave side can use.
"""


def cases(small, h):
    n, label = (2**17, "1 MiB") if small else (2**27, "1 GiB")
    setup = lambda: (h.rand(1, "double", n, 1),)
    common = dict(workload="transfers", size=label, cls="double", setup=setup,
                  bytes=8 * n, tol=0.0, ref=lambda x: x)
    return [
        dict(common, variant="upload gpuArray(x)", stage=False,
             body=lambda x: x.to(h.dev)),
        dict(common, variant="download gather(g)", body=lambda g: g.cpu()),
    ]
