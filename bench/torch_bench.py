#!/usr/bin/env python3
"""PyTorch twins of the Octave benchmark workloads, on the same GPU.

Usage (repository root):  python3 bench/torch_bench.py
Environment (as bench/run_octave_bench.m):
  BENCH_SMALL=1      small sizes, 3 timed calls
  BENCH_OUT=DIR      where torch.csv and torch_meta.txt go (default /tmp)
  BENCH_REPS=N       timed warm calls per case (default 5; 3 with BENCH_SMALL)
  BENCH_SUSTAIN_S=S  call the body again and again for S seconds before the timed
                     calls (default 1; 0 with BENCH_SMALL), as the Octave runner keeps
                     the GPU busy (CUDA held the clock up anyway)
  BENCH_ONLY=RE      only workloads whose name matches the regexp RE
  BENCH_BUDGET_S=S   start no new case after S seconds
  BENCH_TORCH_DEVICE cuda (default) or cpu (only for trying the script out)
  BENCH_TORCH_KERNELS=1  count the CUDA kernels and copies of one extra call with
                     torch.profiler (the "dispatches" column); off by default

Each workload's twin is bench/workloads/bench_<name>.py next to bench_<name>.m: a
function cases(small, h) returning dicts with the same workload, variant, size and
class labels, so report.py can put the rows side by side.  Eager mode, TF32 off,
torch.cuda.synchronize() before the clock stops, one first call (first_ms) and the
median of BENCH_REPS warm calls.  Every result is checked against the same body run
on the CPU in float64 (or the case's own reference); a wrong result gets no time.
Exit status: 0 when every result was right, 1 otherwise, 2 when torch is missing.
"""

import csv
import datetime
import glob
import importlib.util
import math
import os
import platform
import re
import statistics
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
WORKLOADS = os.path.join(HERE, "workloads")

# The Octave runner's columns, in its order, so one reader handles both files.
COLUMNS = [
    "workload", "variant", "size", "class", "impl", "median_ms", "first_ms", "gb_per_s",
    "dispatches", "check", "min_ms", "reps", "gflop_per_s", "us_per_op",
    "kernels_compiled_first", "kernels_compiled_warm", "kernel_cache_hits",
    "disk_cache_hits", "submits", "bytes_up", "bytes_down", "host_fallbacks", "fused_ops",
    "device_ms", "rel_err", "tol", "note",
]

DEFAULT_TOL = {"double": 1e-10, "single": 2e-5}


class Helpers:
    """What a twin module gets: torch itself, the device, seeded data, dtypes."""

    def __init__(self, torch, dev):
        self.torch = torch
        self.dev = dev

    def dtype(self, cls):
        return {"double": self.torch.float64, "single": self.torch.float32}[cls]

    @staticmethod
    def itemsize(cls):
        return {"double": 8, "single": 4}[cls]

    def rand(self, seed, cls, *shape):
        """Uniform [0, 1) host data from a fixed seed (made on the CPU: not timed)."""
        g = self.torch.Generator().manual_seed(seed)
        return self.torch.rand(*shape, generator=g, dtype=self.dtype(cls))


# run first, as the Octave runner does, so that a spent time budget never costs them
FIRST = ["arith_chain", "sum_all", "op_overhead", "transfers"]


def load_twins(only):
    """Every bench_*.py in bench/workloads: adding a workload is adding a file."""
    def rank(path):
        w = os.path.basename(path)[len("bench_"):-len(".py")]
        return (FIRST.index(w) if w in FIRST else len(FIRST), w)

    mods = []
    for path in sorted(glob.glob(os.path.join(WORKLOADS, "bench_*.py")), key=rank):
        name = os.path.splitext(os.path.basename(path))[0]
        if only and not re.search(only, name[len("bench_"):]):
            continue
        spec = importlib.util.spec_from_file_location(name, path)
        mod = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(mod)
        mods.append(mod)
    return mods


IMPL = "pytorch"  # "pytorch-cpu" when tried out with BENCH_TORCH_DEVICE=cpu


def empty_row(c, check):
    row = {k: "" for k in COLUMNS}
    row.update(workload=c["workload"], variant=c["variant"], size=c["size"],
               impl=IMPL, check=check, note=c.get("note", ""))
    row["class"] = c["cls"]
    return row


def fmt(v):
    if v is None or (isinstance(v, float) and math.isnan(v)):
        return ""
    if isinstance(v, float):
        return "%.6g" % v
    return str(v)


def as_double_cpu(torch, r):
    if isinstance(r, torch.Tensor):
        return r.detach().to("cpu", torch.float64)
    return torch.tensor(float(r), dtype=torch.float64)


def check_result(torch, r, ref, tol):
    """max |r - ref| / max |ref|, NaNs in the same places; returns (status, err)."""
    r = as_double_cpu(torch, r)
    ref = as_double_cpu(torch, ref)
    if tuple(r.shape) != tuple(ref.shape):
        return "FAIL: shape %s, expected %s" % (tuple(r.shape), tuple(ref.shape)), float("nan")
    r = r.reshape(-1)
    ref = ref.reshape(-1)
    nan_r, nan_ref = torch.isnan(r), torch.isnan(ref)
    if not torch.equal(nan_r, nan_ref):
        return "FAIL: NaNs differ", float("nan")
    keep = ~nan_ref
    if int(keep.sum()) == 0:
        return "ok", 0.0
    scale = float(ref[keep].abs().max())
    if scale == 0.0:
        scale = 1.0
    err = float((r[keep] - ref[keep]).abs().max()) / scale
    if err <= tol:
        return "ok", err
    return "FAIL: relative error %.3g > %.3g" % (err, tol), err


def count_kernels(torch, body, inputs, sync):
    """CUDA kernels and copies of one call, from torch.profiler; None if unavailable."""
    try:
        from torch.profiler import ProfilerActivity, profile

        with profile(activities=[ProfilerActivity.CUDA]) as prof:
            body(*inputs)
            sync()
        n = 0
        for e in prof.events():
            dt = getattr(e, "device_type", None)
            if dt is not None and "CUDA" in str(dt):
                n += 1
        return n
    except Exception:  # profiling is a nice-to-have: never fail a case over it
        return None


def run_case(torch, h, c, reps, sync, kernels, sustain_s):
    tol = c.get("tol")
    if tol is None:
        tol = DEFAULT_TOL[c["cls"]]
    cpu_in = c["setup"]()
    dev_in = [t.to(h.dev) for t in cpu_in] if c.get("stage", True) else list(cpu_in)
    sync()
    body = c["body"]

    t0 = time.perf_counter()
    r = body(*dev_in)
    sync()
    first_ms = (time.perf_counter() - t0) * 1e3
    sustain_end = time.perf_counter() + sustain_s
    while time.perf_counter() < sustain_end:
        r = None
        r = body(*dev_in)
        sync()
    times = []
    for _ in range(reps):
        r = None  # freeing the previous result is not timed
        t0 = time.perf_counter()
        r = body(*dev_in)
        sync()
        times.append((time.perf_counter() - t0) * 1e3)

    if c.get("ref") is not None:
        ref = c["ref"](*cpu_in)
    else:
        # the same body on the CPU in float64: the check does not trust float32 sums
        ref = body(*[t.to(torch.float64) if t.is_floating_point() else t for t in cpu_in])
    status, err = check_result(torch, r, ref, tol)
    row = empty_row(c, status)
    row.update(rel_err=fmt(err), tol=fmt(tol), reps=str(reps))
    if kernels:
        n = count_kernels(torch, body, dev_in, sync)
        if n is not None:
            row["dispatches"] = str(n)
    del r, ref, dev_in, cpu_in
    if status != "ok":
        return row  # a wrong answer gets no time
    med = statistics.median(times)
    row.update(median_ms=fmt(med), first_ms=fmt(first_ms), min_ms=fmt(min(times)))
    if c.get("bytes"):
        row["gb_per_s"] = fmt(c["bytes"] / (med * 1e-3) / 1e9)
    if c.get("flops"):
        row["gflop_per_s"] = fmt(c["flops"] / (med * 1e-3) / 1e9)
    if c.get("ops"):
        row["us_per_op"] = fmt(med * 1e3 / c["ops"])
    return row


def write_meta(path, torch, dev, small, reps, error=None):
    lines = {
        "date": datetime.datetime.now().strftime("%Y-%m-%d %H:%M:%S"),
        "python": platform.python_version(),
        "small": "1" if small else "0",
        "reps": str(reps),
    }
    if torch is not None:
        lines["torch"] = torch.__version__
        lines["torch_device"] = dev
        lines["cuda"] = str(torch.version.cuda)
        if dev == "cuda":
            lines["gpu"] = torch.cuda.get_device_name(0)
            p = torch.cuda.get_device_properties(0)
            lines["gpu_memory_gib"] = "%.1f" % (p.total_memory / 2**30)
        lines["tf32"] = "off (float32 matmul precision: %s)" % torch.get_float32_matmul_precision()
        lines["mode"] = "eager"
    if error:
        lines["error"] = error
    with open(path, "w") as f:
        for k, v in lines.items():
            f.write("%s: %s\n" % (k, str(v).replace("\n", " ")))


def main():
    small = os.environ.get("BENCH_SMALL") == "1"
    sustain_s = float(os.environ.get("BENCH_SUSTAIN_S") or (0 if small else 1))
    out = os.environ.get("BENCH_OUT") or "/tmp"
    reps = int(os.environ.get("BENCH_REPS") or (3 if small else 5))
    only = os.environ.get("BENCH_ONLY", "")
    budget = float(os.environ.get("BENCH_BUDGET_S") or "inf")
    want_dev = os.environ.get("BENCH_TORCH_DEVICE") or "cuda"
    kernels = os.environ.get("BENCH_TORCH_KERNELS") == "1"
    os.makedirs(out, exist_ok=True)
    meta = os.path.join(out, "torch_meta.txt")
    path = os.path.join(out, "torch.csv")
    if os.path.exists(path):
        os.remove(path)  # a stale file from an earlier run must not reach the report
    try:
        import torch
    except ImportError as e:
        write_meta(meta, None, None, small, reps, "torch not importable: %s" % e)
        print("torch_bench: torch not importable: %s" % e, file=sys.stderr)
        return 2
    if want_dev == "cuda" and not torch.cuda.is_available():
        write_meta(meta, torch, "none", small, reps, "torch.cuda.is_available() is False")
        print("torch_bench: no CUDA device (BENCH_TORCH_DEVICE=cpu to try it on the CPU)",
              file=sys.stderr)
        return 2
    dev = want_dev
    global IMPL
    IMPL = "pytorch" if dev == "cuda" else "pytorch-" + dev
    # full float32 in matmul and convolutions: TF32 would trade precision for speed
    torch.set_float32_matmul_precision("highest")
    for mod in (torch.backends.cuda.matmul, torch.backends.cudnn):
        try:
            mod.allow_tf32 = False
        except Exception:  # newer releases may route this through fp32_precision
            pass
    if dev == "cuda":
        sync = torch.cuda.synchronize
        # CUDA context creation is not part of any workload's time (the Octave side
        # likewise starts the device before its first case)
        (torch.zeros(1, device=dev) + 1).cpu()
        sync()
    else:
        def sync():
            pass
    h = Helpers(torch, dev)
    write_meta(meta, torch, dev, small, reps)

    cases = []
    for mod in load_twins(only):
        cases.extend(mod.cases(small, h))
    t_start = time.perf_counter()
    bad = 0
    with open(path, "w", newline="") as f:
        w = csv.DictWriter(f, fieldnames=COLUMNS)
        w.writeheader()
        for c in cases:
            if time.perf_counter() - t_start > budget:
                row = empty_row(c, "skipped: time budget (BENCH_BUDGET_S=%g) spent" % budget)
            else:
                try:
                    row = run_case(torch, h, c, reps, sync, kernels, sustain_s)
                except Exception as e:  # one case's failure (say, out of memory) ends only it
                    row = empty_row(c, "ERROR: %s: %s" % (type(e).__name__, str(e).splitlines()[0] if str(e) else ""))
                if dev == "cuda":
                    torch.cuda.empty_cache()
            if not row["check"].startswith(("ok", "skipped")):
                bad += 1
            w.writerow(row)
            f.flush()
            tm = ""
            if row["median_ms"]:
                tm = "%10.3f ms" % float(row["median_ms"])
                if row["us_per_op"]:
                    tm += " %8.2f us/op" % float(row["us_per_op"])
                else:
                    tm += " (first %.1f)" % float(row["first_ms"])
            print("%-17s %-24s %-12s %-6s %-10s %-32s %s" % (
                row["workload"], row["variant"], row["size"], row["class"], IMPL, tm,
                row["check"]), flush=True)
    print("wrote %s in %.1f s; %d wrong or failed" % (path, time.perf_counter() - t_start, bad))
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
