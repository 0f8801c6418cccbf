## r = bw_finish (r)
##
## Blocks until the device has finished the work that produced R when R is a gpuArray;
## host values pass through.  gpuArray operations may return once the work is queued
## (or only recorded for fusion), so a timed region that ends without this would time
## the queueing, not the work.  Large results are waited for rather than gathered:
## copying 800 MB back would swamp the computation being measured.
##
## The device object is made once: gpuDevice () costs ~0.3 ms (it reads every
## property), which would swamp a loop that waits after each small operation.
## wait () does not depend on which device object it is called on.

function r = bw_finish (r)
  persistent dev = [];
  if (isa (r, "gpuArray"))
    if (isempty (dev))
      dev = gpuDevice ();
    endif
    wait (dev);
  endif
endfunction
