#!/bin/bash
# Check, on the build machine (root), that .rt/octave-rt.tar.xz and bench/gpu-env.sh
# will work on the GPU machine, which has neither Octave nor Debian's libraries:
#  1. extracted tarball: ldd resolves every non-C-runtime library inside it; Octave runs
#  2. chroot holding only the C runtime + the tarball: Octave runs with Debian hidden
#  3. gpu-env.sh sourced twice in an overlay of / with Octave and libvulkan removed
# Nothing outside a temp dir and private mount namespaces is written.
# shellcheck disable=SC2016  # the single-quoted scripts expand inside unshare/chroot
set -euo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")/.."
TARBALL=$PWD/.rt/octave-rt.tar.xz
[[ -f $TARBALL ]] || { echo "run bench/pack-runtime.sh first" >&2; exit 1; }

CRT_RE='^(libc|libm|libmvec|libpthread|libdl|librt|libresolv|libutil|libanl|libstdc\+\+|libgcc_s|ld-linux[^/]*)\.so'
EXPR='disp(version); x=rand(300); disp(norm(x*inv(x)-eye(300))<1e-8); disp(sum(1:10))'
# Functions whose .oct files pull extra libraries (qhull, sundials/klu, glpk) + BLAS id.
EXPR2='disp(version("-blas")); disp(size(delaunay([0 1 0 1],[0 0 1 1]))); [~,y]=ode15s(@(t,y)-y,[0 1],1); disp(abs(y(end)-exp(-1))<1e-3); disp(sum(glpk([-1;-1],[1 1],1,[0;0],[],"U","CC",1)))'
OPTS=(--no-gui --norc --no-history --no-window-system --quiet)

T=$(mktemp -d /tmp/rt-selftest.XXXXXX)
trap 'rm -rf "$T"' EXIT
mkdir "$T/x"
tar -xJf "$TARBALL" -C "$T/x"
X=$T/x
LLP=$X/lib-blas:$X/lib
OCT_LIB=usr/lib/x86_64-linux-gnu/octave/7.3.0

echo "== 1. ldd with LD_LIBRARY_PATH=$LLP"
bad=$(LD_LIBRARY_PATH=$LLP ldd "$X/bin/octave-cli" "$X/$OCT_LIB"/oct/x86_64-pc-linux-gnu/*.oct |
  awk -v x="$X/" '
    /^\// {n = split($1, p, "/"); f = p[n]; next}
    $2 == "=>" && ($3 == "not" || index($3, x) != 1) {print f, $1, $3}' |
  awk -v re="$CRT_RE" '$2 !~ re' || true)
# Leaving out the FLTK/audio libraries is deliberate (see pack-runtime.sh).
skip_re='^(__init_fltk__|__fltk_uigetfile__|audiodevinfo|audioread)\.oct:'
skipped=$(grep -E "$skip_re" <<<"$bad" || true)
bad=$(grep -Ev "$skip_re" <<<"$bad" || true)
nlib=$(LD_LIBRARY_PATH=$LLP ldd "$X/bin/octave-cli" | grep -c "=> $X/" || true)
echo "octave-cli: $nlib libraries resolve inside the extracted dir"
echo "left out on purpose (FLTK/audio .oct): $(awk '{print $2}' <<<"$skipped" | sort -u | xargs)"
if [[ -n $bad ]]; then
  echo "FAIL: resolved outside the tarball:"
  echo "$bad"
  exit 1
fi
echo "ok: every other non-C-runtime library resolves inside $X"
LD_LIBRARY_PATH=$LLP "$X/bin/octave-cli" "${OPTS[@]}" --eval "$EXPR" 2>&1

echo "== 2. chroot with only the C runtime + tarball (Debian libraries hidden)"
R=$T/root
mkdir -p "$R"/{usr/lib/x86_64-linux-gnu,usr/lib64,opt/octave-rt,dev,proc,tmp}
ln -s usr/lib "$R/lib"
ln -s usr/lib64 "$R/lib64"
for f in /usr/lib/x86_64-linux-gnu/*.so*; do
  [[ ${f##*/} =~ $CRT_RE ]] && cp -a "$f" "$R/usr/lib/x86_64-linux-gnu/"
done
cp -L /lib64/ld-linux-x86-64.so.2 "$R/usr/lib64/"
mv "$X"/{lib,lib-blas,bin} "$R/opt/octave-rt/"
mkdir -p "$R/usr/share"
mv "$X/usr/share/octave" "$R/usr/share/"
mv "$X/usr/lib/x86_64-linux-gnu/octave" "$R/usr/lib/x86_64-linux-gnu/"
# Deliberately no ld.so.cache, /bin/sh or /etc: the loader only sees the C runtime.
unshare -m bash -euo pipefail -c '
  R=$1; shift
  mount --bind /dev "$R/dev"; mount -t proc proc "$R/proc"
  env -i HOME=/tmp LD_LIBRARY_PATH=/opt/octave-rt/lib-blas:/opt/octave-rt/lib \
    "$(command -v chroot)" "$R" /lib64/ld-linux-x86-64.so.2 --list /opt/octave-rt/bin/octave-cli |
    awk '\''/not found/ {print "FAIL: " $0; bad=1} END {exit bad}'\''
  echo "ok: nothing \"not found\" inside the chroot"
  env -i HOME=/tmp LD_LIBRARY_PATH=/opt/octave-rt/lib-blas:/opt/octave-rt/lib \
    "$(command -v chroot)" "$R" /opt/octave-rt/bin/octave-cli "$@" 2>&1
' _ "$R" "${OPTS[@]}" --eval "$EXPR; $EXPR2"

echo "== 3. bench/gpu-env.sh in an overlay of / without Octave and libvulkan"
mkdir -p "$T"/{u,w,m}
unshare -m bash -euo pipefail -c '
  T=$1 repo=$2
  mount -t overlay overlay -o "lowerdir=/,upperdir=$T/u,workdir=$T/w" "$T/m"
  mount --bind /dev "$T/m/dev"; mount -t proc proc "$T/m/proc"
  chroot "$T/m" bash -c "
    set -u
    rm -rf /usr/share/octave /usr/lib/x86_64-linux-gnu/octave /usr/bin/octave* /opt/octave-rt /var/lib/gpu-env
    rm -f /usr/lib/x86_64-linux-gnu/libvulkan.so.1*; ldconfig
    unset VK_DRIVER_FILES VK_ICD_FILENAMES
    export LD_LIBRARY_PATH=/caller/lib
    cd $repo
    echo -n \"first source:  \"; s=\$(date +%s.%N); . bench/gpu-env.sh
    echo \"  (\$(echo \"\$(date +%s.%N) - \$s\" | bc) s)\"
    echo -n \"second source: \"; s=\$(date +%s.%N); . bench/gpu-env.sh
    echo \"  (\$(echo \"\$(date +%s.%N) - \$s\" | bc) s)\"
    echo \"shell LD_LIBRARY_PATH after sourcing: \$LD_LIBRARY_PATH\"
    octave_rt --eval \"\$0\" 2>&1
    (rm -rf /usr/share/vulkan/icd.d /etc/vulkan/icd.d; unset VK_DRIVER_FILES
     echo -n \"without icd.d: \"; . bench/gpu-env.sh; echo \"  VK_DRIVER_FILES=\$VK_DRIVER_FILES\")
    octave_rt --eval \"system(\\\"echo child of octave sees LD_LIBRARY_PATH=\\\$LD_LIBRARY_PATH\\\");\" 2>&1
  " "$3"
' _ "$T" "$PWD" "$EXPR"
echo "== selftest done"
