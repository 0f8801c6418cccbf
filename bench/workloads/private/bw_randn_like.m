## z = bw_randn_like (p, dims...)
##
## Standard normal numbers of P's class, made where P lives: on the device for a
## gpuArray (MATLAB's randn (..., "like", p)), on the host otherwise.  Octave 7's own
## randn has no "like" option, hence this one place that looks at the kind of array.

function z = bw_randn_like (p, varargin)
  if (isa (p, "gpuArray"))
    z = randn (varargin{:}, "like", p);
  else
    z = randn (varargin{:}, class (p));
  endif
endfunction
