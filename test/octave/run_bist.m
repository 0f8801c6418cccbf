## Runs the BIST blocks of every function in inst/ against the built package and
## prints one closing line: "N passed, N failed". Exits non-zero on any failure.
## Usage: octave-cli test/octave/run_bist.m  (from the repository root, after make)
root = fileparts (fileparts (fileparts (mfilename ("fullpath"))));
addpath (fullfile (root, "inst"));
addpath (fullfile (root, "src"));
files = [dir(fullfile (root, "inst", "*.m")); dir(fullfile (root, "inst", "+gpuarray", "*.m"))];
npass = 0;
nfail = 0;
for i = 1:numel (files)
  f = fullfile (files(i).folder, files(i).name);
  [n, nmax] = test (f, "quiet", stdout);
  printf ("%-28s %3d of %3d\n", files(i).name, n, nmax);
  npass += n;
  nfail += nmax - n;
endfor
s = gpuarray_stats ();
printf ("provider: %s; Vulkan validation messages: %d\n", gpuDevice ().Provider, s.validation_messages);
if (s.validation_messages > 0)
  nfail += 1;
endif
printf ("%d passed, %d failed\n", npass, nfail);
exit (nfail > 0);
