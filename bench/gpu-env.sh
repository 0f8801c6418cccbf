# shellcheck shell=bash
# Source from the repo root on the GPU machine (Ubuntu 24.04, no Octave, no Vulkan
# loader):   . bench/gpu-env.sh
# Needs `.rt` and `.gl` in the device run's carry list (made by bench/pack-runtime.sh).
# Afterwards `octave_rt ARGS...` runs Octave 7.3.  Sourcing again only re-checks stamps.
# No `set -e` here: it would leak into the caller's shell.

_gpu_env_setup() {
  local rt=/opt/octave-rt tarball=.rt/octave-rt.tar.xz state=/var/lib/gpu-env
  local share=usr/share/octave/7.3.0 lib=usr/lib/x86_64-linux-gnu/octave/7.3.0
  local sum d f
  mkdir -p "$state" || return 1

  # Vulkan loader + glvnd: the only Debian libraries allowed into the system paths.
  if compgen -G '.gl/*.deb' >/dev/null; then
    sum=$(cat .gl/*.deb | md5sum)
    if [[ $sum != "$(cat "$state/gl.md5" 2>/dev/null)" ]]; then
      for f in .gl/*.deb; do dpkg -x "$f" / || return 1; done
      ldconfig
      echo "$sum" >"$state/gl.md5"
    fi
  else
    echo "gpu-env: no .gl/*.deb (carry .gl)" >&2
  fi

  if [[ -f $tarball ]]; then
    sum=$(md5sum <"$tarball")
    if [[ $sum != "$(cat "$state/rt.md5" 2>/dev/null)" || ! -x $rt/bin/octave-cli || ! -d /$share/m ]]; then
      rm -rf "$rt.new" && mkdir -p "$rt.new" || return 1
      xz -dc -T0 "$tarball" | tar -x -C "$rt.new" || return 1
      # liboctinterp has /usr compiled in as OCTAVE_HOME, so the m/oct trees must sit
      # at their Debian paths; the libraries stay in /opt, off the system search path.
      for d in "$share" "$lib"; do
        rm -rf "/${d:?}" && mkdir -p "/${d%/*}" && mv "$rt.new/$d" "/$d" || return 1
      done
      rm -rf "$rt.new/usr" "$rt" && mv "$rt.new" "$rt" || return 1
      # glibc reads LD_LIBRARY_PATH once at startup (later dlopen of .oct/.mex files
      # keeps using it), so restoring it here keeps Debian's libraries out of programs
      # Octave starts with system() while Octave itself still resolves through them.
      cat >"$rt/octaverc" <<'EOF'
## Site init file for octave_rt, written by bench/gpu-env.sh.
if (isempty (getenv ("OCTAVE_RT_LD_LIBRARY_PATH")))
  unsetenv ("LD_LIBRARY_PATH");
else
  setenv ("LD_LIBRARY_PATH", getenv ("OCTAVE_RT_LD_LIBRARY_PATH"));
endif
unsetenv ("OCTAVE_RT_LD_LIBRARY_PATH");
EOF
      echo "$sum" >"$state/rt.md5"
    fi
  else
    echo "gpu-env: no $tarball (carry .rt)" >&2
  fi

  # The NVIDIA container runtime puts the ICD json outside the loader's search dirs.
  if [[ -z ${VK_DRIVER_FILES:-}${VK_ICD_FILENAMES:-} ]] &&
    ! compgen -G '/usr/share/vulkan/icd.d/*.json' >/dev/null &&
    ! compgen -G '/etc/vulkan/icd.d/*.json' >/dev/null; then
    export VK_DRIVER_FILES=/usr/local/nvidia/share/vulkan/icd.d/nvidia_icd.json
  fi
}

# LD_LIBRARY_PATH is set for this one process only: the GPU machine's newer glibc and
# libstdc++ must serve everything else (Debian's C runtime is not shipped at all).
# The caller's LD_LIBRARY_PATH is kept after ours: the NVIDIA ICD's libraries may be
# found only through it.
# _octave_rt_env CMD...: CMD with the runtime's environment (CMD ends in octave-cli)
_octave_rt_env() {
  local caller=${LD_LIBRARY_PATH:-}
  OCTAVE_RT_LD_LIBRARY_PATH=$caller \
    LD_LIBRARY_PATH=/opt/octave-rt/lib-blas:/opt/octave-rt/lib${caller:+:$caller} \
    OCTAVE_SITE_INITFILE=/opt/octave-rt/octaverc "$@"
}
_octave_rt_cli=(/opt/octave-rt/bin/octave-cli --no-gui --no-init-file --no-history --no-window-system --quiet)

octave_rt() {
  _octave_rt_env "${_octave_rt_cli[@]}" "$@"
}

# octave_rt_t SECONDS ARGS...: octave_rt killed with SIGKILL after SECONDS (a shell
# function cannot be handed to timeout; SIGTERM makes Octave save its workspace, which
# fails on gpuArray objects: bench/README.md)
octave_rt_t() {
  local limit=$1
  shift
  _octave_rt_env timeout -s KILL "$limit" "${_octave_rt_cli[@]}" "$@"
}

if _gpu_env_setup; then
  _gpu_env_loader=$(ldconfig -p | awk '$1 == "libvulkan.so.1" {print $NF; exit}')
  _gpu_env_icd=${VK_DRIVER_FILES:-${VK_ICD_FILENAMES:-system icd.d}}
  [[ -f ${_gpu_env_icd%%:*} || $_gpu_env_icd == "system icd.d" ]] || _gpu_env_icd="$_gpu_env_icd (MISSING)"
  _gpu_env_oct=$(octave_rt --version 2>/dev/null | head -n1)
  echo "gpu-env: ${_gpu_env_oct:-octave NOT RUNNABLE}; vulkan loader: ${_gpu_env_loader:-NOT FOUND}; ICD: $_gpu_env_icd"
  unset _gpu_env_oct _gpu_env_loader _gpu_env_icd
else
  echo "gpu-env: setup FAILED" >&2
fi
