#!/bin/sh
# test/timed.sh NAME COMMAND...: runs COMMAND (environment assignments allowed first),
# then prints how long it took, so a CI log says which run is the long one.
name=$1
shift
start=$(date +%s)
env "$@"
rc=$?
echo "== $name: $(($(date +%s) - start)) s, exit $rc"
exit $rc
