## -*- texinfo -*-
## @deftypefn  {} {@var{d} =} gpuDevice ()
## @deftypefnx {} {@var{d} =} gpuDevice (@var{idx})
## @deftypefnx {} {} gpuDevice ([])
## The device gpuArray computations run on.
##
## With an index, select device @var{idx} (1-based; discrete GPUs first): this resets
## the device, so every existing gpuArray becomes invalid.  @code{gpuDevice ([])}
## resets the current device.  @code{reset (gpuDevice)} frees all gpuArrays;
## @code{wait (gpuDevice)} blocks until queued work has finished.
##
## The environment variable @env{GPUARRAY_DEVICE} picks the device at start-up, and
## @env{GPUARRAY_PROVIDER}=host runs everything on the CPU (the host provider, which
## is also used when no Vulkan device exists).
## @seealso{gpuDeviceCount, canUseGPU, gpuArray}
## @end deftypefn

function d = gpuDevice (idx)
  if (nargin > 1)
    print_usage ();
  endif
  if (nargin == 1)
    if (isempty (idx))
      __gpuarray__ ("reset");
      if (nargout > 0)
        d = [];
      endif
      return;
    endif
    if (! (isnumeric (idx) && isscalar (idx) && isreal (idx) && idx == fix (idx) && idx >= 1))
      error ("gpuarray:invalidArgument", "gpuDevice: IDX must be a positive integer");
    endif
    __gpuarray__ ("reset", double (idx));
  endif
  d = gpuarray.Device ();
endfunction

%!test
%! d = gpuDevice ();
%! assert (d.Index >= 1 && d.Index <= max (1, d.DeviceCount));
%!test
%! g = gpuArray ([1 2 3]);
%! d = gpuDevice ();
%! reset (d);
%! assert (! existsOnGPU (g));
%! try
%!   gather (g);
%!   error ("gather of an array from before the reset succeeded");
%! catch err
%!   assert (err.identifier, "gpuarray:invalidHandle");
%!   assert (! isempty (strfind (err.message, "reset")));
%! end_try_catch
%! ## the session stays usable
%! assert (gather (gpuArray ([4 5]) + 1), [5 6]);
%!test
%! d = gpuDevice (1);
%! assert (d.Index, 1);
%! assert (gather (gpuArray (2) .* 3), 6);
%!error <positive integer> gpuDevice (0)
%!error <positive integer> gpuDevice (1.5)
%!error <out of range|does not exist> gpuDevice (1000)
