## -*- texinfo -*-
## @deftypefn  {} {@var{X} =} gather (@var{G})
## @deftypefnx {} {[@var{X1}, @var{X2}, @dots{}] =} gather (@var{G1}, @var{G2}, @dots{})
## Copy gpuArrays back to host memory.
##
## Any argument that is not a gpuArray is returned unchanged, as in MATLAB, so code
## can call @code{gather} whether or not its data lives on the GPU.
## @seealso{gpuArray, isgpuarray}
## @end deftypefn

function varargout = gather (varargin)
  if (nargin == 0)
    print_usage ();
  endif
  n = max (1, nargout);
  if (n > nargin)
    error ("gather: called with too many outputs");
  endif
  ## no argument is a gpuArray here: those calls reach the gpuArray method
  varargout = varargin(1:n);
endfunction

%!assert (gather ([1 2 3]), [1 2 3])
%!assert (gather ("abc"), "abc")
%!assert (gather ({1, "x"}), {1, "x"})
%!assert (gather (int8 (5)), int8 (5))
%!test
%! [a, b] = gather (7, gpuArray (single ([1 2])));
%! assert (a, 7);
%! assert (b, single ([1 2]));
%!test
%! [a, b] = gather (gpuArray (single ([1 2])), 7);
%! assert (a, single ([1 2]));
%! assert (b, 7);
%!error gather ()
%!error <too many outputs> [a, b] = gather (1)
