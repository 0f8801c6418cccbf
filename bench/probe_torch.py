"""PyTorch twin of bench/probe.m: the same cases on the same GPU, eager mode, 1e8
doubles; CUDA-event time per call (median of 5) and wall time per call.
    python3 bench/probe_torch.py"""
import time
import torch

n = 10**8
dev = "cuda"
torch.backends.cuda.matmul.allow_tf32 = False
x = torch.rand(n, dtype=torch.float64, device=dev)
z = torch.rand(n, dtype=torch.float64, device=dev)
cases = [("copy x.*1", lambda: x * 1, 16),
         ("arith chain", lambda: (x * 2 + 1) / (z + 3) - x * z, 24),
         ("chain5", lambda: torch.sin(x) * z + torch.exp(x ** 2), 24),
         ("issue chain", lambda: torch.sin(x) * z + torch.exp(-x ** 2), 24),
         ("issue chain w", lambda: torch.sin(x * 20 - 10) * z + torch.exp(-(x * 20 - 10) ** 2), 24),
         ("sum", lambda: x.sum(), 8), ("mean", lambda: x.mean(), 8), ("max", lambda: x.max(), 8)]
print(f"torch {torch.__version__} on {torch.cuda.get_device_name()}")
for name, f, nbytes in cases:
    # a second of load before timing, as bench/sustain_clocks.m gives the Octave side
    # (CUDA held the clock up anyway)
    t_end = time.perf_counter() + 1.0
    while time.perf_counter() < t_end:
        f(); torch.cuda.synchronize()
    dev_ms, wall_ms = [], []
    for _ in range(5):
        a, b = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
        t0 = time.perf_counter(); a.record()
        y = f()
        b.record(); torch.cuda.synchronize()
        wall_ms.append((time.perf_counter() - t0) * 1e3); dev_ms.append(a.elapsed_time(b))
        del y
    dev_ms.sort(); wall_ms.sort()
    print(f"{name:<14s} wall {wall_ms[2]:.3f} ms  gpu {dev_ms[2]:.3f} ms  {nbytes * n / dev_ms[2] / 1e6:5.0f} GB/s")
