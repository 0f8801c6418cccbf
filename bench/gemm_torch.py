"""cuBLAS through PyTorch beside bench/gemm_probe (same machine, same run): SGEMM with
TF32 off and DGEMM at 4096 and 8192, square, the median of 7 timed products after half
a second of the same product (the clock ramps up, bench/README.md "Clocks"), CUDA events.
    python3 bench/gemm_torch.py
"""
import time

import torch

torch.set_float32_matmul_precision("highest")
torch.backends.cuda.matmul.allow_tf32 = False
torch.backends.cudnn.allow_tf32 = False

print("torch", torch.__version__, torch.cuda.get_device_name(0))
for dtype, name in ((torch.float32, "SGEMM"), (torch.float64, "DGEMM")):
    for n in (4096, 8192):
        a = torch.rand(n, n, dtype=dtype, device="cuda") * 2 - 1
        b = torch.rand(n, n, dtype=dtype, device="cuda") * 2 - 1
        t0 = time.time()
        while time.time() - t0 < 0.5:
            torch.mm(a, b)
            torch.cuda.synchronize()
        times = []
        for _ in range(7):
            s, e = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
            s.record()
            torch.mm(a, b)
            e.record()
            torch.cuda.synchronize()
            times.append(s.elapsed_time(e) * 1e-3)
        t = sorted(times)[3]
        print("cuBLAS %s %5d  %8.3f ms  %6.2f TFLOP/s" % (name, n, t * 1e3, 2.0 * n ** 3 / t * 1e-12), flush=True)
        del a, b
