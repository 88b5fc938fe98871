/* accelsel_network: YAML loading and saving, shape and cost inference (every
 * expected figure derived by hand in the comments), graph accessors, argument
 * checks, a table of malformed inputs and allocation failures. */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "accelsel/network.h"
#include "testutil.h"

/* Two inputs and a layer of every kind. "fc" is listed before "flat", which
 * it reads: files need not be in dependency order. */
static const char mixed_yaml[] =
    "version: 1\n"
    "name: mixed\n"
    "inputs:\n"
    "  - name: image\n"
    "    shape: [3, 8, 8]\n"
    "  - name: tokens\n"
    "    shape: [6]\n"
    "layers:\n"
    "  - {name: conv, kind: conv2d, inputs: [image], out_channels: 4, kernel: 3, stride: 2, padding: 1}\n"
    "  - {name: dw, kind: conv2d, inputs: [conv], out_channels: 8, kernel: 3, padding: 1,\n"
    "     depthwise: true, bias: false}\n"
    "  - {name: bn, kind: batchnorm, inputs: [dw]}\n"
    "  - {name: relu, kind: activation, inputs: [bn], function: relu}\n"
    "  - {name: pool, kind: pool, inputs: [relu], mode: max, kernel: 2}\n"
    "  - {name: gpool, kind: pool, inputs: [bn], mode: avg, global: true}\n"
    "  - {name: dil, kind: conv2d, inputs: [relu], out_channels: 2, kernel: [3, 1],\n"
    "     padding: [2, 0], dilation: [2, 1]}\n"
    "  - {name: fc, kind: linear, inputs: [flat], out_features: 5}\n"
    "  - {name: flat, kind: flatten, inputs: [pool]}\n"
    "  - {name: proj, kind: conv2d, inputs: [pool], out_channels: 3, kernel: 1, bias: false}\n"
    "  - {name: cat, kind: concat, inputs: [pool, proj]}\n"
    "  - {name: emb, kind: embedding, inputs: [tokens], vocab: 100, dim: 8}\n"
    "  - {name: ln, kind: layernorm, inputs: [emb]}\n"
    "  - {name: attn, kind: attention, inputs: [ln], heads: 2}\n"
    "  - {name: q, kind: linear, inputs: [ln], out_features: 8, bias: false}\n"
    "  - {name: k, kind: linear, inputs: [ln], out_features: 8, bias: false}\n"
    "  - {name: scores, kind: matmul, inputs: [q, k], transpose_b: true}\n"
    "  - {name: sm, kind: activation, inputs: [scores], function: softmax}\n"
    "  - {name: ctx, kind: matmul, inputs: [sm, ln]}\n"
    "  - {name: sum, kind: add, inputs: [attn, ctx, ln]}\n"
    "  - {name: cls, kind: slice, inputs: [sum], size: 1}\n"
    "  - {name: head, kind: linear, inputs: [cls], out_features: 100, weights_from: emb,\n"
    "     bias: false}\n";

static accelsel_network *load_text(const char *text, const accelsel_network_options *opts)
{
    accelsel_network *net = NULL;
    int rc = accelsel_network_load_buffer(&net, text, strlen(text), opts);
    ck_assert_msg(rc == 0, "load failed: %s", accelsel_last_error()->message);
    return net;
}

static const accelsel_layer_info *layer(const accelsel_network *net, const char *name)
{
    size_t i;
    ck_assert_int_eq(accelsel_network_layer_index(net, name, &i), 0);
    const accelsel_layer_info *l = accelsel_network_layer(net, i);
    ck_assert_str_eq(l->name, name);
    return l;
}

static void assert_shape(const accelsel_layer_info *l, uint32_t rank, uint64_t a, uint64_t b,
                         uint64_t c)
{
    const uint64_t want[3] = {a, b, c};
    ck_assert_uint_eq(l->rank, rank);
    for (uint32_t d = 0; d < rank; d++)
        ck_assert_msg(l->shape[d] == want[d], "%s: dim %u is %llu, not %llu", l->name, d,
                      (unsigned long long)l->shape[d], (unsigned long long)want[d]);
}

static void assert_counts(const accelsel_layer_info *l, uint64_t params, uint64_t macs,
                          uint64_t elementwise)
{
    ck_assert_msg(l->params == params, "%s params %llu", l->name, (unsigned long long)l->params);
    ck_assert_msg(l->macs == macs, "%s macs %llu", l->name, (unsigned long long)l->macs);
    ck_assert_msg(l->elementwise_flops == elementwise, "%s elementwise %llu", l->name,
                  (unsigned long long)l->elementwise_flops);
    ck_assert_uint_eq(l->flops, 2 * macs + elementwise);
}

START_TEST(conv_and_pool_shapes_and_counts)
{
    accelsel_network *net = load_text(mixed_yaml, NULL);
    /* conv: 8x8, k3 s2 p1 -> floor((8 + 2 - 3) / 2) + 1 = 4. Params 4*3*9 + 4 = 112;
     * MACs 4*4 outputs * 4 channels * 27 = 1728; bias adds 4*16 = 64.
     * Bytes: in 192*4 = 768, out 64*4 = 256, weights 112*4 = 448: 1472;
     * intensity (2*1728 + 64) / 1472 = 3520 / 1472. */
    const accelsel_layer_info *l = layer(net, "conv");
    assert_shape(l, 3, 4, 4, 4);
    assert_counts(l, 112, 1728, 64);
    ck_assert_uint_eq(l->input_bytes, 768);
    ck_assert_uint_eq(l->output_bytes, 256);
    ck_assert_uint_eq(l->weight_bytes, 448);
    ck_assert_double_eq_tol(l->intensity, 3520.0 / 1472.0, 1e-12);
    ck_assert_uint_eq(l->gemm_m * l->gemm_n * l->gemm_k * l->gemm_batch, l->macs);
    ck_assert_uint_eq(l->stride_h, 2);
    ck_assert_uint_eq(l->pad_w, 1);
    ck_assert_uint_eq(l->has_bias, 1);
    /* dw: depthwise on 4 channels -> groups 4, 8 outputs (multiplier 2), 1 input
     * channel per group: params 8*1*9 = 72, MACs 16*72 = 1152. */
    l = layer(net, "dw");
    assert_shape(l, 3, 8, 4, 4);
    assert_counts(l, 72, 1152, 0);
    ck_assert_uint_eq(l->groups, 4);
    ck_assert_uint_eq(l->depthwise, 1);
    ck_assert_uint_eq(l->gemm_batch, 4);
    ck_assert_uint_eq(l->gemm_n, 2);
    ck_assert_uint_eq(l->gemm_k, 9);
    /* bn: scale and shift per channel 2*8; one FLOP per element, 128. */
    assert_counts(layer(net, "bn"), 16, 0, 128);
    assert_counts(layer(net, "relu"), 0, 0, 128);
    ck_assert_str_eq(layer(net, "relu")->op, "relu");
    /* pool: k2, stride defaults to the kernel -> [8, 2, 2]; 32 outputs x 4 window. */
    l = layer(net, "pool");
    assert_shape(l, 3, 8, 2, 2);
    assert_counts(l, 0, 0, 128);
    ck_assert_uint_eq(l->stride_h, 2);
    ck_assert_str_eq(l->op, "max");
    /* gpool: [8, 1, 1], each output sums its 4x4 plane: 128. */
    l = layer(net, "gpool");
    assert_shape(l, 3, 8, 1, 1);
    assert_counts(l, 0, 0, 128);
    ck_assert_uint_eq(l->global, 1);
    /* dil: kernel 3x1, padding 2x0, dilation 2x1 on 4x4: height 4 + 4 - 2*2 - 1 + 1 = 4,
     * width 4. Params 2*8*3 + 2 = 50; MACs 16 * 2 * 24 = 768; bias adds 32. */
    l = layer(net, "dil");
    assert_shape(l, 3, 2, 4, 4);
    assert_counts(l, 50, 768, 32);
    ck_assert_uint_eq(l->kernel_h, 3);
    ck_assert_uint_eq(l->kernel_w, 1);
    ck_assert_uint_eq(l->dilation_h, 2);
    /* flat [32]; fc 32 -> 5: params 165, MACs 160, bias adds 5. */
    assert_shape(layer(net, "flat"), 1, 32, 0, 0);
    assert_counts(layer(net, "fc"), 165, 160, 5);
    /* proj 1x1 8 -> 3 on 2x2: 24 params, 96 MACs; cat [8+3, 2, 2]. */
    assert_counts(layer(net, "proj"), 24, 96, 0);
    l = layer(net, "cat");
    assert_shape(l, 3, 11, 2, 2);
    ck_assert_uint_eq(l->input_elements, 32 + 12);
    accelsel_network_free(net);
}
END_TEST

START_TEST(sequence_layers_shapes_and_counts)
{
    accelsel_network *net = load_text(mixed_yaml, NULL);
    /* emb: 100 x 8 table on 6 tokens -> [6, 8]; 800 params, no FLOPs. */
    const accelsel_layer_info *l = layer(net, "emb");
    assert_shape(l, 2, 6, 8, 0);
    assert_counts(l, 800, 0, 0);
    ck_assert_uint_eq(l->vocab, 100);
    ck_assert_uint_eq(l->model_dim, 8);
    assert_counts(layer(net, "ln"), 16, 0, 48);
    /* attn: seq 6, dim 8, 2 heads. Params 4*(8*8 + 8) = 288. MACs: projections
     * 4*6*64 = 1536, scores and weighted sum 2*6*6*8 = 576: 2112. Elementwise:
     * softmax 2 heads * 36 scores = 72, biases 4*6*8 = 192: 264. */
    l = layer(net, "attn");
    assert_shape(l, 2, 6, 8, 0);
    assert_counts(l, 288, 2112, 264);
    ck_assert_uint_eq(l->sequence, 6);
    ck_assert_uint_eq(l->heads, 2);
    ck_assert_uint_eq(l->head_dim, 4);
    /* scores = q k^T: [6, 8] x [8, 6] -> [6, 6], 288 MACs; ctx [6, 6] x [6, 8], 288. */
    l = layer(net, "scores");
    assert_shape(l, 2, 6, 6, 0);
    assert_counts(l, 0, 288, 0);
    ck_assert_uint_eq(l->transpose_b, 1);
    ck_assert_uint_eq(l->gemm_k, 8);
    assert_shape(layer(net, "ctx"), 2, 6, 8, 0);
    assert_counts(layer(net, "ctx"), 0, 288, 0);
    /* sum of three [6, 8]: 2 adds per element, 96. */
    l = layer(net, "sum");
    assert_counts(l, 0, 0, 96);
    ck_assert_uint_eq(l->input_elements, 3 * 48);
    /* cls: first token [1, 8]; head reuses emb's 100 x 8 table: owns no
     * parameters but reads 800 weights; MACs 8*100 = 800. */
    assert_shape(layer(net, "cls"), 2, 1, 8, 0);
    l = layer(net, "head");
    assert_shape(l, 2, 1, 100, 0);
    assert_counts(l, 0, 800, 0);
    ck_assert_uint_eq(l->weight_elements, 800);
    size_t emb;
    ck_assert_int_eq(accelsel_network_layer_index(net, "emb", &emb), 0);
    ck_assert_int_eq(l->weights_from, (int64_t)emb);
    ck_assert_int_eq(layer(net, "fc")->weights_from, -1);
    accelsel_network_free(net);
}
END_TEST

START_TEST(totals_and_bytes_per_element)
{
    accelsel_network *net = load_text(mixed_yaml, NULL);
    /* Params: 112 + 72 + 16 + 50 + 165 + 24 + 800 + 16 + 288 + 0 (q, k and head
     * own no more than their bias-free matrices: 64 + 64) = 1543 + 128 = 1671. */
    const accelsel_network_totals *t = accelsel_network_get_totals(net);
    ck_assert_uint_eq(t->params, 1671);
    /* MACs: 1728 + 1152 + 768 + 160 + 96 + 2112 + 48*8 (q) + 48*8 (k) + 288 + 288 + 800. */
    ck_assert_uint_eq(t->macs, 1728 + 1152 + 768 + 160 + 96 + 2112 + 384 + 384 + 288 + 288 + 800);
    ck_assert_uint_eq(t->layers, 24);
    ck_assert_uint_eq(t->inputs, 2);
    ck_assert_uint_eq(t->weight_bytes, 4 * 1671);
    uint64_t macs = 0, elementwise = 0, act = 0;
    for (size_t i = 0; i < accelsel_network_layer_count(net); i++) {
        macs += accelsel_network_layer(net, i)->macs;
        elementwise += accelsel_network_layer(net, i)->elementwise_flops;
        act += accelsel_network_layer(net, i)->output_bytes;
    }
    ck_assert_uint_eq(t->macs, macs);
    ck_assert_uint_eq(t->flops, 2 * macs + elementwise);
    ck_assert_uint_eq(t->activation_bytes, act);

    accelsel_network_options o;
    ck_assert_int_eq(accelsel_network_options_init(&o, ACCELSEL_NETWORK_OPTIONS_VERSION), 0);
    ck_assert_uint_eq(o.bytes_per_element, 4);
    o.bytes_per_element = 2;
    accelsel_network *half = load_text(mixed_yaml, &o);
    ck_assert_uint_eq(accelsel_network_bytes_per_element(half), 2);
    const accelsel_layer_info *l = layer(half, "conv");
    ck_assert_uint_eq(l->weight_bytes, 224);
    ck_assert_double_eq_tol(l->intensity, 3520.0 / 736.0, 1e-12);
    ck_assert_uint_eq(accelsel_network_get_totals(half)->weight_bytes, 2 * 1671);
    accelsel_network_free(half);
    accelsel_network_free(net);
}
END_TEST

START_TEST(graph_accessors)
{
    accelsel_network *net = load_text(mixed_yaml, NULL);
    size_t n = accelsel_network_layer_count(net);
    ck_assert_uint_eq(n, 24);
    ck_assert_uint_eq(accelsel_network_input_count(net), 2);
    ck_assert_str_eq(accelsel_network_layer(net, 0)->name, "image");
    ck_assert_int_eq(accelsel_network_layer(net, 1)->kind, ACCELSEL_LAYER_INPUT);
    ck_assert_str_eq(accelsel_network_name(net), "mixed");

    const size_t *in;
    size_t n_in, sum, attn, ctx, ln;
    ck_assert_int_eq(accelsel_network_layer_index(net, "sum", &sum), 0);
    ck_assert_int_eq(accelsel_network_layer_index(net, "attn", &attn), 0);
    ck_assert_int_eq(accelsel_network_layer_index(net, "ctx", &ctx), 0);
    ck_assert_int_eq(accelsel_network_layer_index(net, "ln", &ln), 0);
    ck_assert_int_eq(accelsel_network_layer_inputs(net, sum, &in, &n_in), 0);
    ck_assert_uint_eq(n_in, 3);
    ck_assert_uint_eq(in[0], attn);
    ck_assert_uint_eq(in[1], ctx);
    ck_assert_uint_eq(in[2], ln);
    ck_assert_int_eq(accelsel_network_layer_inputs(net, 0, &in, &n_in), 0);
    ck_assert_uint_eq(n_in, 0);

    /* ln feeds attn, q, k, ctx and sum (indices ascending). */
    const size_t *out;
    size_t n_out;
    ck_assert_int_eq(accelsel_network_layer_outputs(net, ln, &out, &n_out), 0);
    ck_assert_uint_eq(n_out, 5);
    for (size_t i = 1; i < n_out; i++)
        ck_assert_uint_lt(out[i - 1], out[i]);

    /* Topological order: a permutation with every layer after its inputs. */
    const size_t *order;
    size_t n_order;
    ck_assert_int_eq(accelsel_network_topo_order(net, &order, &n_order), 0);
    ck_assert_uint_eq(n_order, n);
    size_t *pos = calloc(n, sizeof *pos);
    int *seen = calloc(n, sizeof *seen);
    for (size_t k = 0; k < n; k++) {
        ck_assert(!seen[order[k]]);
        seen[order[k]] = 1;
        pos[order[k]] = k;
    }
    for (size_t i = 0; i < n; i++) {
        ck_assert_int_eq(accelsel_network_layer_inputs(net, i, &in, &n_in), 0);
        for (size_t e = 0; e < n_in; e++)
            ck_assert_uint_lt(pos[in[e]], pos[i]);
    }
    free(pos);
    free(seen);

    /* Outputs: what nothing reads: gpool, dil, fc, cat, head. */
    ck_assert_int_eq(accelsel_network_outputs(net, &out, &n_out), 0);
    ck_assert_uint_eq(n_out, 5);
    const char *expect[] = {"gpool", "dil", "fc", "cat", "head"};
    for (size_t k = 0; k < 5; k++)
        ck_assert_str_eq(accelsel_network_layer(net, out[k])->name, expect[k]);
    ck_assert_uint_eq(accelsel_network_get_totals(net)->outputs, 5);
    accelsel_network_free(net);
}
END_TEST

START_TEST(argument_checks)
{
    accelsel_network *net = (accelsel_network *)&net, *ok = load_text(mixed_yaml, NULL);
    ck_assert_int_eq(accelsel_network_load_buffer(NULL, "", 0, NULL), ACCELSEL_EINVAL);
    ck_assert_int_eq(accelsel_network_load_buffer(&net, NULL, 3, NULL), ACCELSEL_EINVAL);
    ck_assert_ptr_null(net);
    ck_assert_int_eq(accelsel_network_load_file(&net, NULL, NULL), ACCELSEL_EINVAL);
    ck_assert(strstr(accelsel_last_error()->message, "'path'") != NULL);
    ck_assert_int_eq(accelsel_network_load_zoo(&net, NULL, NULL), ACCELSEL_EINVAL);
    accelsel_network_options o = ACCELSEL_NETWORK_OPTIONS_INIT;
    o.bytes_per_element = 0;
    ck_assert_int_eq(accelsel_network_load_buffer(&net, "a", 1, &o), ACCELSEL_EINVAL);
    ck_assert(strstr(accelsel_last_error()->message, "bytes_per_element 0") != NULL);
    o.bytes_per_element = 4;
    o.version = 99;
    ck_assert_int_eq(accelsel_network_load_buffer(&net, "a", 1, &o), ACCELSEL_EVERSION);
    ck_assert_int_eq(accelsel_network_options_init(&o, 99), ACCELSEL_EVERSION);
    ck_assert_int_eq(accelsel_network_options_init(NULL, 1), ACCELSEL_EINVAL);
    ck_assert_uint_eq(accelsel_network_options_size(), sizeof(accelsel_network_options));
    ck_assert_uint_eq(accelsel_layer_info_size(), sizeof(accelsel_layer_info));
    ck_assert_uint_eq(accelsel_network_totals_size(), sizeof(accelsel_network_totals));

    const size_t *idx;
    size_t n, i;
    ck_assert_int_eq(accelsel_network_layer_inputs(ok, 24, &idx, &n), ACCELSEL_EINVAL);
    ck_assert_int_eq(accelsel_network_layer_inputs(NULL, 0, &idx, &n), ACCELSEL_EINVAL);
    ck_assert_int_eq(accelsel_network_layer_outputs(ok, 99, &idx, &n), ACCELSEL_EINVAL);
    ck_assert_int_eq(accelsel_network_topo_order(ok, NULL, &n), ACCELSEL_EINVAL);
    ck_assert_int_eq(accelsel_network_outputs(ok, &idx, NULL), ACCELSEL_EINVAL);
    ck_assert_int_eq(accelsel_network_layer_index(ok, "nope", &i), ACCELSEL_ENOTFOUND);
    ck_assert(strstr(accelsel_last_error()->message, "no layer 'nope'") != NULL);
    ck_assert_ptr_null(accelsel_network_layer(ok, 24));
    ck_assert_ptr_null(accelsel_network_layer(NULL, 0));
    ck_assert_uint_eq(accelsel_network_layer_count(NULL), 0);
    ck_assert_ptr_null(accelsel_network_get_totals(NULL));
    ck_assert_ptr_null(accelsel_network_name(NULL));
    char *text = (char *)&n;
    ck_assert_int_eq(accelsel_network_save_buffer(NULL, &text, &n), ACCELSEL_EINVAL);
    ck_assert_ptr_null(text);
    ck_assert_int_eq(accelsel_network_save_file(ok, NULL), ACCELSEL_EINVAL);
    accelsel_network_free(NULL);
    accelsel_network_free(ok);
}
END_TEST

/* Every field of two layer infos (names compared as strings). */
static void assert_same_layers(const accelsel_network *a, const accelsel_network *b)
{
    ck_assert_uint_eq(accelsel_network_layer_count(a), accelsel_network_layer_count(b));
    ck_assert_str_eq(accelsel_network_name(a), accelsel_network_name(b));
    for (size_t i = 0; i < accelsel_network_layer_count(a); i++) {
        accelsel_layer_info x = *accelsel_network_layer(a, i), y = *accelsel_network_layer(b, i);
        ck_assert_str_eq(x.name, y.name);
        ck_assert_str_eq(x.kind_name, y.kind_name);
        ck_assert((x.op == NULL) == (y.op == NULL));
        if (x.op != NULL)
            ck_assert_str_eq(x.op, y.op);
        x.name = y.name = x.kind_name = y.kind_name = x.op = y.op = NULL;
        ck_assert_msg(memcmp(&x, &y, sizeof x) == 0, "layer %zu differs", i);
        const size_t *ia, *ib;
        size_t na, nb;
        accelsel_network_layer_inputs(a, i, &ia, &na);
        accelsel_network_layer_inputs(b, i, &ib, &nb);
        ck_assert_uint_eq(na, nb);
        for (size_t e = 0; e < na; e++)
            ck_assert_uint_eq(ia[e], ib[e]);
    }
}

static char *save(const accelsel_network *net)
{
    char *text;
    size_t len;
    ck_assert_int_eq(accelsel_network_save_buffer(net, &text, &len), 0);
    ck_assert_uint_eq(len, strlen(text));
    return text;
}

START_TEST(round_trip_is_exact)
{
    accelsel_network *a = load_text(mixed_yaml, NULL);
    char *t1 = save(a);
    accelsel_network *b = load_text(t1, NULL);
    assert_same_layers(a, b);
    char *t2 = save(b);
    ck_assert_str_eq(t1, t2);
    /* The canonical form: explicit values kept, defaults left out. */
    ck_assert(strstr(t1, "  - name: dil\n    kind: conv2d\n    inputs: [relu]\n    out_channels: 2\n"
                         "    kernel: [3, 1]\n    padding: [2, 0]\n    dilation: [2, 1]\n") != NULL);
    ck_assert(strstr(t1, "    depthwise: true\n    bias: false\n") != NULL);
    ck_assert(strstr(t1, "weights_from: emb\n") != NULL);
    ck_assert(strstr(t1, "stride: 2\n") != NULL);
    ck_assert(strstr(t1, "    mode: max\n    kernel: 2\n  - name: gpool") != NULL);
    accelsel_free(t1);
    accelsel_free(t2);
    accelsel_network_free(a);
    accelsel_network_free(b);
}
END_TEST

/* Names that need quoting, or a block list (':' in an input name). */
START_TEST(round_trip_quotes_odd_names)
{
    static const char text[] =
        "name: \"odd: net\"\n"
        "inputs:\n"
        "  - {name: \"in:put\", shape: [4]}\n"
        "  - {name: \"1\", shape: [4]}\n"
        "layers:\n"
        "  - {name: \"a, b\", kind: add, inputs: [\"in:put\", \"1\"]}\n"
        "  - {name: \"true\", kind: activation, inputs: [\"a, b\"], function: gelu}\n"
        "  - {name: \"\xc3\xbc [x] #y\", kind: layernorm, inputs: [\"true\"]}\n";
    accelsel_network *a = load_text(text, NULL);
    char *t1 = save(a);
    ck_assert(strstr(t1, "    inputs:\n      - in:put\n      - \"1\"\n") != NULL);
    accelsel_network *b = load_text(t1, NULL);
    assert_same_layers(a, b);
    char *t2 = save(b);
    ck_assert_str_eq(t1, t2);
    ck_assert_str_eq(accelsel_network_layer(b, 4)->name, "\xc3\xbc [x] #y");
    accelsel_free(t1);
    accelsel_free(t2);
    accelsel_network_free(a);
    accelsel_network_free(b);
}
END_TEST

START_TEST(files_load_and_save)
{
    char path[] = "/tmp/accelsel-network-XXXXXX";
    int fd = mkstemp(path);
    ck_assert_int_ge(fd, 0);
    close(fd);
    accelsel_network *a = load_text(mixed_yaml, NULL), *b = NULL;
    ck_assert_int_eq(accelsel_network_save_file(a, path), 0);
    ck_assert_int_eq(accelsel_network_load_file(&b, path, NULL), 0);
    assert_same_layers(a, b);
    accelsel_network_free(b);
    /* Parse errors from a file name the file. */
    FILE *f = fopen(path, "w");
    fputs("name: x\nbogus: 1\n", f);
    fclose(f);
    ck_assert_int_eq(accelsel_network_load_file(&b, path, NULL), ACCELSEL_EPARSE);
    ck_assert_str_eq(accelsel_last_error()->source, path);
    ck_assert_uint_eq(accelsel_last_error()->line, 2);
    remove(path);
    ck_assert_int_eq(accelsel_network_load_file(&b, path, NULL), ACCELSEL_EIO);
    ck_assert(strstr(accelsel_last_error()->message, path) != NULL);
    ck_assert_int_eq(accelsel_network_save_file(a, "/nonexistent-dir/x.yaml"), ACCELSEL_EIO);
    accelsel_network_free(a);
}
END_TEST

/* The example files under examples/, with totals worked out by hand:
 * residual: params 16*27 + 2*16*16*9 + 16*32*9 + 32*32*9 + 16*32 (convs)
 *   + 2*(16+16+16+32+32+32) (norms) + 32*10+10 = 19,994; MACs 1024*432
 *   + 2*1024*2304 + 256*4608 + 256*9216 + 256*512 + 320 = 8,831,296.
 * transformer: params 1000*64 + 32*64 + 4*(64*64+64) + 64*256+256 + 256*64+64
 *   + 3*128 = 116,160 (the tied head owns none); MACs 4*32*4096 + 2*32*32*64
 *   + 2*32*64*256 + 32*64*1000 = 3,751,936.
 * two-branch: params 32*27+32 + 16*9+16 + 64*12*9+64 + 64*9+64 + 128*64+128
 *   + 128*2+2 = 17,250; MACs 1024*(864 + 144 + 6912) + 256*(576 + 8192) + 256
 *   = 10,354,944. */
START_TEST(example_files)
{
    static const struct {
        const char *path;
        uint64_t params, macs;
        size_t inputs;
    } files[] = {
        {"examples/network-residual.yaml", 19994, 8831296, 1},
        {"examples/network-transformer.yaml", 116160, 3751936, 1},
        {"examples/network-two-branch.yaml", 17250, 10354944, 2},
    };
    for (size_t i = 0; i < sizeof files / sizeof files[0]; i++) {
        accelsel_network *net = NULL;
        int rc = accelsel_network_load_file(&net, testutil_source_path(files[i].path), NULL);
        ck_assert_msg(rc == 0, "%s: %s", files[i].path, accelsel_last_error()->message);
        const accelsel_network_totals *t = accelsel_network_get_totals(net);
        ck_assert_uint_eq(t->params, files[i].params);
        ck_assert_uint_eq(t->macs, files[i].macs);
        ck_assert_uint_eq(t->inputs, files[i].inputs);
        char *t1 = save(net);
        accelsel_network *again = load_text(t1, NULL);
        assert_same_layers(net, again);
        accelsel_free(t1);
        accelsel_network_free(again);
        accelsel_network_free(net);
    }
}
END_TEST

/* Malformed inputs: status, line and a fragment of the message. "H" is a
 * valid header (lines 1-5: name, one [3, 8, 8] input "x", "layers:"), so the
 * first layer is on line 6. L(name, rest) is one layer in flow style. */
#define H "name: t\ninputs:\n  - name: x\n    shape: [3, 8, 8]\nlayers:\n"
#define L(name, rest) "  - {name: " name ", kind: " rest "}\n"
#define CONV "conv2d, inputs: [x], out_channels: 4, "
/* [seq, dim] input "s" on line 3, [6] tokens "t" on line 4; layers from line 6. */
#define HS "name: t\ninputs:\n  - {name: s, shape: [6, 8]}\n  - {name: t, shape: [6]}\nlayers:\n"
static const struct {
    const char *text;
    int status;
    uint32_t line;
    const char *message;
} bad[] = {
    /* Keys: unknown, missing, wrong type, out of range. */
    {"name: t\nfoo: 1\n", ACCELSEL_EPARSE, 2, "unknown key 'foo'"},
    /* Found by fuzzing: libyaml's reader errors were reported at line 0. */
    {"\x04", ACCELSEL_EPARSE, 1, "control characters are not allowed at byte 0"},
    {"name: t\r\nlayers: \x7f\n", ACCELSEL_EPARSE, 2,
     "control characters are not allowed at byte 17"},
    {H L("a", CONV "kernel: 3, colour: red"), ACCELSEL_EPARSE, 6, "unknown key 'colour'"},
    {H "  - name: a\n    kind: conv2d\n    inputs: [x]\n    out_channels: 4\n    kernal: 3\n",
     ACCELSEL_EPARSE, 10, "unknown key 'kernal'"},
    {H L("a", CONV "stride: 2"), ACCELSEL_EPARSE, 6, "missing required key 'kernel'"},
    {H L("a", "conv2d, inputs: [x], kernel: 3"), ACCELSEL_EPARSE, 6,
     "missing required key 'out_channels'"},
    {H "  - {name: a, inputs: [x]}\n", ACCELSEL_EPARSE, 6, "missing required key 'kind'"},
    {H L("a", "conv2d, out_channels: 4, kernel: 3"), ACCELSEL_EPARSE, 6,
     "missing required key 'inputs'"},
    {"inputs: []\n", ACCELSEL_EPARSE, 1, "missing required key 'name'"},
    {H L("a", "conv2d, inputs: [x], out_channels: abc, kernel: 3"), ACCELSEL_EPARSE, 6,
     "'out_channels' must be an integer"},
    {H L("a", CONV "kernel: -1"), ACCELSEL_EPARSE, 6, "'kernel' = -1 is outside [1, 2147483647]"},
    {H L("a", "conv2d, inputs: [x], out_channels: 0, kernel: 3"), ACCELSEL_EPARSE, 6,
     "'out_channels' = 0 is outside"},
    {H L("a", CONV "kernel: 3, padding: -2"), ACCELSEL_EPARSE, 6, "'padding' = -2 is outside"},
    {H L("a", CONV "kernel: [3, 3, 3]"), ACCELSEL_EPARSE, 6,
     "'kernel' must be an integer or a list of two integers"},
    {H L("a", CONV "kernel: 3, bias: 1"), ACCELSEL_EPARSE, 6, "'bias' must be true or false"},
    {H L("a", "conv2d, inputs: x, out_channels: 4, kernel: 3"), ACCELSEL_EPARSE, 6,
     "'inputs' must be a list"},
    {H L("a", "add, inputs: [x, [x]]"), ACCELSEL_EPARSE, 6, "'inputs' must be a string, not a list"},
    {H L("\"\"", "flatten, inputs: [x]"), ACCELSEL_EPARSE, 6, "layer names must not be empty"},
    {H "  - just text\n", ACCELSEL_EPARSE, 6, "a layer must be a mapping, not a scalar"},
    {"- a\n- b\n", ACCELSEL_EPARSE, 1, "a network must be a mapping, not a list"},
    {"", ACCELSEL_EPARSE, 1, "empty network description"},
    {"# only a comment\n", ACCELSEL_EPARSE, 1, "empty network description"},
    {H L("a", "convolution, inputs: [x]"), ACCELSEL_EPARSE, 6, "unknown layer kind 'convolution'"},
    {H L("a", "input, inputs: []"), ACCELSEL_EPARSE, 6, "network inputs belong under 'inputs'"},
    {H L("a", "pool, inputs: [x], mode: min, kernel: 2"), ACCELSEL_EPARSE, 6,
     "unknown mode 'min' (max or avg)"},
    {H L("a", "activation, inputs: [x], function: swish"), ACCELSEL_EPARSE, 6,
     "unknown function 'swish'"},
    {H L("a", "pool, inputs: [x], mode: avg, global: true, kernel: 2"), ACCELSEL_EPARSE, 6,
     "'kernel' does not apply to global pooling"},
    {H L("a", CONV "kernel: 3, groups: 3, depthwise: true"), ACCELSEL_EPARSE, 6,
     "'groups' and 'depthwise: true' exclude each other"},
    {"version: 2\nname: t\n", ACCELSEL_EVERSION, 1, "network format version 2 is not supported"},
    {"version: one\nname: t\n", ACCELSEL_EPARSE, 1, "'version' must be an integer"},
    {"name: t\ninputs: []\nlayers: []\n", ACCELSEL_EPARSE, 2, "'inputs' is empty"},
    {"name: t\ninputs:\n  - {name: x, shape: [3]}\nlayers: []\n", ACCELSEL_EPARSE, 4,
     "'layers' is empty"},
    {"name: t\ninputs:\n  - {name: x, shape: [1, 2, 3, 4, 5]}\n", ACCELSEL_EPARSE, 3,
     "'shape' must have 1 to 4 dimensions, not 5"},
    {"name: t\ninputs:\n  - {name: x, shape: [3, 0]}\n", ACCELSEL_EPARSE, 3, "'shape' = 0 is outside"},
    {"name: t\ninputs:\n  - {name: x}\n", ACCELSEL_EPARSE, 3, "missing required key 'shape'"},
    /* Graph: duplicates, unknown names, arity, cycles. */
    {H L("a", "flatten, inputs: [x]") L("a", "flatten, inputs: [x]"), ACCELSEL_EPARSE, 7,
     "duplicate layer name 'a' (first at line 6)"},
    {H L("x", "flatten, inputs: [x]"), ACCELSEL_EPARSE, 6, "duplicate layer name 'x' (first at line 3)"},
    {H "  - name: a\n    kind: add\n    inputs:\n      - x\n      - nope\n", ACCELSEL_EPARSE, 10,
     "layer 'a': unknown input 'nope'"},
    {H L("a", "add, inputs: [x]"), ACCELSEL_EPARSE, 6, "add 'a' takes at least 2 inputs, not 1"},
    {H L("a", "batchnorm, inputs: [x, x]"), ACCELSEL_EPARSE, 6, "batchnorm 'a' takes 1 input, not 2"},
    {H L("a", "matmul, inputs: [x]"), ACCELSEL_EPARSE, 6, "matmul 'a' takes 2 inputs, not 1"},
    {H L("a", "activation, inputs: [a], function: relu"), ACCELSEL_EPARSE, 6,
     "cycle: layer 'a' depends on its own output"},
    /* a <- b <- a: the walk back from a (the first unordered layer) takes three
     * steps for three layers and stops on b. */
    {H L("a", "add, inputs: [x, b]") L("b", "batchnorm, inputs: [a]"), ACCELSEL_EPARSE, 7,
     "cycle: layer 'b' depends on its own output"},
    /* Shapes. */
    {"name: t\ninputs:\n  - {name: x, shape: [64, 56, 56]}\n  - {name: y, shape: [128, 28, 28]}\n"
     "layers:\n  - {name: a, kind: add, inputs: [x, y]}\n",
     ACCELSEL_EPARSE, 6, "add 'a': input shapes [64, 56, 56] ('x') and [128, 28, 28] ('y') differ"},
    {H L("a", CONV "kernel: 3, groups: 2"), ACCELSEL_EPARSE, 6,
     "conv2d 'a': in_channels 3 not divisible by groups 2"},
    {"name: t\ninputs:\n  - {name: x, shape: [30, 8, 8]}\nlayers:\n"
     "  - {name: a, kind: conv2d, inputs: [x], out_channels: 8, kernel: 3, groups: 4}\n",
     ACCELSEL_EPARSE, 5, "in_channels 30 not divisible by groups 4"},
    {"name: t\ninputs:\n  - {name: x, shape: [32, 8, 8]}\nlayers:\n"
     "  - {name: a, kind: conv2d, inputs: [x], out_channels: 6, kernel: 3, groups: 4}\n",
     ACCELSEL_EPARSE, 5, "out_channels 6 not divisible by groups 4"},
    {H L("a", CONV "kernel: 11"), ACCELSEL_EPARSE, 6,
     "conv2d 'a': kernel 11x11 (dilation 1x1) does not fit the padded input 8x8"},
    {H L("a", CONV "kernel: 3, dilation: 4"), ACCELSEL_EPARSE, 6,
     "kernel 3x3 (dilation 4x4) does not fit the padded input 8x8"},
    {H L("a", "pool, inputs: [x], mode: max, kernel: 2, padding: 2"), ACCELSEL_EPARSE, 6,
     "padding 2 exceeds half the kernel 2"},
    {HS L("a", "conv2d, inputs: [s], out_channels: 4, kernel: 1"), ACCELSEL_EPARSE, 6,
     "conv2d 'a': input shape [6, 8] is not [C, H, W]"},
    {H L("a", "attention, inputs: [x], heads: 2"), ACCELSEL_EPARSE, 6,
     "attention 'a': input shape [3, 8, 8] is not [seq, dim]"},
    {HS L("a", "attention, inputs: [s], heads: 5"), ACCELSEL_EPARSE, 6,
     "model dim 8 not divisible by heads 5"},
    {HS L("a", "matmul, inputs: [s, s]"), ACCELSEL_EPARSE, 6,
     "matmul 'a': inner dimensions 8 and 6 differ ([6, 8] x [6, 8])"},
    {HS L("a", "matmul, inputs: [s, t]"), ACCELSEL_EPARSE, 6,
     "inputs [6, 8] and [6] are not matrices of one rank"},
    {"name: t\ninputs:\n  - {name: x, shape: [3, 8, 8]}\n  - {name: y, shape: [3, 4, 4]}\n"
     "layers:\n  - {name: a, kind: concat, inputs: [x, y]}\n",
     ACCELSEL_EPARSE, 6, "input shapes [3, 8, 8] ('x') and [3, 4, 4] ('y') differ outside axis 0"},
    {H L("a", "concat, inputs: [x, x], axis: 3"), ACCELSEL_EPARSE, 6,
     "axis 3 is out of range for input shape [3, 8, 8]"},
    {H L("a", "slice, inputs: [x], axis: 1, start: 6, size: 4"), ACCELSEL_EPARSE, 6,
     "start 6 + size 4 exceeds dimension 1 of [3, 8, 8]"},
    {"name: t\ninputs:\n  - {name: x, shape: [1, 2, 3, 4]}\nlayers:\n"
     "  - {name: a, kind: embedding, inputs: [x], vocab: 5, dim: 2}\n",
     ACCELSEL_EPARSE, 5, "leaves no room for the embedding dimension"},
    {HS L("a", "linear, inputs: [s], out_features: 4, weights_from: s"), ACCELSEL_EPARSE, 6,
     "weights_from 's' is not an embedding (kind input)"},
    {HS L("a", "linear, inputs: [s], out_features: 4, weights_from: zz"), ACCELSEL_EPARSE, 6,
     "layer 'a': unknown weights_from layer 'zz'"},
    {HS L("e", "embedding, inputs: [t], vocab: 10, dim: 4")
        L("a", "linear, inputs: [e], out_features: 11, weights_from: e"),
     ACCELSEL_EPARSE, 7,
     "weights_from 'e' is a [10, 4] table, not [out_features, in_features] = [11, 4]"},
    /* Counts that do not fit 64 bits. */
    {"name: t\ninputs:\n  - {name: x, shape: [2147483647, 2147483647, 2147483647, 2147483647]}\n"
     "layers:\n  - {name: a, kind: flatten, inputs: [x]}\n",
     ACCELSEL_ERANGE, 3, "input 'x': counts overflow 64 bits"},
    /* The weight bytes of the network pass 2^64 at layer b: each layer has
     * (2^31 - 1) x 2^31 = 4611686016279904256 parameters (weights and
     * bias), x 4 bytes fits for a alone, 9223372032559808512 x 4 does not. */
    {"name: t\ninputs:\n  - {name: x, shape: [2147483647]}\nlayers:\n"
     "  - {name: a, kind: linear, inputs: [x], out_features: 2147483647}\n"
     "  - {name: b, kind: linear, inputs: [a], out_features: 2147483647}\n",
     ACCELSEL_ERANGE, 6, "weight bytes overflow 64 bits at layer 'b': 9223372032559808512 "
     "parameters up to it x 4 bytes per element"},
    /* YAML itself. */
    {"name: t\n  bad: 1\n", ACCELSEL_EPARSE, 2, "mapping values are not allowed"},
    {"name: t\nname: u\n", ACCELSEL_EPARSE, 2, "duplicate key 'name'"},
};
#undef L

START_TEST(malformed_inputs)
{
    accelsel_network *net = (accelsel_network *)&net;
    const char *text = bad[_i].text;
    int rc = accelsel_network_load_buffer(&net, text, strlen(text), NULL);
    const accelsel_error *e = accelsel_last_error();
    ck_assert_msg(rc == bad[_i].status, "case %d: status %s (%s)", _i, accelsel_status_name(rc),
                  e->message);
    ck_assert_ptr_null(net);
    ck_assert_msg(strstr(e->message, bad[_i].message) != NULL, "case %d: message '%s'", _i,
                  e->message);
    ck_assert_msg(e->line == bad[_i].line, "case %d: line %u, not %u (%s)", _i, e->line,
                  bad[_i].line, e->message);
    ck_assert_str_eq(e->source, "<buffer>");
    ck_assert_uint_gt(e->column, 0);
}
END_TEST

/* Billion laughs: ten levels of ten aliases would expand to 10^10 nodes. */
START_TEST(alias_bomb_is_bounded)
{
    char text[2048];
    size_t at = (size_t)snprintf(text, sizeof text, "name: t\na0: &a0 [x]\n");
    for (int i = 1; i < 10; i++)
        at += (size_t)snprintf(text + at, sizeof text - at,
                               "a%d: &a%d [*a%d, *a%d, *a%d, *a%d, *a%d, *a%d, *a%d, *a%d, *a%d, "
                               "*a%d]\n",
                               i, i, i - 1, i - 1, i - 1, i - 1, i - 1, i - 1, i - 1, i - 1, i - 1,
                               i - 1);
    accelsel_network *net;
    ck_assert_int_eq(accelsel_network_load_buffer(&net, text, at, NULL), ACCELSEL_EPARSE);
    ck_assert(strstr(accelsel_last_error()->message, "document too large") != NULL);
    ck_assert_uint_gt(accelsel_last_error()->line, 1);
    ck_assert_ptr_null(net);
}
END_TEST

/* A load and a save; a failed call leaves no handle and no text. */
static int load_and_save(void *ctx)
{
    (void)ctx;
    accelsel_network *net = (accelsel_network *)&net;
    int rc = accelsel_network_load_buffer(&net, mixed_yaml, strlen(mixed_yaml), NULL);
    if (rc != 0) {
        ck_assert_ptr_null(net);
        return rc;
    }
    char *text = (char *)&rc;
    rc = accelsel_network_save_buffer(net, &text, NULL);
    ck_assert(rc == 0 || text == NULL);
    accelsel_free(text);
    accelsel_network_free(net);
    return rc;
}

/* Every allocation of a load and a save may fail: ACCELSEL_ENOMEM, no handle,
 * nothing leaked; or success. */
START_TEST(allocation_failures_leak_nothing)
{
    testutil_alloc_sweep(load_and_save, NULL, 50);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("network");
    TCase *tc = tcase_create("network");
    tcase_add_test(tc, conv_and_pool_shapes_and_counts);
    tcase_add_test(tc, sequence_layers_shapes_and_counts);
    tcase_add_test(tc, totals_and_bytes_per_element);
    tcase_add_test(tc, graph_accessors);
    tcase_add_test(tc, argument_checks);
    tcase_add_test(tc, round_trip_is_exact);
    tcase_add_test(tc, round_trip_quotes_odd_names);
    tcase_add_test(tc, files_load_and_save);
    tcase_add_test(tc, example_files);
    tcase_add_loop_test(tc, malformed_inputs, 0, (int)(sizeof bad / sizeof bad[0]));
    tcase_add_test(tc, alias_bomb_is_bounded);
    tcase_add_test(tc, allocation_failures_leak_nothing);
    suite_add_tcase(s, tc);
    SRunner *sr = srunner_create(s);
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed == 0 ? 0 : 1;
}
