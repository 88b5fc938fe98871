/* The zoo's model builders, one per family; zoo.c maps names to them. */
#ifndef ASEL_DNN_ZOO_MODELS_H
#define ASEL_DNN_ZOO_MODELS_H

#include "dnn/zoo_build.h"

/* ResNet stems: torchvision's ImageNet stem (7x7/2 conv, 3x3/2 max-pool) or
 * the CIFAR stem (3x3/1 conv, no pool). */
enum { ZOO_STEM_IMAGENET, ZOO_STEM_CIFAR };

void asel_zoo_small_cnn(zb *z);
void asel_zoo_vgg16(zb *z);
void asel_zoo_mobilenetv2(zb *z);
/* ResNet-@p depth (18 or 50) on @p size x @p size images. */
void asel_zoo_resnet(zb *z, int depth, int stem, int64_t size, int64_t classes);
void asel_zoo_bert_base(zb *z, int64_t seq);
void asel_zoo_gpt2_small(zb *z);
void asel_zoo_two_tower(zb *z);
void asel_zoo_multi_task(zb *z);
void asel_zoo_casia_surf(zb *z);

/* Pieces the multi-branch models reuse. */
/* torchvision's ResNet stem and BasicBlock stages 1..@p stages on @p in;
 * names start with @p prefix ("" or "image."). Returns the last layer. */
const char *asel_zoo_resnet18_body(zb *z, const char *in, const char *prefix, int stem,
                                   int stages);
/* A ResNet BasicBlock (two 3x3 convs, projection shortcut when the shape changes). */
const char *asel_zoo_basic_block(zb *z, const char *in, int64_t cin, int64_t cout,
                                 int64_t stride, const char *prefix);
/* A post-norm Transformer encoder layer (BERT): attention, add, layer norm,
 * feed-forward with GELU, add, layer norm. */
const char *asel_zoo_encoder_layer(zb *z, const char *in, int64_t heads, int64_t dim,
                                   int64_t ffn, const char *prefix);

#endif
