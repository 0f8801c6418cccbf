## -*- texinfo -*-
## @deftypefn {} {@var{n} =} gpuDeviceCount ()
## The number of Vulkan devices gpuArray can use (0 when only the host provider is
## available or GPUARRAY_PROVIDER=host is set).
## @seealso{gpuDevice, canUseGPU}
## @end deftypefn

function n = gpuDeviceCount ()
  d = __gpuarray__ ("device");
  if (strcmp (d.Provider, "host"))
    n = 0;
  else
    n = d.DeviceCount;
  endif
endfunction

%!test
%! n = gpuDeviceCount ();
%! assert (isscalar (n) && n >= 0 && n == fix (n));
%! assert (n > 0, canUseGPU ());
