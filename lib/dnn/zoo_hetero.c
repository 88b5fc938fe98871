/* Heterogeneous multi-branch zoo models for the mapper: no published
 * reference exists for these, so each is defined here and in
 * docs/network-format.md, built from the ResNet and Transformer pieces. */
#include <stdio.h>

#include "dnn/zoo_models.h"

/* Image + text two-tower model: a ResNet-18 image tower (224x224) and a
 * 4-layer Transformer text tower (sequence 64, dim 512, 8 heads, FFN 2048,
 * BERT's vocabulary), each projected to 256, concatenated and classified
 * (match / no match) by a two-layer head. */
void asel_zoo_two_tower(zb *z)
{
    const char *image = zb_input3(z, 3, 224, 224, "image");
    const char *tokens = zb_input1(z, 64, "tokens");

    const char *img = asel_zoo_resnet18_body(z, image, "image.", ZOO_STEM_IMAGENET, 4);
    img = zb_global_pool(z, img, ASEL_POOL_AVG, "image.avgpool");
    img = zb_flatten(z, img, "image.flatten");
    img = zb_linear(z, img, 256, 1, "image.proj");

    const char *emb[2] = {
        zb_embedding(z, tokens, 30522, 512, "text.word_embeddings"),
        zb_embedding(z, tokens, 64, 512, "text.position_embeddings"),
    };
    const char *txt = zb_add(z, emb, 2, "text.embeddings.add");
    txt = zb_ln(z, txt, "text.embeddings.LayerNorm");
    for (int i = 0; i < 4; i++) {
        char prefix[32];
        snprintf(prefix, sizeof prefix, "text.layer.%d", i);
        txt = asel_zoo_encoder_layer(z, txt, 8, 512, 2048, prefix);
    }
    txt = zb_slice(z, txt, 0, 0, 1, "text.first_token");
    txt = zb_flatten(z, txt, "text.flatten");
    txt = zb_linear(z, txt, 256, 1, "text.proj");

    const char *both[2] = {img, txt};
    const char *x = zb_concat(z, both, 2, 0, "fusion.concat");
    x = zb_linear(z, x, 256, 1, "fusion.fc1");
    x = zb_act(z, x, ASEL_ACT_RELU, "fusion.relu");
    zb_linear(z, x, 2, 1, "fusion.fc2");
}

/* conv + batch norm + ReLU head layer, then a biased 1x1 output conv. */
static void conv_head(zb *z, const char *in, int64_t mid, int64_t out, const char *head)
{
    const char *x = zb_conv(z, in, mid, 3, 1, 1, 0, "%s.conv", head);
    x = zb_bn(z, x, "%s.bn", head);
    x = zb_act(z, x, ASEL_ACT_RELU, "%s.relu", head);
    zb_conv(z, x, out, 1, 1, 0, ZB_BIAS, "%s.out", head);
}

/* Multi-task model: a shared ResNet-18 trunk at 224x224 and three heads
 * tapping it at different depths: ImageNet classification (1000 classes) on
 * the 7x7 output, semantic segmentation (21 classes, PASCAL VOC) on the
 * 14x14 stage-3 output, and depth estimation (1 channel) on the 28x28
 * stage-2 output. */
void asel_zoo_multi_task(zb *z)
{
    const char *image = zb_input3(z, 3, 224, 224, "image");
    const char *trunk = asel_zoo_resnet18_body(z, image, "trunk.", ZOO_STEM_IMAGENET, 4);
    const char *x = zb_global_pool(z, trunk, ASEL_POOL_AVG, "classify.avgpool");
    x = zb_flatten(z, x, "classify.flatten");
    zb_linear(z, x, 1000, 1, "classify.fc");
    conv_head(z, "trunk.layer3.1.relu", 128, 21, "segment");
    conv_head(z, "trunk.layer2.1.relu", 64, 1, "depth");
}

/* CASIA-SURF-like face anti-spoofing net (after the CASIA-SURF baseline,
 * Zhang et al. CVPR 2019, and the H2H benchmark): three modality branches
 * (colour, depth, infrared; 3x112x112 each) of a 3x3 stem and ResNet
 * BasicBlocks at 112, 56 and 28 px (32, 64, 128 channels), concatenated
 * into a shared trunk of BasicBlocks at 14 and 7 px (256, 512 channels),
 * then global pooling and a real / spoof classifier. */
void asel_zoo_casia_surf(zb *z)
{
    static const char *const modality[3] = {"color", "depth", "ir"};
    const char *in[3], *branch[3];
    for (int m = 0; m < 3; m++)
        in[m] = zb_input3(z, 3, 112, 112, modality[m]);
    for (int m = 0; m < 3; m++) {
        const char *p = modality[m];
        char name[32];
        const char *x = zb_conv(z, in[m], 32, 3, 1, 1, 0, "%s.conv1", p);
        x = zb_bn(z, x, "%s.bn1", p);
        x = zb_act(z, x, ASEL_ACT_RELU, "%s.relu", p);
        snprintf(name, sizeof name, "%s.layer1", p);
        x = asel_zoo_basic_block(z, x, 32, 32, 1, name);
        snprintf(name, sizeof name, "%s.layer2", p);
        x = asel_zoo_basic_block(z, x, 32, 64, 2, name);
        snprintf(name, sizeof name, "%s.layer3", p);
        branch[m] = asel_zoo_basic_block(z, x, 64, 128, 2, name);
    }
    const char *x = zb_concat(z, branch, 3, 0, "fusion.concat");
    x = asel_zoo_basic_block(z, x, 384, 256, 2, "fusion.layer4");
    x = asel_zoo_basic_block(z, x, 256, 512, 2, "fusion.layer5");
    x = zb_global_pool(z, x, ASEL_POOL_AVG, "avgpool");
    x = zb_flatten(z, x, "flatten");
    zb_linear(z, x, 2, 1, "fc");
}
