#!/bin/sh
# Installs the Debian 12 packages gpuarray builds, tests and runs with (as root).
set -e
pkgs="build-essential octave liboctave-dev libvulkan-dev libshaderc-dev glslang-dev spirv-tools \
  mesa-vulkan-drivers vulkan-validationlayers libcmocka-dev librandom123-dev git python3"
missing=""
for p in $pkgs; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing="$missing $p"
done
if [ -n "$missing" ]; then
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -q
  apt-get install -y -q --no-install-recommends $missing
fi
