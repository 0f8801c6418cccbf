"""torch.linalg.solve baseline for bench/solve_probe.c: the same sizes and classes on the
same GPU (random matrices with a strong diagonal, one right-hand side); wall time per call
and CUDA-event time, median of 5 after one warm call.
    python3 bench/solve_torch.py 1024 2048 4096"""
import sys, time
import torch

for n in [int(a) for a in sys.argv[1:]] or [1024, 2048, 4096]:
    for dt in (torch.float64, torch.float32):
        a = torch.rand(n, n, dtype=dt, device="cuda") + n * torch.eye(n, dtype=dt, device="cuda")
        b = torch.rand(n, 1, dtype=dt, device="cuda")
        torch.linalg.solve(a, b); torch.cuda.synchronize()
        wall, dev = [], []
        for _ in range(5):
            e0, e1 = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
            t0 = time.perf_counter(); e0.record()
            x = torch.linalg.solve(a, b)
            e1.record(); torch.cuda.synchronize()
            wall.append((time.perf_counter() - t0) * 1e3); dev.append(e0.elapsed_time(e1))
        wall.sort(); dev.sort()
        print(f"torch.linalg.solve n={n} {str(dt).split('.')[-1]}: wall {wall[2]:.2f} ms, gpu {dev[2]:.2f} ms")
