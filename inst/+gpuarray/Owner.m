## -*- texinfo -*-
## @deftypefn {} {@var{o} =} gpuarray.Owner (@var{id})
## Internal: owns one value held by the gpuarray core.
##
## A gpuArray is a value class; the device memory behind it belongs to this handle
## object, which copies of the gpuArray share.  Octave calls @code{delete} when the
## last copy goes, and that releases the memory at once.
## @end deftypefn

classdef Owner < handle
  properties (SetAccess = private)
    id = uint64 (0);
  end

  methods
    function obj = Owner (id)
      if (nargin > 0)
        obj.id = id;
      endif
    endfunction

    function delete (obj)
      if (obj.id != 0)
        __gpuarray__ ("release", obj.id);
      endif
    endfunction
  endmethods
endclassdef

%!test
%! x = gpuArray ([1 2 3]);
%! s0 = gpuarray_stats ();
%! clear x
%! s1 = gpuarray_stats ();
%! assert (s1.live_arrays, s0.live_arrays - 1);
