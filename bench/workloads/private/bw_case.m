## c = bw_case (workload, variant, size, cls, setup, body, NAME, VALUE, ...)
##
## One benchmark case in the form bench/run_octave_bench.m expects.  Every workload
## file bench/workloads/bench_*.m returns a struct array of these.
##
##   workload, variant  names shown in the report (variant tells the cases of one
##                      workload apart)
##   size               a label such as "1e8" or "10000x10000"; torch_bench.py uses the
##                      same label, so that report.py can put the two side by side
##   cls                the class of the data ("double", "single")
##   setup (tiny)       a cell of host inputs made with a fixed seed; tiny = true asks
##                      for a few elements only (the probe that decides whether the
##                      functions the body needs exist yet)
##   body (in{:})       the workload itself, written once for gpuArray and host inputs;
##                      it forces completion (bw_finish or gather) so that the timed
##                      region covers the device work
##
## Options:
##   "bytes"  bytes a call must read and write at the least (for GB/s); NaN: none
##   "flops"  floating-point operations per call (for GFLOP/s); NaN: none
##   "ops"    operations per call (for microseconds per operation); NaN: none
##   "tol"    relative error allowed (max |r - ref| / max |ref|); [] = by class
##   "ref"    handle: host inputs -> reference result; [] = the body on the host
##            (in double for single data: Octave's own single sums are not accurate
##            enough to judge the GPU by)
##   "impls"  which of {"gpu", "cpu"} to run (transfers have no CPU counterpart)
##   "stage"  true: the runner copies the inputs to the GPU before the timed calls
##   "note"   free text for the report

function c = bw_case (workload, variant, sz, cls, setup, body, varargin)
  c = struct ("workload", workload, "variant", variant, "size", sz, "class", cls,
              "setup", setup, "body", body, "bytes", NaN, "flops", NaN, "ops", NaN,
              "tol", [], "ref", [], "impls", {{"gpu", "cpu"}}, "stage", true,
              "note", "");
  if (mod (numel (varargin), 2) != 0)
    error ("bw_case: options come in NAME, VALUE pairs");
  endif
  for i = 1:2:numel (varargin)
    if (! isfield (c, varargin{i}) || any (strcmp (varargin{i}, {"workload", "setup", "body"})))
      error ("bw_case: unknown option '%s'", varargin{i});
    endif
    c.(varargin{i}) = varargin{i+1};
  endfor
endfunction
