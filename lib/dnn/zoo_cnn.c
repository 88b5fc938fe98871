/* Zoo CNNs without residual stages: the seed-001 small CNN, VGG-16 and
 * MobileNetV2 (torchvision's definitions, layer names after its modules). */
#include <stdio.h>

#include "dnn/zoo_models.h"

/* The "small CNN" of seed 001 (about 0.5 M parameters; the paper gives no
 * layers, so this is our definition, documented in docs/network-format.md):
 * four 3x3 conv + ReLU layers (32, 64, 128, 128 channels) with 2x2 max-pools
 * after the last three, then 2048 -> 128 -> 10 fully connected, on CIFAR-10
 * 32x32 images. 504,394 parameters. */
void asel_zoo_small_cnn(zb *z)
{
    static const int64_t width[4] = {32, 64, 128, 128};
    const char *x = zb_input3(z, 3, 32, 32, "image");
    for (int i = 0; i < 4; i++) {
        x = zb_conv(z, x, width[i], 3, 1, 1, ZB_BIAS, "conv%d", i + 1);
        x = zb_act(z, x, ASEL_ACT_RELU, "relu%d", i + 1);
        if (i > 0)
            x = zb_pool(z, x, ASEL_POOL_MAX, 2, 2, 0, "pool%d", i);
    }
    x = zb_flatten(z, x, "flatten");
    x = zb_linear(z, x, 128, 1, "fc1");
    x = zb_act(z, x, ASEL_ACT_RELU, "relu5");
    zb_linear(z, x, 10, 1, "fc2");
}

/* VGG-16 (configuration D, no batch norm) at 224x224, as torchvision's vgg16;
 * its adaptive 7x7 average pool is the identity at 224 and is left out. */
void asel_zoo_vgg16(zb *z)
{
    static const int64_t cfg[] = {64, 64, 0, 128, 128, 0, 256, 256, 256, 0,
                                  512, 512, 512, 0, 512, 512, 512, 0};
    const char *x = zb_input3(z, 3, 224, 224, "image");
    for (int i = 0; i < (int)(sizeof cfg / sizeof cfg[0]); i++) {
        if (cfg[i] == 0) {
            x = zb_pool(z, x, ASEL_POOL_MAX, 2, 2, 0, "features.%d", i);
            continue;
        }
        x = zb_conv(z, x, cfg[i], 3, 1, 1, ZB_BIAS, "features.%d.conv", i);
        x = zb_act(z, x, ASEL_ACT_RELU, "features.%d.relu", i);
    }
    x = zb_flatten(z, x, "flatten");
    x = zb_linear(z, x, 4096, 1, "classifier.0");
    x = zb_act(z, x, ASEL_ACT_RELU, "classifier.1");
    x = zb_linear(z, x, 4096, 1, "classifier.3");
    x = zb_act(z, x, ASEL_ACT_RELU, "classifier.4");
    zb_linear(z, x, 1000, 1, "classifier.6");
}

/* conv (no bias) + batch norm + optional ReLU6, named prefix.conv/.bn/.relu6. */
static const char *conv_bn(zb *z, const char *x, int64_t out, int64_t k, int64_t stride,
                           int flags, int relu6, const char *prefix, const char *part)
{
    int64_t pad = (k - 1) / 2;
    x = zb_conv(z, x, out, k, stride, pad, flags, "%s.%s", prefix, part);
    x = zb_bn(z, x, "%s.%s_bn", prefix, part);
    return relu6 ? zb_act(z, x, ASEL_ACT_RELU6, "%s.%s_relu6", prefix, part) : x;
}

/* torchvision's InvertedResidual: 1x1 expansion (unless t = 1), 3x3
 * depthwise, linear 1x1 projection, identity shortcut when shapes agree. */
static const char *inverted_residual(zb *z, const char *in, int64_t cin, int64_t cout,
                                     int64_t stride, int64_t t, const char *prefix)
{
    const char *x = in;
    if (t != 1)
        x = conv_bn(z, x, cin * t, 1, 1, 0, 1, prefix, "expand");
    x = conv_bn(z, x, cin * t, 3, stride, ZB_DEPTHWISE, 1, prefix, "dw");
    x = conv_bn(z, x, cout, 1, 1, 0, 0, prefix, "project");
    if (stride == 1 && cin == cout)
        x = zb_add2(z, in, x, "%s.add", prefix);
    return x;
}

/* MobileNetV2 (width 1.0) at 224x224, as torchvision's mobilenet_v2. */
void asel_zoo_mobilenetv2(zb *z)
{
    static const int64_t settings[7][4] = {{1, 16, 1, 1}, {6, 24, 2, 2},  {6, 32, 3, 2},
                                           {6, 64, 4, 2}, {6, 96, 3, 1},  {6, 160, 3, 2},
                                           {6, 320, 1, 1}}; /* t, c, n, s */
    const char *x = zb_input3(z, 3, 224, 224, "image");
    x = conv_bn(z, x, 32, 3, 2, 0, 1, "features.0", "conv");
    int64_t cin = 32;
    int block = 1;
    for (int s = 0; s < 7; s++)
        for (int64_t i = 0; i < settings[s][2]; i++, block++) {
            char prefix[32];
            snprintf(prefix, sizeof prefix, "features.%d", block);
            x = inverted_residual(z, x, cin, settings[s][1], i == 0 ? settings[s][3] : 1,
                                  settings[s][0], prefix);
            cin = settings[s][1];
        }
    x = conv_bn(z, x, 1280, 1, 1, 0, 1, "features.18", "conv");
    x = zb_global_pool(z, x, ASEL_POOL_AVG, "avgpool");
    x = zb_flatten(z, x, "flatten");
    zb_linear(z, x, 1000, 1, "classifier.1");
}
