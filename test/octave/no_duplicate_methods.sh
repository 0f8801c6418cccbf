#!/bin/sh
# A classdef file with two methods of one name loads without a word from Octave 7.3 and
# then misbehaves (objects lose their properties at random): refuse it here.
set -e
cd "$(dirname "$0")/../.."
dups=$(sed -n 's/^    function \(.*=\)\{0,1\} *\([A-Za-z_][A-Za-z0-9_]*\) *(.*/\2/p' inst/gpuArray.m | sort | uniq -d)
if [ -n "$dups" ]; then
  echo "inst/gpuArray.m defines these methods more than once: $dups" >&2
  exit 1
fi
echo "inst/gpuArray.m: no method defined twice"
