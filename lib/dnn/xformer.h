/* Transformers described by their sizes (accelsel_transformer_info): the
 * checks every reader shares, naming each size as its reader spells it, and
 * the builder of the layers (docs/network-format.md, "Transformers"). The
 * YAML `transformer` section, Hugging Face configuration files and the
 * zoo's LLMs all go through here. */
#ifndef ASEL_DNN_XFORMER_H
#define ASEL_DNN_XFORMER_H

#include "core/buf.h"
#include "core/yaml_doc.h"
#include "dnn/net.h"

/* The sizes a reader names in its messages. */
enum {
    ASEL_XF_LAYERS,
    ASEL_XF_HIDDEN,
    ASEL_XF_HEADS,
    ASEL_XF_KV_HEADS,
    ASEL_XF_HEAD_DIM,
    ASEL_XF_FFN,
    ASEL_XF_VOCAB,
    ASEL_XF_SEQUENCE,
    ASEL_XF_POSITIONS,
    ASEL_XF_EXPERTS,
    ASEL_XF_TOP_K,
    ASEL_XF_LORA_RANK,
    ASEL_XF_N
};

/* How a reader spells each size, and where the text gave it (line 0: not
 * given, or built in C); @p source names the input ("<buffer>", a path). */
typedef struct asel_xf_keys {
    const char *source;
    const char *key[ASEL_XF_N];
    asel_pos pos[ASEL_XF_N];
} asel_xf_keys;

/* Sizes that contradict each other in @p t (whose sizes are each at least
 * 1, or 0 where optional): heads that do not divide the hidden size, key-
 * value heads that do not divide the heads, a head_dim other than hidden /
 * heads, experts without top_k or top_k above them, a sequence longer than
 * a learned position table, a LoRA rank above the hidden size.
 * ACCELSEL_EPARSE at the later key of the two, naming both; else 0. */
int asel_xf_check(const accelsel_transformer_info *t, const asel_xf_keys *k);

/* Replace @p t's sequence with @p sequence (a load option) unless it is 0,
 * checked against a learned position table: 0 or ACCELSEL_EINVAL blaming
 * the option "sequence". */
int asel_xf_set_sequence(accelsel_transformer_info *t, uint64_t sequence, const asel_xf_keys *k);

/* A finished network named @p name built from checked sizes @p t, with
 * @p bpe bytes per element; it keeps a copy of @p t. 0, ACCELSEL_ERANGE
 * (counts beyond 64 bits) or ACCELSEL_ENOMEM (*out NULL on failure). */
int asel_xf_build(accelsel_network **out, const char *name, const accelsel_transformer_info *t,
                  uint32_t bpe);

/* The network of a YAML `transformer` section @p map, named @p name, with
 * load options @p o: 0, or the errors of accelsel_network_load_buffer(). */
int asel_xf_read_yaml(accelsel_network **out, const asel_yaml_doc *doc,
                      const asel_yaml_node *map, const char *name,
                      const accelsel_network_options *o);

/* The section of @p t in the canonical form: every key, in a fixed order. */
void asel_xf_write_yaml(asel_buf *b, const accelsel_transformer_info *t);

/* The option "sequence" given to a network that is not built from sizes:
 * ACCELSEL_EINVAL naming it; 0 when it is 0. */
int asel_xf_no_sequence(const char *name, uint64_t sequence);

#endif
