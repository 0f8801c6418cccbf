## One shard of run_bist.m, for running the BIST in parallel processes on a GPU, where
## compiling kernels (the driver's compiler, on the CPU) is most of the time:
## bench/gpu-bist.sh starts GA_BIST_SHARDS of these. Shard GA_BIST_SHARD (0-based) runs
## every GA_BIST_SHARDS-th test block of inst/gpuArray.m, each alone with the file's
## %!function and %!shared blocks; shard 0 also runs the other files whole. Prints one
## line per block with its time where GA_BIST_TIMES=1, then "N passed, N failed".
## Usage: GA_BIST_SHARD=0 GA_BIST_SHARDS=4 octave-cli test/octave/run_bist_shard.m
root = fileparts (fileparts (fileparts (mfilename ("fullpath"))));
addpath (fullfile (root, "inst"));
addpath (fullfile (root, "src"));
shard = str2double (getenv ("GA_BIST_SHARD"));
nshards = str2double (getenv ("GA_BIST_SHARDS"));
if (isnan (shard) || isnan (nshards) || nshards < 1 || shard < 0 || shard >= nshards)
  error ("run_bist_shard: set GA_BIST_SHARD (0-based) below GA_BIST_SHARDS");
endif
times = strcmp (getenv ("GA_BIST_TIMES"), "1");
npass = 0;
nfail = 0;
if (shard == 0)
  files = [dir(fullfile (root, "inst", "*.m")); dir(fullfile (root, "inst", "+gpuarray", "*.m"))];
  files = files(! strcmp ({files.name}, "gpuArray.m"));
  for i = 1:numel (files)
    [n, nmax] = test (fullfile (files(i).folder, files(i).name), "quiet", stdout);
    npass += n;
    nfail += nmax - n;
  endfor
endif
## gpuArray.m's blocks: a block starts at "%!" followed by a letter; the lines after it
## that start with "%!" (and no letter) continue it
lines = strsplit (fileread (fullfile (root, "inst", "gpuArray.m")), "\n");
blocks = {};
kinds = {};
at = [];
for i = 1:numel (lines)
  l = lines{i};
  if (numel (l) >= 3 && strncmp (l, "%!", 2) && isletter (l(3)))
    blocks{end+1} = l;
    kinds{end+1} = regexp (l(3:end), '^[a-z_]+', 'match', 'once');
    at(end+1) = i;
  elseif (strncmp (l, "%!", 2) && ! isempty (blocks))
    blocks{end} = [blocks{end} "\n" l];
  else
    blocks{end+1} = "";   # a gap ends the block
    kinds{end+1} = "";
    at(end+1) = i;
  endif
endfor
shared = ismember (kinds, {"function", "endfunction", "shared"});
prelude = strjoin (blocks(shared), "\n");
runnable = find (! shared & ! strcmp (kinds, ""));
d = tempname ();
mkdir (d);
for k = runnable(mod (0:numel (runnable) - 1, nshards) == shard)
  f = fullfile (d, sprintf ("line%d.m", at(k)));
  fid = fopen (f, "w");
  fputs (fid, [prelude "\n" blocks{k} "\n"]);
  fclose (fid);
  t = tic ();
  [n, nmax] = test (f, "quiet", stdout);
  npass += n;
  nfail += nmax - n;
  if (times || n < nmax)
    printf ("gpuArray.m line %5d %-8s %7.2f s %s\n", at(k), kinds{k}, toc (t), {"FAILED", "ok"}{1 + (n == nmax)});
  endif
endfor
confirm_recursive_rmdir (false, "local");
rmdir (d, "s");
s = gpuarray_stats ();
printf ("shard %d of %d, provider %s: Vulkan validation messages: %d\n", shard, nshards, gpuDevice ().Provider, ...
        s.validation_messages);
if (s.validation_messages > 0)
  nfail += 1;
endif
printf ("%d passed, %d failed\n", npass, nfail);
exit (nfail > 0);
