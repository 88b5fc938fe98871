#!/usr/bin/env bash
# Install into a staging directory (DESTDIR) and use the staged tree as a new
# user would: build the README's C example with pkg-config alone (no sysroot
# variable: the .pc file finds its prefix from its own place), run the staged
# tool without LD_LIBRARY_PATH (its RPATH is $ORIGIN-relative), read the man
# page, check that the binding's package (its modules, the module generated
# from the headers and py.typed) went where the python3 that the build found
# imports from, import the staged binding with no ACCELSEL_LIBRARY, and
# check that `pip install bindings/python` generates the same module.
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
libdir=$(dirname "$(find "$stage" -name 'libaccelsel.so.1' | head -n 1)")
soname=$(objdump -p "$libdir/libaccelsel.so.1" | awk '/SONAME/ {print $2}')
[ "$soname" = "libaccelsel.so.1" ] || { echo "SONAME is '$soname'"; exit 1; }
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
# The binding is where the python3 that the build found imports from (the
# directory the summary prints; bindings/python/meson.build writes it, after
# the interpreter, to python-install.txt), and imports from there.
info=$build/bindings/python/python-install.txt
[ -f "$info" ] || { echo "$info was not written"; exit 1; }
pyexe=$(sed -n 1p "$info")
if [ -n "$pyexe" ]; then
    pydir=$(sed -n 2p "$info")
    chosen=$(sed -n 3p "$info")
    pkg=$stage$pydir/accelsel
    [ -f "$pkg/__init__.py" ] ||
        { echo "the Python binding is not in $pydir (installed: $(find "$stage" -path '*/accelsel/__init__.py'))"; exit 1; }
    for f in "$src"/bindings/python/accelsel/*.py "$src"/bindings/python/accelsel/py.typed; do
        cmp -s "$f" "$pkg/$(basename "$f")" || { echo "$(basename "$f") of the package was not installed"; exit 1; }
    done
    cmp -s "$build/bindings/python/accelsel/_ctypes_gen.py" "$pkg/_ctypes_gen.py" ||
        { echo "_ctypes_gen.py, generated from the headers, was not installed"; exit 1; }
    # A directory the interpreter imports from when it exists: its site
    # directories, its user site (unless -Dpython.purelibdir chose another).
    [ "$chosen" = option ] || "$pyexe" - "$pydir" <<'PY' || exit 1
import os, site, sys
dirs = site.getsitepackages() + ([site.getusersitepackages()] if site.ENABLE_USER_SITE is not False else [])
if os.path.normpath(sys.argv[1]) not in [os.path.normpath(d) for d in dirs]:
    sys.exit("%s does not import from %s (its site directories: %s)" % (sys.executable, sys.argv[1], dirs))
PY
    prefix=$(meson introspect "$build" --buildoptions |
        "$pyexe" -c 'import json, sys; print([o["value"] for o in json.load(sys.stdin) if o["name"] == "prefix"][0])')
    # No ACCELSEL_LIBRARY: the binding finds the library in its own prefix;
    # one installed outside the prefix (or where the options said), through
    # the dynamic loader (what ldconfig gives an installed system;
    # LD_LIBRARY_PATH stands for it here).
    loader=()
    case $chosen:$pydir in
        site:"$prefix"/*) ;;
        *) loader=(LD_LIBRARY_PATH="$libdir") ;;
    esac
    (cd "$stage" && env "${loader[@]}" PYTHONPATH="$stage$pydir" "$pyexe" - "$stage" <<'PY') || exit 1
import accelsel, sys
# A name without a directory is the loader's find: the file it mapped.
name = accelsel._lib.cdll._name
if '/' not in name:
    name = next(w for w in open('/proc/self/maps').read().split() if '/libaccelsel.so' in w)
sys.exit(0 if name.startswith(sys.argv[1]) else 'loaded ' + name)
PY
else
    # -Dpython=disabled, or no python3: no binding.
    [ -z "$(find "$stage" -path '*/accelsel/__init__.py')" ] ||
        { echo "a binding was installed, though $info names none"; exit 1; }
fi
# pip, offline, on a copy of what it reads (it builds in the directory it
# is given): the package and, generated by setup.py from ../../include, the
# module Meson generated.
mkdir -p "$stage/pip/bindings"
cp -r "$src/bindings/python" "$stage/pip/bindings/"
cp -r "$src/include" "$stage/pip/"
/usr/bin/python3 -m pip install -q --no-build-isolation --no-deps --no-index --target "$stage/pip/site" \
    "$stage/pip/bindings/python" >"$stage/pip/log" 2>&1 || { cat "$stage/pip/log"; exit 1; }
cmp -s "$build/bindings/python/accelsel/_ctypes_gen.py" "$stage/pip/site/accelsel/_ctypes_gen.py" ||
    { echo "pip install bindings/python did not generate _ctypes_gen.py as the build did"; exit 1; }
[ -f "$stage/pip/site/accelsel/py.typed" ] || { echo "pip install bindings/python left out py.typed"; exit 1; }
