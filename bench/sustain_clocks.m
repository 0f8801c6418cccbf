## -*- texinfo -*-
## @deftypefn {} {} sustain_clocks (@var{f}, @var{dev})
## @deftypefnx {} {} sustain_clocks (@var{f}, @var{dev}, @var{seconds})
## Call @var{f} and wait for the device @var{dev}, again and again, for @var{seconds}
## (default 1) of wall time, so that what is timed next runs at the clock a steady
## workload gets.
##
## NVIDIA's Vulkan driver keeps a lightly loaded GPU at its idle clock (the H100's SM
## clock at 345 MHz instead of 1980) and raises it only after a few hundred milliseconds
## of steady work; five timed calls of a 1 ms kernel are not enough, and ran 2-5x slower
## (bench/README.md, "Clocks"). CUDA held the clock up for PyTorch in the same runs, so
## its twin probes call the same warm-up for parity.
## @end deftypefn
function sustain_clocks (f, dev, seconds)
  if (nargin < 3)
    seconds = 1;
  endif
  t0 = tic;
  while (toc (t0) < seconds)
    y = f ();
    wait (dev);
    clear y;
  endwhile
endfunction
