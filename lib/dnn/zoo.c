/* The model zoo: names, descriptions and builders (accelsel_network_load_zoo). */
#include <string.h>

#include "core/error.h"
#include "core/suggest.h"
#include "dnn/load.h"
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
#define CIFAR10 { ACCELSEL_NETWORK_RECIPE_VERSION, 50000, 10, 0, cifar10, cifar10_src }
#define TV90 { ACCELSEL_NETWORK_RECIPE_VERSION, 1281167, 90, 0, imagenet, tv90 }
#define BERT { ACCELSEL_NETWORK_RECIPE_VERSION, 6400000, 0, 256000000, bert, bert_src }
#define NO_RECIPE { ACCELSEL_NETWORK_RECIPE_VERSION, 0, 0, 0, NULL, NULL }

static const struct {
    const char *name;
    const char *description;
    void (*build)(zb *z);
    accelsel_network_recipe recipe;
} zoo[] = {
    {"small-cnn", "seed-001 small CNN: 4 conv + 2 fc layers on CIFAR-10 32x32 (0.50 M params)",
     asel_zoo_small_cnn, CIFAR10},
    {"resnet18", "ResNet-18, ImageNet, 224x224 (torchvision)", resnet18, TV90},
    {"resnet18-32", "ResNet-18 with the ImageNet stem and 1000 classes on 32x32 input", resnet18_32,
     CIFAR10},
    {"resnet18-cifar", "ResNet-18 with the CIFAR stem (3x3 conv, no max-pool), 10 classes, 32x32",
     resnet18_cifar, CIFAR10},
    {"resnet50", "ResNet-50 (v1.5), ImageNet, 224x224 (torchvision)", resnet50,
     { ACCELSEL_NETWORK_RECIPE_VERSION, 1281167, 0, 0, imagenet,
       "1,281,167 images; epochs: MLPerf Training's ResNet-50 (to 75.9 % top-1), the epochs "
       "relation fitted on its results" }},
    {"resnet50-32", "ResNet-50 with the ImageNet stem and 1000 classes on 32x32 input", resnet50_32,
     CIFAR10},
    {"resnet50-cifar", "ResNet-50 with the CIFAR stem (3x3 conv, no max-pool), 10 classes, 32x32",
     resnet50_cifar, CIFAR10},
    {"vgg16", "VGG-16 (configuration D, no batch norm), ImageNet, 224x224 (torchvision)",
     asel_zoo_vgg16, TV90},
    {"mobilenetv2", "MobileNetV2 (width 1.0), ImageNet, 224x224 (torchvision)",
     asel_zoo_mobilenetv2,
     { ACCELSEL_NETWORK_RECIPE_VERSION, 1281167, 300, 0, imagenet,
       "1,281,167 images; 300 epochs: the torchvision classification reference recipe "
       "(references/classification/README.md, MobileNetV2)" }},
    {"bert-base", "BERT-base encoder with pooler, sequence 128 (bert-base-uncased)", bert_base,
     BERT},
    {"bert-base-512", "BERT-base encoder with pooler, sequence 512 (bert-base-uncased)",
     bert_base_512, BERT},
    {"gpt2-small", "GPT-2 small, context 1024, LM head tied to the token embedding",
     asel_zoo_gpt2_small, NO_RECIPE},
    {"two-tower", "image + text two-tower model: ResNet-18 tower and 4-layer Transformer tower",
     asel_zoo_two_tower, NO_RECIPE},
    {"multi-task", "shared ResNet-18 trunk with classification, segmentation and depth heads",
     asel_zoo_multi_task, NO_RECIPE},
    {"casia-surf", "CASIA-SURF-like three-branch (colour, depth, IR) anti-spoofing net, 112x112",
     asel_zoo_casia_surf, NO_RECIPE},
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
    zb z = {NULL, 0};
    z.rc = asel_net_new(&z.net, name, o.bytes_per_element);
    if (z.rc == 0)
        zoo[i].build(&z);
    if (z.rc == 0)
        z.rc = asel_net_finish(z.net, NULL);
    if (z.rc == 0)
        z.net->recipe = zoo[i].recipe;
    if (z.rc != 0) {
        accelsel_network_free(z.net);
        return z.rc;
    }
    *out = z.net;
    return 0;
}
