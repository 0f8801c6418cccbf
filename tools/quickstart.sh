#!/bin/sh
# The README's first command: install what is missing, build, install the package into
# Octave, and run the demo.
set -e
cd "$(dirname "$0")/.."
sh tools/install-deps.sh
make
make install
make demo
