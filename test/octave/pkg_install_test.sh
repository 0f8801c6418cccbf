#!/bin/sh
# Installs the `make dist` tarball with `pkg install` into a temporary prefix, as a user
# would, and runs `pkg test gpuarray` there, on the host provider and on lavapipe.
set -e
tarball=$(readlink -f "$1")
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
lvp=/usr/share/vulkan/icd.d/lvp_icd.x86_64.json
run() {
  (cd "$tmp" && env "$@" octave-cli --no-gui --norc --eval "
    pkg prefix $tmp/pkg $tmp/arch;
    pkg local_list $tmp/octave_packages;
    pkg load gpuarray;
    d = gpuDevice (); printf ('pkg test on %s (%s)\n', d.Name, d.Provider);
    pkg test gpuarray" 2>&1) | tee "$tmp/log"
  grep -Eq 'PASS +[0-9]+' "$tmp/log" || { echo "pkg test printed no summary"; exit 1; }
  grep -Eq 'FAIL +[1-9]' "$tmp/log" && { echo "pkg test reported failures"; exit 1; }
  return 0
}
(cd "$tmp" && octave-cli --no-gui --norc --eval "
  pkg prefix $tmp/pkg $tmp/arch;
  pkg local_list $tmp/octave_packages;
  pkg install -local $tarball;
  disp (pkg ('list'){1}.name)")
run GPUARRAY_PROVIDER=host
# GALLIVM_PERF=nopt as in the Makefile's lavapipe runs (the cold compile is most of the time)
run VK_ICD_FILENAMES=$lvp GPUARRAY_PROVIDER=vulkan GPUARRAY_VALIDATION=1 GALLIVM_PERF=nopt
echo "pkg install test: passed"
