## -*- texinfo -*-
## @deftypefn {} {@var{tf} =} canUseGPU ()
## True when gpuArray computations run on a Vulkan device rather than on the host
## provider.
## @seealso{gpuDeviceCount, gpuDevice}
## @end deftypefn

function tf = canUseGPU ()
  d = __gpuarray__ ("device");
  tf = strcmp (d.Provider, "vulkan");
endfunction

%!assert (islogical (canUseGPU ()))
%!test
%! assert (canUseGPU (), strcmp (gpuDevice ().Provider, "vulkan"));
