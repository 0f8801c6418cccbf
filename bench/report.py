#!/usr/bin/env python3
"""Merge the benchmark CSVs into a markdown report, a merged CSV and a bar chart.

Usage:  python3 bench/report.py [--out DIR] [--command TEXT] [CSV ...]

With no CSV named, reads octave.csv and torch.csv (those that exist) from $BENCH_OUT
(default /tmp).  Beside each X.csv it reads X_meta.txt ("key: value" lines written by
the runners) and, in the same folder, parts.txt (how each part of a device run ended)
and nvidia-smi.txt.  Writes results.md, results.csv and results.png (when matplotlib
can be imported; otherwise the markdown says why there is none) into DIR (default:
$OUT, else the first CSV's folder) and prints the markdown.

Only the Python standard library is needed (matplotlib is optional).
"""

import argparse
import csv
import datetime
import os
import sys

IMPLS = [("gpuarray", "gpuarray"), ("octave-cpu", "Octave CPU"), ("pytorch", "PyTorch")]


def read_meta(path):
    meta = {}
    try:
        with open(path) as f:
            for line in f:
                if ":" in line:
                    k, v = line.split(":", 1)
                    meta[k.strip()] = v.strip()
    except OSError:
        pass
    return meta


def read_text(path):
    try:
        with open(path) as f:
            return f.read().strip()
    except OSError:
        return ""


def num(s):
    try:
        v = float(s)
    except (TypeError, ValueError):
        return None
    return v if v == v else None  # NaN reads as missing


def fmt_ms(v):
    if v is None:
        return ""
    if v < 1:
        return "%.3f" % v
    if v < 10:
        return "%.2f" % v
    if v < 1000:
        return "%.1f" % v
    return "%.0f" % v


def fmt_rate(v):
    if v is None:
        return ""
    return "%.3g" % v if v < 100 else "%.0f" % v


def fmt_ratio(a, b):
    if a is None or b is None or b == 0:
        return ""
    r = a / b
    if r >= 10:
        return "%.0fx" % r
    return ("%.2fx" % r) if r >= 1 else ("%.2gx" % r)


def short_status(row):
    if row is None:
        return "-"
    c = row.get("check", "")
    if c == "ok":
        return "ok"
    if c.startswith("FAIL"):
        return "**FAIL**"
    if c.startswith("ERROR"):
        return "**ERROR**"
    if c.startswith("not implemented"):
        return "n/i"
    if c.startswith("skipped"):
        return "skip"
    return c or "?"


def load(paths):
    rows, metas = [], {}
    for p in paths:
        stem = os.path.splitext(os.path.basename(p))[0]
        metas[stem] = read_meta(os.path.join(os.path.dirname(p), stem + "_meta.txt"))
        with open(p, newline="") as f:
            for r in csv.DictReader(f):
                r["_source"] = stem
                rows.append(r)
    return rows, metas


def group(rows):
    """{workload: {(variant, size, class): {impl: row}}}, in order of first appearance."""
    out = {}
    for r in rows:
        w = out.setdefault(r["workload"], {})
        key = (r["variant"], r["size"], r["class"])
        # "pytorch-cpu" (a try-out without a GPU) fills the PyTorch column; the header
        # says which device it ran on
        impl = "pytorch" if r["impl"].startswith("pytorch") else r["impl"]
        w.setdefault(key, {})[impl] = r
    return out


def rate_kind(cases):
    """Which rate a workload's table shows: us/op, GFLOP/s, GB/s or none."""
    for col, label in (("us_per_op", "us/op"), ("gflop_per_s", "GFLOP/s"),
                       ("gb_per_s", "GB/s")):
        if any(num(r.get(col)) is not None for impls in cases.values()
               for r in impls.values()):
            return col, label
    return None, None


def header(metas, parts, smi, command, png_note):
    o = metas.get("octave", {})
    t = metas.get("torch", {})
    date = o.get("date") or t.get("date") or datetime.datetime.now().strftime("%Y-%m-%d %H:%M")
    lines = ["# gpuarray benchmarks", ""]
    lines.append("- date: %s" % date)
    gpu = smi or t.get("gpu") or ""
    if gpu:
        lines.append("- GPU (nvidia-smi: name, driver, memory): %s" % gpu.replace("\n", "; "))
    if o:
        lines.append("- gpuarray device: %s (%s, Vulkan %s, driver %s, %s GiB)" % (
            o.get("device", "?"), o.get("provider", "?"), o.get("vulkan_version", "?"),
            o.get("vulkan_driver", "?"), o.get("device_memory_gib", "?")))
        lines.append("- Octave %s; CPU baseline on %s, %s cores, OPENBLAS_NUM_THREADS=%s, "
                     "OPENBLAS_CORETYPE=%s; BLAS: %s" % (
                         o.get("octave", "?"), o.get("cpu", "?"), o.get("nproc", "?"),
                         o.get("OPENBLAS_NUM_THREADS") or "(unset)",
                         o.get("OPENBLAS_CORETYPE") or "(unset)", o.get("blas", "?")))
        lines.append("- gpuarray first call: %s" % o.get("first_call", "?"))
    if t:
        if t.get("error"):
            lines.append("- PyTorch: not run: %s" % t["error"])
        else:
            lines.append("- PyTorch %s (CUDA %s) on %s, %s mode, TF32 %s" % (
                t.get("torch", "?"), t.get("cuda", "?"), t.get("gpu", t.get("torch_device", "?")),
                t.get("mode", "?"), t.get("tf32", "?")))
    small = o.get("small") or t.get("small")
    reps = o.get("reps") or t.get("reps")
    cpu_reps = o.get("cpu_reps")
    lines.append("- sizes: %s; time = median of %s warm calls (ms)%s, after one first call" % (
        "small (BENCH_SMALL=1)" if small == "1" else "full", reps or "?",
        "; Octave CPU: %s" % cpu_reps if cpu_reps and cpu_reps != reps else ""))
    lines.append("- command: `%s`" % command)
    if parts:
        lines.append("- parts of the run: %s" % "; ".join(parts.splitlines()))
    if png_note:
        lines.append("- chart: %s" % png_note)
    lines += ["", "device ms: gpuarray's device time per call from timestamp queries "
              "(the wall time less the host's part).  "
              "Ratios: gpuarray/PyTorch > 1 means gpuarray is slower; CPU/gpuarray > 1 "
              "means gpuarray is faster than Octave on the CPU.  Rates count the least "
              "traffic or work a call needs (see bench/README.md).  check: gpuarray / "
              "Octave CPU / PyTorch; n/i = not implemented yet in gpuarray; a FAIL gets "
              "no time.", ""]
    return lines


def table(wname, cases):
    col, label = rate_kind(cases)
    has_dev = any(num(impls.get("gpuarray", {}).get("device_ms")) is not None
                  for impls in cases.values())
    head = ["variant", "size", "class", "gpuarray ms", "first ms"]
    head += ["device ms"] if has_dev else []
    head += ["Octave CPU ms", "PyTorch ms", "gpuarray/PyTorch", "CPU/gpuarray"]
    if col:
        head += ["%s gpuarray" % label, "%s PyTorch" % label]
    head += ["dispatches", "check"]
    lines = ["## %s" % wname, "", "| " + " | ".join(head) + " |",
             "|" + "|".join("---" for _ in head) + "|"]
    notes = []
    for (variant, size, cls), impls in cases.items():
        g, c, p = (impls.get(k) for k in ("gpuarray", "octave-cpu", "pytorch"))
        gm, cm, pm = (num(r.get("median_ms")) if r else None for r in (g, c, p))
        cells = [variant, size, cls, fmt_ms(gm), fmt_ms(num(g.get("first_ms")) if g else None)]
        if has_dev:
            cells.append(fmt_ms(num(g.get("device_ms")) if g else None))
        cells += [fmt_ms(cm), fmt_ms(pm), fmt_ratio(gm, pm), fmt_ratio(cm, gm)]
        if col:
            cells += [fmt_rate(num(g.get(col)) if g else None),
                      fmt_rate(num(p.get(col)) if p else None)]
        disp = num(g.get("dispatches")) if g else None
        pdisp = num(p.get("dispatches")) if p else None
        d = "" if disp is None else "%g" % disp
        if pdisp is not None:
            d += " (PyTorch %g)" % pdisp
        cells += [d, " / ".join(short_status(r) for r in (g, c, p))]
        lines.append("| " + " | ".join(x.replace("|", "\\|") for x in cells) + " |")
        for name, r in (("gpuarray", g), ("Octave CPU", c), ("PyTorch", p)):
            if r and r.get("check", "") not in ("ok", "", "skipped: gpuarray not implemented yet"):
                notes.append("- %s, %s %s %s: %s" % (name, variant, size, cls, r["check"]))
        if g and num(g.get("host_fallbacks")):
            notes.append("- gpuarray, %s %s %s: %s host fallback(s)" % (
                variant, size, cls, g["host_fallbacks"]))
    return lines + [""] + notes + ([""] if notes else [])


def not_implemented(wname, cases):
    lines = ["### %s" % wname, "", "| variant | size | class | PyTorch ms | why skipped |",
             "|---|---|---|---|---|"]
    for (variant, size, cls), impls in cases.items():
        g = impls.get("gpuarray")
        p = impls.get("pytorch")
        why = (g or {}).get("check", "").replace("not implemented yet: ", "")
        lines.append("| %s | %s | %s | %s | %s |" % (
            variant, size, cls, fmt_ms(num(p.get("median_ms")) if p else None),
            why.replace("|", "\\|")))
    return lines + [""]


def chart(groups, path):
    try:
        import matplotlib
        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except Exception as e:  # optional: the markdown is the report
        return "no PNG (matplotlib not importable: %s)" % e
    labels, series = [], {k: [] for k, _ in IMPLS}
    for wname, cases in groups.items():
        for (variant, size, cls), impls in cases.items():
            vals = {k: num(impls[k].get("median_ms")) if k in impls else None for k, _ in IMPLS}
            if all(v is None for v in vals.values()):
                continue
            labels.append("%s: %s %s %s" % (wname, variant, size, cls))
            for k, _ in IMPLS:
                series[k].append(vals[k])
    if not labels:
        return "no PNG (no timings)"
    n = len(labels)
    fig, ax = plt.subplots(figsize=(11, 1.2 + 0.45 * n))
    h = 0.8 / len(IMPLS)
    for i, (k, name) in enumerate(IMPLS):
        ys = [j + (i - 1) * h for j in range(n)]
        xs = [v if v is not None else float("nan") for v in series[k]]
        ax.barh(ys, xs, height=h, label=name)
    ax.set_yticks(range(n))
    ax.set_yticklabels(labels, fontsize=8)
    ax.invert_yaxis()
    ax.set_xscale("log")
    ax.set_xlabel("median time per call, ms (log scale; missing bar = not run, n/i or FAIL)")
    ax.legend(loc="lower right")
    fig.tight_layout()
    fig.savefig(path, dpi=110)
    plt.close(fig)
    return "results.png"


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("csv", nargs="*")
    ap.add_argument("--out")
    ap.add_argument("--command", default=os.environ.get("BENCH_COMMAND", ""))
    a = ap.parse_args()
    paths = a.csv
    if not paths:
        base = os.environ.get("BENCH_OUT") or "/tmp"
        paths = [p for p in (os.path.join(base, "octave.csv"), os.path.join(base, "torch.csv"))
                 if os.path.exists(p)]
    paths = [p for p in paths if os.path.exists(p) or print("report: no %s" % p, file=sys.stderr)]
    out = a.out or os.environ.get("OUT") or (os.path.dirname(os.path.abspath(paths[0])) if paths else ".")
    os.makedirs(out, exist_ok=True)
    rows, metas = load(paths)
    folder = os.path.dirname(os.path.abspath(paths[0])) if paths else out
    for stem in ("octave", "torch"):
        # a part that wrote no CSV may still have said why in its meta file
        if not metas.get(stem):
            metas[stem] = read_meta(os.path.join(folder, stem + "_meta.txt"))
    parts = read_text(os.path.join(folder, "parts.txt"))
    smi = read_text(os.path.join(folder, "nvidia-smi.txt"))
    command = a.command or ("BENCH_SMALL=1 octave-cli bench/run_octave_bench.m; "
                            "python3 bench/report.py" if metas.get("octave", {}).get("small") == "1"
                            else "bench/run-on-gpu-machine.sh")

    groups = group(rows)
    png_note = chart(groups, os.path.join(out, "results.png")) if rows else "no PNG (no rows)"
    md = header(metas, parts, smi, command, png_note)
    if not rows:
        md += ["**No results**: no CSV rows were found (%s)." % (", ".join(paths) or "no CSV"), ""]
    ni = {}
    for wname, cases in groups.items():
        gpu_rows = [impls.get("gpuarray") for impls in cases.values()]
        if gpu_rows and all(r is not None and r["check"].startswith("not implemented")
                            for r in gpu_rows):
            ni[wname] = cases
        else:
            md += table(wname, cases)
    if ni:
        md += ["## Not implemented yet in gpuarray", "",
               "Found by a tiny probe call of each workload on gpuArrays; they run as soon "
               "as the probe succeeds.", ""]
        for wname, cases in ni.items():
            md += not_implemented(wname, cases)
    text = "\n".join(md).rstrip() + "\n"
    with open(os.path.join(out, "results.md"), "w") as f:
        f.write(text)

    cols = []
    for r in rows:
        for k in r:
            if k != "_source" and k not in cols:
                cols.append(k)
    with open(os.path.join(out, "results.csv"), "w", newline="") as f:
        w = csv.DictWriter(f, fieldnames=cols, extrasaction="ignore")
        w.writeheader()
        w.writerows(rows)
    print(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
