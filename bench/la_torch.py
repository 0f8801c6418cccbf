"""torch twin of bench/la_probe.m: qr (R and Q, R), svdvals, svd and the matrix 2-norm of
random n x n matrices on the same GPU, float64 and float32 (TF32 off), wall time per call
(synchronised), median of 3 after one warm call.
    python3 bench/la_torch.py 512 1024 2048"""
import sys, time
import torch

torch.backends.cuda.matmul.allow_tf32 = False
ops = [("X = qr (A)", lambda a: torch.geqrf(a)),
       ("[Q, R] = qr (A)", lambda a: torch.linalg.qr(a)),
       ("s = svd (A)", lambda a: torch.linalg.svdvals(a)),
       ("[U, S, V] = svd", lambda a: torch.linalg.svd(a)),
       ("norm (A)", lambda a: torch.linalg.matrix_norm(a, ord=2))]
for n in [int(x) for x in sys.argv[1:]] or [512, 1024, 2048]:
    for dt in (torch.float64, torch.float32):
        a = torch.randn(n, n, dtype=dt, device="cuda")
        for name, f in ops:
            f(a); torch.cuda.synchronize()
            ts = []
            for _ in range(3):
                t0 = time.perf_counter(); f(a); torch.cuda.synchronize()
                ts.append((time.perf_counter() - t0) * 1e3)
            ts.sort()
            print(f"{name:18s} {n:5d} {str(dt).split('.')[-1]:8s} torch {ts[1]:10.1f} ms", flush=True)
