## -*- texinfo -*-
## @deftypefn  {} {@var{s} =} gpuarray_stats ()
## @deftypefnx {} {} gpuarray_stats ("reset")
## Counters of the gpuarray core: kernels dispatched and compiled, cache hits, queue
## submissions, bytes moved between host and device, host fallbacks, pool use, bytes
## and arrays alive, and Vulkan validation messages.  With @qcode{"reset"}, zero the
## counters (the gauges of what is alive now are kept).
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
%!error <only option> gpuarray_stats ("bogus")
