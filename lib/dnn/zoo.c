/* The model zoo: names, descriptions and builders (accelsel_network_load_zoo). */
#include <string.h>

#include "core/error.h"
#include "core/suggest.h"
#include "dnn/load.h"
#include "dnn/xformer.h"
#include "dnn/zoo_models.h"

static void resnet18(zb *z) { asel_zoo_resnet(z, 18, ZOO_STEM_IMAGENET, 224, 1000); }
static void resnet18_32(zb *z) { asel_zoo_resnet(z, 18, ZOO_STEM_IMAGENET, 32, 1000); }
static void resnet18_cifar(zb *z) { asel_zoo_resnet(z, 18, ZOO_STEM_CIFAR, 32, 10); }
static void resnet50(zb *z) { asel_zoo_resnet(z, 50, ZOO_STEM_IMAGENET, 224, 1000); }
static void resnet50_32(zb *z) { asel_zoo_resnet(z, 50, ZOO_STEM_IMAGENET, 32, 1000); }
static void resnet50_cifar(zb *z) { asel_zoo_resnet(z, 50, ZOO_STEM_CIFAR, 32, 10); }
static void bert_base(zb *z) { asel_zoo_bert_base(z, 128); }
static void bert_base_512(zb *z) { asel_zoo_bert_base(z, 512); }

/* Training recipes (docs/network-format.md, "Training recipes"). */
static const char cifar10[] = "CIFAR-10 training set";
static const char cifar10_src[] =
    "50,000 training images (Krizhevsky 2009); 10 epochs, as seed 001's experiment";
static const char imagenet[] = "ImageNet-1k training set (ILSVRC 2012)";
static const char tv90[] = "1,281,167 images; 90 epochs: the torchvision classification "
                           "reference recipe (references/classification, train.py default)";
static const char bert[] = "BooksCorpus + English Wikipedia (3.3 billion words)";
static const char bert_src[] =
    "Devlin et al. 2019, appendix A.2: 1,000,000 steps of 256 sequences (256,000,000), "
    "about 40 epochs of the corpus (6,400,000 sequences each); all at this sequence length";
#define CIFAR10 { ACCELSEL_NETWORK_RECIPE_VERSION, 50000, 10, 0, cifar10, cifar10_src, 0 }
#define TV90 { ACCELSEL_NETWORK_RECIPE_VERSION, 1281167, 90, 0, imagenet, tv90, 0 }
#define BERT { ACCELSEL_NETWORK_RECIPE_VERSION, 6400000, 0, 256000000, bert, bert_src, 0 }
#define NO_RECIPE { ACCELSEL_NETWORK_RECIPE_VERSION, 0, 0, 0, NULL, NULL, 0 }

/* LLMs by their sizes (accelsel_transformer_info, docs/network-format.md).
 * GPT-3 175B: Brown et al. 2020, Table 2.1 (96 layers, d_model 12,288, 96
 * heads of 128, context 2,048, a feed-forward of 4 d_model, GPT-2's
 * vocabulary of 50,257 tokens, learned positions, tied embeddings), without
 * dropout as MLPerf's reference trains it (large_language_model/megatron-lm,
 * --attention-dropout 0.0 --hidden-dropout 0.0). Llama 2 70B: Touvron et al.
 * 2023 and its config.json (80 layers, 8,192, 64 heads, 8 key-value heads,
 * SwiGLU of 28,672, vocabulary 32,000, context 4,096); its LoRA form is
 * MLPerf's llama2_70b_lora (rank 16 on the fused QKV and output
 * projections, sequence 8,192). Llama 3.1 8B and 405B: their config.json
 * (32 layers, 4,096, 32 heads, 8 key-value heads, 14,336; 126 layers,
 * 16,384, 128 heads, 8 key-value heads, 53,248; vocabulary 128,256), at
 * the 8,192 tokens of their pre-training (Dubey et al. 2024) and of MLPerf.
 * BERT-large: Devlin et al. 2019 (24 layers, 1,024, 16 heads, 4,096) at
 * MLPerf's sequence of 512. */
#define DECODER ACCELSEL_TRANSFORMER_INFO_VERSION, ACCELSEL_TRANSFORMER_DECODER
static const accelsel_transformer_info gpt3_175b = {
    DECODER, 96, 12288, 96, 96, 128, 49152, 50257, 2048, 2048, 0, 0, 0, 0,
    0, 1, 0, 1, 0, "gelu"};
static const accelsel_transformer_info llama2_70b = {
    DECODER, 80, 8192, 64, 8, 128, 28672, 32000, 4096, 0, 0, 0, 0, 0,
    1, 0, 1, 0, 0, "silu"};
static const accelsel_transformer_info llama2_70b_lora = {
    DECODER, 80, 8192, 64, 8, 128, 28672, 32000, 8192, 0, 0, 0, 0, 16,
    1, 0, 1, 0, 0, "silu"};
static const accelsel_transformer_info llama31_8b = {
    DECODER, 32, 4096, 32, 8, 128, 14336, 128256, 8192, 0, 0, 0, 0, 0,
    1, 0, 1, 0, 0, "silu"};
static const accelsel_transformer_info llama31_405b = {
    DECODER, 126, 16384, 128, 8, 128, 53248, 128256, 8192, 0, 0, 0, 0, 0,
    1, 0, 1, 0, 0, "silu"};
static const accelsel_transformer_info bert_large = {
    ACCELSEL_TRANSFORMER_INFO_VERSION, ACCELSEL_TRANSFORMER_ENCODER, 24, 1024, 16, 16, 64, 4096,
    30522, 512, 512, 2, 0, 0, 0, 0, 1, 0, 0, 1, "gelu"};

static const char web[] = "web text (pre-training)";
static const char gpt3_src[] =
    "Brown et al. 2020, Table 2.1: 300 billion tokens, 146,484,375 sequences of 2,048";
static const char llama2_src[] =
    "Touvron et al. 2023, Table 1: 2.0 trillion tokens, 488,281,250 sequences of 4,096";
static const char llama31_src[] =
    "Dubey et al. 2024 (The Llama 3 Herd of Models): about 15 trillion tokens for 8B, 15.6 "
    "trillion for 405B, in sequences of 8,192";
#define TOKENS(sequences, src) { ACCELSEL_NETWORK_RECIPE_VERSION, sequences, 0, sequences, web, src, 0 }

/* MLPerf Training's LLM benchmarks as workloads: each trains its network
 * from MLPerf's checkpoint to the quality target, in as many sequences as
 * the closed results at their most common global batch needed (the median
 * of samples_to_converge_mean; GPT-3's results give tokens, read in
 * sequences of 2,048); the predictor adds the benchmark's evaluations
 * (lib/perf/llm_bench.c). */
static const char c4[] = "C4 (English), MLPerf's split";
static const char govreport[] = "GovReport (SCROLLS), MLPerf's 3,901 training sequences";
static const char gpt3_mlperf[] =
    "MLPerf Training gpt3 (v3.0 to v4.1): to log perplexity 2.69 from MLPerf's checkpoint; "
    "589,824 sequences of 2,048 (1,207,959,552 tokens), the median of the 16 closed results "
    "at a global batch of 2,048";
static const char lora_mlperf[] =
    "MLPerf Training llama2_70b_lora (v4.0 to v5.0): to eval loss 0.925; 3,148.8 sequences, "
    "the median of the 92 closed results at a global batch of 8";
static const char govreport_src[] =
    "3,901 training sequences of up to 8,192 tokens: MLPerf's GovReport split, as every "
    "llama2_70b_lora result logs; no samples to train: the request gives them";
static const char l405_mlperf[] =
    "MLPerf Training llama31_405b (v5.0): to log perplexity 5.6 from MLPerf's checkpoint; "
    "276,480 sequences of 8,192, the median of the 5 closed results at a global batch of 1,152";
#define MLPERF(epoch, samples, dataset, src, gbs)                                              \
    { ACCELSEL_NETWORK_RECIPE_VERSION, epoch, 0, samples, dataset, src, gbs }

static const struct {
    const char *name;
    const char *description;
    void (*build)(zb *z);
    accelsel_network_recipe recipe;
    const accelsel_transformer_info *sizes; /* built from these instead, when not NULL */
} zoo[] = {
    {"small-cnn", "seed-001 small CNN: 4 conv + 2 fc layers on CIFAR-10 32x32 (0.50 M params)",
     asel_zoo_small_cnn, CIFAR10, NULL},
    {"resnet18", "ResNet-18, ImageNet, 224x224 (torchvision)", resnet18, TV90, NULL},
    {"resnet18-32", "ResNet-18 with the ImageNet stem and 1000 classes on 32x32 input", resnet18_32,
     CIFAR10, NULL},
    {"resnet18-cifar", "ResNet-18 with the CIFAR stem (3x3 conv, no max-pool), 10 classes, 32x32",
     resnet18_cifar, CIFAR10, NULL},
    {"resnet50", "ResNet-50 (v1.5), ImageNet, 224x224 (torchvision)", resnet50,
     { ACCELSEL_NETWORK_RECIPE_VERSION, 1281167, 0, 0, imagenet,
       "1,281,167 images; epochs: MLPerf Training's ResNet-50 (to 75.9 % top-1), the epochs "
       "relation fitted on its results", 0 }, NULL},
    {"resnet50-32", "ResNet-50 with the ImageNet stem and 1000 classes on 32x32 input", resnet50_32,
     CIFAR10, NULL},
    {"resnet50-cifar", "ResNet-50 with the CIFAR stem (3x3 conv, no max-pool), 10 classes, 32x32",
     resnet50_cifar, CIFAR10, NULL},
    {"vgg16", "VGG-16 (configuration D, no batch norm), ImageNet, 224x224 (torchvision)",
     asel_zoo_vgg16, TV90, NULL},
    {"mobilenetv2", "MobileNetV2 (width 1.0), ImageNet, 224x224 (torchvision)",
     asel_zoo_mobilenetv2,
     { ACCELSEL_NETWORK_RECIPE_VERSION, 1281167, 300, 0, imagenet,
       "1,281,167 images; 300 epochs: the torchvision classification reference recipe "
       "(references/classification/README.md, MobileNetV2)", 0 }, NULL},
    {"bert-base", "BERT-base encoder with pooler, sequence 128 (bert-base-uncased)", bert_base,
     BERT, NULL},
    {"bert-base-512", "BERT-base encoder with pooler, sequence 512 (bert-base-uncased)",
     bert_base_512, BERT, NULL},
    {"gpt2-small", "GPT-2 small, context 1024, LM head tied to the token embedding",
     asel_zoo_gpt2_small, NO_RECIPE, NULL},
    {"two-tower", "image + text two-tower model: ResNet-18 tower and 4-layer Transformer tower",
     asel_zoo_two_tower, NO_RECIPE, NULL},
    {"multi-task", "shared ResNet-18 trunk with classification, segmentation and depth heads",
     asel_zoo_multi_task, NO_RECIPE, NULL},
    {"casia-surf", "CASIA-SURF-like three-branch (colour, depth, IR) anti-spoofing net, 112x112",
     asel_zoo_casia_surf, NO_RECIPE, NULL},
    {"gpt3-175b", "GPT-3 175B (Brown et al. 2020), context 2048, as MLPerf trains it", NULL,
     TOKENS(146484375, gpt3_src), &gpt3_175b},
    {"llama2-70b", "Llama 2 70B: grouped-query attention, SwiGLU, RMS norms, context 4096", NULL,
     TOKENS(488281250, llama2_src), &llama2_70b},
    {"llama2-70b-lora", "Llama 2 70B with MLPerf's LoRA adapters (rank 16 on QKV and output), "
     "sequence 8192, base weights frozen", NULL, MLPERF(3901, 0, govreport, govreport_src, 0),
     &llama2_70b_lora},
    {"llama31-8b", "Llama 3.1 8B, sequence 8192 (pre-training and MLPerf)", NULL,
     TOKENS(1831054688, llama31_src), &llama31_8b},
    {"llama31-405b", "Llama 3.1 405B, sequence 8192 (pre-training and MLPerf)", NULL,
     TOKENS(1904296875, llama31_src), &llama31_405b},
    {"bert-large", "BERT-large encoder with pooler, sequence 512 (MLPerf's)", NULL, BERT,
     &bert_large},
    {"gpt3", "MLPerf Training's gpt3: gpt3-175b from MLPerf's checkpoint to its target, with "
     "its evaluations", NULL, MLPERF(0, 589824, c4, gpt3_mlperf, 2048), &gpt3_175b},
    {"llama2_70b_lora", "MLPerf Training's llama2_70b_lora: llama2-70b-lora fine-tuned to its "
     "target, with its evaluations", NULL, MLPERF(3901, 3148.8, govreport, lora_mlperf, 8),
     &llama2_70b_lora},
    {"llama31_405b", "MLPerf Training's llama31_405b: llama31-405b from MLPerf's checkpoint to "
     "its target, with its evaluations", NULL, MLPERF(0, 276480, c4, l405_mlperf, 1152),
     &llama31_405b},
};
#define ZOO_SIZE (sizeof zoo / sizeof zoo[0])

ACCELSEL_API const char *accelsel_network_zoo_name(size_t index)
{
    return index < ZOO_SIZE ? zoo[index].name : NULL;
}

ACCELSEL_API const char *accelsel_network_zoo_description(size_t index)
{
    return index < ZOO_SIZE ? zoo[index].description : NULL;
}

static int not_found(const char *name)
{
    size_t best = 0;
    for (size_t i = 1; i < ZOO_SIZE; i++)
        if (asel_suggest_rank(name, zoo[i].name, 1) < asel_suggest_rank(name, zoo[best].name, 1))
            best = i;
    return asel_error(ACCELSEL_ENOTFOUND, "no zoo network named '%s' (closest: '%s')", name,
                      zoo[best].name);
}

/* A zoo network of layers; its inputs' shapes are its sequence. */
static int built(accelsel_network **out, const char *name, void (*build)(zb *z),
                 const accelsel_network_options *o)
{
    zb z = {NULL, asel_xf_no_sequence(name, o->sequence)};
    if (z.rc == 0)
        z.rc = asel_net_new(&z.net, name, o->bytes_per_element);
    if (z.rc == 0)
        build(&z);
    if (z.rc == 0)
        z.rc = asel_net_finish(z.net, NULL);
    if (z.rc != 0) {
        accelsel_network_free(z.net);
        return z.rc;
    }
    *out = z.net;
    return 0;
}

/* A zoo LLM at the sequence of the options, if they give one. */
static int sized(accelsel_network **out, const char *name, const accelsel_transformer_info *t,
                 const accelsel_network_options *o)
{
    accelsel_transformer_info at = *t;
    asel_xf_keys k = {"<zoo>", {[ASEL_XF_POSITIONS] = "positions"}, {{0, 0}}};
    int rc = asel_xf_set_sequence(&at, o->sequence, &k);
    return rc != 0 ? rc : asel_xf_build(out, name, &at, o->bytes_per_element);
}

ACCELSEL_API int accelsel_network_load_zoo(accelsel_network **out, const char *name,
                                           const accelsel_network_options *opts)
{
    static const char fn[] = "accelsel_network_load_zoo";
    if (out == NULL)
        return asel_einval(fn, "out");
    *out = NULL;
    if (name == NULL)
        return asel_einval(fn, "name");
    accelsel_network_options o;
    int rc = asel_net_options(opts, fn, &o);
    if (rc != 0)
        return rc;
    size_t i = 0;
    while (i < ZOO_SIZE && strcmp(zoo[i].name, name) != 0)
        i++;
    if (i == ZOO_SIZE)
        return not_found(name);
    accelsel_network *net = NULL;
    rc = zoo[i].sizes != NULL ? sized(&net, zoo[i].name, zoo[i].sizes, &o)
                              : built(&net, zoo[i].name, zoo[i].build, &o);
    if (rc != 0)
        return rc;
    net->recipe = zoo[i].recipe;
    *out = net;
    return 0;
}
