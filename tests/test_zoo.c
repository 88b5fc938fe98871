/* The model zoo against published figures (torchvision's and Hugging
 * Face's model cards, the small CNN's "~0.5 M" of the GPU-versus-CPU study)
 * and against counts derived by hand from each model's definition. */
#include <check.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "accelsel/network.h"
#include "testutil.h"

static accelsel_network *zoo(const char *name)
{
    accelsel_network *net = NULL;
    int rc = accelsel_network_load_zoo(&net, name, NULL);
    ck_assert_msg(rc == 0, "%s: %s", name, accelsel_last_error()->message);
    ck_assert_str_eq(accelsel_network_name(net), name);
    return net;
}

static const accelsel_layer_info *layer(const accelsel_network *net, const char *name)
{
    size_t i;
    ck_assert_msg(accelsel_network_layer_index(net, name, &i) == 0, "no layer %s", name);
    return accelsel_network_layer(net, i);
}

/* Published figures are rounded: accept a relative difference up to 0.5%,
 * or up to half a unit of the last published digit where that rounding is
 * coarser (0.56 G stands for anything in [0.555, 0.565) G). */
static int near_published(double ours, double published, double unit)
{
    double tol = fmax(0.005 * published, unit / 2);
    return fabs(ours - published) <= tol;
}

/* Parameters and forward MACs per sample (convs + linear, as the tables count). */
static const struct {
    const char *name;
    uint64_t params;        /* exact count of the reference implementation */
    double published_params; /* as published, with its last-digit unit */
    double params_unit;
    double published_macs;
    double macs_unit;
} published[] = {
    /* torchvision: 11,689,512 params, 1.81 GFLOPs (MACs). */
    {"resnet18", 11689512, 11.69e6, 0.01e6, 1.81e9, 0.01e9},
    /* torchvision: 25,557,032 params, 4.09 G. */
    {"resnet50", 25557032, 25.56e6, 0.01e6, 4.09e9, 0.01e9},
    /* torchvision vgg16: 138,357,544 params, 15.47 G. */
    {"vgg16", 138357544, 138.36e6, 0.01e6, 15.47e9, 0.01e9},
    /* torchvision mobilenet_v2: 3,504,872 params, 0.30 G. */
    {"mobilenetv2", 3504872, 3.50e6, 0.01e6, 0.30e9, 0.01e9},
    /* CIFAR ResNets (10 classes): 11.17 M / 0.56 G and 23.52 M / 1.30 G. */
    {"resnet18-cifar", 11173962, 11.17e6, 0.01e6, 0.56e9, 0.01e9},
    {"resnet50-cifar", 23520842, 23.52e6, 0.01e6, 1.30e9, 0.01e9},
    /* bert-base-uncased: 109,482,240 params ("110 M"), ~11.2 G at sequence 128. */
    {"bert-base", 109482240, 110e6, 1e6, 11.2e9, 0.1e9},
};

START_TEST(published_parameters_and_macs)
{
    accelsel_network *net = zoo(published[_i].name);
    const accelsel_network_totals *t = accelsel_network_get_totals(net);
    ck_assert_msg(t->params == published[_i].params, "%s: %llu params", published[_i].name,
                  (unsigned long long)t->params);
    ck_assert(near_published((double)t->params, published[_i].published_params,
                             published[_i].params_unit));
    ck_assert_msg(near_published((double)t->macs, published[_i].published_macs,
                                 published[_i].macs_unit),
                  "%s: %llu MACs vs %g", published[_i].name, (unsigned long long)t->macs,
                  published[_i].published_macs);
    accelsel_network_free(net);
}
END_TEST

/* The LLMs of MLPerf Training built from their sizes. Each exact count is
 * the closed form of its architecture (per block: Q and output projections
 * d^2 each, K and V d x kv_heads x head_dim each, the feed-forward 3 d f
 * gated or 2 d f + biases, two norms; plus the embeddings, the final norm and
 * an untied output layer), which the test recomputes; the published figure
 * is the rounded one its source gives. */
static uint64_t decoder_params(uint64_t L, uint64_t d, uint64_t kv_dim, uint64_t f, uint64_t V,
                               int llama)
{
    uint64_t attn = 2 * d * d + 2 * d * kv_dim, norms = llama ? 2 * d : 4 * d;
    uint64_t ffn = llama ? 3 * d * f : 2 * d * f + f + d;
    uint64_t bias = llama ? 0 : 2 * d + 2 * kv_dim;
    uint64_t embed = llama ? 2 * V * d : V * d + 2048 * d; /* GPT-3: tied, learned positions */
    return L * (attn + bias + ffn + norms) + embed + (llama ? d : 2 * d);
}

START_TEST(llm_parameters)
{
    static const struct {
        const char *name;
        uint64_t L, d, kv_dim, f, V;
        int llama;
        double published, unit; /* rounded as published */
    } llm[] = {
        /* Brown et al. 2020, Table 2.1: 175.0B. */
        {"gpt3-175b", 96, 12288, 12288, 49152, 50257, 0, 175.0e9, 0.1e9},
        /* Llama 2 70B: 68.98 billion (Hugging Face's meta-llama/Llama-2-70b-hf). */
        {"llama2-70b", 80, 8192, 1024, 28672, 32000, 1, 68.98e9, 0.01e9},
        /* Llama 3.1 8B: 8.03B (its model card on Hugging Face). */
        {"llama31-8b", 32, 4096, 1024, 14336, 128256, 1, 8.03e9, 0.01e9},
        /* Llama 3.1 405B: 406B (Hugging Face's count of its weights). */
        {"llama31-405b", 126, 16384, 1024, 53248, 128256, 1, 406e9, 1e9},
    };
    for (size_t i = 0; i < sizeof llm / sizeof llm[0]; i++) {
        accelsel_network *net = zoo(llm[i].name);
        uint64_t p = accelsel_network_get_totals(net)->params;
        uint64_t want = decoder_params(llm[i].L, llm[i].d, llm[i].kv_dim, llm[i].f, llm[i].V,
                                       llm[i].llama);
        ck_assert_msg(p == want, "%s: %llu params, closed form %llu", llm[i].name,
                      (unsigned long long)p, (unsigned long long)want);
        ck_assert_msg(near_published((double)p, llm[i].published, llm[i].unit), "%s: %llu",
                      llm[i].name, (unsigned long long)p);
        ck_assert_uint_eq(accelsel_network_get_totals(net)->frozen_params, 0);
        accelsel_network_free(net);
    }
    /* Exactly: 68,976,648,192 and 8,030,261,248 (PyTorch's count of the
     * Hugging Face models), 405,853,388,800, and GPT-3's 174,604,259,328. */
    accelsel_network *l2 = zoo("llama2-70b");
    ck_assert_uint_eq(accelsel_network_get_totals(l2)->params, 68976648192ull);
    accelsel_network_free(l2);
    /* BERT-large: 335 M (the count that ELECTRA, Clark et al. 2020, Table 8, gives it):
     * bert-base's form at d 1024, 24 layers, FFN 4096, 512 positions, 2 types. */
    accelsel_network *bl = zoo("bert-large");
    uint64_t d = 1024, block = 4 * d * d + 4 * d + 8 * d * d + 5 * d + 4 * d;
    ck_assert_uint_eq(accelsel_network_get_totals(bl)->params,
                      24 * block + (30522 + 512 + 2) * d + 2 * d + d * d + d);
    ck_assert(near_published((double)accelsel_network_get_totals(bl)->params, 335e6, 1e6));
    accelsel_network_free(bl);
}
END_TEST

/* MLPerf's Llama 2 70B LoRA: rank 16 on the fused QKV projection (8,192 ->
 * 8,192 + 2 x 1,024) and the output projection (8,192 -> 8,192) of each of
 * the 80 blocks, every other weight frozen: 80 x 16 x ((8,192 + 10,240) +
 * (8,192 + 8,192)) = 44,564,480 trained parameters; the frozen ones are
 * Llama 2 70B's. */
START_TEST(llama2_lora_adapters)
{
    accelsel_network *net = zoo("llama2-70b-lora");
    const accelsel_network_totals *t = accelsel_network_get_totals(net);
    ck_assert_uint_eq(t->params - t->frozen_params, 44564480);
    ck_assert_uint_eq(t->frozen_params, 68976648192ull);
    const accelsel_transformer_info *x = accelsel_network_get_transformer(net);
    ck_assert_uint_eq(x->lora_rank, 16);
    ck_assert_uint_eq(x->sequence, 8192);
    const accelsel_layer_info *a = layer(net, "model.layers.0.self_attn");
    ck_assert_uint_eq(a->lora_rank, 16);
    ck_assert_uint_eq(a->params - a->frozen_params, 16 * (8192 + 10240) + 16 * (8192 + 8192));
    ck_assert_uint_eq(a->kv_heads, 8);
    accelsel_network_free(net);
}
END_TEST

/* The seed-001 models on 32x32 keep the ImageNet heads: their parameter counts
 * are the torchvision ones, while MACs shrink with the input. With the
 * ImageNet stem every feature map at 32 is exactly 1/7 per side of the one at
 * 224 (112 -> 16, 56 -> 8, ..., 7 -> 1), so the conv MACs are 1/49 of those at
 * 224: (4,089,184,256 - fc 2,048,000) / 49 = 83,410,944, plus the same fc. */
START_TEST(imagenet_stem_at_32)
{
    accelsel_network *r18 = zoo("resnet18-32"), *r50 = zoo("resnet50-32");
    ck_assert_uint_eq(accelsel_network_get_totals(r18)->params, 11689512);
    ck_assert_uint_eq(accelsel_network_get_totals(r50)->params, 25557032);
    ck_assert_uint_eq(accelsel_network_get_totals(r50)->macs, 83410944 + 2048000);
    /* ResNet-18: (1,814,073,344 - 512,000) / 49 + 512,000. */
    ck_assert_uint_eq(accelsel_network_get_totals(r18)->macs, 37011456 + 512000);
    const accelsel_layer_info *last = layer(r50, "layer4.2.relu");
    ck_assert_uint_eq(last->rank, 3);
    ck_assert_uint_eq(last->shape[0], 2048);
    ck_assert_uint_eq(last->shape[1], 1);
    ck_assert_uint_eq(last->shape[2], 1);
    accelsel_network_free(r18);
    accelsel_network_free(r50);
}
END_TEST

START_TEST(exact_layer_counts)
{
    accelsel_network *r50 = zoo("resnet50");
    /* conv1: 7x7x3x64 = 9408 params; 112x112 outputs x 9408 = 118,013,952 MACs. */
    const accelsel_layer_info *l = layer(r50, "conv1");
    ck_assert_uint_eq(l->params, 9408);
    ck_assert_uint_eq(l->macs, 118013952);
    ck_assert_uint_eq(l->out_h, 112);
    /* layer1.0.conv2 (3x3, 64 -> 64 at 56x56): 36,864 params, 3136 x 36,864 MACs. */
    l = layer(r50, "layer1.0.conv2");
    ck_assert_uint_eq(l->params, 36864);
    ck_assert_uint_eq(l->macs, 3136ull * 36864);
    /* The v1.5 stride sits on layer2.0.conv2: 56 -> 28. */
    ck_assert_uint_eq(layer(r50, "layer2.0.conv1")->out_h, 56);
    ck_assert_uint_eq(layer(r50, "layer2.0.conv2")->out_h, 28);
    /* fc: 2048 x 1000 + 1000 = 2,049,000 params. */
    ck_assert_uint_eq(layer(r50, "fc")->params, 2049000);
    accelsel_network_free(r50);

    accelsel_network *vgg = zoo("vgg16");
    /* First classifier layer: 25088 x 4096 + 4096 = 102,764,544 params. */
    ck_assert_uint_eq(layer(vgg, "classifier.0")->params, 102764544);
    ck_assert_uint_eq(layer(vgg, "classifier.0")->in_channels, 25088);
    accelsel_network_free(vgg);

    accelsel_network *mb = zoo("mobilenetv2");
    /* features.2: expansion 6 of 16 channels = 96; its depthwise 3x3/2 conv has
     * 96 x 9 = 864 params and 56 x 56 x 864 = 2,709,504 MACs. */
    l = layer(mb, "features.2.dw");
    ck_assert_uint_eq(l->params, 864);
    ck_assert_uint_eq(l->macs, 2709504);
    ck_assert_uint_eq(l->groups, 96);
    ck_assert_uint_eq(l->depthwise, 1);
    accelsel_network_free(mb);

    accelsel_network *bert = zoo("bert-base");
    /* One attention block: 4 x (768 x 768 + 768) = 2,362,368 params; MACs
     * 4 x 128 x 768^2 + 2 x 128^2 x 768 = 301,989,888 + 25,165,824. */
    l = layer(bert, "encoder.layer.0.attention");
    ck_assert_uint_eq(l->params, 2362368);
    ck_assert_uint_eq(l->macs, 327155712);
    ck_assert_uint_eq(l->heads, 12);
    ck_assert_uint_eq(l->head_dim, 64);
    /* Word embeddings: 30522 x 768 = 23,440,896. */
    ck_assert_uint_eq(layer(bert, "embeddings.word_embeddings")->params, 23440896);
    accelsel_network_free(bert);
}
END_TEST

/* GPT-2 small (Hugging Face gpt2): 124,439,808 parameters with the LM head
 * tied to the 50257 x 768 token embedding. Forward MACs per 1024-token sample:
 * per token and layer 4d^2 + 2 d d_ff (projections, MLP) and 2 n_ctx d
 * (scores, weighted sum), plus the LM head d x vocab:
 * 1024 x (12 x (4 x 768^2 + 2 x 768 x 3072 + 2 x 1024 x 768) + 768 x 50257). */
START_TEST(gpt2_small_tied_head)
{
    accelsel_network *net = zoo("gpt2-small");
    const accelsel_network_totals *t = accelsel_network_get_totals(net);
    ck_assert_uint_eq(t->params, 124439808);
    uint64_t per_token =
        12ull * (4ull * 768 * 768 + 2ull * 768 * 3072 + 2ull * 1024 * 768) + 768ull * 50257;
    ck_assert_uint_eq(t->macs, 1024 * per_token);
    const accelsel_layer_info *head = layer(net, "lm_head");
    ck_assert_uint_eq(head->params, 0);
    ck_assert_uint_eq(head->weight_elements, 768ull * 50257);
    size_t wte;
    ck_assert_int_eq(accelsel_network_layer_index(net, "wte", &wte), 0);
    ck_assert_int_eq(head->weights_from, (int64_t)wte);
    /* Totals count the shared table once. */
    ck_assert_uint_eq(t->weight_bytes, 4 * t->params);
    accelsel_network_free(net);
}
END_TEST

/* Totals of the models defined by this project, derived by hand from their
 * definitions (zoo_*.c and docs/network-format.md). */
START_TEST(project_model_totals)
{
    static const struct {
        const char *name;
        uint64_t params, macs;
    } own[] = {
        /* Params 3*32*9+32 + 32*64*9+64 + 64*128*9+128 + 128*128*9+128 + 2048*128+128
         * + 128*10+10. MACs 32*32*32*27 + 32*32*64*288 + 16*16*128*576 + 8*8*128*1152
         * + 262,144 + 1280. */
        {"small-cnn", 504394, 48334080},
        /* Params: ResNet-18 without fc (11,176,512) + 512*256+256 + 30522*512 + 64*512
         * + 1024 + 4 x 3,152,384 (encoder layer: 1,050,624 attention + 2 x 1024 norms
         * + 2,099,712 FFN) + 2 x (512*256+256) + 256*2+2.
         * MACs: ResNet-18 without fc (1,813,561,344) + 131,072 + 4 x 205,520,896
         * (4*64*512^2 + 2*64^2*512 + 2*64*512*2048) + 131,072 + 131,072 + 512. */
        {"two-tower", 39841602, 2636038656},
        /* Params: ResNet-18 without fc + fc 513,000 + segment 256*128*9+256+128*21+21
         * + depth 128*64*9+128+64+1. MACs: 1,813,561,344 + 512,000
         * + 14*14*(128*256*9 + 21*128) + 28*28*(64*128*9 + 64). */
        {"multi-task", 12061310, 1930255872},
        /* Params: 3 branches x 307,360 + layer4 1,574,400 + layer5 3,673,088 + fc 1,026.
         * MACs: 3 x 601,710,592 (stem 10,838,016 + layer1 231,211,008 + layer2 and
         * layer3 179,830,784 each) + layer4 308,281,344 + layer5 179,830,784 + 1,024. */
        {"casia-surf", 6170594, 2293244928},
    };
    for (size_t i = 0; i < sizeof own / sizeof own[0]; i++) {
        accelsel_network *net = zoo(own[i].name);
        const accelsel_network_totals *t = accelsel_network_get_totals(net);
        ck_assert_msg(t->params == own[i].params, "%s: %llu params", own[i].name,
                      (unsigned long long)t->params);
        ck_assert_msg(t->macs == own[i].macs, "%s: %llu MACs", own[i].name,
                      (unsigned long long)t->macs);
        accelsel_network_free(net);
    }
}
END_TEST

static void assert_shape3(const accelsel_layer_info *l, uint64_t c, uint64_t h, uint64_t w)
{
    ck_assert_uint_eq(l->rank, 3);
    ck_assert_uint_eq(l->shape[0], c);
    ck_assert_uint_eq(l->shape[1], h);
    ck_assert_uint_eq(l->shape[2], w);
}

START_TEST(multi_branch_structure)
{
    const size_t *idx;
    size_t n;
    accelsel_network *tt = zoo("two-tower");
    ck_assert_uint_eq(accelsel_network_input_count(tt), 2);
    const accelsel_layer_info *cat = layer(tt, "fusion.concat");
    ck_assert_uint_eq(cat->rank, 1);
    ck_assert_uint_eq(cat->shape[0], 512);
    ck_assert_uint_eq(layer(tt, "text.layer.0.attention")->params, 4 * (512 * 512 + 512));
    ck_assert_uint_eq(layer(tt, "text.layer.0.attention")->sequence, 64);
    ck_assert_int_eq(accelsel_network_outputs(tt, &idx, &n), 0);
    ck_assert_uint_eq(n, 1);
    accelsel_network_free(tt);

    accelsel_network *mt = zoo("multi-task");
    ck_assert_int_eq(accelsel_network_outputs(mt, &idx, &n), 0);
    ck_assert_uint_eq(n, 3);
    assert_shape3(layer(mt, "segment.out"), 21, 14, 14);
    assert_shape3(layer(mt, "depth.out"), 1, 28, 28);
    /* The stage-2 output feeds stage 3 and the depth head. */
    size_t tap;
    ck_assert_int_eq(accelsel_network_layer_index(mt, "trunk.layer2.1.relu", &tap), 0);
    ck_assert_int_eq(accelsel_network_layer_outputs(mt, tap, &idx, &n), 0);
    ck_assert_uint_eq(n, 3); /* layer3.0.conv1, layer3.0.downsample.0, depth.conv */
    accelsel_network_free(mt);

    accelsel_network *cs = zoo("casia-surf");
    ck_assert_uint_eq(accelsel_network_input_count(cs), 3);
    assert_shape3(layer(cs, "ir.layer3.relu"), 128, 28, 28);
    assert_shape3(layer(cs, "fusion.concat"), 384, 28, 28);
    assert_shape3(layer(cs, "fusion.layer4.relu"), 256, 14, 14);
    assert_shape3(layer(cs, "fusion.layer5.relu"), 512, 7, 7);
    ck_assert_uint_eq(layer(cs, "fusion.layer4.conv1")->params, 384 * 256 * 9);
    accelsel_network_free(cs);
}
END_TEST

/* Training recipes, from their sources: CIFAR-10's 50,000 training images
 * (Krizhevsky 2009) for seed 001's 10 epochs; ImageNet-1k's 1,281,167 with
 * torchvision's 90 (300 for MobileNetV2) epochs; BERT's 1,000,000 steps of
 * 256 sequences over about 40 epochs (Devlin et al. 2019); ResNet-50's
 * epochs left to the relation fitted on MLPerf; none for the rest. */
START_TEST(training_recipes)
{
    static const struct { const char *name; double epoch_samples, epochs, total, gbs; } want[] = {
        { "small-cnn", 50000, 10, 0, 0 },        { "resnet18-32", 50000, 10, 0, 0 },
        { "resnet50-cifar", 50000, 10, 0, 0 },   { "resnet18", 1281167, 90, 0, 0 },
        { "vgg16", 1281167, 90, 0, 0 },          { "mobilenetv2", 1281167, 300, 0, 0 },
        { "resnet50", 1281167, 0, 0, 0 },        { "bert-base", 256e6 / 40, 0, 256e6, 0 },
        { "bert-base-512", 256e6 / 40, 0, 256e6, 0 }, { "gpt2-small", 0, 0, 0, 0 },
        { "casia-surf", 0, 0, 0, 0 },
        /* pre-training in sequences; MLPerf's LLM benchmarks at their batch */
        { "gpt3-175b", 146484375, 0, 146484375, 0 },
        { "llama31-405b", 1904296875, 0, 1904296875, 0 },
        { "llama2-70b-lora", 3901, 0, 0, 0 },         { "gpt3", 0, 0, 589824, 2048 },
        { "llama2_70b_lora", 3901, 0, 3148.8, 8 },    { "llama31_405b", 0, 0, 276480, 1152 },
    };
    for (size_t i = 0; i < sizeof want / sizeof want[0]; i++) {
        accelsel_network *net;
        ck_assert_int_eq(accelsel_network_load_zoo(&net, want[i].name, NULL), 0);
        const accelsel_network_recipe *r = accelsel_network_get_recipe(net);
        ck_assert_uint_eq(r->version, ACCELSEL_NETWORK_RECIPE_VERSION);
        ck_assert_msg(r->epoch_samples == want[i].epoch_samples && r->epochs == want[i].epochs &&
                          r->total_samples == want[i].total && r->global_batch == want[i].gbs,
                      "%s: %g %g %g %g", want[i].name, r->epoch_samples, r->epochs,
                      r->total_samples, r->global_batch);
        int given = want[i].epoch_samples > 0 || want[i].total > 0;
        ck_assert_int_eq(r->source != NULL, given);
        ck_assert_int_eq(r->dataset != NULL, given);
        accelsel_network_free(net);
    }
    ck_assert_ptr_null(accelsel_network_get_recipe(NULL));
    /* MLPerf's benchmarks train the zoo's LLMs: the same sizes */
    static const char *const same[][2] = {{"gpt3", "gpt3-175b"},
                                          {"llama2_70b_lora", "llama2-70b-lora"},
                                          {"llama31_405b", "llama31-405b"}};
    for (size_t i = 0; i < 3; i++) {
        accelsel_network *a = zoo(same[i][0]), *b = zoo(same[i][1]);
        const accelsel_transformer_info *ta = accelsel_network_get_transformer(a),
                                        *tb = accelsel_network_get_transformer(b);
        ck_assert(ta != NULL && tb != NULL);
        ck_assert(ta->layers == tb->layers && ta->hidden == tb->hidden &&
                  ta->sequence == tb->sequence && ta->lora_rank == tb->lora_rank);
        ck_assert_uint_eq(accelsel_network_get_totals(a)->params,
                          accelsel_network_get_totals(b)->params);
        ck_assert_uint_eq(accelsel_network_get_totals(a)->frozen_params,
                          accelsel_network_get_totals(b)->frozen_params);
        ck_assert_str_eq(accelsel_network_name(a), same[i][0]);
        accelsel_network_free(a);
        accelsel_network_free(b);
    }
}
END_TEST

START_TEST(names_are_listed_and_unique)
{
    static const char *const required[] = {
        "small-cnn", "resnet18", "resnet18-32", "resnet18-cifar", "resnet50", "resnet50-32",
        "resnet50-cifar", "vgg16", "mobilenetv2", "bert-base", "bert-base-512", "gpt2-small",
        "two-tower", "multi-task", "casia-surf"};
    size_t count = 0;
    while (accelsel_network_zoo_name(count) != NULL) {
        ck_assert_ptr_nonnull(accelsel_network_zoo_description(count));
        for (size_t j = 0; j < count; j++)
            ck_assert_str_ne(accelsel_network_zoo_name(j), accelsel_network_zoo_name(count));
        count++;
    }
    ck_assert_ptr_null(accelsel_network_zoo_description(count));
    for (size_t r = 0; r < sizeof required / sizeof required[0]; r++) {
        int found = 0;
        for (size_t i = 0; i < count; i++)
            found |= strcmp(accelsel_network_zoo_name(i), required[r]) == 0;
        ck_assert_msg(found, "%s missing", required[r]);
    }
    accelsel_network *net = (accelsel_network *)&net;
    ck_assert_int_eq(accelsel_network_load_zoo(&net, "resnet-18", NULL), ACCELSEL_ENOTFOUND);
    ck_assert_ptr_null(net);
    ck_assert(strstr(accelsel_last_error()->message, "'resnet-18'") != NULL);
    ck_assert_int_eq(accelsel_network_load_zoo(NULL, "resnet18", NULL), ACCELSEL_EINVAL);
}
END_TEST

/* Every zoo model: the builders list layers in dependency order, so the
 * topological order is the identity; saving and reloading gives identical text. */
START_TEST(every_model_orders_and_round_trips)
{
    const char *name = accelsel_network_zoo_name((size_t)_i);
    accelsel_network *a = zoo(name), *b = NULL;
    const size_t *order;
    size_t n;
    ck_assert_int_eq(accelsel_network_topo_order(a, &order, &n), 0);
    for (size_t k = 0; k < n; k++)
        ck_assert_uint_eq(order[k], k);
    char *t1, *t2;
    ck_assert_int_eq(accelsel_network_save_buffer(a, &t1, NULL), 0);
    ck_assert_int_eq(accelsel_network_load_buffer(&b, t1, strlen(t1), NULL), 0);
    ck_assert_int_eq(accelsel_network_save_buffer(b, &t2, NULL), 0);
    ck_assert_str_eq(t1, t2);
    const accelsel_network_totals *ta = accelsel_network_get_totals(a);
    const accelsel_network_totals *tb = accelsel_network_get_totals(b);
    ck_assert_uint_eq(ta->params, tb->params);
    ck_assert_uint_eq(ta->flops, tb->flops);
    ck_assert_uint_eq(ta->activation_bytes, tb->activation_bytes);
    accelsel_free(t1);
    accelsel_free(t2);
    accelsel_network_free(a);
    accelsel_network_free(b);
}
END_TEST

START_TEST(bytes_per_element_option)
{
    accelsel_network_options o = ACCELSEL_NETWORK_OPTIONS_INIT;
    o.bytes_per_element = 2;
    accelsel_network *half = NULL;
    ck_assert_int_eq(accelsel_network_load_zoo(&half, "resnet18", &o), 0);
    ck_assert_uint_eq(accelsel_network_get_totals(half)->weight_bytes, 2 * 11689512);
    /* conv1 at fp16: input 3x224x224, output 64x112x112, weights 9408, 2 bytes each. */
    const accelsel_layer_info *l = layer(half, "conv1");
    ck_assert_uint_eq(l->input_bytes, 2 * 3 * 224 * 224);
    ck_assert_uint_eq(l->output_bytes, 2 * 64 * 112 * 112);
    ck_assert_uint_eq(l->weight_bytes, 2 * 9408);
    accelsel_network_free(half);
    o.bytes_per_element = 9;
    ck_assert_int_eq(accelsel_network_load_zoo(&half, "resnet18", &o), ACCELSEL_EINVAL);
}
END_TEST

START_TEST(allocation_failures_leak_nothing)
{
    static const char *const names[] = {"small-cnn", "two-tower"};
    for (size_t m = 0; m < 2; m++) {
        accelsel_network *net;
        testutil_alloc_fail_at(0);
        ck_assert_int_eq(accelsel_network_load_zoo(&net, names[m], NULL), 0);
        accelsel_network_free(net);
        size_t total = testutil_alloc_count();
        for (size_t n = 1; n <= total; n++) {
            testutil_alloc_fail_at(n);
            net = (accelsel_network *)&net;
            int rc = accelsel_network_load_zoo(&net, names[m], NULL);
            ck_assert_int_eq(rc, ACCELSEL_ENOMEM);
            ck_assert_ptr_null(net);
            ck_assert_msg(testutil_alloc_live() == 0, "%s: failure at %zu leaks", names[m], n);
        }
    }
    testutil_alloc_reset();
}
END_TEST

int main(void)
{
    Suite *s = suite_create("zoo");
    TCase *tc = tcase_create("zoo");
    tcase_add_loop_test(tc, published_parameters_and_macs, 0,
                        (int)(sizeof published / sizeof published[0]));
    tcase_add_test(tc, imagenet_stem_at_32);
    tcase_add_test(tc, llm_parameters);
    tcase_add_test(tc, llama2_lora_adapters);
    tcase_add_test(tc, exact_layer_counts);
    tcase_add_test(tc, gpt2_small_tied_head);
    tcase_add_test(tc, project_model_totals);
    tcase_add_test(tc, multi_branch_structure);
    tcase_add_test(tc, names_are_listed_and_unique);
    tcase_add_test(tc, training_recipes);
    size_t n = 0;
    while (accelsel_network_zoo_name(n) != NULL)
        n++;
    tcase_add_loop_test(tc, every_model_orders_and_round_trips, 0, (int)n);
    tcase_add_test(tc, bytes_per_element_option);
    tcase_add_test(tc, allocation_failures_leak_nothing);
    suite_add_tcase(s, tc);
    SRunner *sr = srunner_create(s);
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed == 0 ? 0 : 1;
}
