## -*- texinfo -*-
## @deftypefn {} {@var{tf} =} isgpuarray (@var{X})
## True if @var{X} is a gpuArray.
## @seealso{gpuArray, gather}
## @end deftypefn

function tf = isgpuarray (x)
  if (nargin != 1)
    print_usage ();
  endif
  tf = isa (x, "gpuArray");
endfunction

%!assert (isgpuarray (gpuArray (1)))
%!assert (! isgpuarray (1))
%!assert (! isgpuarray ({}))
%!error isgpuarray ()
