#!/bin/bash
# Prepare, on this Debian 12 build machine, what the GPU machine lacks (Octave 7.3 and
# the Vulkan loader) as ignored folders that travel with the working tree in `carry`:
#   .rt/octave-rt.tar.xz  Octave runtime (libs, octave-cli, its m/oct trees)
#   .gl/*.deb             Debian's Vulkan loader + glvnd, unpacked over / there
# Counterpart on the GPU machine: bench/gpu-env.sh.  FORCE=1 rebuilds the tarball.
set -euo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")/.."

OCT_VER=7.3.0
OCT_SHARE=usr/share/octave/$OCT_VER
OCT_LIB=usr/lib/x86_64-linux-gnu/octave/$OCT_VER
BLAS_DIR=/usr/lib/x86_64-linux-gnu/openblas-pthread
TARBALL=.rt/octave-rt.tar.xz

# The GPU machine runs Ubuntu 24.04 with a newer glibc/libstdc++; shipping Debian's
# C runtime would shadow it and break everything that inherits LD_LIBRARY_PATH.
CRT_RE='^(libc|libm|libmvec|libpthread|libdl|librt|libresolv|libutil|libanl|libstdc\+\+|libgcc_s|ld-linux[^/]*)\.so'
# BLAS/LAPACK come from openblas-pthread explicitly (lib-blas/), whatever the
# alternatives here point at, so they are kept out of lib/.
BLAS_RE='^(libblas|liblapack|libopenblas)\.so'
# .oct files whose libraries are left out: FLTK/X11 graphics (the GPU machine has no
# display; PKG_ADD only loads __init_fltk__ when a window system exists) and audio I/O.
# Calling those functions there fails to load; nothing else depends on them.
SKIP_OCT_RE='/(__init_fltk__|__fltk_uigetfile__|audiodevinfo|audioread)\.oct$'

need_pkg() {
  local missing=()
  for p in "$@"; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'ok installed' || missing+=("$p")
  done
  if ((${#missing[@]})); then
    apt-get update -q
    DEBIAN_FRONTEND=noninteractive apt-get install -y -q "${missing[@]}"
  fi
}

exclude() {
  local f=.git/info/exclude
  mkdir -p .git/info
  touch "$f"
  grep -qxF "$1" "$f" || echo "$1" >>"$f"
}

# Print "soname path" for every non-C-runtime library in the ldd closure of the args.
closure() {
  ldd "$@" 2>/dev/null | awk '$2 == "=>" && $3 ~ /^\// {print $1, $3}' | sort -u |
    grep -Ev "$CRT_RE" || true
}

build_tarball() {
  local stage oct_files=() f
  stage=$(mktemp -d)
  STAGE=$stage
  mkdir -p "$stage"/{lib,lib-blas,bin}

  for f in "/$OCT_LIB"/oct/x86_64-pc-linux-gnu/*.oct; do
    [[ $f =~ $SKIP_OCT_RE ]] || oct_files+=("$f")
  done

  # ldd already follows liboctinterp/liboctave's own dependencies transitively.
  local soname path unresolved
  while read -r soname path; do
    [[ $soname =~ $BLAS_RE ]] && continue
    cp -L "$path" "$stage/lib/$soname"
  done < <(closure /usr/bin/octave-cli "/$OCT_LIB"/liboctinterp.so.* "/$OCT_LIB"/liboctave.so.* "${oct_files[@]}")

  unresolved=$(ldd /usr/bin/octave-cli "${oct_files[@]}" | grep 'not found' || true)
  if [[ -n $unresolved ]]; then
    echo "unresolved libraries here already:" >&2
    echo "$unresolved" >&2
    return 1
  fi

  # Real files under their sonames: lib{blas,lapack}.so.3 both NEED libopenblas.so.0.
  for f in libblas.so.3 liblapack.so.3 libopenblas.so.0; do
    cp -L "$BLAS_DIR/$f" "$stage/lib-blas/$f"
  done
  cp -L /usr/bin/octave-cli "$stage/bin/octave-cli"

  mkdir -p .rt
  # Trees keep their absolute paths: liboctinterp has /usr compiled in as OCTAVE_HOME.
  tar -c --sort=name --owner=0 --group=0 --numeric-owner \
    -C "$stage" lib lib-blas bin \
    -C / "$OCT_SHARE"/m "$OCT_SHARE"/data "$OCT_SHARE"/imagelib "$OCT_SHARE"/site \
    "$OCT_SHARE"/etc/built-in-docstrings "$OCT_SHARE"/etc/macros.texi \
    "$OCT_LIB"/oct "$OCT_LIB"/site |
    xz -9 -T0 >"$TARBALL.tmp"
  mv "$TARBALL.tmp" "$TARBALL"
}

download_gl() {
  # Same recipe as shared/PLATFORM.md: a private lists dir so this machine's own apt
  # state is untouched, amd64 forced so the debs match the GPU machine.
  local lists=/tmp/amd64-lists
  local o=(-oAPT::Architecture=amd64 -oAPT::Architectures=amd64 "-oDir::State::Lists=$lists")
  mkdir -p .gl "$lists/partial"
  apt-get "${o[@]}" update -q
  (cd .gl && apt-get "${o[@]}" download libvulkan1 libegl1 libglvnd0 libopengl0 libgl1 libglx0 libgles2)
}

STAGE=
trap '[[ -z $STAGE ]] || rm -rf "$STAGE"' EXIT

need_pkg octave libopenblas0-pthread xz-utils
exclude /.rt/
exclude /.gl/

if [[ ${FORCE:-0} != 1 && -f $TARBALL && $TARBALL -nt /usr/bin/octave-cli && $TARBALL -nt ${BASH_SOURCE[0]} ]]; then
  echo "kept $TARBALL (newer than octave-cli and this script)"
else
  build_tarball
fi

if compgen -G '.gl/libvulkan1_*.deb' >/dev/null && [[ ${FORCE:-0} != 1 ]]; then
  echo "kept .gl/"
else
  rm -rf .gl
  download_gl
fi

du -b "$TARBALL" .gl | awk '{printf "%-24s %6.1f MB\n", $2, $1 / 1e6}'
