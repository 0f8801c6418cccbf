## Device throughput of each elementwise function family: f (x) over 1e8 elements
## (BENCH_N to change), double and single, as GB/s of the bytes a call must move
## (read x, write the result; two inputs for binary functions) against a copy (x .* 1)
## measured in the same run.  Device time from timestamp queries, median of 3.
## Usage (repo root, built tree): octave-cli bench/math_probe.m
## On the GPU machine: . bench/gpu-env.sh; octave_rt bench/math_probe.m
addpath ([pwd "/inst"]); addpath ([pwd "/src"]); addpath ([pwd "/bench"]);
n = str2double (getenv ("BENCH_N"));
if (isnan (n))
  n = 1e8;
endif
d = gpuDevice ();
## name, function, input range (uniform in [lo, hi]), number of array inputs
fams = {"copy x.*1",  @(x, y) x .* 1,        [-1 1],   1;
        "x+y",        @(x, y) x + y,         [-1 1],   2;
        "x./y",       @(x, y) x ./ y,        [0.5 2],  2;
        "sqrt",       @(x, y) sqrt (x),      [0 100],  1;
        "exp",        @(x, y) exp (x),       [-50 50], 1;
        "log",        @(x, y) log (x),       [0 1e3],  1;
        "sin",        @(x, y) sin (x),       [-10 10], 1;
        "cos",        @(x, y) cos (x),       [-10 10], 1;
        "tan",        @(x, y) tan (x),       [-1.5 1.5], 1;
        "asin",       @(x, y) asin (x),      [-1 1],   1;
        "acos",       @(x, y) acos (x),      [-1 1],   1;
        "atan",       @(x, y) atan (x),      [-10 10], 1;
        "tanh",       @(x, y) tanh (x),      [-5 5],   1;
        "sinh",       @(x, y) sinh (x),      [-5 5],   1;
        "cosh",       @(x, y) cosh (x),      [-5 5],   1;
        "atanh",      @(x, y) atanh (x),     [-1 1],   1;
        "asinh",      @(x, y) asinh (x),     [-10 10], 1;
        "acosh",      @(x, y) acosh (x),     [1 20],   1;
        "expm1",      @(x, y) expm1 (x),     [-1 1],   1;
        "log1p",      @(x, y) log1p (x),     [0 10],   1;
        "cbrt",       @(x, y) cbrt (x),      [-10 10], 1;
        "erf",        @(x, y) erf (x),       [-3 3],   1;
        "gamma",      @(x, y) gamma (x),     [0.1 20], 1;
        "x.^y",       @(x, y) x .^ y,        [0.5 2],  2;
        "atan2",      @(x, y) atan2 (x, y),  [-1 1],   2;
        "hypot",      @(x, y) hypot (x, y),  [-1 1],   2;
        "mod",        @(x, y) mod (x, y),    [0.5 9],  2;
        "erfinv",     @(x, y) erfinv (x),    [-0.99 0.99], 1;
        "erfc",       @(x, y) erfc (x),      [-3 10],  1;
        "erfcinv",    @(x, y) erfcinv (x),   [0.01 1.99], 1;
        "gamma-",     @(x, y) gamma (x),     [-20 -0.1], 1;
        "gammabig",   @(x, y) gamma (x),     [20 170], 1;
        "psi",        @(x, y) psi (x),       [0.5 50], 1;
        "log2",       @(x, y) log2 (x),      [0 1e3],  1;
        "log10",      @(x, y) log10 (x),     [0 1e3],  1;
        "gammaln",    @(x, y) gammaln (x),   [0.1 20], 1;
        ## gammainc and expint check x < 0 first (a reduction, in the time): the
        ## iterations vary with x and a (series, continued fraction, finite sums)
        "gammainc",   @(x, y) gammainc (x, y), [0.5 30], 2;
        "expint",     @(x, y) expint (x),    [0.1 50], 1;
        ## gammaincinv: Newton steps on gammainc (up to 20), then a check for NaN (where
        ## Octave's own steps leave the reals, the method asks Octave): a reduction. A in
        ## [1.09, 9.9]: below 1, some random (y, a) make Octave's own steps fail
        ## ("gammainc: all inputs must be real"), and the method fails as Octave does
        "gammaincinv", @(x, y) gammaincinv (x, 1 + 9 * y), [0.01 0.99], 2;
        ## betainc: Lentz's continued fraction (up to 200 terms) and three gammaln;
        ## betaincinv: Newton steps over it while they shrink (a NaN check, as gammaincinv)
        "betainc",    @(x, y) betainc (x, 1 + 9 * y, 2.5), [0.01 0.99], 2;
        "betaincinv", @(x, y) betaincinv (x, 1 + 9 * y, 2.5), [0.01 0.99], 2;
        ## x - 0 hides x's range (x comes from rand, so its sign is known): a function
        ## whose result may be complex first checks the data, as for data of unknown sign
        "sqrt?",      @(x, y) sqrt (x - 0),  [0 100],  1;
        "log?",       @(x, y) log (x - 0),   [0 1e3],  1};
## BENCH_ONLY=gamma,erfinv: those families only (and the copy they are measured against)
if (! isempty (getenv ("BENCH_ONLY")))
  fams = fams([1; find(ismember (fams(2:end, 1), strsplit (getenv ("BENCH_ONLY"), ",")))(:) + 1], :);
endif
printf ("%-10s %-7s %9s %9s %7s\n", "function", "class", "device ms", "GB/s", "of copy");
## BENCH_CLASSES=double or single: one class only. Before each family's timed calls,
## sustain_clocks keeps the GPU busy for a second (bench/README.md, "Clocks").
classes = {"double", "single"};
if (! isempty (getenv ("BENCH_CLASSES")))
  classes = strsplit (getenv ("BENCH_CLASSES"), ",");
endif
for cls = classes
  copy_gbs = NaN;
  for k = 1:rows (fams)
    [name, f, rg, nin] = fams{k, :};
    ## born on the device (uploading 2e8 host values per family took most of the run)
    x = rg(1) + (rg(2) - rg(1)) * gpuArray.rand (n, 1, cls{1});
    y = rg(1) + (rg(2) - rg(1)) * gpuArray.rand (n, 1, cls{1});
    wait (d);
    try
      r = f (x, y); wait (d); clear r;   # compile, allocate
      sustain_clocks (d);
      t = zeros (1, 3);
      for rep = 1:3
        gpuarray_stats ("reset");
        r = f (x, y); wait (d); clear r;
        s = gpuarray_stats ();
        t(rep) = s.gpu_time_ns / 1e6;
      endfor
      ms = median (t);
      gbs = (nin + 1) * n * sizeof (cast (0, cls{1})) / ms / 1e6;
      if (k == 1)
        copy_gbs = gbs;
      endif
      printf ("%-10s %-7s %9.3f %9.0f %6.0f%%\n", name, cls{1}, ms, gbs, 100 * gbs / copy_gbs);
    catch err
      printf ("%-10s %-7s %s\n", name, cls{1}, err.message);
    end_try_catch
    clear x y;
  endfor
endfor
