/* Making the module's handles: catalogs, predictors, networks, clusters. */
#include <string.h>

#include "lua_accelsel.h"

/* accelsel.catalog([path]): the built-in catalog, or a catalog file. */
int la_catalog(lua_State *L)
{
    const char *path = luaL_optstring(L, 1, NULL);
    accelsel_catalog *cat;
    int rc = path != NULL ? accelsel_catalog_load_file(&cat, path)
                          : accelsel_catalog_load_builtin(&cat);
    if (rc < 0)
        return la_fail(L, rc);
    la_push(L, LA_CATALOG, cat, 0);
    return 1;
}

/* accelsel.predictor(catalog [, params]): the shipped fit, or the
 * parameters of a file written by `accelsel predict --save`. */
int la_predictor(lua_State *L)
{
    const accelsel_catalog *cat = la_check(L, 1, LA_CATALOG);
    const char *params = luaL_optstring(L, 2, NULL);
    accelsel_predictor *p;
    int rc = params != NULL ? accelsel_predictor_load_params_file(&p, cat, params, NULL)
                            : accelsel_predictor_new(&p, cat, NULL);
    if (rc < 0)
        return la_fail(L, rc);
    la_push(L, LA_PREDICTOR, p, 1);
    return 1;
}

/* accelsel.network(name): a zoo network, or a network file (a name ending
 * in .yaml or holding a slash). */
int la_network(lua_State *L)
{
    const char *name = luaL_checkstring(L, 1);
    size_t len = strlen(name);
    int file = strchr(name, '/') != NULL || (len > 5 && strcmp(name + len - 5, ".yaml") == 0);
    accelsel_network *net;
    int rc = file ? accelsel_network_load_file(&net, name, NULL)
                  : accelsel_network_load_zoo(&net, name, NULL);
    if (rc < 0)
        return la_fail(L, rc);
    la_push(L, LA_NETWORK, net, 0);
    return 1;
}

/* accelsel.cluster(catalog, path): a cluster file. */
int la_cluster(lua_State *L)
{
    const accelsel_catalog *cat = la_check(L, 1, LA_CATALOG);
    const char *path = luaL_checkstring(L, 2);
    accelsel_place_cluster *c;
    int rc = accelsel_place_cluster_load_file(&c, cat, path);
    if (rc < 0)
        return la_fail(L, rc);
    la_push(L, LA_CLUSTER, c, 1);
    return 1;
}
