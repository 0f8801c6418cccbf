## -*- texinfo -*-
## @deftypefn {} {} sustain_clocks (@var{dev})
## @deftypefnx {} {} sustain_clocks (@var{dev}, @var{seconds})
## Keep the device @var{dev} fully busy for @var{seconds} (default 1) of wall time with
## long matrix products, so that what is timed right after runs at the clock a steady
## workload gets.
##
## NVIDIA's Vulkan driver sets the H100's SM clock by how busy the GPU is: near 1980 MHz
## only above about half busy, 345 MHz when idle. A probe that times 1 ms kernels with a
## wait and ~0.7 ms of Octave overhead after each keeps the GPU less than half busy, and
## the driver settles at 570-1425 MHz, where a double-precision chain runs 3x slower
## (bench/README.md, "Clocks"). The clock stays up for about a second after the load
## stops, which is enough for a few timed calls. CUDA held the clock at 1980 MHz for
## PyTorch in the same runs, so its twin probes warm up as well, for parity.
## @end deftypefn
function sustain_clocks (dev, seconds)
  persistent A
  if (nargin < 2)
    seconds = 1;
  endif
  if (! isa (A, "gpuArray") || ! existsOnGPU (A))   # (isempty would fail on one from before a reset (gpuDevice))
    A = gpuArray.rand (4096, 4096, "single");
  endif
  t0 = tic;
  while (toc (t0) < seconds)
    C = A * A;   # ~4 ms at full clock, 20 ms at the idle clock: the GPU stays >85% busy
    wait (dev);
    clear C;
  endwhile
endfunction
