/* The module's entry point, its errors, its handles and the readers of
 * table fields. Every handle the library gives is held by a userdata at
 * once, so that a Lua error (which unwinds past the C code) leaks nothing:
 * the garbage collector frees it. */
#include <stdio.h>
#include <string.h>

#include "lua_accelsel.h"

/* ---- Errors -------------------------------------------------------------- */

static int error_tostring(lua_State *L)
{
    lua_getfield(L, 1, "status");
    lua_pushliteral(L, ": ");
    lua_getfield(L, 1, "message");
    lua_concat(L, 3);
    return 1;
}

int la_fail(lua_State *L, int rc)
{
    const accelsel_error *e = accelsel_last_error();
    lua_createtable(L, 0, 4);
    lua_pushstring(L, accelsel_status_name(rc));
    lua_setfield(L, -2, "status");
    lua_pushinteger(L, rc);
    lua_setfield(L, -2, "code");
    lua_pushstring(L, e->code == rc ? e->message : accelsel_strerror(rc));
    lua_setfield(L, -2, "message");
    if (e->code == rc && e->field != NULL) {
        lua_pushstring(L, e->field);
        lua_setfield(L, -2, "field");
    }
    if (luaL_newmetatable(L, "accelsel.error")) {
        lua_pushcfunction(L, error_tostring);
        lua_setfield(L, -2, "__tostring");
    }
    lua_setmetatable(L, -2);
    return lua_error(L);
}

/* ---- Handles ------------------------------------------------------------- */

typedef struct box {
    void *handle;
} box;

void *la_check(lua_State *L, int idx, const char *tname)
{
    box *b = luaL_checkudata(L, idx, tname);
    if (b->handle == NULL)
        luaL_argerror(L, idx, "a freed handle");
    return b->handle;
}

void la_push(lua_State *L, const char *tname, void *handle, int keep)
{
    box *b = lua_newuserdata(L, sizeof *b);
    b->handle = handle;
    luaL_getmetatable(L, tname);
    lua_setmetatable(L, -2);
    /* The environment table holds what the handle uses. */
    lua_createtable(L, 1, 0);
    if (keep > 0) {
        lua_pushvalue(L, keep);
        lua_rawseti(L, -2, 1);
    }
    lua_setfenv(L, -2);
}

static box *boxed(lua_State *L, const char *tname)
{
    return luaL_checkudata(L, 1, tname);
}

#define FINALIZER(name, tname, type, free_fn)                                                   \
    static int name(lua_State *L)                                                             \
    {                                                                                         \
        box *b = boxed(L, tname);                                                             \
        free_fn((type *)b->handle);                                                           \
        b->handle = NULL;                                                                     \
        return 0;                                                                             \
    }

FINALIZER(gc_catalog, LA_CATALOG, accelsel_catalog, accelsel_catalog_free)
FINALIZER(gc_predictor, LA_PREDICTOR, accelsel_predictor, accelsel_predictor_free)
FINALIZER(gc_network, LA_NETWORK, accelsel_network, accelsel_network_free)
FINALIZER(gc_cluster, LA_CLUSTER, accelsel_place_cluster, accelsel_place_cluster_free)

static int network_name(lua_State *L)
{
    lua_pushstring(L, accelsel_network_name(la_check(L, 1, LA_NETWORK)));
    return 1;
}

static int cluster_partitions(lua_State *L)
{
    const accelsel_place_cluster *c = la_check(L, 1, LA_CLUSTER);
    size_t n = accelsel_place_cluster_partitions(c);
    lua_createtable(L, (int)n, 0);
    for (size_t i = 0; i < n; i++) {
        lua_pushstring(L, accelsel_place_cluster_partition(c, i)->name);
        lua_rawseti(L, -2, (int)i + 1);
    }
    return 1;
}

static const luaL_Reg predictor_methods[] = { { "predict", la_predict }, { NULL, NULL } };
static const luaL_Reg network_methods[] = { { "name", network_name }, { NULL, NULL } };
static const luaL_Reg cluster_methods[] = { { "partitions", cluster_partitions }, { NULL, NULL } };

static void metatable(lua_State *L, const char *tname, lua_CFunction gc, const luaL_Reg *methods)
{
    luaL_newmetatable(L, tname);
    lua_pushcfunction(L, gc);
    lua_setfield(L, -2, "__gc");
    lua_newtable(L);
    if (methods != NULL)
        luaL_register(L, NULL, methods);
    lua_setfield(L, -2, "__index");
    lua_pop(L, 1);
}

void la_register_handles(lua_State *L)
{
    metatable(L, LA_CATALOG, gc_catalog, NULL);
    metatable(L, LA_PREDICTOR, gc_predictor, predictor_methods);
    metatable(L, LA_NETWORK, gc_network, network_methods);
    metatable(L, LA_CLUSTER, gc_cluster, cluster_methods);
}

/* Memory the library hands out, freed with the userdata that holds it. */
typedef struct owned {
    void *ptr;
    void (*free_fn)(void *);
} owned;

static int gc_owned(lua_State *L)
{
    owned *o = luaL_checkudata(L, 1, "accelsel.owned");
    if (o->ptr != NULL)
        o->free_fn(o->ptr);
    o->ptr = NULL;
    return 0;
}

void **la_owned(lua_State *L, void (*free_fn)(void *))
{
    owned *o = lua_newuserdata(L, sizeof *o);
    *o = (owned){ NULL, free_fn };
    if (luaL_newmetatable(L, "accelsel.owned")) {
        lua_pushcfunction(L, gc_owned);
        lua_setfield(L, -2, "__gc");
    }
    lua_setmetatable(L, -2);
    return &o->ptr;
}

/* ---- Fields of tables ---------------------------------------------------- */

void la_set_number(lua_State *L, const char *key, double v)
{
    lua_pushnumber(L, v);
    lua_setfield(L, -2, key);
}

void la_set_string(lua_State *L, const char *key, const char *v)
{
    lua_pushstring(L, v);
    lua_setfield(L, -2, key);
}

void la_check_keys(lua_State *L, int idx, const char *what, const char *const *keys)
{
    luaL_checktype(L, idx, LUA_TTABLE);
    lua_pushnil(L);
    while (lua_next(L, idx) != 0) {
        lua_pop(L, 1);
        const char *k = lua_type(L, -1) == LUA_TSTRING ? lua_tostring(L, -1) : NULL;
        int known = 0;
        for (const char *const *key = keys; k != NULL && *key != NULL && !known; key++)
            known = strcmp(k, *key) == 0;
        if (!known) {
            luaL_Buffer b;
            luaL_buffinit(L, &b);
            for (const char *const *key = keys; *key != NULL; key++) {
                luaL_addstring(&b, key == keys ? "" : ", ");
                luaL_addstring(&b, *key);
            }
            luaL_pushresult(&b);
            luaL_error(L, "%s: unknown key %s (known: %s)", what,
                       k != NULL ? k : luaL_typename(L, -2), lua_tostring(L, -1));
        }
    }
}

/* Push field @p key of the table at @p idx: 1 if it is there, 0 (nothing
 * pushed) if absent or nil. */
static int field(lua_State *L, int idx, const char *key)
{
    lua_getfield(L, idx, key);
    if (!lua_isnil(L, -1))
        return 1;
    lua_pop(L, 1);
    return 0;
}

void la_number(lua_State *L, int idx, const char *key, double *out)
{
    if (!field(L, idx, key))
        return;
    if (lua_type(L, -1) != LUA_TNUMBER)
        luaL_error(L, "'%s' must be a number, not %s", key, luaL_typename(L, -1));
    *out = lua_tonumber(L, -1);
    lua_pop(L, 1);
}

void la_count(lua_State *L, int idx, const char *key, uint32_t *out)
{
    double v = *out;
    la_number(L, idx, key, &v);
    if (!(v >= 0 && v <= UINT32_MAX && v == (double)(uint32_t)v))
        luaL_error(L, "'%s' must be a whole number from 0 to 4294967295, not %f", key, v);
    *out = (uint32_t)v;
}

void la_string(lua_State *L, int idx, const char *key, const char **out)
{
    if (!field(L, idx, key))
        return;
    if (lua_type(L, -1) != LUA_TSTRING)
        luaL_error(L, "'%s' must be a string, not %s", key, luaL_typename(L, -1));
    *out = lua_tostring(L, -1); /* the table holds it */
    lua_pop(L, 1);
}

/* A name among @p n names of @p name_of, or @p extra ("auto") for
 * @p extra_value. */
static void named(lua_State *L, int idx, const char *key, const char *(*name_of)(int), int n,
                  const char *extra, int extra_value, int32_t *out)
{
    const char *s = NULL;
    la_string(L, idx, key, &s);
    if (s == NULL)
        return;
    if (extra != NULL && strcmp(s, extra) == 0) {
        *out = extra_value;
        return;
    }
    for (int i = 0; i < n; i++)
        if (name_of(i) != NULL && strcmp(name_of(i), s) == 0) {
            *out = i;
            return;
        }
    luaL_error(L, "'%s': unknown name '%s'", key, s);
}

static const char *stack_name(int s)
{
    return accelsel_stack_name(s);
}

void la_precision(lua_State *L, int idx, const char *key, int32_t *out)
{
    named(L, idx, key, accelsel_precision_name, ACCELSEL_PRECISION_COUNT, "auto",
          ACCELSEL_PRECISION_AUTO, out);
}

void la_stack(lua_State *L, int idx, const char *key, int32_t *out)
{
    named(L, idx, key, stack_name, ACCELSEL_STACK_COUNT, NULL, 0, out);
}

const accelsel_network *la_network_field(lua_State *L, int idx)
{
    lua_getfield(L, idx, "network");
    if (lua_type(L, -1) == LUA_TSTRING) {
        lua_pushcfunction(L, la_network);
        lua_insert(L, -2);
        lua_call(L, 1, 1); /* a new network, held by the stack */
    } else if (!lua_isuserdata(L, -1)) {
        luaL_error(L, "'network' must be a network or a name, not %s", luaL_typename(L, -1));
    }
    return la_check(L, lua_gettop(L), LA_NETWORK);
}

/* ---- The module ---------------------------------------------------------- */

static int version(lua_State *L)
{
    lua_pushstring(L, accelsel_version(NULL, NULL, NULL));
    return 1;
}

static const luaL_Reg functions[] = {
    { "version", version },     { "catalog", la_catalog },     { "predictor", la_predictor },
    { "network", la_network },  { "cluster", la_cluster },     { "predict", la_predict },
    { "parse_job", la_parse_job }, { "place", la_place },       { NULL, NULL },
};

int luaopen_accelsel(lua_State *L);

int luaopen_accelsel(lua_State *L)
{
    la_register_handles(L);
    luaL_register(L, "accelsel", functions);
    return 1;
}
