## -*- texinfo -*-
## @deftypefn {} {@var{c} =} underlyingType (@var{X})
## The class of the data in @var{X}: for a gpuArray the class of its elements, for
## anything else @code{class (@var{X})}.
## @seealso{classUnderlying, gpuArray}
## @end deftypefn

function c = underlyingType (x)
  if (nargin != 1)
    print_usage ();
  endif
  c = class (x);   # gpuArrays reach their own method instead
endfunction

%!assert (underlyingType (1), "double")
%!assert (underlyingType (int8 (1)), "int8")
%!assert (underlyingType (gpuArray (single (1))), "single")
%!error underlyingType ()
