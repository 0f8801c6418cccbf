"""torch twin of bench/epilogue_probe.m: the same products and epilogues, n x n, float32
and float64 (TF32 off), eager PyTorch on the same GPU, CUDA-event time, median of 5.
    python3 bench/epilogue_torch.py 4096"""
import sys
import torch

torch.backends.cuda.matmul.allow_tf32 = False
n = int(sys.argv[1]) if len(sys.argv) > 1 else 4096
cases = [("A*B", lambda A, B, C, b: A @ B),
         ("max(A*B,0)", lambda A, B, C, b: torch.clamp_min(A @ B, 0)),
         ("2*(A*B)+C", lambda A, B, C, b: 2 * (A @ B) + C),
         ("A*B+b (row)", lambda A, B, C, b: A @ B + b),
         ("tanh(A*B+C)", lambda A, B, C, b: torch.tanh(A @ B + C))]
for dt in (torch.float32, torch.float64):
    A, B, C = (torch.randn(n, n, dtype=dt, device="cuda") for _ in range(3))
    b = torch.randn(1, n, dtype=dt, device="cuda")
    for _ in range(10):
        A @ B
    for name, f in cases:
        f(A, B, C, b); torch.cuda.synchronize()
        ts = []
        for _ in range(5):
            e0, e1 = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
            e0.record(); f(A, B, C, b); e1.record(); torch.cuda.synchronize()
            ts.append(e0.elapsed_time(e1))
        ts.sort()
        print(f"{name:14s} {str(dt).split('.')[-1]:8s} torch {ts[2]:10.3f} ms", flush=True)
