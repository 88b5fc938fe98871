#!/usr/bin/env bash
# Install into a staging directory (DESTDIR) and use the staged tree as a new
# user would: build the README's C example with pkg-config alone (no sysroot
# variable: the .pc file finds its prefix from its own place), run the staged
# tool without LD_LIBRARY_PATH (its RPATH is $ORIGIN-relative), read the man
# page, and import the staged binding with no ACCELSEL_LIBRARY.
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
unset PKG_CONFIG_SYSROOT_DIR ACCELSEL_LIBRARY LD_LIBRARY_PATH
cc -std=c11 -Wall -Werror -o "$stage/consumer" "$src/tests/install_consumer.c" \
    $(pkg-config --cflags --libs accelsel)
bash "$src/tools/readme-example" "$src/README.md" "C example" c > "$stage/example.c"
[ -s "$stage/example.c" ] || { echo "no C example in README.md"; exit 1; }
cc -o "$stage/example" "$stage/example.c" $(pkg-config --cflags --libs accelsel)
libdir=$(dirname "$(find "$stage" -name 'libaccelsel.so.0' | head -n 1)")
soname=$(objdump -p "$libdir/libaccelsel.so.0" | awk '/SONAME/ {print $2}')
[ "$soname" = "libaccelsel.so.0" ] || { echo "SONAME is '$soname'"; exit 1; }
[ -f "$libdir/libaccelsel.a" ] || { echo "static library not installed"; exit 1; }
tool=$(find "$stage" -path '*/bin/accelsel' | head -n 1)
[ -x "$tool" ] || { echo "accelsel CLI not installed"; exit 1; }
"$tool" --version | grep -q '^accelsel [0-9]' || { echo "installed accelsel does not run by itself"; exit 1; }
man=$(find "$stage" -path '*/man1/accelsel.1' | head -n 1)
[ -n "$man" ] || { echo "accelsel.1 was not installed"; exit 1; }
for cmd in $("$tool" --help | awk '/^commands:/ {c = 1; next} c && /^  [a-z]/ {print $1}'); do
    grep -q "^\.SS $cmd\$" "$man" || { echo "accelsel.1 lacks the command '$cmd'"; exit 1; }
done
LD_LIBRARY_PATH=$libdir "$stage/consumer"
LD_LIBRARY_PATH=$libdir "$stage/example" | grep -q ' min$' || { echo "README C example printed no row"; exit 1; }
py=$(find "$stage" -name accelsel.py | head -n 1)
[ -n "$py" ] || { echo "the Python binding was not installed"; exit 1; }
# No ACCELSEL_LIBRARY: the binding finds the library in its own prefix.
(cd "$stage" && PYTHONPATH=$(dirname "$py") /usr/bin/python3 -c \
    'import accelsel, sys; sys.exit(0 if accelsel._lib._name.startswith(sys.argv[1]) else "loaded " + accelsel._lib._name)' "$stage")
