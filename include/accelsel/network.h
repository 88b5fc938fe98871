/*
 * libaccelsel: DNN networks (a DAG of layers with shapes and costs) and the
 * built-in model zoo. The YAML format is described in docs/network-format.md.
 */
#ifndef ACCELSEL_NETWORK_H
#define ACCELSEL_NETWORK_H

#include <accelsel/common.h>

#ifdef __cplusplus
extern "C" {
#endif

/** A network: named inputs with per-sample shapes and a DAG of layers, each
 *  naming its inputs. Shapes, parameters, MACs, FLOPs and bytes are computed
 *  once when the network is loaded.
 *
 *  Every figure is per sample: shapes omit the batch dimension N, and MACs,
 *  FLOPs and activation bytes are for one sample. A cost model multiplies
 *  MACs, FLOPs and activation bytes by its batch size; weights do not scale
 *  with the batch.
 *
 *  Counting conventions (see docs/network-format.md for the full table):
 *  - MACs are the multiply-accumulates of conv2d, linear, matmul and attention
 *    (the QKV and output projections plus the two score matmuls) only: the
 *    count that published model tables use (e.g. ResNet-50 4.09 GMAC at 224).
 *    Bias additions are not MACs.
 *  - Elementwise FLOPs count one FLOP per output element for each batch
 *    norm, layer norm, activation and bias addition; (inputs - 1) per output
 *    element for add; one per window element for pooling; one per attention
 *    score for the softmax. Embedding lookups, concat, flatten and slice move
 *    data only (0 FLOPs).
 *  - FLOPs = 2 x MACs + elementwise FLOPs.
 *  - Parameters count trainable weights and biases (batch norm: scale and
 *    shift, 2 per channel; its running statistics are buffers, not
 *    parameters). A layer that reuses another layer's weights (tied
 *    embeddings) owns no weight parameters, but its weight bytes still count
 *    the tensor it reads.
 *  - Bytes are elements x the network's bytes per element (4 for fp32 by
 *    default, 2 for fp16/bf16; see accelsel_network_options); token ids fed
 *    to an embedding are counted at the same width.
 *  - Arithmetic intensity = FLOPs / (input + output + weight bytes), in
 *    FLOPs per byte, for one sample.
 *
 *  A network is immutable once loaded: any number of threads may read one
 *  network at once. */
typedef struct accelsel_network accelsel_network;

/** Most dimensions a per-sample shape can have. */
#define ACCELSEL_NETWORK_MAX_DIMS 4

/** @name Layer kinds (accelsel_layer_info.kind); new kinds may be added. @{ */
#define ACCELSEL_LAYER_INPUT 1      /**< a network input: shape only */
#define ACCELSEL_LAYER_CONV2D 2     /**< 2-D convolution on [C, H, W]: groups, depthwise, stride, padding, dilation */
#define ACCELSEL_LAYER_LINEAR 3     /**< fully connected on the last dimension: [..., in] -> [..., out] */
#define ACCELSEL_LAYER_MATMUL 4     /**< product of two activations: [..., M, K] x [..., K, N] -> [..., M, N] */
#define ACCELSEL_LAYER_ATTENTION 5  /**< multi-head self-attention on [seq, dim], projections included */
#define ACCELSEL_LAYER_POOL 6       /**< max or average pooling on [C, H, W], windowed or global */
#define ACCELSEL_LAYER_BATCHNORM 7  /**< batch normalisation over channel dimension 0 */
#define ACCELSEL_LAYER_LAYERNORM 8  /**< layer normalisation over the last dimension */
#define ACCELSEL_LAYER_ACTIVATION 9 /**< elementwise function (relu, gelu, ...); softmax over the last dimension */
#define ACCELSEL_LAYER_ADD 10       /**< elementwise sum of two or more inputs of one shape */
#define ACCELSEL_LAYER_CONCAT 11    /**< concatenation of two or more inputs along one dimension */
#define ACCELSEL_LAYER_EMBEDDING 12 /**< table lookup: token ids [...] -> [..., dim] */
#define ACCELSEL_LAYER_FLATTEN 13   /**< reshape to one dimension */
#define ACCELSEL_LAYER_SLICE 14     /**< a contiguous range of one dimension (e.g. the first token) */
#define ACCELSEL_LAYER_MUL 15       /**< elementwise product of two or more inputs of one shape (gated FFNs) */
#define ACCELSEL_LAYER_RMSNORM 16   /**< RMS normalisation over the last dimension (a scale, no shift) */
#define ACCELSEL_LAYER_MOE 17       /**< mixture-of-experts feed-forward on [..., dim]: a router and
                                         experts FFNs, top_k of them per token */
/** @} */

/** What the library reports about one layer. Filled by the library; read
 *  through accelsel_network_layer(). Fields are only ever appended: `version`
 *  says which ones this library fills. Fields that do not apply to a layer's
 *  kind are 0 (`weights_from` is -1).
 *
 *  Geometry by kind:
 *  - conv2d: in/out_channels, in/out_h, in/out_w, kernel, stride, pad,
 *    dilation, groups, depthwise, has_bias; as an implicit GEMM,
 *    gemm_batch = groups, gemm_m = out_h x out_w, gemm_n = out_channels / groups,
 *    gemm_k = in_channels / groups x kernel_h x kernel_w.
 *  - linear: in_channels = input features, out_channels = output features,
 *    has_bias, weights_from; gemm_m = product of the leading dimensions,
 *    gemm_n = out_channels, gemm_k = in_channels, gemm_batch = 1.
 *  - matmul: gemm_batch = product of the leading dimensions, gemm_m, gemm_k,
 *    gemm_n as in [M, K] x [K, N] (after transposing B when asked).
 *  - attention: sequence, model_dim, heads, head_dim, kv_heads, has_bias, lora_rank;
 *    in_channels = out_channels = model_dim.
 *  - moe: in_channels = out_channels = model_dim, experts, top_k, expert_hidden.
 *  - pool: in/out_channels, in/out_h, in/out_w, kernel, stride, pad, global.
 *  - batchnorm: in/out_channels = dimension 0; in/out_h, in/out_w when [C, H, W].
 *  - layernorm, rmsnorm: in/out_channels = the normalised (last) dimension.
 *  - embedding: vocab, model_dim = out_channels = embedding dimension.
 *  - concat: axis. slice: axis, start, size. */
typedef struct accelsel_layer_info {
    unsigned int version;  /**< ACCELSEL_LAYER_INFO_VERSION of the library that filled it */
    int32_t kind;          /**< ACCELSEL_LAYER_* */
    const char *name;      /**< unique within the network; valid until the network is freed */
    const char *kind_name; /**< "conv2d", "linear", ... as in the YAML format; static */
    const char *op;        /**< activation function ("relu", ...) or pool mode ("max", "avg"); NULL otherwise; static */
    uint32_t rank;         /**< number of dimensions of the output shape, 1..ACCELSEL_NETWORK_MAX_DIMS */
    uint32_t n_inputs;     /**< number of input layers (accelsel_network_layer_inputs()) */
    uint64_t shape[ACCELSEL_NETWORK_MAX_DIMS]; /**< output shape per sample; entries past rank are 0 */

    uint64_t params;            /**< trainable parameters owned by this layer */
    uint64_t macs;              /**< multiply-accumulates per sample (conv2d, linear, matmul, attention) */
    uint64_t elementwise_flops; /**< FLOPs per sample outside the MACs (see the conventions above) */
    uint64_t flops;             /**< 2 x macs + elementwise_flops */
    uint64_t input_elements;    /**< elements read from the input layers per sample (all inputs summed) */
    uint64_t output_elements;   /**< elements of the output per sample */
    uint64_t weight_elements;   /**< elements of the weight tensors the layer reads (shared ones included) */
    uint64_t input_bytes;       /**< input_elements x bytes per element */
    uint64_t output_bytes;      /**< output_elements x bytes per element */
    uint64_t weight_bytes;      /**< weight_elements x bytes per element */
    double intensity;           /**< flops / (input_bytes + output_bytes + weight_bytes), FLOPs per byte */

    uint64_t in_channels, out_channels; /**< see the table above */
    uint64_t in_h, in_w, out_h, out_w;  /**< spatial sizes of conv2d, pool and batchnorm on [C, H, W] */
    uint64_t kernel_h, kernel_w;        /**< window of conv2d and pool */
    uint64_t stride_h, stride_w;        /**< conv2d and pool */
    uint64_t pad_h, pad_w;              /**< zero padding on each side, conv2d and pool */
    uint64_t dilation_h, dilation_w;    /**< conv2d */
    uint64_t groups;                    /**< conv2d; equals in_channels when depthwise */
    uint32_t depthwise;                 /**< 1 for a depthwise conv2d */
    uint32_t global;                    /**< 1 for global pooling (output [C, 1, 1]) */
    uint32_t has_bias;                  /**< 1 if conv2d, linear or attention adds a bias */
    uint32_t transpose_b;               /**< 1 if matmul transposes its second input */
    uint64_t gemm_batch, gemm_m, gemm_n, gemm_k; /**< conv2d, linear, matmul as GEMMs: macs = batch x m x n x k */
    uint64_t sequence, model_dim, heads, head_dim; /**< attention (model_dim also for embedding) */
    uint64_t vocab;                     /**< embedding rows */
    uint64_t axis, start, size;         /**< concat (axis) and slice (axis, start, size) */
    int64_t weights_from;               /**< index of the layer whose weights a linear reuses; -1 if none */
    /* Version 2. */
    uint64_t kv_heads;                  /**< attention: key and value heads (grouped-query
                                             attention when fewer than heads) */
    uint64_t experts, top_k;            /**< moe: experts, and experts each token runs */
    uint64_t expert_hidden;             /**< moe: the feed-forward width of one expert */
    uint64_t lora_rank;                 /**< linear, attention: rank of the low-rank adapters
                                             beside the layer's weights; 0 = none */
    uint64_t frozen_params;             /**< of params, those a training leaves unchanged (a
                                             `frozen` layer's own weights; its adapters train) */
} accelsel_layer_info;

#define ACCELSEL_LAYER_INFO_VERSION 2

/** sizeof(accelsel_layer_info) in this library, for bindings to check their layout.
 *  Thread safety: may be called from any thread. */
ACCELSEL_API size_t accelsel_layer_info_size(void);

/** Sums over all layers of a network (inputs contribute activations only). */
typedef struct accelsel_network_totals {
    unsigned int version;       /**< ACCELSEL_NETWORK_TOTALS_VERSION of the library that filled it */
    uint64_t layers;            /**< layers, network inputs included */
    uint64_t inputs;            /**< network inputs */
    uint64_t outputs;           /**< layers no other layer reads */
    uint64_t params;            /**< trainable parameters (shared weights counted once) */
    uint64_t macs;              /**< per sample */
    uint64_t elementwise_flops; /**< per sample */
    uint64_t flops;             /**< per sample: 2 x macs + elementwise_flops */
    uint64_t weight_bytes;      /**< params x bytes per element: the weights stored once */
    uint64_t activation_bytes;  /**< sum of every layer's output bytes per sample, inputs included */
    /* Version 2. */
    uint64_t frozen_params;     /**< of params, those no training step changes (frozen layers'
                                     own weights); params - frozen_params are trained */
} accelsel_network_totals;

#define ACCELSEL_NETWORK_TOTALS_VERSION 2

/** sizeof(accelsel_network_totals) in this library, for bindings to check their layout.
 *  Thread safety: may be called from any thread. */
ACCELSEL_API size_t accelsel_network_totals_size(void);

/** Options for loading a network. Initialise with ACCELSEL_NETWORK_OPTIONS_INIT
 *  or accelsel_network_options_init(); fields are only ever appended. */
typedef struct accelsel_network_options {
    unsigned int version;       /**< ACCELSEL_NETWORK_OPTIONS_VERSION, or 1 */
    uint32_t bytes_per_element; /**< element width for every byte figure: 1..8; default 4 (fp32), 2 for fp16/bf16 */
    uint64_t max_yaml_nodes;    /**< limit on YAML nodes after alias expansion; 0 = 64 + 16 x input bytes */
    /* Version 2. */
    uint64_t sequence;          /**< a network described as a transformer (accelsel_transformer_info:
                                     a configuration file, a YAML `transformer` section, a zoo
                                     LLM): the sequence length it trains at, 1 to 2^31 - 1;
                                     0 = the description's own. Any other network: 0 only */
} accelsel_network_options;

#define ACCELSEL_NETWORK_OPTIONS_VERSION 2
#define ACCELSEL_NETWORK_OPTIONS_INIT { ACCELSEL_NETWORK_OPTIONS_VERSION, 4, 0, 0 }

/** Fill @p opts with defaults for @p version.
 *  @param[out] opts     the options to fill; untouched on failure.
 *  @param[in]  version  ACCELSEL_NETWORK_OPTIONS_VERSION as the caller knows it.
 *  @return 0; ACCELSEL_EINVAL if @p opts is NULL; ACCELSEL_EVERSION if this
 *          library does not know @p version.
 *  Thread safety: may be called from any thread. */
ACCELSEL_API int accelsel_network_options_init(accelsel_network_options *opts,
                                               unsigned int version);

/** sizeof(accelsel_network_options) in this library, for bindings to check their layout.
 *  Thread safety: may be called from any thread. */
ACCELSEL_API size_t accelsel_network_options_size(void);

/** Read a network from a YAML file (format: docs/network-format.md).
 *
 *  Layers may be listed in any order; each names its inputs. Loading checks
 *  the whole description and infers every shape.
 *
 *  @param[out] out   the new network, freed with accelsel_network_free();
 *                    NULL on any failure.
 *  @param[in]  path  file to read; not kept.
 *  @param[in]  opts  NULL for defaults.
 *  @return 0;
 *          ACCELSEL_EINVAL if @p out or @p path is NULL or @p opts->bytes_per_element is not 1..8;
 *          ACCELSEL_EVERSION for an unknown @p opts->version or file `version`;
 *          ACCELSEL_EIO if the file cannot be read (path and reason);
 *          ACCELSEL_EPARSE for malformed YAML, an unknown key, a value of the
 *              wrong type, a zero or negative size, a missing required key, a
 *              duplicate or unknown layer name, a wrong number of inputs, a
 *              cycle (naming a layer on it), a shape mismatch (naming the layer
 *              and the shapes), or a document over @p opts->max_yaml_nodes
 *              (every one with line and column);
 *          ACCELSEL_ERANGE if a count overflows 64 bits (line and column given);
 *          ACCELSEL_ENOMEM (nothing is leaked).
 *  Thread safety: may be called from any thread. */
ACCELSEL_API int accelsel_network_load_file(accelsel_network **out, const char *path,
                                            const accelsel_network_options *opts);

/** As accelsel_network_load_file(), from memory. Errors name the source "<buffer>".
 *  @param[out] out   the new network, freed with accelsel_network_free();
 *                    NULL on any failure.
 *  @param[in]  data  @p len bytes of YAML, not NUL-terminated; not kept. May be
 *                    NULL only when @p len is 0 (an empty document:
 *                    ACCELSEL_EPARSE).
 *  @param[in]  len   number of bytes.
 *  @param[in]  opts  NULL for defaults.
 *  @return as accelsel_network_load_file(), without ACCELSEL_EIO; ACCELSEL_EINVAL
 *          also for a NULL @p data with @p len above 0.
 *  Thread safety: may be called from any thread. */
ACCELSEL_API int accelsel_network_load_buffer(accelsel_network **out, const char *data,
                                              size_t len, const accelsel_network_options *opts);

/** Build a network of the compiled-in model zoo.
 *
 *  Names are lower case with hyphens. Without a suffix a model has its
 *  canonical input: 224 x 224 images for CNNs, sequence 128 for BERT, 1024
 *  for GPT-2. Suffixes: `-32` keeps the ImageNet architecture (stem and 1000
 *  classes) on 32 x 32 input; `-cifar` uses the CIFAR stem (3 x 3 conv, no
 *  max-pool) with 10 classes on 32 x 32 input; `-512` is sequence length 512.
 *  The list and what each model is: accelsel_network_zoo_name(),
 *  accelsel_network_zoo_description() and docs/network-format.md.
 *
 *  @param[out] out   the new network, freed with accelsel_network_free(); NULL on failure.
 *  @param[in]  name  e.g. "resnet50", "bert-base", "two-tower".
 *  @param[in]  opts  NULL for defaults.
 *  @return 0; ACCELSEL_EINVAL for a NULL argument or invalid @p opts;
 *          ACCELSEL_EVERSION for an unknown @p opts->version;
 *          ACCELSEL_ENOTFOUND for an unknown name; ACCELSEL_ENOMEM.
 *  Thread safety: may be called from any thread. */
ACCELSEL_API int accelsel_network_load_zoo(accelsel_network **out, const char *name,
                                           const accelsel_network_options *opts);

/** Name of zoo model @p index (0-based), or NULL past the last. Static storage.
 *  @param[in] index  0-based; any value.
 *  Thread safety: may be called from any thread. */
ACCELSEL_API const char *accelsel_network_zoo_name(size_t index);

/** One-line description of zoo model @p index, or NULL past the last. Static storage.
 *  @param[in] index  0-based; any value.
 *  Thread safety: may be called from any thread. */
ACCELSEL_API const char *accelsel_network_zoo_description(size_t index);

/** Write the network as YAML in the canonical form of docs/network-format.md:
 *  keys in a fixed order, attributes at their default values left out, layers
 *  in their stored order. Loading the text gives an equal network, and saving
 *  that gives identical text.
 *  @param[in] net   the network; only read.
 *  @param[in] path  the file to create or truncate; not kept.
 *  @return 0; ACCELSEL_EINVAL if an argument is NULL; ACCELSEL_EIO (path and
 *          reason); ACCELSEL_ENOMEM.
 *  Thread safety: may be called from any thread; @p net may be shared. */
ACCELSEL_API int accelsel_network_save_file(const accelsel_network *net, const char *path);

/** As accelsel_network_save_file(), into a new NUL-terminated buffer.
 *  @param[in]  net  the network; only read.
 *  @param[out] out  freed by the caller with accelsel_free(); NULL on failure.
 *  @param[out] len  its length without the NUL; may be NULL.
 *  @return 0; ACCELSEL_EINVAL if @p net or @p out is NULL; ACCELSEL_ENOMEM.
 *  Thread safety: may be called from any thread; @p net may be shared. */
ACCELSEL_API int accelsel_network_save_buffer(const accelsel_network *net, char **out,
                                              size_t *len);

/** The network's name (the file's `name`, or the zoo name); NULL if @p net is
 *  NULL. Valid until @p net is freed. */
ACCELSEL_API const char *accelsel_network_name(const accelsel_network *net);

/** Bytes per element behind every byte figure (from the load options); 0 if @p net is NULL. */
ACCELSEL_API uint32_t accelsel_network_bytes_per_element(const accelsel_network *net);

/** Number of layers, network inputs included; 0 if @p net is NULL.
 *  Layers 0 .. accelsel_network_input_count() - 1 are the network inputs, in
 *  file order; the other layers follow in file order. */
ACCELSEL_API size_t accelsel_network_layer_count(const accelsel_network *net);

/** Number of network inputs (layers of kind ACCELSEL_LAYER_INPUT); 0 if @p net is NULL. */
ACCELSEL_API size_t accelsel_network_input_count(const accelsel_network *net);

/** Layer @p index, or NULL if @p net is NULL or @p index is out of range.
 *  Valid until @p net is freed. */
ACCELSEL_API const accelsel_layer_info *accelsel_network_layer(const accelsel_network *net,
                                                               size_t index);

/** Find a layer by exact name.
 *  @param[in]  net    the network; only read.
 *  @param[in]  name   the layer's name.
 *  @param[out] index  its index; untouched on failure.
 *  @return 0; ACCELSEL_EINVAL for a NULL argument; ACCELSEL_ENOTFOUND (the message names it).
 *  Thread safety: any number of threads may read one @p net at once. */
ACCELSEL_API int accelsel_network_layer_index(const accelsel_network *net, const char *name,
                                              size_t *index);

/** The predecessors of layer @p index: the layers it reads, in the order its
 *  description lists them (a layer may appear twice, e.g. add of x and x).
 *  @param[in]  net     the network; only read.
 *  @param[in]  index   a layer index; any value.
 *  @param[out] inputs  borrowed array of layer indices, valid until @p net is freed
 *                      (NULL when there are none); untouched on failure.
 *  @param[out] n       its length (0 for network inputs); untouched on failure.
 *  @return 0; ACCELSEL_EINVAL for a NULL argument or @p index out of range (the
 *          message gives it).
 *  Thread safety: any number of threads may read one @p net at once. */
ACCELSEL_API int accelsel_network_layer_inputs(const accelsel_network *net, size_t index,
                                               const size_t **inputs, size_t *n);

/** The successors of layer @p index: the layers that read it, in increasing
 *  index order, each once. Same parameters, ownership, errors and thread
 *  safety as accelsel_network_layer_inputs(), with @p outputs for its @p inputs.
 *  @param[in]  net      the network; only read.
 *  @param[in]  index    a layer index; any value.
 *  @param[out] outputs  borrowed array of layer indices (NULL when there are none).
 *  @param[out] n        its length (0 for the network's outputs). */
ACCELSEL_API int accelsel_network_layer_outputs(const accelsel_network *net, size_t index,
                                                const size_t **outputs, size_t *n);

/** A topological order of all layers: every layer comes after its inputs.
 *  Deterministic: among layers that are ready, the lowest index comes first
 *  (so a file already in dependency order keeps its order).
 *  @param[in]  net    the network; only read.
 *  @param[out] order  borrowed array of accelsel_network_layer_count() indices,
 *                     valid until @p net is freed; untouched on failure.
 *  @param[out] n      its length; untouched on failure.
 *  @return 0; ACCELSEL_EINVAL for a NULL argument.
 *  Thread safety: any number of threads may read one @p net at once. */
ACCELSEL_API int accelsel_network_topo_order(const accelsel_network *net, const size_t **order,
                                             size_t *n);

/** The network's outputs: layers no other layer reads, in increasing index order.
 *  Same ownership, errors and thread safety as accelsel_network_topo_order().
 *  @param[in]  net      the network; only read.
 *  @param[out] outputs  borrowed array of layer indices, valid until @p net is freed.
 *  @param[out] n        its length. */
ACCELSEL_API int accelsel_network_outputs(const accelsel_network *net, const size_t **outputs,
                                          size_t *n);

/** Totals over all layers; NULL if @p net is NULL. Valid until @p net is freed. */
ACCELSEL_API const accelsel_network_totals *accelsel_network_get_totals(
    const accelsel_network *net);

/** A network's training recipe: the samples one training of it goes through,
 *  and where the figures come from. Zoo networks carry theirs (listed in
 *  docs/network-format.md, "Training recipes"); a network read from a file
 *  carries none (the request gives epochs and samples, or the prediction
 *  says what it assumed). Fields are only ever appended. */
typedef struct accelsel_network_recipe {
    unsigned int version;  /**< ACCELSEL_NETWORK_RECIPE_VERSION of the library that filled it */
    double epoch_samples;  /**< samples per epoch (the training set); 0 = not given */
    double epochs;         /**< epochs of a training; 0 = not given (the predictor then
                                uses its epochs relation, fitted on MLPerf's ResNet-50) */
    double total_samples;  /**< samples of a training in all, replacing @p epochs;
                                0 = not given */
    const char *dataset;   /**< the training set; NULL = not given */
    const char *source;    /**< where the figures come from; NULL = not given */
    /* version 2 */
    double global_batch;   /**< the samples a step that @ref total_samples was trained with
                                (MLPerf's LLM benchmarks: the batch most of their results ran);
                                0 = not given. Parallel plans take it when a request gives no
                                batch */
} accelsel_network_recipe;

#define ACCELSEL_NETWORK_RECIPE_VERSION 2

/** The training recipe of @p net (every figure 0 and every text NULL when it
 *  carries none); NULL if @p net is NULL. Valid until @p net is freed.
 *  Thread safety: @p net may be shared. */
ACCELSEL_API const accelsel_network_recipe *accelsel_network_get_recipe(
    const accelsel_network *net);

/** @name Transformer families (accelsel_transformer_info.family) @{ */
#define ACCELSEL_TRANSFORMER_DECODER 1 /**< a causal language model: token (and learned position)
                                            embeddings, pre-norm blocks, a final norm and the
                                            output layer over the vocabulary (GPT, Llama, Mixtral) */
#define ACCELSEL_TRANSFORMER_ENCODER 2 /**< a bidirectional encoder: token, position and segment
                                            embeddings with a norm, post-norm blocks and the
                                            pooler of the first token (BERT) */
/** @} */

/** A network built from a transformer's configuration (a Hugging Face-style
 *  config.json, a YAML `transformer` section, a zoo LLM): the sizes its
 *  layers were built from, for the parallel-plan model of the predictor.
 *  The network's layers and counts follow from them exactly
 *  (docs/network-format.md, "Transformers"). Fields are only ever appended. */
typedef struct accelsel_transformer_info {
    unsigned int version;     /**< ACCELSEL_TRANSFORMER_INFO_VERSION of the library that filled it */
    int32_t family;           /**< ACCELSEL_TRANSFORMER_DECODER or _ENCODER */
    uint64_t layers;          /**< transformer blocks */
    uint64_t hidden;          /**< model width */
    uint64_t heads;           /**< attention heads; they divide hidden */
    uint64_t kv_heads;        /**< key and value heads; they divide heads (fewer: grouped-query
                                   attention) */
    uint64_t head_dim;        /**< hidden / heads */
    uint64_t ffn;             /**< feed-forward width (of one expert, with experts) */
    uint64_t vocab;           /**< vocabulary */
    uint64_t sequence;        /**< tokens per sequence the network is built for */
    uint64_t positions;       /**< rows of a learned position table; 0 = none (rotary) */
    uint64_t type_vocab;      /**< encoders: segment types; 0 = no segment embedding */
    uint64_t experts;         /**< experts of each block's feed-forward; 0 = dense */
    uint64_t top_k;           /**< experts each token runs; 0 when dense */
    uint64_t lora_rank;       /**< rank of LoRA adapters on each block's fused QKV and output
                                   projections, every other weight frozen; 0 = full training */
    uint32_t gated;           /**< a gated feed-forward: gate and up projections multiplied,
                                   then the down projection (SwiGLU) */
    uint32_t bias;            /**< linear layers and attention projections have biases */
    uint32_t rmsnorm;         /**< RMS norms; 0 = layer norms */
    uint32_t tied_embeddings; /**< decoders: the output layer reuses the token embedding */
    uint32_t dropout;         /**< trained with dropout (its masks are kept for the backward
                                   pass) */
    const char *activation;   /**< the feed-forward's function: "gelu", "silu", ... (static) */
} accelsel_transformer_info;

#define ACCELSEL_TRANSFORMER_INFO_VERSION 1

/** sizeof(accelsel_transformer_info), for bindings to check their layout.
 *  Thread safety: may be called from any thread. */
ACCELSEL_API size_t accelsel_transformer_info_size(void);

/** The transformer configuration @p net was built from; NULL if @p net is
 *  NULL or was not built from one (a YAML file of layers, a CNN of the zoo).
 *  Valid until @p net is freed. Thread safety: @p net may be shared. */
ACCELSEL_API const accelsel_transformer_info *accelsel_network_get_transformer(
    const accelsel_network *net);

/** Read a network from a Hugging Face-style configuration file (config.json:
 *  the `model_type` and sizes of a transformer; docs/network-format.md,
 *  "Configuration files"). Model types: llama (and MLPerf's custom_llama),
 *  mistral and mixtral (mixture of experts), gpt2, bert. Keys the network
 *  does not depend on (token ids, rope settings, dtypes) are ignored; the
 *  sizes it does are checked. The text is read as YAML, whose flow style
 *  JSON is (a surrogate pair written as two \u escapes is not read).
 *  @param[out] out   the new network, freed with accelsel_network_free(); NULL on failure.
 *                    Its name is the configuration's `_name_or_path`, else its model type.
 *  @param[in]  path  the file; not kept.
 *  @param[in]  opts  NULL for defaults; `sequence` sets the training sequence length
 *                    (default: the configuration's positions, e.g. max_position_embeddings).
 *  @return 0;
 *          ACCELSEL_EINVAL for a NULL @p out or @p path, or bad @p opts;
 *          ACCELSEL_EVERSION for an unknown @p opts->version;
 *          ACCELSEL_EIO if the file cannot be read (path and reason);
 *          ACCELSEL_EPARSE for malformed text, an unknown model type (with the closest
 *              known one), a missing, mistyped or non-positive size, and sizes that
 *              contradict each other (heads that do not divide the hidden size, key-value
 *              heads that do not divide the heads, a head_dim other than hidden / heads,
 *              top-k above the experts, a sequence longer than a learned position table),
 *              each with the line and column of the key and its name;
 *          ACCELSEL_ERANGE for counts beyond 64 bits;
 *          ACCELSEL_ENOMEM.
 *  Thread safety: may be called from any thread. */
ACCELSEL_API int accelsel_network_load_hf_file(accelsel_network **out, const char *path,
                                               const accelsel_network_options *opts);

/** As accelsel_network_load_hf_file(), from @p len bytes at @p data (not
 *  NUL-terminated; NULL only when @p len is 0). Errors name the source "<buffer>". */
ACCELSEL_API int accelsel_network_load_hf_buffer(accelsel_network **out, const char *data,
                                                 size_t len,
                                                 const accelsel_network_options *opts);

/** Free a network. Accepts NULL. Every pointer it handed out becomes invalid;
 *  no other thread may be using it. */
ACCELSEL_API void accelsel_network_free(accelsel_network *net);

#ifdef __cplusplus
}
#endif
#endif /* ACCELSEL_NETWORK_H */
