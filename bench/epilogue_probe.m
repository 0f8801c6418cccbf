## Matrix products with elementwise epilogues, fused into the GEMM kernel and not
## (GPUARRAY_FUSE_EPILOGUES=0 stores the product first), n x n (BENCH_N, default 4096),
## double and single; device time from timestamp queries (gpu_time_ns), median of 5,
## against the plain product in the same run. The torch twin: bench/epilogue_torch.py.
## Usage (repo root, built tree): octave-cli bench/epilogue_probe.m
addpath ([pwd "/inst"]); addpath ([pwd "/src"]); addpath ([pwd "/bench"]);
n = str2double (getenv ("BENCH_N"));
if (isnan (n))
  n = 4096;
endif
d = gpuDevice ();
cases = {"A*B",             @(A, B, C, b) A * B;
         "max(A*B,0)",      @(A, B, C, b) max (A * B, 0);
         "2*(A*B)+C",       @(A, B, C, b) 2 * (A * B) + C;
         "A*B+b (row)",     @(A, B, C, b) A * B + b;
         "tanh(A*B+C)",     @(A, B, C, b) tanh (A * B + C)};
printf ("%-14s %-7s %-6s %10s %10s %12s %6s\n", "product", "class", "fused", "device ms", "wall ms", "dispatches", "epis");
for cls = {"single", "double"}
  A = gpuArray.randn (n, cls{1}); B = gpuArray.randn (n, cls{1});
  C = gpuArray.randn (n, cls{1}); b = gpuArray.randn (1, n, cls{1});
  for k = 1:rows (cases)
    for fused = [1 0]
      setenv ("GPUARRAY_FUSE_EPILOGUES", num2str (fused));
      f = cases{k, 2};
      r = f (A, B, C, b); wait (d); clear r;
      ## the warm call compiles the case's kernel: the GPU idles meanwhile and its clock
      ## drops to 345 MHz (bench/README.md, "Clocks"), so bring it back before timing
      sustain_clocks (d, 0.5);
      dev = zeros (1, 5); wall = dev;
      for i = 1:5
        s0 = gpuarray_stats (); t0 = tic;
        r = f (A, B, C, b); wait (d);
        wall(i) = toc (t0); s1 = gpuarray_stats (); clear r;
        dev(i) = (s1.gpu_time_ns - s0.gpu_time_ns) / 1e6;
      endfor
      printf ("%-14s %-7s %-6d %10.3f %10.3f %12d %6d\n", cases{k, 1}, cls{1}, fused, median (dev), ...
              median (wall) * 1e3, s1.dispatches - s0.dispatches, s1.gemm_epilogues - s0.gemm_epilogues);
      fflush (stdout);
    endfor
  endfor
endfor
setenv ("GPUARRAY_FUSE_EPILOGUES", "1");
