"""libaccelsel for Python: a ctypes binding, standard library only.

The shared library is found through the ACCELSEL_LIBRARY environment variable,
else next to this file's build tree (build/libaccelsel.so), else by
ctypes.util.find_library("accelsel"). Every failing call raises AccelselError,
which carries the status name and the library's detail message.
"""
# --- core (maintained with include/accelsel/common.h) ---

# --- dataset ---

# --- features and clustering ---

# --- importance ---

# --- ranking ---

# --- catalog ---

# --- network ---
