/* Names of layer kinds, activation functions and pool modes as the YAML
 * format spells them, and how many inputs each kind takes. */
#include <stdint.h>
#include <string.h>

#include "dnn/net.h"

static const char *const kind_names[] = {
    [ACCELSEL_LAYER_INPUT] = "input",         [ACCELSEL_LAYER_CONV2D] = "conv2d",
    [ACCELSEL_LAYER_LINEAR] = "linear",       [ACCELSEL_LAYER_MATMUL] = "matmul",
    [ACCELSEL_LAYER_ATTENTION] = "attention", [ACCELSEL_LAYER_POOL] = "pool",
    [ACCELSEL_LAYER_BATCHNORM] = "batchnorm", [ACCELSEL_LAYER_LAYERNORM] = "layernorm",
    [ACCELSEL_LAYER_ACTIVATION] = "activation", [ACCELSEL_LAYER_ADD] = "add",
    [ACCELSEL_LAYER_CONCAT] = "concat",       [ACCELSEL_LAYER_EMBEDDING] = "embedding",
    [ACCELSEL_LAYER_FLATTEN] = "flatten",     [ACCELSEL_LAYER_SLICE] = "slice",
    [ACCELSEL_LAYER_MUL] = "mul",             [ACCELSEL_LAYER_RMSNORM] = "rmsnorm",
    [ACCELSEL_LAYER_MOE] = "moe",
};
#define N_KINDS (sizeof kind_names / sizeof kind_names[0])

static const char *const act_names[ASEL_ACT_COUNT] = {
    [ASEL_ACT_RELU] = "relu",       [ASEL_ACT_RELU6] = "relu6",     [ASEL_ACT_GELU] = "gelu",
    [ASEL_ACT_SILU] = "silu",       [ASEL_ACT_SIGMOID] = "sigmoid", [ASEL_ACT_TANH] = "tanh",
    [ASEL_ACT_HARDSWISH] = "hardswish", [ASEL_ACT_SOFTMAX] = "softmax",
};

static const char *const pool_names[ASEL_POOL_COUNT] = {[ASEL_POOL_MAX] = "max",
                                                        [ASEL_POOL_AVG] = "avg"};

static int lookup(const char *const *names, size_t n, const char *s)
{
    for (size_t i = 0; i < n; i++)
        if (names[i] != NULL && strcmp(names[i], s) == 0)
            return (int)i;
    return -1;
}

const char *asel_kind_name(int kind)
{
    return kind > 0 && (size_t)kind < N_KINDS ? kind_names[kind] : "layer";
}

int asel_kind_from_name(const char *s)
{
    return lookup(kind_names, N_KINDS, s);
}

const char *asel_act_name(int op)
{
    return op >= 0 && op < ASEL_ACT_COUNT ? act_names[op] : NULL;
}

int asel_act_from_name(const char *s)
{
    return lookup(act_names, ASEL_ACT_COUNT, s);
}

const char *asel_pool_name(int op)
{
    return op >= 0 && op < ASEL_POOL_COUNT ? pool_names[op] : NULL;
}

int asel_pool_from_name(const char *s)
{
    return lookup(pool_names, ASEL_POOL_COUNT, s);
}

void asel_kind_arity(int kind, size_t *min, size_t *max)
{
    switch (kind) {
    case ACCELSEL_LAYER_INPUT:
        *min = *max = 0;
        break;
    case ACCELSEL_LAYER_MATMUL:
        *min = *max = 2;
        break;
    case ACCELSEL_LAYER_ADD:
    case ACCELSEL_LAYER_MUL:
    case ACCELSEL_LAYER_CONCAT:
        *min = 2;
        *max = SIZE_MAX;
        break;
    default:
        *min = *max = 1;
    }
}
