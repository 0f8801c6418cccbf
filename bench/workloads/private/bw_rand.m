## x = bw_rand (seed, cls, dims...)
##
## Uniform [0, 1) host data of class CLS from a fixed seed, so that every run (and the
## CPU and GPU runs of one case) sees the same inputs.

function x = bw_rand (seed, cls, varargin)
  rand ("state", seed);
  x = rand (varargin{:}, cls);
endfunction
