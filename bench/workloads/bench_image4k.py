"""PyTorch twin of bench_image4k.m (RunMat's 4K image pipeline).

Octave's B x H x W single array is column-major, frames interleaved (B varies
fastest); the twin keeps that memory layout as a (W, H, B) tensor and reduces over
dims (0, 1) where Octave reduces over dims 2 and 3.
"""


def cases(small, h):
    B, H, W = (2, 54, 96) if small else (16, 2160, 3840)
    torch = h.torch

    def body(imgs):
        gain, bias, gam, eps0 = 1.0123, -0.02, 1.8, 1e-6
        mu = imgs.mean(dim=(0, 1), keepdim=True)
        sigma = torch.sqrt(((imgs - mu) ** 2).mean(dim=(0, 1), keepdim=True) + eps0)
        out = ((imgs - mu) / sigma) * gain + bias
        out = torch.clamp_min(out, 0)
        out = out ** gam
        return ((out - imgs) ** 2).mean().item()

    return [dict(workload="image4k", variant="normalize+gamma+mse",
                 size="%dx%dx%d" % (B, H, W), cls="single",
                 setup=lambda: (h.rand(1, "single", W, H, B),), body=body, tol=1e-4)]
