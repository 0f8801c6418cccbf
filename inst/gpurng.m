## Copyright (C) 2026 The gpuarray developers
##
## This program is free software: you can redistribute it and/or modify it under the
## terms of the GNU General Public License as published by the Free Software
## Foundation, either version 3 of the License, or (at your option) any later version.

## -*- texinfo -*-
## @deftypefn  {} {} gpurng (@var{seed})
## @deftypefnx {} {} gpurng (@var{seed}, "Philox")
## @deftypefnx {} {} gpurng ("default")
## @deftypefnx {} {} gpurng ("shuffle")
## @deftypefnx {} {} gpurng (@var{s})
## @deftypefnx {} {@var{s} =} gpurng ()
## @deftypefnx {} {@var{sprev} =} gpurng (@dots{})
## Control the random number generator of gpuArray's @code{rand}, @code{randn},
## @code{randi} and @code{randperm}.
##
## The generator is Philox4x32-10 (Salmon et al., SC'11), a counter-based generator: the
## numbers of a draw are a function of the seed and a 64-bit counter only, so the same
## seed gives the same numbers on every device and on the host provider.  Each draw
## advances the counter past the blocks it used.
##
## @code{gpurng (@var{seed})} seeds it (an integer from 0 to 2^32-1) and rewinds the
## counter; @qcode{"default"} is seed 0; @qcode{"shuffle"} seeds from the clock.
## @code{@var{s} = gpurng ()} returns the settings, a struct with fields @code{Type}
## (@qcode{"Philox4x32-10"}), @code{Seed} and @code{State} (the counter, uint64), and
## @code{gpurng (@var{s})} restores them.  With an output, every form returns the
## settings from before the call.
## @seealso{rand, randn, randi, randperm, gpuArray}
## @end deftypefn

function sprev = gpurng (varargin)
  [seed, counter] = __gpuarray__ ("create", "rng");
  if (nargout > 0 || nargin == 0)
    sprev = struct ("Type", "Philox4x32-10", "Seed", double (seed), "State", counter);
  endif
  if (nargin == 0)
    return;
  elseif (nargin > 2)
    print_usage ();
  endif
  arg = varargin{1};
  if (nargin == 2)
    gen = varargin{2};
    if (! ischar (gen) || ! any (strcmpi (gen, {"Philox", "Philox4x32-10", "Philox4x32_10", "default"})))
      if (ischar (gen) && any (strcmpi (gen, {"Threefry", "Threefry4x64-20", "CombRecursive", "mrg32k3a"})))
        error ("gpuarray:notImplemented", "gpurng: only the Philox4x32-10 generator is available");
      endif
      error ("gpuarray:invalidArgument", "gpurng: unknown generator");
    endif
  endif
  if (isstruct (arg))
    if (nargin != 1 || ! all (isfield (arg, {"Type", "Seed", "State"})) || ! ischar (arg.Type) ...
        || ! any (strcmpi (arg.Type, {"Philox4x32-10", "Philox"})))
      error ("gpuarray:invalidArgument", "gpurng: S must be a struct returned by gpurng");
    endif
    __gpuarray__ ("create", "rng", seed_value (arg.Seed), uint64 (arg.State));
  elseif (ischar (arg))
    switch (lower (arg))
      case "default"
        __gpuarray__ ("create", "rng", 0, 0);
      case "shuffle"
        t = clock ();
        __gpuarray__ ("create", "rng", mod (floor (t(6) * 1e6) + 1e6 * (60 * t(5) + 3600 * t(4)), 2^32), 0);
      otherwise
        error ("gpuarray:invalidArgument", "gpurng: unknown option '%s'", arg);
    endswitch
  else
    __gpuarray__ ("create", "rng", seed_value (arg), 0);
  endif
endfunction

function s = seed_value (seed)
  if (! (isnumeric (seed) && isreal (seed) && isscalar (seed)) || seed < 0 || seed != fix (seed) ...
      || seed >= 2^32)
    error ("gpuarray:invalidArgument", "gpurng: SEED must be an integer from 0 to 2^32-1");
  endif
  s = double (seed);
endfunction

%!test
%! s0 = gpurng ();
%! gpurng (42);
%! a = gather (gpuArray.rand (3, 4));
%! s = gpurng ();
%! assert (s.Type, "Philox4x32-10");
%! assert (s.Seed, 42);
%! b = gather (gpuArray.rand (3, 4));
%! gpurng (s);
%! c = gather (gpuArray.rand (3, 4));
%! assert (c, b);            # restored state: the same numbers again
%! assert (! isequal (a, b)); # consecutive draws differ
%! gpurng (42);
%! assert (gather (gpuArray.rand (3, 4)), a);
%! gpurng (s0);

%!test
%! s0 = gpurng ();
%! gpurng (7, "Philox");
%! a = gather (gpuArray.randn (5));
%! gpurng ("default");
%! s = gpurng ();
%! assert ([s.Seed, double(s.State)], [0 0]);
%! prev = gpurng (7);
%! assert (prev.Seed, 0);
%! assert (gather (gpuArray.randn (5)), a);
%! gpurng ("shuffle");
%! gpurng (s0);

%!error <SEED must be an integer> gpurng (-1)
%!error <SEED must be an integer> gpurng (2^32)
%!error <SEED must be an integer> gpurng (1.5)
%!error <only the Philox4x32-10 generator> gpurng (1, "Threefry")
%!error <unknown option> gpurng ("bogus")
%!error <must be a struct returned by gpurng> gpurng (struct ("a", 1))
