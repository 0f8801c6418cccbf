## w = bench_randn (small)
##
## Arrays born on the device: randn (1e8, 1, "like", x) of doubles and singles,
## rand (1e8, 1, "like", x), and ones (1e8, 1, "like", x) as the write bandwidth of the
## same run (the target: randn at 70% or more of it); then sum (randn (...)), which fuses
## into the reduction and writes no array at all (the generation rate by itself).
## GB/s counts the bytes written. The random streams of the GPU and the CPU differ, so
## the arrays are checked for range only (|z| < 8 for normals, |u - 1/2| < 1/2 for uniforms:
## a reference of zeros or halves and an absolute tolerance); their statistics are
## test/octave/test_random.m's job.

function w = bench_randn (small)
  if (small)
    n = 1e5;
    label = "1e5";
  else
    n = 1e8;
    label = "1e8";
  endif
  w = [];
  w = [w, bw_case("randn", "ones(n,1,'like',x)", label, "double", @(tiny) setup (tiny, "double"),
                  @(x) bw_finish (ones (n, 1, "like", x)), "bytes", n * 8,
                  "ref", @(x) ones (n, 1, class (x)), "note", "write bandwidth of this run")];
  for cls = {"double", "single"}
    w = [w, bw_case("randn", "randn(n,1,'like',x)", label, cls{1}, @(tiny) setup (tiny, cls{1}),
                    @(x) bw_finish (bw_randn_like (x, n, 1)), "bytes", n * bw_sizeof (cls{1}),
                    "ref", @(x) zeros (n, 1), "tol", 8)];
  endfor
  w = [w, bw_case("randn", "rand(n,1,'like',x)", label, "double", @(tiny) setup (tiny, "double"),
                  @(x) bw_finish (rand_like (x, n, 1)), "bytes", n * 8,
                  "ref", @(x) 0.5 * ones (n, 1), "tol", 1)];
  ## the sum of n standard normals is within 6 sqrt (n) of zero
  w = [w, bw_case("randn", "sum(randn(n,1,'like',x))", label, "double", @(tiny) setup (tiny, "double"),
                  @(x) gather (sum (bw_randn_like (x, n, 1))),
                  "ref", @(x) 0, "tol", 6 * sqrt (n), "note", "fused: no array written")];
endfunction

## x: one element of the class; on the device it is what "like" follows (the arrays are
## made at full size even in the tiny probe: generating them costs no transfer)
function in = setup (tiny, cls)
  in = {cast(1, cls)};
endfunction

function z = rand_like (p, varargin)
  if (isa (p, "gpuArray"))
    z = rand (varargin{:}, "like", p);
  else
    z = cast (rand (varargin{:}), class (p));
  endif
endfunction
