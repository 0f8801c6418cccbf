## int64/uint64 with double (and single) operands through gpuArray, against Octave's own
## results bit for bit: + - .* ./ in both operand orders, gpuArray on either side or both,
## scalar and array doubles. Prints "N passed, N failed" last; exits non-zero on failure.
## Usage: octave-cli test/octave/test_int64_mixed.m  (from the repository root, after make)
root = fileparts (fileparts (fileparts (mfilename ("fullpath"))));
addpath (fullfile (root, "inst"));
addpath (fullfile (root, "src"));

rand ("state", 20240611);

## Doubles where Octave's rules differ from plain rounding of the exact result: halves,
## values past the integer ranges, non-finite, subnormal, a significand's last bit.
p53 = 2^53;
specials = [0, -0, 0.5, -0.5, 1.5, -1.5, 2.5, -2.5, 0.49999999999999994, 1/3, -1/3, ...
            -7.25, 7.5, 47.5, 1e10, -1e10, 1e19, -1e19, 2^63, -2^63, 2^64, -2^64, ...
            3*2^62, -3*2^62, NaN, Inf, -Inf, 1e-300, 5e-324, -5e-324, 1, -1, 2, -2, 3, ...
            0.25, 1+2^-52, 1-2^-53, p53, -p53, p53+2, 2^52+0.5, 2^63-1024, 2^64-2048, ...
            1e300, 0.1, 1.9*2^61, 9.2e18, -9.2e18];

function y = random_doubles (n)
  e = randi ([-70 70], n, 1);
  wide = rand (n, 1) < 0.2;
  e(wide) = randi ([-1100 1100], nnz (wide), 1);
  y = (rand (n, 1) + 0.5) .* 2 .^ e;
  k = rand (n, 1);
  y(k < 0.2) = round (y(k < 0.2));
  y(k > 0.8) = floor (y(k > 0.8)) + 0.5;
  neg = rand (n, 1) < 0.5;
  y(neg) = -y(neg);
endfunction

function u = random_uint64 (n)
  u = typecast (uint32 (randi ([0, 2^32-1], 2*n, 1)), "uint64");
  u = bitshift (u, -randi ([0 64], n, 1));
endfunction

function x = int_column (cls, n)
  p53 = int64 (2^53);
  if (strcmp (cls, "int64"))
    lo = intmin ("int64"); hi = intmax ("int64");
    fixed = [0; 1; -1; 2; -2; 3; -3; 5; 7; 10; -10; 47; 50; -50; 12345; p53; -p53; ...
             p53+1; p53-1; -p53-1; p53+3; int64(2)^62; -int64(2)^62; hi; hi-1; hi-1023; ...
             hi-1024; lo; lo+1; lo+1024; int64(2)^32; int64(2)^32-1];
    r = typecast (bitshift (random_uint64 (n), -1), "int64");
    neg = rand (n, 1) < 0.5;
    r(neg) = -r(neg) - int64 (rand (nnz (neg), 1) < 0.5);
  else
    hi = intmax ("uint64"); p = uint64 (p53);
    fixed = [0; 1; 2; 3; 5; 7; 10; 47; 50; 12345; p; p+1; p-1; p+3; uint64(2)^62; ...
             uint64(2)^63; uint64(2)^63+1; uint64(2)^63-1; uint64(2)^62*3; hi; hi-1; ...
             hi-1023; hi-2048; uint64(2)^32; uint64(2)^32-1];
    r = random_uint64 (n);
  endif
  x = [fixed; r];
endfunction

npass = 0;
nfail = 0;
ops = {@plus, @minus, @times, @rdivide};
names = {"+", "-", ".*", "./"};

function [np, nf] = check (got, want, what, np, nf)
  if (strcmp (class (got), class (want)) && isequal (size (got), size (want))
      && all (got(:) == want(:)))
    np += 1;
  else
    nf += 1;
    if (nf <= 20)
      printf ("FAIL %s: class %s, %d of %d elements differ\n", what, class (got), ...
              nnz (got(:) != want(:)), numel (want));
    endif
  endif
endfunction

for c = {"int64", "uint64"}
  cls = c{1};
  x = int_column (cls, 400);
  gx = gpuArray (x);
  x60 = x(1:60);
  gx60 = gpuArray (x60);
  ## Scalar doubles: the specials and some random ones, each also as single.
  ys = [specials, random_doubles(40).'];
  for o = 1:4
    op = ops{o};
    for y = ys
      what = sprintf ("%s %s %.17g", cls, names{o}, y);
      [npass, nfail] = check (gather (op (gx, y)), op (x, y), ["x " what], npass, nfail);
      [npass, nfail] = check (gather (op (y, gx)), op (y, x), ["y " what " (reversed)"], npass, nfail);
      s = single (y);
      [npass, nfail] = check (gather (op (gx, s)), op (x, s), ["x " what " (single)"], npass, nfail);
      [npass, nfail] = check (gather (op (s, gx)), op (s, x), ["y " what " (single, reversed)"], npass, nfail);
    endfor
  endfor
  ## Arrays of doubles against arrays of integers, elementwise and with implicit expansion.
  for t = 1:4
    y = random_doubles (numel (x));
    y(1:numel (specials)) = specials(randperm (numel (specials)));
    gy = gpuArray (y);
    yrow = [specials, random_doubles(10).'];
    for o = 1:4
      op = ops{o};
      what = sprintf ("%s %s arrays, round %d", cls, names{o}, t);
      [npass, nfail] = check (gather (op (gx, y)), op (x, y), ["gx,y " what], npass, nfail);
      [npass, nfail] = check (gather (op (y, gx)), op (y, x), ["y,gx " what], npass, nfail);
      [npass, nfail] = check (gather (op (x, gy)), op (x, y), ["x,gy " what], npass, nfail);
      [npass, nfail] = check (gather (op (gy, gx)), op (y, x), ["gy,gx " what], npass, nfail);
      [npass, nfail] = check (gather (op (gx, gpuArray (single (y)))), op (x, single (y)), ...
                              ["gx,single(gy) " what], npass, nfail);
      [npass, nfail] = check (gather (op (gx60, yrow)), op (x60, yrow), ...
                              ["expanded " what], npass, nfail);
      [npass, nfail] = check (gather (op (yrow, gx60)), op (yrow, x60), ...
                              ["expanded reversed " what], npass, nfail);
    endfor
  endfor
endfor

printf ("provider: %s\n", gpuDevice ().Provider);
printf ("%d passed, %d failed\n", npass, nfail);
exit (nfail > 0);
