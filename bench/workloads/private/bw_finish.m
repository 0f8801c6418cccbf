## r = bw_finish (r)
##
## Blocks until the device has finished the work that produced R when R is a gpuArray;
## host values pass through.  gpuArray operations may return once the work is queued
## (or only recorded for fusion), so a timed region that ends without this would time
## the queueing, not the work.  Large results are waited for rather than gathered:
## copying 800 MB back would swamp the computation being measured.

function r = bw_finish (r)
  if (isa (r, "gpuArray"))
    wait (gpuDevice ());
  endif
endfunction
