/* Transformers given by their sizes: Hugging Face configuration files, the
 * YAML `transformer` section and the layer kinds they need (grouped-query
 * attention, RMS norms, gated feed-forwards, mixtures of experts, LoRA
 * adapters, frozen weights), against the zoo's own models, published
 * counts and closed forms; and the bad inputs of issue 29. */
#include <check.h>
#include <stdio.h>
#include <string.h>

#include "accelsel/network.h"
#include "testutil.h"

static accelsel_network *hf(const char *text, const accelsel_network_options *o)
{
    accelsel_network *net = NULL;
    int rc = accelsel_network_load_hf_buffer(&net, text, strlen(text), o);
    ck_assert_msg(rc == 0, "%s", accelsel_last_error()->message);
    return net;
}

static accelsel_network *zoo(const char *name)
{
    accelsel_network *net = NULL;
    ck_assert_int_eq(accelsel_network_load_zoo(&net, name, NULL), 0);
    return net;
}

static const accelsel_network_totals *totals(const accelsel_network *n)
{
    return accelsel_network_get_totals(n);
}

/* Hugging Face's own gpt2 and bert-base-uncased configurations give the
 * zoo's gpt2-small and bert-base-512, which are built layer by layer from
 * the reference code: the same parameters, MACs and FLOPs. */
static const char gpt2[] =
    "{\"activation_function\": \"gelu_new\", \"attn_pdrop\": 0.1, \"embd_pdrop\": 0.1,\n"
    " \"model_type\": \"gpt2\", \"n_ctx\": 1024, \"n_embd\": 768, \"n_head\": 12,\n"
    " \"n_layer\": 12, \"n_positions\": 1024, \"resid_pdrop\": 0.1, \"summary_activation\": null,\n"
    " \"task_specific_params\": {\"text-generation\": {\"do_sample\": true}},\n"
    " \"vocab_size\": 50257}";
static const char bert[] =
    "{\"architectures\": [\"BertForMaskedLM\"], \"attention_probs_dropout_prob\": 0.1,\n"
    " \"hidden_act\": \"gelu\", \"hidden_dropout_prob\": 0.1, \"hidden_size\": 768,\n"
    " \"intermediate_size\": 3072, \"max_position_embeddings\": 512, \"model_type\": \"bert\",\n"
    " \"num_attention_heads\": 12, \"num_hidden_layers\": 12, \"type_vocab_size\": 2,\n"
    " \"vocab_size\": 30522}";
/* mistralai/Mixtral-8x7B-v0.1's configuration: 46.7 billion parameters
 * (Jiang et al. 2024, "Mixtral of Experts"). */
static const char mixtral[] =
    "{\"attention_dropout\": 0.0, \"hidden_act\": \"silu\", \"hidden_size\": 4096,\n"
    " \"intermediate_size\": 14336, \"max_position_embeddings\": 32768, \"model_type\": \"mixtral\",\n"
    " \"num_attention_heads\": 32, \"num_experts_per_tok\": 2, \"num_hidden_layers\": 32,\n"
    " \"num_key_value_heads\": 8, \"num_local_experts\": 8, \"rope_theta\": 1000000.0,\n"
    " \"sliding_window\": null, \"tie_word_embeddings\": false, \"vocab_size\": 32000}";

START_TEST(configs_match_the_zoo)
{
    const struct { const char *text, *zoo; } pairs[] = {{gpt2, "gpt2-small"}, {bert, "bert-base-512"}};
    for (size_t i = 0; i < 2; i++) {
        accelsel_network *a = hf(pairs[i].text, NULL), *b = zoo(pairs[i].zoo);
        ck_assert_uint_eq(totals(a)->params, totals(b)->params);
        ck_assert_uint_eq(totals(a)->macs, totals(b)->macs);
        ck_assert_uint_eq(totals(a)->flops, totals(b)->flops);
        ck_assert_uint_eq(totals(a)->layers, totals(b)->layers);
        ck_assert_ptr_nonnull(accelsel_network_get_transformer(a));
        ck_assert_ptr_null(accelsel_network_get_transformer(b));
        accelsel_network_free(a);
        accelsel_network_free(b);
    }
}
END_TEST

/* Mixtral: per block, attention 2 d^2 + 2 d x 1,024, a router d x 8 and 8
 * gated experts of 3 d x 14,336, two RMS norms; embeddings and head 2 x
 * 32,000 d; the final norm. A token runs 2 experts. */
START_TEST(mixture_of_experts)
{
    accelsel_network *net = hf(mixtral, NULL);
    uint64_t d = 4096, f = 14336, attn = 2 * d * d + 2 * d * 1024;
    uint64_t block = attn + d * 8 + 8 * 3 * d * f + 2 * d;
    ck_assert_uint_eq(totals(net)->params, 32 * block + 2 * 32000 * d + d);
    ck_assert_uint_eq(totals(net)->params, 46702792704ull);
    const accelsel_transformer_info *t = accelsel_network_get_transformer(net);
    ck_assert_uint_eq(t->experts, 8);
    ck_assert_uint_eq(t->top_k, 2);
    ck_assert_uint_eq(t->sequence, 32768);
    ck_assert_str_eq(accelsel_network_name(net), "mixtral");
    size_t i;
    ck_assert_int_eq(accelsel_network_layer_index(net, "model.layers.3.block_sparse_moe", &i), 0);
    const accelsel_layer_info *moe = accelsel_network_layer(net, i);
    ck_assert_uint_eq(moe->macs, 32768 * (d * 8 + 2 * 3 * d * f));
    ck_assert_uint_eq(moe->expert_hidden, f);
    accelsel_network_free(net);
}
END_TEST

/* The sequence option sets the training sequence; the YAML form written
 * for a configuration reads back to the same network. */
START_TEST(sequence_and_round_trip)
{
    accelsel_network_options o = ACCELSEL_NETWORK_OPTIONS_INIT;
    o.sequence = 8192;
    accelsel_network *net = NULL;
    ck_assert_int_eq(accelsel_network_load_zoo(&net, "llama31-8b", NULL), 0);
    ck_assert_uint_eq(accelsel_network_get_transformer(net)->sequence, 8192);
    char *text = NULL, *again = NULL;
    size_t len, len2;
    ck_assert_int_eq(accelsel_network_save_buffer(net, &text, &len), 0);
    ck_assert_ptr_nonnull(strstr(text, "transformer:\n  family: decoder\n  layers: 32\n"));
    accelsel_network *back = NULL;
    ck_assert_int_eq(accelsel_network_load_buffer(&back, text, len, NULL), 0);
    ck_assert_uint_eq(totals(back)->params, totals(net)->params);
    ck_assert_uint_eq(totals(back)->macs, totals(net)->macs);
    ck_assert_int_eq(accelsel_network_save_buffer(back, &again, &len2), 0);
    ck_assert_str_eq(text, again);
    accelsel_network_free(back);
    o.sequence = 1024;
    ck_assert_int_eq(accelsel_network_load_buffer(&back, text, len, &o), 0);
    ck_assert_uint_eq(accelsel_network_get_transformer(back)->sequence, 1024);
    /* Everything but the attention scores (2 s^2 d per layer) scales with s. */
    uint64_t scores8 = 32ull * 2 * 8192 * 8192 * 4096, scores1 = 32ull * 2 * 1024 * 1024 * 4096;
    ck_assert_uint_eq((totals(net)->macs - scores8) / 8, totals(back)->macs - scores1);
    accelsel_network_free(back);
    accelsel_free(text);
    accelsel_free(again);
    accelsel_network_free(net);
    /* GPT-2's learned table has 1,024 rows: a longer sequence is the option's fault. */
    o.sequence = 2048;
    net = (accelsel_network *)&o;
    ck_assert_int_eq(accelsel_network_load_hf_buffer(&net, gpt2, strlen(gpt2), &o), ACCELSEL_EINVAL);
    ck_assert_ptr_null(net);
    ck_assert_str_eq(accelsel_last_error()->field, "sequence");
    ck_assert_ptr_nonnull(strstr(accelsel_last_error()->message, "1024 learned positions of 'n_positions'"));
    /* A network of layers has no sequence to set. */
    o.sequence = 64;
    ck_assert_int_eq(accelsel_network_load_zoo(&net, "resnet50", &o), ACCELSEL_EINVAL);
    ck_assert_str_eq(accelsel_last_error()->field, "sequence");
}
END_TEST

/* The layer kinds in YAML, by hand: attention of 8 heads over 2 key-value
 * heads of 4 at d 32 (Q, O 32 x 32, K, V 32 x 8: 2,560 weights), rank-2
 * adapters (2 x (32 + 48) + 2 x (32 + 32) = 288), an RMS norm (32), a gated
 * pair multiplied, experts. */
static const char kinds_yaml[] =
    "name: kinds\n"
    "inputs: [{name: x, shape: [16, 32]}]\n"
    "layers:\n"
    "  - {name: n, kind: rmsnorm, inputs: [x], frozen: true}\n"
    "  - {name: a, kind: attention, inputs: [n], heads: 8, kv_heads: 2, bias: false,\n"
    "     lora_rank: 2, frozen: true}\n"
    "  - {name: g, kind: linear, inputs: [a], out_features: 64, bias: false}\n"
    "  - {name: u, kind: linear, inputs: [a], out_features: 64, bias: false, lora_rank: 4}\n"
    "  - {name: m, kind: mul, inputs: [g, u]}\n"
    "  - {name: e, kind: moe, inputs: [a], experts: 4, top_k: 2, hidden: 16}\n";

START_TEST(new_kinds_by_hand)
{
    accelsel_network *net = NULL;
    ck_assert_int_eq(accelsel_network_load_buffer(&net, kinds_yaml, strlen(kinds_yaml), NULL), 0);
    const accelsel_layer_info *n = accelsel_network_layer(net, 1), *a = accelsel_network_layer(net, 2);
    ck_assert_uint_eq(n->params, 32);
    ck_assert_uint_eq(n->frozen_params, 32);
    ck_assert_uint_eq(a->params, 2560 + 288);
    ck_assert_uint_eq(a->frozen_params, 2560);
    ck_assert_uint_eq(a->macs, 16 * (2560 + 288) + 2 * 16 * 16 * 32);
    const accelsel_layer_info *u = accelsel_network_layer(net, 4), *m = accelsel_network_layer(net, 5);
    ck_assert_uint_eq(u->params, 32 * 64 + 4 * (32 + 64));
    ck_assert_uint_eq(u->frozen_params, 0);
    ck_assert_uint_eq(m->elementwise_flops, 16 * 64);
    const accelsel_layer_info *e = accelsel_network_layer(net, 6);
    ck_assert_uint_eq(e->params, 32 * 4 + 4 * 3 * 32 * 16);
    ck_assert_uint_eq(e->macs, 16 * (32 * 4 + 2 * 3 * 32 * 16));
    ck_assert_uint_eq(totals(net)->frozen_params, 32 + 2560);
    char *text = NULL;
    ck_assert_int_eq(accelsel_network_save_buffer(net, &text, NULL), 0);
    accelsel_network *back = NULL;
    ck_assert_int_eq(accelsel_network_load_buffer(&back, text, strlen(text), NULL), 0);
    ck_assert_uint_eq(totals(back)->params, totals(net)->params);
    ck_assert_uint_eq(totals(back)->frozen_params, totals(net)->frozen_params);
    accelsel_free(text);
    accelsel_network_free(back);
    accelsel_network_free(net);
}
END_TEST

/* Missing or contradictory sizes and unknown families: a status, the key
 * and the line of the text. */
static const struct {
    const char *text;
    int status;
    uint32_t line;
    const char *message;
} bad[] = {
    {"{\"model_type\": \"t5\"}", ACCELSEL_EPARSE, 1, "unknown model_type 't5'"},
    {"{\"model_type\": \"lama\"}", ACCELSEL_EPARSE, 1, "closest: 'llama'"},
    {"{\"hidden_size\": 8}", ACCELSEL_EPARSE, 1, "missing required key 'model_type'"},
    {"{\"model_type\": \"llama\",\n \"hidden_size\": 96, \"num_hidden_layers\": 2,\n"
     " \"num_attention_heads\": 5, \"intermediate_size\": 8, \"vocab_size\": 10,\n"
     " \"max_position_embeddings\": 16}", ACCELSEL_EPARSE, 3,
     "'num_attention_heads' = 5 does not divide 'hidden_size' = 96"},
    {"{\"model_type\": \"llama\", \"hidden_size\": 96, \"num_hidden_layers\": 2,\n"
     " \"num_attention_heads\": 8, \"intermediate_size\": 8, \"vocab_size\": 10,\n"
     " \"max_position_embeddings\": 16,\n \"num_key_value_heads\": 3}", ACCELSEL_EPARSE, 4,
     "'num_key_value_heads' = 3 does not divide 'num_attention_heads' = 8"},
    {"{\"model_type\": \"llama\", \"hidden_size\": 96, \"num_hidden_layers\": 2,\n"
     " \"num_attention_heads\": 8, \"intermediate_size\": 8,\n \"vocab_size\": 0,\n"
     " \"max_position_embeddings\": 16}", ACCELSEL_EPARSE, 3, "'vocab_size' = 0 is outside"},
    {"{\"model_type\": \"llama\", \"hidden_size\": 96, \"num_hidden_layers\": 2,\n"
     " \"num_attention_heads\": 8, \"vocab_size\": 10, \"max_position_embeddings\": 16}",
     ACCELSEL_EPARSE, 1, "missing required key 'intermediate_size'"},
    {"{\"model_type\": \"llama\", \"hidden_size\": 96, \"num_hidden_layers\": 2,\n"
     " \"num_attention_heads\": 8, \"intermediate_size\": 8, \"vocab_size\": 10,\n"
     " \"max_position_embeddings\": 16, \"head_dim\": 16}", ACCELSEL_EPARSE, 3,
     "'head_dim' = 16 is not 'hidden_size' / 'num_attention_heads' = 96 / 8"},
    {"{\"model_type\": \"llama\", \"num_hidden_layers\": \"96\"}", ACCELSEL_EPARSE, 1,
     "'num_hidden_layers' must be an integer"},
    {"{\"model_type\": \"mixtral\", \"hidden_size\": 96, \"num_hidden_layers\": 2,\n"
     " \"num_attention_heads\": 8, \"intermediate_size\": 8, \"vocab_size\": 10,\n"
     " \"max_position_embeddings\": 16, \"num_local_experts\": 2,\n \"num_experts_per_tok\": 3}",
     ACCELSEL_EPARSE, 4, "'num_experts_per_tok' = 3 is more than 'num_local_experts' = 2"},
    {"{\"model_type\": \"llama\", \"hidden_size\": 96, \"num_hidden_layers\": 2,\n"
     " \"num_attention_heads\": 8, \"intermediate_size\": 8, \"vocab_size\": 10,\n"
     " \"max_position_embeddings\": 16, \"attention_bias\": true}", ACCELSEL_EPARSE, 3,
     "'attention_bias' and 'mlp_bias' differ"},
    {"{\"model_type\": \"gpt2\", \"n_layer\": 1, \"n_embd\": 8, \"n_head\": 2,\n"
     " \"vocab_size\": 16, \"n_positions\": 4, \"activation_function\": \"mish\"}",
     ACCELSEL_EPARSE, 2, "unknown activation_function 'mish'"},
    {"[1, 2]", ACCELSEL_EPARSE, 1, "a configuration must be a mapping"},
    {"{\"model_type\": \"llama\",", ACCELSEL_EPARSE, 1, ""},
    {"", ACCELSEL_EPARSE, 1, "empty configuration"},
    /* The YAML section: sizes that clash, keys of the other family. */
    {"name: t\ntransformer: {family: decoder, layers: 1, hidden: 8, heads: 2, ffn: 4,\n"
     "  vocab: 4, sequence: 8, positions: 4}", ACCELSEL_EPARSE, 3,
     "'sequence' = 8 is longer than the learned positions 'positions' = 4"},
    {"name: t\ntransformer: {family: decoder, layers: 1, hidden: 8, heads: 2, ffn: 4,\n"
     "  vocab: 4, sequence: 8, type_vocab: 2}", ACCELSEL_EPARSE, 3,
     "'type_vocab' does not apply to the decoder family"},
    {"name: t\ninputs: [{name: x, shape: [4]}]\ntransformer: {family: decoder}", ACCELSEL_EPARSE, 2,
     "'inputs' and 'transformer' exclude each other"},
    {"name: t\ntransformer: {family: vit, layers: 1}", ACCELSEL_EPARSE, 2, "unknown family 'vit'"},
};

START_TEST(bad_configurations)
{
    accelsel_network *net = (accelsel_network *)&net;
    const char *text = bad[_i].text;
    int yaml = strncmp(text, "name:", 5) == 0;
    int rc = yaml ? accelsel_network_load_buffer(&net, text, strlen(text), NULL)
                  : accelsel_network_load_hf_buffer(&net, text, strlen(text), NULL);
    const accelsel_error *e = accelsel_last_error();
    ck_assert_msg(rc == bad[_i].status, "case %d: %s (%s)", _i, accelsel_status_name(rc),
                  e->message);
    ck_assert_ptr_null(net);
    ck_assert_msg(strstr(e->message, bad[_i].message) != NULL, "case %d: '%s'", _i, e->message);
    ck_assert_msg(e->line == bad[_i].line, "case %d: line %u (%s)", _i, e->line, e->message);
}
END_TEST

/* Every allocation of a configuration's load fails in turn: ENOMEM, nothing
 * leaked, never a half-built network. */
static int load_mixtral(void *ctx)
{
    (void)ctx;
    accelsel_network *net = (accelsel_network *)&net;
    int rc = accelsel_network_load_hf_buffer(&net, mixtral, strlen(mixtral), NULL);
    ck_assert(rc == 0 ? net != NULL : net == NULL);
    accelsel_network_free(net);
    return rc;
}

START_TEST(allocation_failures_leak_nothing)
{
    testutil_alloc_sweep_light(load_mixtral, NULL, 100);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("transformer");
    TCase *tc = tcase_create("transformer");
    tcase_add_test(tc, configs_match_the_zoo);
    tcase_add_test(tc, mixture_of_experts);
    tcase_add_test(tc, sequence_and_round_trip);
    tcase_add_test(tc, new_kinds_by_hand);
    tcase_add_loop_test(tc, bad_configurations, 0, (int)(sizeof bad / sizeof bad[0]));
    tcase_add_test(tc, allocation_failures_leak_nothing);
    suite_add_tcase(s, tc);
    SRunner *sr = srunner_create(s);
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed == 0 ? 0 : 1;
}
