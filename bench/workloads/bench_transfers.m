## w = bench_transfers (small)
##
## Host <-> device copies of 1 GiB of doubles: gpuArray (x) (upload, from Octave's
## ordinary pageable memory) and gather (g) (download).  GB/s counts the bytes copied.
## There is no CPU counterpart, and the values must come back bit for bit.

function w = bench_transfers (small)
  if (small)
    n = 2^17;
    label = "1 MiB";
  else
    n = 2^27;
    label = "1 GiB";
  endif
  setup = @(tiny) {bw_rand(1, "double", bw_pick (tiny, 8, n), 1)};
  w = [bw_case("transfers", "upload gpuArray(x)", label, "double", setup,
               @(x) bw_finish (gpuArray (x)), "bytes", 8 * n, "impls", {"gpu"},
               "stage", false, "ref", @(x) x, "tol", 0),
       bw_case("transfers", "download gather(g)", label, "double", setup,
               @(g) gather (g), "bytes", 8 * n, "impls", {"gpu"},
               "ref", @(x) x, "tol", 0)];
endfunction
