#!/usr/bin/env bash
# Install into a staging directory and build a consumer program against the
# installed tree with pkg-config alone, then run it.
# usage: install_test.sh BUILD_DIR SOURCE_DIR
set -euo pipefail
build=$1
src=$2
stage=$(mktemp -d)
trap 'rm -rf "$stage"' EXIT
meson install -C "$build" --destdir "$stage" --no-rebuild --quiet
pc=$(find "$stage" -name accelsel.pc | head -n 1)
[ -n "$pc" ] || { echo "accelsel.pc was not installed"; exit 1; }
export PKG_CONFIG_PATH=$(dirname "$pc")
export PKG_CONFIG_SYSROOT_DIR=$stage
cc -std=c11 -Wall -Werror -o "$stage/consumer" "$src/tests/install_consumer.c" \
    $(pkg-config --cflags --libs accelsel)
libdir=$(dirname "$(find "$stage" -name 'libaccelsel.so.0' | head -n 1)")
soname=$(objdump -p "$libdir/libaccelsel.so.0" | awk '/SONAME/ {print $2}')
[ "$soname" = "libaccelsel.so.0" ] || { echo "SONAME is '$soname'"; exit 1; }
[ -f "$libdir/libaccelsel.a" ] || { echo "static library not installed"; exit 1; }
[ -x "$(find "$stage" -path '*/bin/accelsel' | head -n 1)" ] || { echo "accelsel CLI not installed"; exit 1; }
LD_LIBRARY_PATH=$libdir "$stage/consumer"
