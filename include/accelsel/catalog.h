/*
 * libaccelsel: accelerator catalogs (devices, accelerator designs, links and
 * systems), loaded from YAML, saved back, merged and searched by name.
 */
#ifndef ACCELSEL_CATALOG_H
#define ACCELSEL_CATALOG_H

#include <accelsel/common.h>

#ifdef __cplusplus
extern "C" {
#endif

/** A hardware catalog: devices (CPUs, GPUs, TPUs, NPUs, FPGAs), accelerator
 *  designs for adaptive slots, links and systems, each list in file order.
 *  A catalog never changes once built, so any number of threads may read one
 *  catalog at once; every pointer it hands out lives until
 *  accelsel_catalog_free().
 *
 *  Units are SI throughout: bytes, bytes per second, FLOP/s (OP/s for
 *  integer precisions), seconds, watts, hertz, US dollars. A figure that is
 *  not known is NaN (doubles) or 0 (integers); nothing is guessed. Known
 *  figures are finite and above 0; byte counts (the *_bytes fields that are
 *  not rates) are whole numbers >= 1. */
typedef struct accelsel_catalog accelsel_catalog;

/** @name Precisions: indices into accelsel_device_info.peak_flops @{ */
#define ACCELSEL_PRECISION_FP64 0
#define ACCELSEL_PRECISION_FP32 1
#define ACCELSEL_PRECISION_TF32 2
#define ACCELSEL_PRECISION_FP16 3
#define ACCELSEL_PRECISION_BF16 4
#define ACCELSEL_PRECISION_FP8 5
#define ACCELSEL_PRECISION_INT8 6
#define ACCELSEL_PRECISION_COUNT 7 /**< number of precisions; may grow in later versions */
/** @} */

/** @name Device kinds (accelsel_device_info.kind) @{ */
#define ACCELSEL_DEVICE_CPU 1
#define ACCELSEL_DEVICE_GPU 2
#define ACCELSEL_DEVICE_TPU 3
#define ACCELSEL_DEVICE_NPU 4
#define ACCELSEL_DEVICE_FPGA 5
/** @} */

/** @name Dataflows of accelerator designs (accelsel_design_info.dataflow) @{ */
#define ACCELSEL_DATAFLOW_WEIGHT_STATIONARY 1 /**< weights held in PEs (NVDLA, TPU) */
#define ACCELSEL_DATAFLOW_OUTPUT_STATIONARY 2 /**< partial sums held in PEs (ShiDianNao) */
#define ACCELSEL_DATAFLOW_ROW_STATIONARY 3    /**< filter rows held in PEs (Eyeriss) */
#define ACCELSEL_DATAFLOW_TILED 4             /**< loop tiling Tm x Tn x Tr x Tc (Zhang et al., FPGA 2015) */
/** @} */

/** @name Flags of accelsel_catalog_merge() @{ */
#define ACCELSEL_MERGE_OVERRIDE 1u /**< an entry of the second catalog replaces the first's entry of the same name */
/** @} */

/** Name of a precision ("fp64", "fp32", "tf32", "fp16", "bf16", "fp8", "int8"),
 *  or NULL if @p precision is out of range. Static storage. */
ACCELSEL_API const char *accelsel_precision_name(int precision);

/** Name of a device kind ("cpu", "gpu", "tpu", "npu", "fpga"), or NULL if unknown. Static storage. */
ACCELSEL_API const char *accelsel_device_kind_name(int kind);

/** Name of a dataflow ("weight-stationary", "output-stationary",
 *  "row-stationary", "tiled"), or NULL if unknown. Static storage. */
ACCELSEL_API const char *accelsel_dataflow_name(int dataflow);

/** @name What a price is (accelsel_device_info.price_basis,
 *  accelsel_system_info.price_basis) @{ */
#define ACCELSEL_PRICE_NONE 0     /**< no price is given */
#define ACCELSEL_PRICE_LIST 1     /**< a list price or MSRP the vendor published */
#define ACCELSEL_PRICE_ESTIMATE 2 /**< a street or reseller price that others reported */
#define ACCELSEL_PRICE_DERIVED 3  /**< arithmetic on published prices (for example a
                                       system's list price over its accelerators),
                                       explained in the entry's notes */
/** @} */

/** The name of ACCELSEL_PRICE_* @p basis: "none", "list", "estimate" or
 *  "derived"; NULL for any other value. Static storage.
 *  Thread safety: may be called from any thread. */
ACCELSEL_API const char *accelsel_price_basis_name(int32_t basis);

/** @name How a device can be had (accelsel_device_info.sale) @{ */
#define ACCELSEL_SALE_SOLD 0         /**< sold: a part one can buy (the default) */
#define ACCELSEL_SALE_SYSTEMS_ONLY 1 /**< sold only inside systems (a vendor's servers or
                                          racks): a price, where one is known, is a system's
                                          share per device */
#define ACCELSEL_SALE_RENT_ONLY 2    /**< not sold: only rented (cloud instances); such a
                                          device has no purchase price */
/** @} */

/** The name of ACCELSEL_SALE_* @p sale: "sold", "systems-only" or
 *  "rent-only"; NULL for any other value. Static storage.
 *  Thread safety: may be called from any thread. */
ACCELSEL_API const char *accelsel_sale_name(int32_t sale);

/** Where an entry's figures come from.
 *
 *  Figures are named by their YAML keys, with a precision after a dot for the
 *  per-precision arrays: "memory_bw_bytes_s", "tdp_w", "peak_flops.fp16",
 *  "flops_per_cycle.fp32". A figure without its own source comes from
 *  @ref source. A derived figure is arithmetic on published ones (for example
 *  a dense rate as half a "with sparsity" datasheet figure, or a CPU peak as
 *  cores x clock x FLOPs per cycle); it is never an estimate. */
typedef struct accelsel_provenance {
    const char *source;                  /**< the entry's source (document, year); never NULL */
    size_t n_figure_sources;             /**< length of the next two arrays */
    const char *const *figure_keys;      /**< figures with a source of their own */
    const char *const *figure_sources;   /**< their sources, in the same order */
    size_t n_derived;                    /**< length of @ref derived */
    const char *const *derived;          /**< figures that are derived, including those the
                                              library computes (see accelsel_device_info) */
} accelsel_provenance;

/** The source of figure @p figure of an entry: its own source if it has one,
 *  else the entry's. NULL if an argument is NULL. Valid as long as @p p.
 *  @param[in] p       an entry's provenance, from a catalog.
 *  @param[in] figure  a figure's key, e.g. "tdp_w" or "peak_flops.fp16". */
ACCELSEL_API const char *accelsel_provenance_source(const accelsel_provenance *p,
                                                    const char *figure);

/** 1 if figure @p figure is derived, 0 if not, ACCELSEL_EINVAL for a NULL
 *  argument (the error names it).
 *  @param[in] p       an entry's provenance, from a catalog.
 *  @param[in] figure  a figure's key, as for accelsel_provenance_source(). */
ACCELSEL_API int accelsel_provenance_is_derived(const accelsel_provenance *p, const char *figure);

/** One device. Fields are only ever appended; @ref version says which exist.
 *
 *  `peak_flops[p]` is the highest dense rate the source gives for operands of
 *  precision `p` on any unit of the device (vector or matrix); sparsity
 *  figures are never used. For a CPU whose peak is not given but whose
 *  `cores`, `clock_hz` and `flops_per_cycle[p]` are, the library computes
 *  peak = cores x clock x FLOPs per cycle (base clock: an upper bound, since
 *  wide vector code may run slower) and lists "peak_flops.<p>" as derived. */
typedef struct accelsel_device_info {
    unsigned int version;          /**< ACCELSEL_DEVICE_INFO_VERSION of the library */
    const char *name;              /**< unique in the catalog's devices, with the aliases */
    size_t n_aliases;              /**< length of @ref aliases */
    const char *const *aliases;    /**< other spellings (vendor and MLPerf names) */
    const char *vendor;            /**< never NULL */
    int32_t kind;                  /**< ACCELSEL_DEVICE_CPU ... ACCELSEL_DEVICE_FPGA */
    const char *architecture;      /**< architecture or generation; NULL if not given */
    int32_t release_year;          /**< 0 if unknown */
    double peak_flops[ACCELSEL_PRECISION_COUNT]; /**< FLOP/s (int8: OP/s), dense; NaN if unknown */
    double memory_bytes;           /**< device memory (HBM, GDDR; a CPU's is not given); NaN if unknown */
    double memory_bw_bytes_s;      /**< device memory bandwidth; NaN if unknown */
    double onchip_bytes;           /**< last-level on-chip memory (L2, SRAM); NaN if unknown */
    double tdp_w;                  /**< thermal design power; NaN if unknown */
    double price_usd;              /**< purchase price of one device; NaN if none is public.
                                        What it is: @ref price_basis (version 3) */
    int32_t cores;                 /**< CPUs: physical cores; 0 if unknown or not a CPU */
    double clock_hz;               /**< CPUs: base clock; NaN if unknown */
    double flops_per_cycle[ACCELSEL_PRECISION_COUNT]; /**< CPUs: per core and cycle; NaN if unknown */
    const char *notes;             /**< free text; NULL if none */
    accelsel_provenance provenance;
    /* version 2 */
    int64_t host_link;             /**< link index of the device's own bus to host memory
                                        (a card's PCIe generation and width); -1 if none given.
                                        A system's host_link, where given, is used instead. */
    /* version 3 */
    int32_t price_basis;           /**< ACCELSEL_PRICE_*: what @ref price_usd is; NONE when it
                                        is NaN. Its source: the figure "price_usd" of
                                        @ref provenance */
    const char *price_date;        /**< when @ref price_usd was published or reported: ISO
                                        8601 "YYYY", "YYYY-MM" or "YYYY-MM-DD"; NULL if not
                                        given */
    /* version 4 */
    int32_t sale;                  /**< ACCELSEL_SALE_*: whether the device is sold on its
                                        own, only inside systems, or only rented. A
                                        rent-only device has no @ref price_usd, so that "not
                                        sold" and "no price found" are told apart */
    /* version 5 */
    int64_t scale_up_link;         /**< link index of the fabric that joins the device to its
                                        peers (NVLink and its switches, a TPU's inter-chip
                                        interconnect), where the device comes with one of its
                                        own; -1 if none given. A system's intra_node_link, where
                                        given, is used instead. */
    int32_t scale_up_domain;       /**< the most devices that fabric joins (72 in a GB200 NVL72
                                        rack, a TPU pod's chips); 0 if not given: those of a
                                        node. The parallel plans' collectives use it */
} accelsel_device_info;

#define ACCELSEL_DEVICE_INFO_VERSION 5

/** One accelerator design that an adaptive slot can take (FPGA-style).
 *  Fields are only ever appended; @ref version says which exist.
 *  If `peak_ops` is not given but `macs` and `clock_hz` are, the library
 *  computes peak_ops = 2 x macs x clock and lists "peak_ops" as derived. */
typedef struct accelsel_design_info {
    unsigned int version;          /**< ACCELSEL_DESIGN_INFO_VERSION of the library */
    const char *name;              /**< unique in the catalog's designs, with the aliases */
    size_t n_aliases;
    const char *const *aliases;
    int32_t dataflow;              /**< ACCELSEL_DATAFLOW_... */
    const char *platform;          /**< where it was published to run; NULL if not given */
    const char *precision;         /**< "fp32", "fp16", "bf16", "int16" (16-bit fixed point) or "int8" */
    int32_t precision_bits;        /**< operand width in bits, from @ref precision */
    uint32_t tm, tn, tr, tc;       /**< tile sizes: output and input channels, rows, columns; 0 if none */
    uint32_t pe_rows, pe_cols;     /**< processing-element array; 0 if not given */
    uint64_t macs;                 /**< multiply-accumulate units (MACs per cycle); 0 if unknown */
    uint64_t dsp;                  /**< DSP slices used on an FPGA; 0 if unknown or not an FPGA */
    double clock_hz;               /**< NaN if not published */
    double peak_ops;               /**< OP/s (a MAC is 2 operations); NaN if unknown */
    double measured_ops;           /**< OP/s reported on a real network; NaN if none */
    double buffer_bytes;           /**< on-chip buffers; NaN if unknown */
    double offchip_bytes;          /**< off-chip memory of the published platform; NaN if unknown */
    double offchip_bw_bytes_s;     /**< its bandwidth; NaN if unknown */
    const char *notes;
    accelsel_provenance provenance;
} accelsel_design_info;

#define ACCELSEL_DESIGN_INFO_VERSION 1

/** One kind of link (bus, interconnect or network). */
typedef struct accelsel_link_info {
    unsigned int version;          /**< ACCELSEL_LINK_INFO_VERSION of the library */
    const char *name;              /**< unique in the catalog's links, with the aliases */
    size_t n_aliases;
    const char *const *aliases;
    const char *technology;        /**< "nvlink", "pcie", "infiniband", "ethernet", "board", ... */
    double bw_bytes_s;             /**< data rate per direction, after line coding; > 0 */
    double latency_s;              /**< one-way latency; NaN if no published figure */
    const char *notes;
    accelsel_provenance provenance;
} accelsel_link_info;

#define ACCELSEL_LINK_INFO_VERSION 1

/** A system. Two forms share this struct:
 *  - a cluster of @ref nodes nodes with @ref devices_per_node identical
 *    devices each (@ref device), linked by @ref intra_node_link inside a node
 *    and @ref inter_node_link between nodes;
 *  - a multi-accelerator system for mapping: @ref n_slots explicit slots,
 *    each fixed to a device or adaptive (a pool of designs), with a link
 *    between each pair of slots (accelsel_catalog_system_link()).
 *  Either form is seen as slots: a cluster has nodes x devices_per_node slots
 *  numbered node by node. Indices refer to the catalog's lists; -1 = none. */
typedef struct accelsel_system_info {
    unsigned int version;          /**< ACCELSEL_SYSTEM_INFO_VERSION of the library */
    const char *name;
    size_t n_aliases;
    const char *const *aliases;
    uint32_t nodes;                /**< clusters: number of nodes; 0 for explicit slots */
    uint32_t devices_per_node;     /**< clusters: accelerators per node; 0 for explicit slots */
    int64_t device;                /**< clusters: device index; -1 for explicit slots */
    int64_t host_cpu;              /**< device index of the host CPU; -1 if none given */
    uint32_t host_cpus_per_node;   /**< 0 if not given */
    int64_t intra_node_link;       /**< link index; -1 if none given */
    int64_t inter_node_link;       /**< link index; -1 if none given */
    uint32_t inter_node_links_per_node; /**< network ports per node; 0 if not given */
    int64_t host_link;             /**< link from each accelerator to host memory; -1 if none given */
    const char *topology;          /**< free text ("NVSwitch all-to-all", "3D torus"); NULL if none */
    size_t n_slots;                /**< slots in either form (nodes x devices_per_node for clusters) */
    const char *notes;
    accelsel_provenance provenance;
    /* version 2 */
    double price_usd;              /**< purchase price of one node (one DGX, say), host, memory
                                        and network included as sold; NaN if none is public */
    int32_t price_basis;           /**< ACCELSEL_PRICE_*, as for devices */
    const char *price_date;        /**< as accelsel_device_info.price_date */
} accelsel_system_info;

#define ACCELSEL_SYSTEM_INFO_VERSION 2

/** Most explicit slots a system may have: the mapper's slot groups are
 *  64-bit masks (ACCELSEL_MAPPING_MAX_SLOTS is this number), and a catalog
 *  refuses a system that could not be mapped. */
#define ACCELSEL_SYSTEM_MAX_SLOTS 64

/** One accelerator slot of a system. */
typedef struct accelsel_slot_info {
    unsigned int version;          /**< ACCELSEL_SLOT_INFO_VERSION of the library */
    int64_t device;                /**< fixed device index; -1 for an adaptive slot */
    size_t n_designs;              /**< adaptive slots: size of the design pool; 0 otherwise */
    const size_t *designs;         /**< adaptive slots: design indices */
    const char *platform;          /**< board or part, e.g. "Xilinx Alveo U250"; NULL if not given */
    double memory_bytes;           /**< the slot's memory; for a fixed device without figures
                                        of its own, the device's; NaN if unknown */
    double memory_bw_bytes_s;      /**< as memory_bytes, for bandwidth */
    int64_t host_link;             /**< link index to host memory; -1 if none */
} accelsel_slot_info;

#define ACCELSEL_SLOT_INFO_VERSION 1

/** sizeof() of the info structs in this library, for bindings to check their
 *  layout. Thread safety: may be called from any thread. @{ */
ACCELSEL_API size_t accelsel_device_info_size(void);
ACCELSEL_API size_t accelsel_design_info_size(void);
ACCELSEL_API size_t accelsel_link_info_size(void);
ACCELSEL_API size_t accelsel_system_info_size(void);
ACCELSEL_API size_t accelsel_slot_info_size(void);
/** @} */

/** Read a catalog from a YAML file (format: docs/catalog-format.md).
 *
 *  Unknown keys, values of the wrong type, zero or negative sizes, missing
 *  required keys, a name or alias used twice in one list (case-insensitive),
 *  a system naming an unknown device, link or design, and YAML alias bombs
 *  are all rejected. So is a document without content (an empty file, only
 *  comments, "---" alone): "empty catalog" at 1:1, as for every YAML format;
 *  an empty catalog is written `version: 1`.
 *
 *  @param[out] out   the new catalog, freed with accelsel_catalog_free();
 *                    NULL on any failure.
 *  @param[in]  path  file to read; not kept.
 *  @return 0;
 *          ACCELSEL_EINVAL if @p out or @p path is NULL;
 *          ACCELSEL_EIO if the file cannot be read (the message names path and reason);
 *          ACCELSEL_EPARSE for malformed input (the error has line and column, and
 *              the message names the key or entry);
 *          ACCELSEL_EVERSION if the file's `version` is not 1;
 *          ACCELSEL_ENOMEM (nothing is leaked).
 *  Thread safety: may be called from any thread. */
ACCELSEL_API int accelsel_catalog_load_file(accelsel_catalog **out, const char *path);

/** As accelsel_catalog_load_file(), from memory. Errors name the source "<buffer>".
 *  @param[out] out   the new catalog, freed with accelsel_catalog_free();
 *                    NULL on any failure.
 *  @param[in]  data  @p len bytes of UTF-8 YAML, not necessarily NUL-terminated;
 *                    not kept. May be NULL only when @p len is 0 (an empty
 *                    document: ACCELSEL_EPARSE "empty catalog").
 *  @param[in]  len   number of bytes.
 *  @return as accelsel_catalog_load_file(), without ACCELSEL_EIO; ACCELSEL_EINVAL
 *          also for a NULL @p data with @p len above 0.
 *  Thread safety: may be called from any thread. */
ACCELSEL_API int accelsel_catalog_load_buffer(accelsel_catalog **out, const char *data,
                                              size_t len);

/** Load the catalog compiled into the library: the accelerators and host CPUs
 *  of the MLPerf Training ResNet-50 results (with every accelerator spelling
 *  there as an alias), common data-centre and desktop devices, the usual
 *  links, published accelerator designs and the adaptive multi-accelerator
 *  systems "adaptive-4" and "adaptive-8". Figures come from datasheets and
 *  papers named in each entry.
 *  @param[out] out  freed with accelsel_catalog_free(); NULL on failure.
 *  @return 0; ACCELSEL_EINVAL if @p out is NULL; ACCELSEL_ENOMEM.
 *  Thread safety: may be called from any thread. */
ACCELSEL_API int accelsel_catalog_load_builtin(accelsel_catalog **out);

/** Write @p cat as YAML to @p path (created or truncated). Loading the file
 *  gives an equal catalog, and saving that again gives identical text.
 *  Figures the library computed are not written (they are computed again).
 *  @param[in] cat   the catalog; only read.
 *  @param[in] path  the file; not kept.
 *  @return 0; ACCELSEL_EINVAL for a NULL argument; ACCELSEL_EIO (path and
 *          reason); ACCELSEL_ENOMEM.
 *  Thread safety: may be called from any thread; @p cat may be shared. */
ACCELSEL_API int accelsel_catalog_save_file(const accelsel_catalog *cat, const char *path);

/** As accelsel_catalog_save_file(), into a new NUL-terminated buffer.
 *  @param[in]  cat  the catalog; only read.
 *  @param[out] out  freed by the caller with accelsel_free(); NULL on failure.
 *  @param[out] len  its length without the NUL; may be NULL.
 *  @return 0; ACCELSEL_EINVAL for a NULL @p cat or @p out; ACCELSEL_ENOMEM.
 *  Thread safety: may be called from any thread; @p cat may be shared. */
ACCELSEL_API int accelsel_catalog_save_buffer(const accelsel_catalog *cat, char **out,
                                              size_t *len);

/** A new catalog with the entries of @p a followed by those of @p b, list by list.
 *
 *  Names clash when a name or alias of an entry of @p b equals (ignoring
 *  ASCII case) a name or alias of an entry of the same list in @p a. Without
 *  ACCELSEL_MERGE_OVERRIDE any clash is an error. With it, an entry of @p b
 *  whose name equals the name of an entry of @p a replaces that entry in
 *  place (aliases included), and systems of @p a that referred to the old
 *  entry refer to the new one; an alias that an entry of @p b shares with
 *  an entry of @p a that stays is left to that entry of @p a (dropped from
 *  b's entry, so that a renamed copy of a built-in entry loads); a clash
 *  involving a name is still an error.
 *
 *  @param[out] out    freed with accelsel_catalog_free(); NULL on failure.
 *  @param[in]  a, b   not changed; may be the same catalog only with the flag.
 *  @param[in]  flags  0 or ACCELSEL_MERGE_OVERRIDE.
 *  @return 0; ACCELSEL_EINVAL for a NULL argument, an unknown flag, a clash
 *          (the message names the list, the entries and the clashing name),
 *          or entries that do not fit together (a system whose host CPU the
 *          other catalog makes a GPU; the message says which);
 *          ACCELSEL_ENOMEM.
 *  Thread safety: may be called from any thread; @p a and @p b may be shared. */
ACCELSEL_API int accelsel_catalog_merge(accelsel_catalog **out, const accelsel_catalog *a,
                                        const accelsel_catalog *b, unsigned int flags);

/** A new catalog holding only the entries named in @p names (each looked up
 *  like the find functions, in the lists of devices, designs, links and
 *  systems; every list where it is found contributes), plus the devices,
 *  designs and links that the chosen systems refer to. Order is the catalog's.
 *  @param[out] out    freed with accelsel_catalog_free(); NULL on failure.
 *  @param[in]  cat    the catalog; only read, not kept.
 *  @param[in]  names  @p n names or aliases; not kept.
 *  @param[in]  n      number of names.
 *  @return 0; ACCELSEL_EINVAL for a NULL argument (or entry of @p names);
 *          ACCELSEL_ENOTFOUND for a name in no list (the message gives the
 *          nearest names); ACCELSEL_ENOMEM.
 *  Thread safety: may be called from any thread; @p cat may be shared. */
ACCELSEL_API int accelsel_catalog_select(accelsel_catalog **out, const accelsel_catalog *cat,
                                         const char *const *names, size_t n);

/** Free a catalog. Accepts NULL. Every pointer it handed out becomes invalid;
 *  no other thread may be using it. */
ACCELSEL_API void accelsel_catalog_free(accelsel_catalog *cat);

/** Number of entries of each list; 0 if @p cat is NULL. @{ */
ACCELSEL_API size_t accelsel_catalog_device_count(const accelsel_catalog *cat);
ACCELSEL_API size_t accelsel_catalog_design_count(const accelsel_catalog *cat);
ACCELSEL_API size_t accelsel_catalog_link_count(const accelsel_catalog *cat);
ACCELSEL_API size_t accelsel_catalog_system_count(const accelsel_catalog *cat);
/** @} */

/** Entry @p index of a list, or NULL if @p cat is NULL or @p index is out of
 *  range. Borrowed: valid until @p cat is freed. @{ */
ACCELSEL_API const accelsel_device_info *accelsel_catalog_device(const accelsel_catalog *cat,
                                                                 size_t index);
ACCELSEL_API const accelsel_design_info *accelsel_catalog_design(const accelsel_catalog *cat,
                                                                 size_t index);
ACCELSEL_API const accelsel_link_info *accelsel_catalog_link(const accelsel_catalog *cat,
                                                             size_t index);
ACCELSEL_API const accelsel_system_info *accelsel_catalog_system(const accelsel_catalog *cat,
                                                                 size_t index);
/** @} */

/** Find an entry by name or alias: an exact match ignoring ASCII case.
 *  @param[in]  cat    the catalog; only read.
 *  @param[in]  name   a name or alias.
 *  @param[out] index  its index in the list; untouched on failure.
 *  @return 0; ACCELSEL_EINVAL for a NULL argument; ACCELSEL_ENOTFOUND if no
 *          name or alias matches (the message lists the nearest names by edit
 *          distance).
 *  Thread safety: any number of threads may read one @p cat at once. @{ */
ACCELSEL_API int accelsel_catalog_find_device(const accelsel_catalog *cat, const char *name,
                                              size_t *index);
ACCELSEL_API int accelsel_catalog_find_design(const accelsel_catalog *cat, const char *name,
                                              size_t *index);
ACCELSEL_API int accelsel_catalog_find_link(const accelsel_catalog *cat, const char *name,
                                            size_t *index);
ACCELSEL_API int accelsel_catalog_find_system(const accelsel_catalog *cat, const char *name,
                                              size_t *index);
/** @} */

/** Slot @p slot of system @p system (0 <= slot < n_slots), or NULL if an
 *  index is out of range or @p cat is NULL. Borrowed: valid until @p cat is
 *  freed. The slots of a cluster share one record. */
ACCELSEL_API const accelsel_slot_info *accelsel_catalog_system_slot(const accelsel_catalog *cat,
                                                                    size_t system, size_t slot);

/** The direct link from slot @p from to slot @p to of system @p system.
 *  In a cluster, slots of one node use the intra-node link and slots of
 *  different nodes the inter-node link.
 *  @param[in]  cat       the catalog; only read.
 *  @param[in]  system    a system index; any value.
 *  @param[in]  from, to  slot indices of that system; any values.
 *  @param[out] link      the link's index in the catalog; untouched on failure.
 *  @return 0; ACCELSEL_EINVAL for a NULL argument or an index out of range;
 *          ACCELSEL_ENOTFOUND if the two slots have no direct link (always
 *          so when @p from equals @p to).
 *  Thread safety: any number of threads may read one @p cat at once. */
ACCELSEL_API int accelsel_catalog_system_link(const accelsel_catalog *cat, size_t system,
                                              size_t from, size_t to, size_t *link);

#ifdef __cplusplus
}
#endif
#endif /* ACCELSEL_CATALOG_H */
