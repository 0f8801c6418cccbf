## -*- texinfo -*-
## @deftypefn  {} {@var{s} =} gpuarray_stats ()
## @deftypefnx {} {} gpuarray_stats ("reset")
## Counters of the gpuarray core: @code{dispatches} (kernels run), @code{submits},
## @code{kernels_compiled}, @code{kernel_cache_hits} (in memory), @code{disk_cache_hits}
## (kernels loaded from the on-disk cache), @code{fused_ops} (operations computed inside
## those kernels: @code{fused_ops / dispatches} is the fusion per kernel),
## @code{materializations} (pending values evaluated), @code{bytes_uploaded},
## @code{bytes_downloaded}, @code{host_fallbacks} (operations the planner ran on the
## host), @code{pool_hits}, @code{pool_misses}, @code{pool_evictions} (pooled buffers freed
## to keep the pool within its limit, the oldest first), @code{bytes_in_use}, @code{bytes_pooled},
## @code{live_arrays}, @code{validation_messages} (Vulkan validation layer) and
## @code{gpu_time_ns} (device time of finished work, from timestamp queries),
## @code{assign_in_place} (assignments @code{A(I) = X} written into the old array's
## memory), @code{assign_copies} (assignments that copied the whole array first,
## because another value still shared it), @code{waits} (times the host waited for
## unfinished device work: the round trips), @code{gemm_tunings} (runs of the matrix
## product's autotuner, whose own kernels and time the other counters leave out) and
## @code{gemm_epilogues} (matrix products whose elementwise consumer, such as
## @code{max (A*B, 0)}, ran inside the product's own kernel: by default double products
## under arithmetic, comparisons, max and min; @env{GPUARRAY_FUSE_EPILOGUES}=1 for every form);
## host wall time in ns: @code{host_sync_ns} (inside @code{wait (gpuDevice)}: evaluating
## pending values, submitting, waiting), @code{host_submit_ns} (handing work to the
## driver) and @code{host_wait_ns} (waiting for the device to finish).
## With @qcode{"reset"}, zero the counters (the gauges of what is alive now are kept).
## @seealso{gpuDevice}
## @end deftypefn

function s = gpuarray_stats (cmd)
  if (nargin == 0)
    s = __gpuarray__ ("stats");
  elseif (ischar (cmd) && strcmp (cmd, "reset"))
    __gpuarray__ ("stats_reset");
    if (nargout > 0)
      s = __gpuarray__ ("stats");
    endif
  else
    error ("gpuarray:invalidArgument", "gpuarray_stats: the only option is \"reset\"");
  endif
endfunction

%!test
%! gpuarray_stats ("reset");
%! x = gpuArray (rand (100, 1));
%! y = x + 1;
%! s = gpuarray_stats ();
%! assert (s.bytes_uploaded, 800);
%! assert (s.live_arrays >= 2);
%! assert (s.dispatches, 0);      # y is pending until its value is needed
%! z = gather (y);
%! s = gpuarray_stats ();
%! assert (s.dispatches, 1);
%! assert (s.materializations, 1);
%!test
%! ## device memory comes back: nothing leaks across clear
%! s0 = gpuarray_stats ();
%! for k = 1:20
%!   x = gpuArray (rand (1000, 10));
%!   y = sum (x .* 2, 2);
%! endfor
%! clear x y
%! s1 = gpuarray_stats ();
%! assert (s1.live_arrays, s0.live_arrays);
%! assert (s1.bytes_in_use, s0.bytes_in_use);
%!test
%! ## device time comes from timestamp queries around each submission
%! gpuarray_stats ("reset");
%! g = gpuArray (rand (1e5, 1));
%! s = gather (sum (g .* g));
%! wait (gpuDevice ());
%! st = gpuarray_stats ();
%! if (canUseGPU ())
%!   assert (st.gpu_time_ns > 0);
%! else
%!   assert (st.gpu_time_ns, 0);
%! endif
%!error <only option> gpuarray_stats ("bogus")
