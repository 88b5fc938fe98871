/* The Lua 5.1 module `accelsel` (docs/lua.md): the library's catalogs,
 * predictors, networks, clusters, predictions and placements for Lua
 * programs such as Slurm's job_submit/lua plugin. Wrong types and library
 * failures are Lua errors, never a crash. */
#ifndef LUA_ACCELSEL_H
#define LUA_ACCELSEL_H

#include <stdint.h>

#include <lauxlib.h>
#include <lua.h>

#include <accelsel/accelsel.h>

/* Metatable names of the handles. */
#define LA_CATALOG "accelsel.catalog"
#define LA_PREDICTOR "accelsel.predictor"
#define LA_NETWORK "accelsel.network"
#define LA_CLUSTER "accelsel.cluster"

/* Raise the library's last error as a Lua error: a table {status, code,
 * message, field} whose tostring() is "STATUS: message". Does not return. */
int la_fail(lua_State *L, int rc);

/* A full userdata at @p idx of metatable @p tname: its handle (never NULL;
 * a closed or wrong value is a Lua error). */
void *la_check(lua_State *L, int idx, const char *tname);

/* A new userdata of @p tname holding @p handle, on the stack; with
 * @p keep > 0, the value at stack index @p keep is kept alive as long as it
 * (a predictor's or cluster's catalog). */
void la_push(lua_State *L, const char *tname, void *handle, int keep);

/* A userdata on the stack that frees what its slot points to with
 * @p free_fn when collected: the slot, to be set once the library gives
 * the memory. */
void **la_owned(lua_State *L, void (*free_fn)(void *));

/* The table at @p idx may hold only the NULL-terminated @p keys (a Lua
 * error names any other and the nearest known one). */
void la_check_keys(lua_State *L, int idx, const char *what, const char *const *keys);

/* Fields of the table at @p idx; absent or nil leaves *out as it is. A
 * field of the wrong type, or a count that is not a whole number in
 * range, is a Lua error naming it. */
void la_number(lua_State *L, int idx, const char *key, double *out);
void la_count(lua_State *L, int idx, const char *key, uint32_t *out);
void la_string(lua_State *L, int idx, const char *key, const char **out);
void la_precision(lua_State *L, int idx, const char *key, int32_t *out);
void la_stack(lua_State *L, int idx, const char *key, int32_t *out);

/* Set field @p key of the table on the top of the stack. */
void la_set_number(lua_State *L, const char *key, double v);
void la_set_string(lua_State *L, const char *key, const char *v);

/* The network of field "network" of the table at @p idx: a network handle,
 * or a zoo name or network file loaded now; its userdata is left on the
 * top of the stack, which holds it. */
const accelsel_network *la_network_field(lua_State *L, int idx);

/* The module's functions, by file. */
int la_catalog(lua_State *L);
int la_predictor(lua_State *L);
int la_network(lua_State *L);
int la_cluster(lua_State *L);
int la_predict(lua_State *L);
int la_parse_job(lua_State *L);
int la_place(lua_State *L);
void la_register_handles(lua_State *L);

#endif
