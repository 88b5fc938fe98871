/* Zoo ResNets as torchvision defines them (v1.5: the stride of a bottleneck
 * is on its 3x3 conv), with layer names after torchvision's modules. */
#include <stdio.h>

#include "dnn/zoo_models.h"

/* conv (no bias) + batch norm (+ ReLU), named <prefix>.conv<i>/.bn<i>/.relu<i>. */
static const char *conv_bn(zb *z, const char *x, int64_t out, int64_t k, int64_t stride,
                           int relu, const char *prefix, int i)
{
    x = zb_conv(z, x, out, k, stride, (k - 1) / 2, 0, "%s.conv%d", prefix, i);
    x = zb_bn(z, x, "%s.bn%d", prefix, i);
    return relu ? zb_act(z, x, ASEL_ACT_RELU, "%s.relu%d", prefix, i) : x;
}

/* The residual join: a 1x1 projection when the shape changes, add, ReLU. */
static const char *join(zb *z, const char *in, const char *x, int64_t cin, int64_t cout,
                        int64_t stride, const char *prefix)
{
    const char *shortcut = in;
    if (stride != 1 || cin != cout) {
        shortcut = zb_conv(z, in, cout, 1, stride, 0, 0, "%s.downsample.0", prefix);
        shortcut = zb_bn(z, shortcut, "%s.downsample.1", prefix);
    }
    x = zb_add2(z, x, shortcut, "%s.add", prefix);
    return zb_act(z, x, ASEL_ACT_RELU, "%s.relu", prefix);
}

const char *asel_zoo_basic_block(zb *z, const char *in, int64_t cin, int64_t cout,
                                 int64_t stride, const char *prefix)
{
    const char *x = conv_bn(z, in, cout, 3, stride, 1, prefix, 1);
    x = conv_bn(z, x, cout, 3, 1, 0, prefix, 2);
    return join(z, in, x, cin, cout, stride, prefix);
}

static const char *bottleneck(zb *z, const char *in, int64_t cin, int64_t width,
                              int64_t stride, const char *prefix)
{
    const char *x = conv_bn(z, in, width, 1, 1, 1, prefix, 1);
    x = conv_bn(z, x, width, 3, stride, 1, prefix, 2);
    x = conv_bn(z, x, 4 * width, 1, 1, 0, prefix, 3);
    return join(z, in, x, cin, 4 * width, stride, prefix);
}

static const char *stem_layers(zb *z, const char *x, const char *prefix, int stem)
{
    int imagenet = stem == ZOO_STEM_IMAGENET;
    x = zb_conv(z, x, 64, imagenet ? 7 : 3, imagenet ? 2 : 1, imagenet ? 3 : 1, 0, "%sconv1",
                prefix);
    x = zb_bn(z, x, "%sbn1", prefix);
    x = zb_act(z, x, ASEL_ACT_RELU, "%srelu", prefix);
    return imagenet ? zb_pool(z, x, ASEL_POOL_MAX, 3, 2, 1, "%smaxpool", prefix) : x;
}

/* Stages 1..@p stages of @p blocks blocks each; widths 64, 128, 256, 512. */
static const char *stages_of(zb *z, const char *x, const char *prefix, int depth,
                             const int *blocks, int stages)
{
    int64_t cin = 64;
    for (int s = 0; s < stages; s++) {
        int64_t width = (int64_t)64 << s;
        for (int b = 0; b < blocks[s]; b++) {
            char name[64];
            snprintf(name, sizeof name, "%slayer%d.%d", prefix, s + 1, b);
            int64_t stride = b == 0 && s > 0 ? 2 : 1;
            if (depth == 18) {
                x = asel_zoo_basic_block(z, x, cin, width, stride, name);
                cin = width;
            } else {
                x = bottleneck(z, x, cin, width, stride, name);
                cin = 4 * width;
            }
        }
    }
    return x;
}

const char *asel_zoo_resnet18_body(zb *z, const char *in, const char *prefix, int stem,
                                   int stages)
{
    static const int blocks[4] = {2, 2, 2, 2};
    return stages_of(z, stem_layers(z, in, prefix, stem), prefix, 18, blocks, stages);
}

void asel_zoo_resnet(zb *z, int depth, int stem, int64_t size, int64_t classes)
{
    static const int blocks18[4] = {2, 2, 2, 2}, blocks50[4] = {3, 4, 6, 3};
    const char *x = zb_input3(z, 3, size, size, "image");
    x = stem_layers(z, x, "", stem);
    x = stages_of(z, x, "", depth, depth == 18 ? blocks18 : blocks50, 4);
    x = zb_global_pool(z, x, ASEL_POOL_AVG, "avgpool");
    x = zb_flatten(z, x, "flatten");
    zb_linear(z, x, classes, 1, "fc");
}
