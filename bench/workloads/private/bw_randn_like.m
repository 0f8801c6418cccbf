## z = bw_randn_like (p, dims...)
##
## Standard normal numbers of P's class, made where P lives: on the device for a
## gpuArray (MATLAB's randn (..., "like", p)), on the host otherwise.  Octave 7's own
## randn has no "like" option, hence this one place that looks at the kind of array.
##
## On the host they are drawn in double and rounded: Octave 7.3's randn (..., "single")
## is biased (mean about -0.004 over 1e7 draws for seeds 1 to 4, 13 standard errors;
## double draws are not), which moves the GBM price 7% off Black-Scholes and would
## leave the CPU baseline with a FAIL and no time.

function z = bw_randn_like (p, varargin)
  if (isa (p, "gpuArray"))
    z = randn (varargin{:}, "like", p);
  else
    z = cast (randn (varargin{:}), class (p));
  endif
endfunction
