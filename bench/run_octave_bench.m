## The Octave side of the benchmark suite: every workload in bench/workloads/bench_*.m,
## on gpuArrays ("gpuarray") and on plain Octave arrays ("octave-cpu"), same code.
##
## Usage, from anywhere, after make:   octave-cli bench/run_octave_bench.m
## (on the GPU machine: . bench/gpu-env.sh; octave_rt bench/run_octave_bench.m)
##
## Environment:
##   BENCH_SMALL=1     sizes ~1e5 and 3 timed calls: seconds on lavapipe (CI smoke run)
##   BENCH_OUT=DIR     where octave.csv and octave_meta.txt go (default /tmp)
##   BENCH_REPS=N      timed warm calls per case (default 5; 3 with BENCH_SMALL)
##   BENCH_SUSTAIN_S=S  before the timed calls on gpuArrays, keep the GPU busy for S
##                     seconds (bench/sustain_clocks.m; default 1, 0 with BENCH_SMALL):
##                     NVIDIA's Vulkan driver lowers the clock of a GPU that is less
##                     than half busy (bench/README.md, "Clocks")
##   BENCH_CPU_REPS=N  the same for the Octave CPU baseline (default BENCH_REPS): the
##                     CPU takes seconds per call at full size
##   BENCH_ONLY=RE     only workloads whose name matches the regexp RE
##   BENCH_IMPLS=LIST  "gpu,cpu" (default), "gpu" or "cpu"
##   BENCH_BUDGET_S=S  start no new case after S seconds (the device run has a limit)
##   BENCH_DISK_CACHE=1  keep the package's on-disk kernel cache (default: off, so
##                     that first_ms includes compiling the kernels)
##
## Per case: a tiny probe call on gpuArrays decides whether the functions the body
## needs exist yet (if not, the case is listed as "not implemented yet", with no
## time); then, after reset (gpuDevice) so that kernels are compiled again as in a
## fresh session, one first call (first_ms, kernel compiles included) and BENCH_REPS
## warm calls (median_ms); then the same on host arrays.  Results are checked against
## a reference with a tolerance by class; a wrong result is reported as FAIL and its
## times are left out.  gpuarray_stats deltas are recorded per call.
##
## Exit status: 1 if any gpuarray result is wrong or raised an error, or the Vulkan
## validation layer (GPUARRAY_VALIDATION=1) reported anything, else 0.  A wrong Octave
## CPU result is reported in the CSV but is not the package's fault.

1;  # a script file: the functions below are defined before the code at the end

function v = env_or (name, default)
  v = getenv (name);
  if (isempty (v))
    v = default;
  endif
endfunction

function opts = bench_options ()
  opts.small = strcmp (getenv ("BENCH_SMALL"), "1");
  opts.out = env_or ("BENCH_OUT", "/tmp");
  opts.reps = str2double (env_or ("BENCH_REPS", ifelse_str (opts.small, "3", "5")));
  opts.sustain_s = str2double (env_or ("BENCH_SUSTAIN_S", ifelse_str (opts.small, "0", "1")));
  opts.cpu_reps = str2double (env_or ("BENCH_CPU_REPS", sprintf ("%d", opts.reps)));
  opts.only = getenv ("BENCH_ONLY");
  opts.impls = strtrim (strsplit (env_or ("BENCH_IMPLS", "gpu,cpu"), ","));
  opts.budget_s = str2double (env_or ("BENCH_BUDGET_S", "Inf"));
  opts.disk_cache = strcmp (getenv ("BENCH_DISK_CACHE"), "1");
  if (! (opts.reps >= 1 && opts.cpu_reps >= 1))
    error ("run_octave_bench: BENCH_REPS and BENCH_CPU_REPS must be positive numbers");
  endif
endfunction

function s = ifelse_str (c, a, b)
  if (c)
    s = a;
  else
    s = b;
  endif
endfunction

## Every bench_*.m in the workloads folder, called with the size flag: adding a
## workload is adding a file there.  The first workloads of the suite run first, so
## that a time budget spent on later ones never costs them.
function cases = collect_cases (wdir, small, only)
  first = {"bench_arith_chain", "bench_sum_all", "bench_op_overhead", "bench_transfers"};
  files = dir (fullfile (wdir, "bench_*.m"));
  names = cellfun (@(f) f(1:end-2), {files.name}, "UniformOutput", false);
  names = [first(ismember(first, names)), sort(setdiff (names, first))];
  cases = [];
  for i = 1:numel (names)
    name = names{i};
    if (! isempty (only) && isempty (regexp (name(7:end), only, "once")))
      continue;
    endif
    w = feval (name, small);
    cases = [cases, w(:)'];
  endfor
endfunction

## The counters that matter per call (gauges such as bytes_in_use are left out);
## counters an older build lacks read as 0.
function d = stats_delta (s0, s1)
  f = {"dispatches", "submits", "kernels_compiled", "kernel_cache_hits", ...
       "disk_cache_hits", "bytes_uploaded", "bytes_downloaded", "host_fallbacks", ...
       "fused_ops", "gpu_time_ns"};
  for i = 1:numel (f)
    d.(f{i}) = 0;
    if (isfield (s0, f{i}) && isfield (s1, f{i}))
      d.(f{i}) = double (s1.(f{i})) - double (s0.(f{i}));
    endif
  endfor
endfunction

function in = stage_inputs (c, in)
  if (c.stage)
    for i = 1:numel (in)
      in{i} = gpuArray (in{i});
    endfor
  endif
endfunction

## Does the body run on gpuArrays at all?  A tiny call answers it in milliseconds,
## without making the full-size data of a workload that cannot run yet.
function [ok, reason] = probe (c)
  ok = true;
  reason = "";
  try
    in = stage_inputs (c, c.setup (true));
    r = gather (c.body (in{:}));
  catch err
    ok = false;
    reason = err.message;
    ## where it failed tells which function is missing when the message does not
    for k = 1:numel (err.stack)
      if (strncmp (err.stack(k).name, "bench_", 6))
        reason = sprintf ("%s (%s line %d)", reason, err.stack(k).name, err.stack(k).line);
        break;
      endif
    endfor
  end_try_catch
endfunction

## One first call, then reps warm calls.  The previous result is dropped before the
## clock starts, so freeing it is not timed.
function [r, t] = time_calls (c, in, reps, gpu, sustain_s)
  t.first_ms = NaN;
  t.ms = zeros (reps, 1);
  d = cell (reps, 1);
  s0 = stats_now (gpu);
  t0 = tic ();
  r = c.body (in{:});
  t.first_ms = toc (t0) * 1e3;
  t.d_first = stats_delta (s0, stats_now (gpu));
  if (gpu && sustain_s > 0)
    sustain_clocks (gpuDevice (), sustain_s);
  endif
  for k = 1:reps
    r = [];
    s0 = stats_now (gpu);
    t0 = tic ();
    r = c.body (in{:});
    t.ms(k) = toc (t0) * 1e3;
    d{k} = stats_delta (s0, stats_now (gpu));
  endfor
  t.d = [d{:}];
endfunction

function s = stats_now (gpu)
  if (gpu)
    s = gpuarray_stats ();
  else
    s = struct ();
  endif
endfunction

function ref = reference (c, in, rc, have_rc)
  if (! isempty (c.ref))
    ref = c.ref (in{:});
  elseif (any (strcmp (c.class, {"single"})))
    ## in double: Octave sums singles in single, one after the other, and sum of 1e8
    ## uniform singles comes out as 16777216 (2^24), not 5e7
    din = cellfun (@double, in, "UniformOutput", false);
    ref = c.body (din{:});
  elseif (have_rc)
    ref = rc;
  else
    ref = c.body (in{:});
  endif
  ref = double (gather (ref));
endfunction

function tol = default_tol (cls)
  switch (cls)
    case "double"
      tol = 1e-10;
    case "single"
      tol = 2e-5;
    otherwise
      tol = 0;
  endswitch
endfunction

## Relative error max |r - ref| / max |ref| (absolute where ref is all zeros), with
## NaNs required in the same places; a size or class mismatch is a failure outright.
function [st, err] = check_result (r, ref, tol, want_class)
  err = NaN;
  r = gather (r);
  if (! isempty (want_class) && ! strcmp (class (r), want_class))
    st = sprintf ("FAIL: class %s, expected %s", class (r), want_class);
    return;
  endif
  if (! isequal (size (r), size (ref)))
    st = sprintf ("FAIL: size %s, expected %s", mat2str (size (r)), mat2str (size (ref)));
    return;
  endif
  r = double (r(:));
  ref = ref(:);
  if (! isequal (isnan (r), isnan (ref)))
    st = "FAIL: NaNs differ";
    return;
  endif
  keep = ! isnan (ref);
  scale = max ([abs(ref(keep)); 0]);
  if (scale == 0)
    scale = 1;
  endif
  err = max ([abs(r(keep) - ref(keep)); 0]) / scale;
  if (err <= tol)
    st = "ok";
  else
    st = sprintf ("FAIL: relative error %.3g > %.3g", err, tol);
  endif
endfunction

function row = empty_row (c, impl)
  row = struct ("workload", c.workload, "variant", c.variant, "size", c.size,
                "class", c.class, "impl", impl, "median_ms", NaN, "first_ms", NaN,
                "gb_per_s", NaN, "dispatches", NaN, "check", "", "min_ms", NaN,
                "reps", NaN, "gflop_per_s", NaN, "us_per_op", NaN,
                "kernels_compiled_first", NaN, "kernels_compiled_warm", NaN,
                "kernel_cache_hits", NaN, "disk_cache_hits", NaN, "submits", NaN,
                "bytes_up", NaN,
                "bytes_down", NaN, "host_fallbacks", NaN, "fused_ops", NaN,
                "device_ms", NaN, "rel_err", NaN, "tol", NaN,
                "note", c.note);
endfunction

function row = timed_row (c, impl, t, st, err, tol, gpu)
  row = empty_row (c, impl);
  row.check = st;
  row.rel_err = err;
  row.tol = tol;
  row.reps = numel (t.ms);
  if (gpu)
    row.dispatches = median ([t.d.dispatches]);
    row.submits = median ([t.d.submits]);
    row.kernels_compiled_first = t.d_first.kernels_compiled;
    row.kernels_compiled_warm = sum ([t.d.kernels_compiled]);
    row.kernel_cache_hits = median ([t.d.kernel_cache_hits]);
    row.disk_cache_hits = t.d_first.disk_cache_hits + sum ([t.d.disk_cache_hits]);
    row.bytes_up = median ([t.d.bytes_uploaded]);
    row.bytes_down = median ([t.d.bytes_downloaded]);
    row.host_fallbacks = sum ([t.d.host_fallbacks]) + t.d_first.host_fallbacks;
    row.fused_ops = median ([t.d.fused_ops]);
  endif
  if (! strcmp (st, "ok"))
    return;   # a wrong answer gets no time
  endif
  row.median_ms = median (t.ms);
  row.min_ms = min (t.ms);
  row.first_ms = t.first_ms;
  row.gb_per_s = c.bytes / (row.median_ms * 1e-3) / 1e9;
  row.gflop_per_s = c.flops / (row.median_ms * 1e-3) / 1e9;
  row.us_per_op = row.median_ms * 1e3 / c.ops;
  if (gpu)
    ## the device's own time for the work (timestamp queries; 0 where the build or
    ## the device has none): what the wall time would be without the host's part
    dev_ms = median ([t.d.gpu_time_ns]) / 1e6;
    if (dev_ms > 0)
      row.device_ms = dev_ms;
    endif
  endif
endfunction

function s = csv_field (v)
  if (ischar (v))
    if (any (v == ",") || any (v == "\"") || any (v == "\n"))
      s = ["\"" strrep(v, "\"", "\"\"") "\""];
    else
      s = v;
    endif
  elseif (isempty (v) || isnan (v))
    s = "";
  elseif (v == fix (v) && abs (v) < 1e15)
    s = sprintf ("%d", v);
  else
    s = sprintf ("%.6g", v);
  endif
endfunction

function write_row (fid, row)
  f = fieldnames (row);
  s = cellfun (@(k) csv_field (row.(k)), f, "UniformOutput", false);
  fprintf (fid, "%s\n", strjoin (s', ","));
  fflush (fid);
endfunction

function print_row (row)
  if (isnan (row.median_ms))
    tm = "";
  elseif (! isnan (row.us_per_op))
    tm = sprintf ("%10.3f ms %8.2f us/op", row.median_ms, row.us_per_op);
  else
    tm = sprintf ("%10.3f ms (first %.1f)", row.median_ms, row.first_ms);
  endif
  printf ("%-17s %-24s %-12s %-6s %-10s %-32s %s\n", row.workload, row.variant, row.size,
          row.class, row.impl, tm, row.check);
  fflush (stdout);
endfunction

function line = cpu_model ()
  line = "";
  [fid, msg] = fopen ("/proc/cpuinfo", "r");
  if (fid < 0)
    return;
  endif
  while (ischar (l = fgetl (fid)))
    if (strncmp (l, "model name", 10))
      line = strtrim (l(index (l, ":") + 1:end));
      break;
    endif
  endwhile
  fclose (fid);
endfunction

function write_meta (file, opts)
  d = gpuDevice ();
  fid = fopen (file, "w");
  kv = {"date", datestr(now (), "yyyy-mm-dd HH:MM:SS"),
        "octave", version(),
        "blas", version("-blas"),
        "device", d.Name,
        "provider", d.Provider,
        "device_type", d.DeviceType,
        "vulkan_driver", d.DriverVersion,
        "vulkan_version", d.VulkanVersion,
        "device_memory_gib", sprintf("%.1f", d.TotalMemory / 2^30),
        "cpu", cpu_model(),
        "nproc", sprintf("%d", nproc ()),
        "OPENBLAS_NUM_THREADS", getenv("OPENBLAS_NUM_THREADS"),
        "OPENBLAS_CORETYPE", getenv("OPENBLAS_CORETYPE"),
        "GPUARRAY_PROVIDER", getenv("GPUARRAY_PROVIDER"),
        "small", ifelse_str(opts.small, "1", "0"),
        "reps", sprintf("%d", opts.reps),
        "cpu_reps", sprintf("%d", opts.cpu_reps),
        "kernel_disk_cache", env_or("GPUARRAY_CACHE_DIR", "default folder"),
        "first_call", ifelse_str(opts.disk_cache,
                                 "after reset(gpuDevice), kernels from the disk cache where it has them",
                                 "after reset(gpuDevice) with the disk cache off: kernel compiles and first allocations included")};
  for i = 1:rows (kv)
    fprintf (fid, "%s: %s\n", kv{i, 1}, strrep (kv{i, 2}, "\n", " "));
  endfor
  fclose (fid);
endfunction

## ---- main ------------------------------------------------------------------------

root = fileparts (fileparts (mfilename ("fullpath")));
addpath (fullfile (root, "inst"));
addpath (fullfile (root, "src"));
addpath (fullfile (root, "bench", "workloads"));
addpath (fullfile (root, "bench"));
opts = bench_options ();
if (! isfolder (opts.out))
  mkdir (opts.out);
endif
csv_file = fullfile (opts.out, "octave.csv");
t_start = tic ();
## first_ms is to show what compiling a workload's kernels costs: with the package's
## on-disk kernel cache on, a second run would only read them back
if (! opts.disk_cache)
  setenv ("GPUARRAY_CACHE_DIR", "off");
endif
d = gpuDevice ();   # device start-up is not part of any workload's time
printf ("device: %s (%s); %s; reps %d\n", d.Name, d.Provider,
        ifelse_str (opts.small, "small sizes", "full sizes"), opts.reps);
write_meta (fullfile (opts.out, "octave_meta.txt"), opts);
cases = collect_cases (fullfile (root, "bench", "workloads"), opts.small, opts.only);
fid = fopen (csv_file, "w");
fprintf (fid, "%s\n", strjoin (fieldnames (empty_row (cases(1), ""))', ","));
run_gpu = any (strcmp (opts.impls, "gpu"));
run_cpu = any (strcmp (opts.impls, "cpu"));
n = struct ("ok", 0, "fail", 0, "error", 0, "nimpl", 0, "skip", 0);
bad_gpu = 0;   # wrong or failed gpuarray results: the exit status

for i = 1:numel (cases)
  c = cases(i);
  tol = c.tol;
  if (isempty (tol))
    tol = default_tol (c.class);
  endif
  do_gpu = run_gpu && any (strcmp (c.impls, "gpu"));
  do_cpu = run_cpu && any (strcmp (c.impls, "cpu"));
  rows_out = {};
  if (toc (t_start) > opts.budget_s)
    st = sprintf ("skipped: time budget (BENCH_BUDGET_S=%g) spent", opts.budget_s);
    impls = {"gpuarray", "octave-cpu"}([do_gpu, do_cpu]);
    for k = 1:numel (impls)
      rows_out{end+1} = empty_row (c, impls{k});
      rows_out{end}.check = st;
      n.skip += 1;
    endfor
  else
    ok = true;
    if (do_gpu)
      [ok, reason] = probe (c);
    endif
    if (! ok)
      rows_out{end+1} = empty_row (c, "gpuarray");
      rows_out{end}.check = ["not implemented yet: " reason];
      n.nimpl += 1;
      if (do_cpu)
        ## the CPU baseline of a workload the package cannot run yet only costs time
        rows_out{end+1} = empty_row (c, "octave-cpu");
        rows_out{end}.check = "skipped: gpuarray not implemented yet";
      endif
    else
      in = c.setup (false);
      rg = [];
      rc = [];
      tg = [];
      tc = [];
      gerr = "";
      cerr = "";
      if (do_gpu)
        try
          reset (gpuDevice ());
          gin = stage_inputs (c, in);
          [rg, tg] = time_calls (c, gin, opts.reps, true, opts.sustain_s);
          rg = gather (rg);
          clear gin
        catch err
          gerr = ["ERROR: " err.message];
          clear gin
        end_try_catch
      endif
      if (do_cpu)
        try
          [rc, tc] = time_calls (c, in, opts.cpu_reps, false, 0);
          rc = gather (rc);
        catch err
          cerr = ["ERROR: " err.message];
        end_try_catch
      endif
      try
        ref = reference (c, in, rc, do_cpu && isempty (cerr));
        referr = "";
      catch err
        referr = ["ERROR: reference: " err.message];
      end_try_catch
      want = "";
      if (do_cpu && isempty (cerr))
        want = class (rc);
      endif
      results = {do_gpu, "gpuarray", rg, tg, gerr, true;
                  do_cpu, "octave-cpu", rc, tc, cerr, false};
      for k = 1:rows (results)
        [doit, impl, r, t, e, gpu] = results{k, :};
        if (! doit)
          continue;
        endif
        if (isempty (e))
          e = referr;
        endif
        if (! isempty (e))
          rows_out{end+1} = empty_row (c, impl);
          rows_out{end}.check = e;
          n.error += 1;
          bad_gpu += gpu;
          continue;
        endif
        [st, err] = check_result (r, ref, tol, want);
        rows_out{end+1} = timed_row (c, impl, t, st, err, tol, gpu);
        if (strcmp (st, "ok"))
          n.ok += 1;
        else
          n.fail += 1;
          bad_gpu += gpu;
        endif
      endfor
      clear in rg rc ref r
    endif
  endif
  for k = 1:numel (rows_out)
    write_row (fid, rows_out{k});
    print_row (rows_out{k});
  endfor
endfor
fclose (fid);

printf ("wrote %s in %.1f s\n", csv_file, toc (t_start));
printf ("%d ok, %d FAIL, %d ERROR, %d not implemented yet, %d skipped\n",
        n.ok, n.fail, n.error, n.nimpl, n.skip);
s = gpuarray_stats ();
if (isfield (s, "validation_messages") && s.validation_messages > 0)
  ## only with GPUARRAY_VALIDATION=1: a smoke run under the validation layer then
  ## fails as the test suite does
  printf ("Vulkan validation messages: %d\n", s.validation_messages);
  bad_gpu += 1;
endif
if (bad_gpu > 0)
  printf ("%d gpuarray problem(s): wrong or failed results, validation messages\n", bad_gpu);
endif
exit (bad_gpu > 0);
