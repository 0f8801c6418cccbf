## w = bench_indexing (small)
##
## Moving elements on the device (issue 7): the transpose X.' of an n x n double matrix
## (shared-memory tiles; GB/s counts reading and writing it once, to compare with a
## copy), the gather x(idx) of n^2/8 random positions (idx a gpuArray of doubles), the
## mask read x(x > 0.5), and the loop A(:, k) = v over
## the columns of a 4096x1000 matrix (us per assignment: each writes into A's own
## memory, no copy of A; the report's ops column).

function w = bench_indexing (small)
  if (small)
    n = 256;
    m = 64;
    c = 20;
  else
    n = 8192;
    m = 4096;
    c = 1000;
  endif
  label = sprintf ("%dx%d", n, n);
  k = round (n * n / 8);
  w = [bw_case("indexing", "X.'", label, "double",
               @(tiny) {bw_rand(1, "double", bw_pick (tiny, 4, n), bw_pick (tiny, 5, n))},
               @(x) bw_finish (x.'), "bytes", 2 * n * n * 8),
       bw_case("indexing", "x(idx)", sprintf ("%d of %d", k, n * n), "double",
               @(tiny) gather_inputs (tiny, n * n, k),
               @(x, i) bw_finish (x(i)), "bytes", k * (8 + 8 + 8)),
       bw_case("indexing", "x(x>0.5)", sprintf ("%d", n * n), "double",
               @(tiny) {bw_rand(3, "double", bw_pick (tiny, 8, n * n), 1)},
               @(x) bw_finish (x(x > 0.5)), "bytes", n * n * 8 * 1.5),
       bw_case("indexing", "A(:,k)=v loop", sprintf ("%dx%d", m, c), "double",
               @(tiny) {bw_rand(4, "double", bw_pick (tiny, 4, m), bw_pick (tiny, 3, c)),
                        bw_rand(5, "double", bw_pick (tiny, 4, m), 1)},
               @column_loop, "ops", c, "bytes", m * c * 8)];
endfunction

function in = gather_inputs (tiny, n, k)
  if (tiny)
    n = 8;
    k = 3;
  endif
  x = bw_rand (6, "double", n, 1);
  rand ("seed", 7);
  idx = 1 + floor (rand (k, 1) * n);   # (not inside { }: there a space splits "floor (...)")
  in = {x, idx};
endfunction

function A = column_loop (A, v)
  for k = 1:columns (A)
    A(:, k) = v;
  endfor
  A = bw_finish (A);
endfunction
