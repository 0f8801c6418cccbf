## Prints a checksum of every generator draw, so two providers' outputs can be compared
## (GPUARRAY_PROVIDER=host and vulkan in turn, then diff): the cases of test_rng.c.
addpath([pwd "/inst"]); addpath([pwd "/src"]);
ranges = {[1 6], [-5 5], [0 0], [-1e15 1e15], [0 4294967295], [-3 4503599627370495]};
classes = {"double", "single", "int8", "uint16", "int32", "int64", "uint64"};
gpurng (12345);
for r = 1:numel (ranges)
  for c = 1:numel (classes)
    try
      x = gather (gpuArray.randi (ranges{r}, 301, 67, 3, classes{c}));
      v = double (x(:));
      printf ("randi %s %s: sum %.17g first %s\n", mat2str (ranges{r}), classes{c}, sum (v), mat2str (v(1:6)'));
    catch e
      printf ("randi %s %s: error %s\n", mat2str (ranges{r}), classes{c}, e.message);
    end
  end
end
for p = {[5 2], [1000 1000], [65537 1000], [4000000000 5]}
  x = gather (gpuArray.randperm (p{1}(1), p{1}(2)));
  printf ("randperm %s: sum %.17g first %s\n", mat2str (p{1}), sum (x), mat2str (x(1:min(5,end))));
end
