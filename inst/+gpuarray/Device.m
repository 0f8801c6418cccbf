classdef Device
  ## -*- texinfo -*-
  ## @deftypefn {} {@var{d} =} gpuarray.Device ()
  ## The device that gpuArray computations run on, as @code{gpuDevice} returns it.
  ##
  ## Properties: @code{Name}, @code{Index}, @code{Provider} (@qcode{"vulkan"} or
  ## @qcode{"host"}), @code{DeviceType}, @code{DriverVersion}, @code{VulkanVersion},
  ## @code{SupportsDouble}, @code{SupportsInt64}, @code{TotalMemory},
  ## @code{AvailableMemory} (read anew on each access), @code{MultiprocessorCount}
  ## (0 where the driver does not say), @code{MaxThreadsPerBlock},
  ## @code{MaxShmemPerBlock}, @code{MaxAllocationSize}, @code{MaxStorageBufferRange},
  ## @code{SubgroupSize}, @code{DeviceCount}, @code{UUID}, @code{PreservesSubnormalsSingle}
  ## and @code{PreservesSubnormalsDouble} (false where the driver flushes subnormal results
  ## to zero, which then differ from Octave's).
  ##
  ## Methods: @code{reset (d)} frees every gpuArray and restarts the device;
  ## @code{wait (d)} blocks until queued work has finished.
  ## @seealso{gpuDevice, gpuDeviceCount}
  ## @end deftypefn

  properties (SetAccess = private)
    Name = "";
    Index = 0;
    Provider = "";
    DeviceType = "";
    DriverVersion = "";
    VulkanVersion = "";
    SupportsDouble = false;
    SupportsInt64 = false;
    TotalMemory = 0;
    MultiprocessorCount = 0;
    MaxThreadsPerBlock = 0;
    MaxShmemPerBlock = 0;
    MaxAllocationSize = 0;
    MaxStorageBufferRange = 0;
    SubgroupSize = 0;
    DeviceCount = 0;
    UUID = "";
    PreservesSubnormalsSingle = true;
    PreservesSubnormalsDouble = true;
  endproperties

  properties (Dependent)
    AvailableMemory;
  endproperties

  methods
    function d = Device ()
      s = __gpuarray__ ("device");
      for f = fieldnames (s)'
        if (! strcmp (f{1}, "AvailableMemory"))
          d.(f{1}) = s.(f{1});
        endif
      endfor
    endfunction

    function m = get.AvailableMemory (d)
      s = __gpuarray__ ("device");
      m = s.AvailableMemory;
    endfunction

    function reset (d)
      __gpuarray__ ("reset", d.Index);
    endfunction

    function wait (d)
      __gpuarray__ ("wait");
    endfunction

    function disp (d)
      printf ("  gpuarray.Device with properties:\n\n");
      names = properties (d);
      w = max (cellfun (@numel, names));
      for i = 1:numel (names)
        v = d.(names{i});
        if (ischar (v))
          v = sprintf ("'%s'", v);
        elseif (islogical (v))
          v = ifelse_str (v);
        else
          v = sprintf ("%.15g", v);
        endif
        printf ("  %*s: %s\n", w + 2, names{i}, v);
      endfor
      printf ("\n");
    endfunction
  endmethods
endclassdef

function s = ifelse_str (v)
  if (v)
    s = "true";
  else
    s = "false";
  endif
endfunction

%!test
%! d = gpuDevice ();
%! assert (isa (d, "gpuarray.Device"));
%! assert (ischar (d.Name) && ! isempty (d.Name));
%! assert (any (strcmp (d.Provider, {"vulkan", "host"})));
%! assert (d.Index >= 1);
%! assert (d.TotalMemory > 0);
%! assert (d.AvailableMemory >= 0 && d.AvailableMemory <= d.TotalMemory);
%! assert (d.SupportsDouble);
%! assert (d.MaxThreadsPerBlock >= 1);
%!test
%! d = gpuDevice ();
%! wait (d);
%! s = evalc ("disp (d)");
%! assert (! isempty (strfind (s, d.Name)));
