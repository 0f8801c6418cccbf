## c = bw_class (x)
##
## The class of the values in X, for gpuArrays and host arrays alike, so that a body
## can make its constants in the data's class (single(0.25) for single data, a double
## for the double reference run of the same body).

function c = bw_class (x)
  if (isa (x, "gpuArray"))
    c = classUnderlying (x);
  else
    c = class (x);
  endif
endfunction
