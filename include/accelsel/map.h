/*
 * libaccelsel: layer-mapping problems on multi-accelerator systems (MARS's
 * two-level genetic algorithm, its baselines and an evaluator).
 */
#ifndef ACCELSEL_MAP_H
#define ACCELSEL_MAP_H

#include <accelsel/catalog.h>
#include <accelsel/common.h>
#include <accelsel/network.h>

#ifdef __cplusplus
extern "C" {
#endif

/** A layer-mapping problem: a network, a batch size and an objective on the
 *  slots of a system. Building it checks every figure the cost model needs
 *  and tabulates the cost of every (layer, design, strategy, group size), so
 *  that evaluating a mapping is a walk over tables. The problem copies what
 *  it needs: the catalog and the network may be freed after it is built.
 *  Read-only once built: any number of threads may evaluate and solve on one
 *  problem at once. The cost model is described in docs/mapping.md. */
typedef struct accelsel_mapping_problem accelsel_mapping_problem;

/** A mapping and its evaluation: the design of every slot; the slot group,
 *  design, strategy and times of every layer; a breakdown of the latency;
 *  peak memory per slot; and, for a solved mapping, the search's statistics.
 *  Immutable: any number of threads may read one mapping at once. */
typedef struct accelsel_mapping accelsel_mapping;

/** Most slots a problem may have (slot groups are 64-bit masks): a
 *  catalog's explicit slots keep the same bound. */
#define ACCELSEL_MAPPING_MAX_SLOTS ACCELSEL_SYSTEM_MAX_SLOTS

/** @name Objectives (accelsel_mapping_problem_options.objective) @{ */
#define ACCELSEL_OBJECTIVE_LATENCY 0    /**< time of one batch through the network */
#define ACCELSEL_OBJECTIVE_THROUGHPUT 1 /**< time between batches when segments on disjoint
                                             groups pipeline successive batches (the busiest
                                             group's time per batch) */
/** @} */

/** @name Sharding strategies of one layer over its slot group @{ */
#define ACCELSEL_STRATEGY_NONE 0            /**< one slot of the group computes the whole layer: the
                                                 one that computes it fastest (lowest on ties) */
#define ACCELSEL_STRATEGY_BATCH 1           /**< batch split; weights replicated */
#define ACCELSEL_STRATEGY_OUTPUT_CHANNELS 2 /**< output channels split; all-gather after */
#define ACCELSEL_STRATEGY_INPUT_CHANNELS 3  /**< input channels split; partial sums reduced */
#define ACCELSEL_STRATEGY_SPATIAL 4         /**< output rows split; halo rows exchanged */
#define ACCELSEL_STRATEGY_COUNT 5           /**< number of strategies; may grow */
/** @} */

/** Name of a strategy ("none", "batch", "output-channels", "input-channels",
 *  "spatial"), or NULL if out of range. Static storage. */
ACCELSEL_API const char *accelsel_strategy_name(int strategy);

/** The strategy named @p name (as accelsel_strategy_name() spells it), or
 *  ACCELSEL_ENOTFOUND (the message names it) or ACCELSEL_EINVAL for NULL. */
ACCELSEL_API int accelsel_strategy_from_name(const char *name);

/** Name of an objective ("latency", "throughput"), or NULL. Static storage. */
ACCELSEL_API const char *accelsel_objective_name(int objective);

/** Options for building a problem. Initialise with
 *  ACCELSEL_MAPPING_PROBLEM_OPTIONS_INIT or accelsel_mapping_problem_options_init();
 *  fields are only ever appended. */
typedef struct accelsel_mapping_problem_options {
    unsigned int version;    /**< ACCELSEL_MAPPING_PROBLEM_OPTIONS_VERSION */
    uint32_t batch;          /**< samples per batch, >= 1; default 1 */
    int32_t objective;       /**< ACCELSEL_OBJECTIVE_*; default latency */
    uint32_t max_group_size; /**< largest slot group a layer may use; 0 = all slots */
} accelsel_mapping_problem_options;

#define ACCELSEL_MAPPING_PROBLEM_OPTIONS_VERSION 1
#define ACCELSEL_MAPPING_PROBLEM_OPTIONS_INIT \
    { ACCELSEL_MAPPING_PROBLEM_OPTIONS_VERSION, 1, ACCELSEL_OBJECTIVE_LATENCY, 0 }

/** Fill @p opts with defaults for @p version.
 *  @return 0; ACCELSEL_EINVAL if @p opts is NULL; ACCELSEL_EVERSION for an unknown version.
 *  Thread safety: may be called from any thread. */
ACCELSEL_API int accelsel_mapping_problem_options_init(accelsel_mapping_problem_options *opts,
                                                       unsigned int version);

/** sizeof(accelsel_mapping_problem_options), for bindings. */
ACCELSEL_API size_t accelsel_mapping_problem_options_size(void);

/** One slot of an explicit slot list (accelsel_mapping_problem_new_slots()).
 *  Exactly one of @ref device and @ref designs is given. */
typedef struct accelsel_mapping_slot {
    unsigned int version;       /**< ACCELSEL_MAPPING_SLOT_VERSION */
    const char *device;         /**< a fixed catalog device (name or alias); NULL for an adaptive slot */
    const char *const *designs; /**< adaptive slot: names of the designs it may take */
    size_t n_designs;           /**< length of @ref designs */
    double memory_bytes;        /**< the slot's memory, a whole number of bytes >= 1; NaN =
                                     the device's (a fixed slot) */
    double memory_bw_bytes_s;   /**< its bandwidth; NaN = the device's (a fixed slot) */
    const char *host_link;      /**< catalog link to host memory; NULL = none */
} accelsel_mapping_slot;

#define ACCELSEL_MAPPING_SLOT_VERSION 1

/** Build a problem on the slots of catalog system @p system.
 *
 *  Links are directed, as a catalog link_matrix gives them: data sent from
 *  slot a to slot b crosses the link from a to b, and a layer whose inputs
 *  every member of the producing group holds in full (any strategy but
 *  batch) reads them from the member with the fastest link to it (the
 *  lowest slot on ties), after a batch split from every member. A
 *  collective (all-gather, all-reduce) needs every pair of its group linked
 *  both ways and runs at the slower direction. Network outputs go back to
 *  the host from the member with the fastest host link (after a batch
 *  split, the lowest slot). docs/mapping.md gives the whole cost model.
 *
 *  @param[out] out     the new problem, freed with accelsel_mapping_problem_free();
 *                      NULL on any failure.
 *  @param[in]  cat     the catalog; only read, not kept.
 *  @param[in]  system  name or alias of a system of @p cat (a cluster counts as
 *                      nodes x devices_per_node fixed slots).
 *  @param[in]  net     the network; only read, not kept.
 *  @param[in]  opts    NULL for defaults.
 *  @return 0;
 *          ACCELSEL_EINVAL for a NULL argument, a batch of 0, an unknown objective;
 *          ACCELSEL_EVERSION for an unknown @p opts->version;
 *          ACCELSEL_ENOTFOUND for an unknown system (nearest names given);
 *          ACCELSEL_ERANGE for more than ACCELSEL_MAPPING_MAX_SLOTS slots;
 *          ACCELSEL_EEMPTY for a network without layers to compute, or an
 *              adaptive slot with an empty design pool (the slot named);
 *          ACCELSEL_EDATA for a design or device lacking a figure the model needs
 *              (the message names it and the figure), or a slot figure so
 *              small that a layer's time is not finite (slot, layer and
 *              figure named);
 *          ACCELSEL_EINFEASIBLE for a layer that fits the memory of no slots
 *              that can take it under any split, even when its weights stream
 *              from the host (layer, bytes and the closest slot named);
 *          ACCELSEL_ENOMEM (nothing leaked).
 *  Thread safety: may be called from any thread; @p cat and @p net may be shared. */
ACCELSEL_API int accelsel_mapping_problem_new(accelsel_mapping_problem **out,
                                              const accelsel_catalog *cat, const char *system,
                                              const accelsel_network *net,
                                              const accelsel_mapping_problem_options *opts);

/** As accelsel_mapping_problem_new(), on an explicit list of slots; every
 *  pair of slots is joined by catalog link @p link.
 *  @param[in] slots    @p n_slots slot descriptions; not kept.
 *  @param[in] n_slots  1..ACCELSEL_MAPPING_MAX_SLOTS.
 *  @param[in] link     name of the link between every pair of slots; NULL for
 *                      none (a mapping that must move data between slots is
 *                      then ACCELSEL_EINFEASIBLE).
 *  Slots keep the rules of a catalog file's slots (docs/mapping.md).
 *  @return as accelsel_mapping_problem_new(); ACCELSEL_EINVAL also for a slot
 *          giving both or neither of a device and designs, a slot of an
 *          unknown version, a design twice in a pool (by any of its names,
 *          in any case), a memory_bytes that is not NaN or a whole number
 *          of bytes >= 1, a memory_bw_bytes_s that is not NaN or positive
 *          and finite (the slot and the value named);
 *          ACCELSEL_ENOTFOUND for an unknown device, design or link. */
ACCELSEL_API int accelsel_mapping_problem_new_slots(accelsel_mapping_problem **out,
                                                    const accelsel_catalog *cat,
                                                    const accelsel_mapping_slot *slots,
                                                    size_t n_slots, const char *link,
                                                    const accelsel_network *net,
                                                    const accelsel_mapping_problem_options *opts);

/** Free a problem. Accepts NULL. Mappings made from it stay valid. */
ACCELSEL_API void accelsel_mapping_problem_free(accelsel_mapping_problem *p);

/** @name Problem getters. NULL/0 for a NULL problem or an index out of range;
 *  strings live until the problem is freed. @{ */
ACCELSEL_API size_t accelsel_mapping_problem_slot_count(const accelsel_mapping_problem *p);
/** Layers of the network (network inputs included), in network order. */
ACCELSEL_API size_t accelsel_mapping_problem_layer_count(const accelsel_mapping_problem *p);
ACCELSEL_API const char *accelsel_mapping_problem_layer_name(const accelsel_mapping_problem *p,
                                                             size_t layer);
/** Number of designs slot @p slot may take (1 for a fixed device). */
ACCELSEL_API size_t accelsel_mapping_problem_pool_count(const accelsel_mapping_problem *p,
                                                       size_t slot);
/** Name of design @p k of slot @p slot's pool (the device's name for a fixed slot). */
ACCELSEL_API const char *accelsel_mapping_problem_pool_design(const accelsel_mapping_problem *p,
                                                              size_t slot, size_t k);
ACCELSEL_API const char *accelsel_mapping_problem_system(const accelsel_mapping_problem *p);
ACCELSEL_API const char *accelsel_mapping_problem_network(const accelsel_mapping_problem *p);
ACCELSEL_API uint32_t accelsel_mapping_problem_batch(const accelsel_mapping_problem *p);
ACCELSEL_API int accelsel_mapping_problem_objective(const accelsel_mapping_problem *p);
/** @} */

/** A mapping given by the caller, for accelsel_mapping_evaluate(). Arrays are
 *  read during the call only. */
typedef struct accelsel_mapping_spec {
    unsigned int version;         /**< ACCELSEL_MAPPING_SPEC_VERSION */
    size_t n_slots;               /**< must equal the problem's slot count */
    const uint32_t *slot_design;  /**< per slot: index into its pool (0 for a fixed slot) */
    size_t n_layers;              /**< must equal the problem's layer count */
    const uint64_t *layer_slots;  /**< per layer: its group as a mask of slots (bit s =
                                       slot s); ignored for network inputs */
    const int32_t *layer_strategy; /**< per layer: ACCELSEL_STRATEGY_*; ignored for inputs */
} accelsel_mapping_spec;

#define ACCELSEL_MAPPING_SPEC_VERSION 1

/** Evaluate a mapping the caller gives.
 *  A strategy that does not apply to a layer (input channels of a depthwise
 *  convolution) or a group of one slot with a strategy other than none is
 *  accepted and costed as none; none runs the layer on the member of its group
 *  that computes it fastest, and the mapping reports that one slot. A group
 *  larger than max_group_size is refused. A mapping that needs a link the
 *  system lacks is infeasible under either objective.
 *  @param[out] out   the evaluated mapping, freed with accelsel_mapping_free();
 *                    NULL on failure.
 *  @param[in]  p     the problem.
 *  @param[in]  spec  the mapping.
 *  @return 0; ACCELSEL_EINVAL for a NULL argument, a size that does not match,
 *          a design index outside its slot's pool, an empty group, a slot mask
 *          naming slots the system lacks, a strategy out of range (each named);
 *          ACCELSEL_EVERSION for an unknown spec version;
 *          ACCELSEL_EINFEASIBLE when the mapping moves data over a link that does
 *              not exist or has zero bandwidth (the layer and the two slots, or
 *              the host, named), or runs a layer's collective over two slots
 *              not linked both ways (the layer and the two slots named), or
 *              whose times, each finite, sum beyond a double (the layer and
 *              slot, or the breakdown's sums, named);
 *          ACCELSEL_ENOMEM.
 *  Thread safety: any number of threads may evaluate on one problem at once. */
ACCELSEL_API int accelsel_mapping_evaluate(accelsel_mapping **out,
                                           const accelsel_mapping_problem *p,
                                           const accelsel_mapping_spec *spec);

/** Progress of a solve: called from the calling thread once per generation
 *  (GA), then during the local search that ends the GA after every slice of
 *  its work (about population x 6 walks per candidate; with the last
 *  generation's number), or once at the end (baselines). Long work
 *  before the first generation reports too, with generation 0: the GA's
 *  seeding (its computation-first and h2h mappings) and the loops of the
 *  baselines call it every 64 evaluations. Return 0 to go on, anything else
 *  to stop, wherever it is called: the solve then returns
 *  ACCELSEL_ECANCELED with the best mapping found so far. @p best_s is the
 *  best objective value so far in seconds. */
typedef int (*accelsel_mapping_progress_fn)(uint32_t generation, double best_s,
                                            uint64_t evaluations, void *payload);

/** Options of accelsel_mapping_solve(). Initialise with
 *  ACCELSEL_MAPPING_SOLVE_OPTIONS_INIT or accelsel_mapping_solve_options_init();
 *  fields are only ever appended; callbacks come last. */
typedef struct accelsel_mapping_solve_options {
    unsigned int version;   /**< ACCELSEL_MAPPING_SOLVE_OPTIONS_VERSION */
    const char *method;     /**< "ga" (NULL = "ga"), or a baseline: "computation-first",
                                 "h2h", "single", "data-parallel", "exhaustive" */
    uint64_t seed;          /**< the GA's seed; the same seed gives the same mapping
                                 whatever n_threads */
    uint32_t n_threads;     /**< threads evaluating; 0 = all online cores */
    uint32_t generations;   /**< outer generations; default 100 (the INIT's
                                 value; 0 means it too). Any value
                                 (UINT32_MAX too): the history grows with the
                                 generations run */
    uint32_t population;    /**< outer population; default 64 (the INIT's value; 0
                                 means it too) */
    double time_budget_s;   /**< stop after about this wall time from the start of the
                                 solve (building the problem is not counted): the
                                 GA's seeding and generations at three quarters of
                                 it, its local search at the end; a baseline at the
                                 end with its best so far ("exhaustive" then refuses
                                 with ACCELSEL_ERANGE). The seeding and the baselines
                                 look at the clock every 64 evaluations, the GA
                                 after each generation, its local search between
                                 moves, so a run ends late by at most about one
                                 generation and one move; the GA always runs
                                 generation 0 (a chain of 3000 convolutions on
                                 adaptive-8, two threads, where generation 0 takes
                                 about 0.08 s: 0.17 to 0.22 s for a budget of 0.1 s,
                                 1.03 to 1.05 s for 1 s). 0 or INFINITY = no limit.
                                 A budget makes the result depend on speed, not
                                 only on the seed */
    uint32_t patience;      /**< stop after this many generations without improvement;
                                 default 50 (the INIT's value; 0 means it too) */
    uint64_t exhaustive_limit; /**< "exhaustive": largest number of candidates it
                                    enumerates; default 2000000 (the INIT's value; 0
                                    means it too) */
    accelsel_mapping_progress_fn progress; /**< NULL = none */
    void *payload;          /**< passed to @ref progress */
} accelsel_mapping_solve_options;

#define ACCELSEL_MAPPING_SOLVE_OPTIONS_VERSION 1
#define ACCELSEL_MAPPING_SOLVE_OPTIONS_INIT \
    { ACCELSEL_MAPPING_SOLVE_OPTIONS_VERSION, NULL, 0, 0, 100, 64, 0.0, 50, 2000000, NULL, NULL }

/** Fill @p opts with defaults for @p version.
 *  @return 0; ACCELSEL_EINVAL if @p opts is NULL; ACCELSEL_EVERSION for an unknown version. */
ACCELSEL_API int accelsel_mapping_solve_options_init(accelsel_mapping_solve_options *opts,
                                                     unsigned int version);

/** sizeof(accelsel_mapping_solve_options), for bindings. */
ACCELSEL_API size_t accelsel_mapping_solve_options_size(void);

/** Name of solve method @p index (0: "ga", then the baselines), or NULL past the last. */
ACCELSEL_API const char *accelsel_mapping_method_name(size_t index);

/** Find a good mapping.
 *
 *  "ga" is MARS's two-level genetic algorithm: the outer level evolves the
 *  design of every adaptive slot and the cut of the topological layer order
 *  into segments with a slot group each; the inner level evolves the strategy
 *  of every layer for that outer candidate. A deterministic local search
 *  ends it: on the best mapping and the best of the last population with
 *  another value, it lays every layer out anew for the slot designs (and
 *  for each other design of each slot), rearranges sibling branches over
 *  the slots, and tries each segment's group and each layer's strategy,
 *  keeping what shortens the objective, until a pass keeps nothing. The
 *  baselines are described in docs/mapping.md.
 *
 *  @param[in]  p     the problem.
 *  @param[in]  opts  NULL for defaults.
 *  @param[out] out   the best mapping found, freed with accelsel_mapping_free().
 *                    Also set when the return is ACCELSEL_ECANCELED (the best
 *                    mapping so far; the caller frees it); NULL on any other failure.
 *  @return 0; ACCELSEL_EINVAL for a NULL @p p or @p out, a population below 4,
 *              a negative or NaN time budget;
 *          ACCELSEL_EVERSION for an unknown options version;
 *          ACCELSEL_ENOTFOUND for an unknown method (the names given);
 *          ACCELSEL_ERANGE when "exhaustive" would enumerate more than
 *              exhaustive_limit candidates (the message gives the count), or
 *              does not finish within time_budget_s;
 *          ACCELSEL_EINFEASIBLE if the method finds no feasible mapping;
 *          ACCELSEL_ECANCELED if the progress callback asked to stop;
 *          ACCELSEL_ENOMEM.
 *  Thread safety: any number of threads may solve on one problem at once. */
ACCELSEL_API int accelsel_mapping_solve(accelsel_mapping **out,
                                        const accelsel_mapping_problem *p,
                                        const accelsel_mapping_solve_options *opts);

/** Free a mapping. Accepts NULL. */
ACCELSEL_API void accelsel_mapping_free(accelsel_mapping *m);

/** One layer of a mapping. Fields are only ever appended. Times are from the
 *  start of the batch; network inputs have an empty group and zero times. */
typedef struct accelsel_mapping_layer_info {
    unsigned int version;   /**< ACCELSEL_MAPPING_LAYER_INFO_VERSION */
    const char *name;       /**< the layer's name */
    uint64_t slots;         /**< its group as a slot mask */
    uint32_t n_slots;       /**< slots in the group */
    const char *design;     /**< design (or device) of the group's first slot; NULL for inputs */
    int32_t strategy;       /**< ACCELSEL_STRATEGY_* as costed */
    double start_s, end_s;  /**< when it starts (inputs received) and ends */
    double compute_s;       /**< compute time on the group, memory streaming included */
    double comm_in_s;       /**< receiving inputs from other groups or the host */
    double comm_within_s;   /**< the strategy's collective inside the group */
} accelsel_mapping_layer_info;

#define ACCELSEL_MAPPING_LAYER_INFO_VERSION 1

/** Where the time goes, in slot-seconds over the slots the mapping uses:
 *  compute_s + communication_s + idle_s = used slots x latency_s. */
typedef struct accelsel_mapping_breakdown {
    unsigned int version;      /**< ACCELSEL_MAPPING_BREAKDOWN_VERSION */
    double latency_s;          /**< time of one batch */
    double period_s;           /**< time between pipelined batches (busiest group) */
    double objective_s;        /**< latency_s or period_s, by the problem's objective */
    double compute_s;          /**< computing */
    double communication_s;    /**< the three below together */
    double comm_between_s;     /**< receiving activations from other groups */
    double comm_within_s;      /**< collectives of sharded layers */
    double comm_host_s;        /**< network input from, and output to, the host */
    double idle_s;             /**< waiting */
    uint32_t used_slots;       /**< slots that run at least one layer */
} accelsel_mapping_breakdown;

#define ACCELSEL_MAPPING_BREAKDOWN_VERSION 1

/** sizeof() of the mapping structs, for bindings. @{ */
ACCELSEL_API size_t accelsel_mapping_layer_info_size(void);
ACCELSEL_API size_t accelsel_mapping_breakdown_size(void);
ACCELSEL_API size_t accelsel_mapping_spec_size(void);
ACCELSEL_API size_t accelsel_mapping_slot_size(void);
/** @} */

/** @name Mapping getters. NULL/0/NaN for a NULL mapping or an index out of
 *  range; pointers live until the mapping is freed. @{ */
/** The objective value in seconds (latency or period). */
ACCELSEL_API double accelsel_mapping_objective_s(const accelsel_mapping *m);
ACCELSEL_API int accelsel_mapping_objective(const accelsel_mapping *m);
ACCELSEL_API const accelsel_mapping_breakdown *accelsel_mapping_get_breakdown(
    const accelsel_mapping *m);
ACCELSEL_API size_t accelsel_mapping_slot_count(const accelsel_mapping *m);
/** Design (or fixed device) name of slot @p slot. */
ACCELSEL_API const char *accelsel_mapping_slot_design(const accelsel_mapping *m, size_t slot);
/** Peak bytes resident in slot @p slot's memory (weights kept plus the largest
 *  activations of one of its layers); 0 for an unused slot. */
ACCELSEL_API double accelsel_mapping_memory_bytes(const accelsel_mapping *m, size_t slot);
ACCELSEL_API size_t accelsel_mapping_layer_count(const accelsel_mapping *m);
ACCELSEL_API const accelsel_mapping_layer_info *accelsel_mapping_layer(const accelsel_mapping *m,
                                                                       size_t layer);
/** The mapping as a spec (arrays owned by @p m), e.g. to change and evaluate again.
 *  @return 0; ACCELSEL_EINVAL for a NULL argument. */
ACCELSEL_API int accelsel_mapping_get_spec(const accelsel_mapping *m, accelsel_mapping_spec *spec);
/** Method that made it: "evaluate", "ga", a baseline name, or "load". */
ACCELSEL_API const char *accelsel_mapping_method(const accelsel_mapping *m);
/** Generations the GA ran (0 otherwise). */
ACCELSEL_API uint32_t accelsel_mapping_generations(const accelsel_mapping *m);
/** Mappings evaluated by the solve (1 for evaluate and load). */
ACCELSEL_API uint64_t accelsel_mapping_evaluations(const accelsel_mapping *m);
/** Wall time of the solve in seconds. */
ACCELSEL_API double accelsel_mapping_seconds(const accelsel_mapping *m);
/** Best objective value of the initial population, after each generation and
 *  after the closing local search (for a convergence plot).
 *  @param[out] best  borrowed array of @p n values, the initial population's
 *                    first; NULL when there are none.
 *  @param[out] n     its length: the generations run plus two (plus one when
 *                    the solve was canceled before the local search: 1, the
 *                    best seed, when canceled before generation 0); 0 for a
 *                    baseline.
 *  @return 0; ACCELSEL_EINVAL for a NULL argument. */
ACCELSEL_API int accelsel_mapping_history(const accelsel_mapping *m, const double **best,
                                          size_t *n);
/** @} */

/** Write @p m as YAML (format: docs/mapping.md): system, network, batch,
 *  objective, every slot's design and every layer's group and strategy, by
 *  name. Loading the text on the same problem gives an equal mapping, and
 *  saving that again gives identical text.
 *  @return 0; ACCELSEL_EINVAL for a NULL argument; ACCELSEL_EIO (path and
 *          reason); ACCELSEL_ENOMEM.
 *  Thread safety: may be called from any thread; @p m may be shared. @{ */
ACCELSEL_API int accelsel_mapping_save_file(const accelsel_mapping *m, const char *path);
/** @param[out] out  NUL-terminated text, freed with accelsel_free(); NULL on failure.
 *  @param[out] len  its length without the NUL; may be NULL. */
ACCELSEL_API int accelsel_mapping_save_buffer(const accelsel_mapping *m, char **out, size_t *len);
/** @} */

/** Read a mapping saved by accelsel_mapping_save_file() and evaluate it on @p p.
 *  @param[out] out   freed with accelsel_mapping_free(); NULL on failure.
 *  @param[in]  p     the problem it is evaluated on.
 *  @param[in]  path  the file; not kept.
 *  @return 0; ACCELSEL_EINVAL for a NULL argument; ACCELSEL_EIO;
 *          ACCELSEL_EPARSE for malformed YAML, an unknown key, a missing slot or
 *              layer, a slot index the problem lacks, an unknown layer, design or
 *              strategy name, or a design outside that slot's pool (each named,
 *              with line and column);
 *          ACCELSEL_EVERSION for a file `version` other than 1;
 *          the errors of accelsel_mapping_evaluate(); ACCELSEL_ENOMEM.
 *  Thread safety: any number of threads may load on one problem at once. @{ */
ACCELSEL_API int accelsel_mapping_load_file(accelsel_mapping **out,
                                            const accelsel_mapping_problem *p, const char *path);
/** As accelsel_mapping_load_file() from @p len bytes at @p data (source "<buffer>"). */
ACCELSEL_API int accelsel_mapping_load_buffer(accelsel_mapping **out,
                                              const accelsel_mapping_problem *p,
                                              const char *data, size_t len);
/** @} */

#ifdef __cplusplus
}
#endif
#endif /* ACCELSEL_MAP_H */
