/*
 * libaccelsel: placing training jobs on a heterogeneous cluster, the
 * question a scheduler asks when a job arrives: which partition, how many
 * accelerators, and what time limit. A cluster is a list of partitions
 * (each a catalog device or system, nodes, accelerators per node, links)
 * with its state: the accelerators free now, the predicted times at which
 * busy ones free up, and the accelerators held for jobs that will start
 * later. A job is a network and its training (batch,
 * epochs or samples, precision, counts, deadline, allowed partitions). A
 * decision weighs every allowed partition and count with the training-time
 * predictor (include/accelsel/predict.h) under a policy, and gives the
 * partition, count, predicted start, run time and completion, a time limit
 * with a safety margin from the predictor's held-out error, and the next
 * two alternatives. docs/placement.md describes the model and the file
 * format.
 *
 * Cost: a job is prepared once (accelsel_place_job_new(): one prediction
 * per partition and count, sharing the per-layer walk of each device and
 * batch); a decision on a prepared job is a pass over those candidates
 * with the cluster's current state, so a scheduler can decide again as the
 * queue moves.
 *
 * Threads: a cluster and a prepared job are read-only while decisions are
 * made, so any number of threads may prepare jobs and decide at once with
 * one predictor and one cluster; changing a cluster's state needs
 * exclusive access. The same inputs give the same decision.
 */
#ifndef ACCELSEL_PLACE_H
#define ACCELSEL_PLACE_H

#include <stddef.h>
#include <stdint.h>

#include <accelsel/catalog.h>
#include <accelsel/common.h>
#include <accelsel/network.h>
#include <accelsel/predict.h>

#ifdef __cplusplus
extern "C" {
#endif

/** A cluster: partitions in order, each with its hardware and its state,
 *  and the clock of the state (`now`, seconds). Partition names are unique
 *  (compared exactly, as Slurm compares them). */
typedef struct accelsel_place_cluster accelsel_place_cluster;

/** @name Limits of a partition @{ */
#define ACCELSEL_PARTITION_MAX_NODES 65536u   /**< nodes of one partition */
#define ACCELSEL_PARTITION_MAX_PER_NODE 1024u /**< accelerators per node */
#define ACCELSEL_PARTITION_NAME_MAX 63u       /**< bytes of a partition name */
/** @} */

/** A partition to add to a cluster built in memory. Initialise with
 *  ACCELSEL_PARTITION_SPEC_INIT or accelsel_partition_spec_init(); fields
 *  are only ever appended. */
typedef struct accelsel_partition_spec {
    unsigned int version;   /**< ACCELSEL_PARTITION_SPEC_VERSION */
    const char *name;       /**< 1 to ACCELSEL_PARTITION_NAME_MAX bytes, without commas,
                                 blanks or control characters; copied */
    const char *device;     /**< a catalog device (name or alias); NULL with @p system */
    const char *system;     /**< a catalog system that is a cluster of one device (its
                                 device, links, host CPU and node size); NULL with
                                 @p device */
    uint32_t nodes;         /**< 1 to ACCELSEL_PARTITION_MAX_NODES; 0 = the system's */
    uint32_t per_node;      /**< accelerators per node, 1 to ACCELSEL_PARTITION_MAX_PER_NODE
                                 and at most a system's; 0 = the system's */
    const char *intra_link; /**< catalog link inside a node; NULL = as the predictor
                                 defaults it (docs/predictor.md) */
    const char *inter_link; /**< catalog link between nodes; NULL likewise */
    const char *host_cpu;   /**< catalog CPU feeding each node's input pipeline; NULL
                                 likewise */
} accelsel_partition_spec;

#define ACCELSEL_PARTITION_SPEC_VERSION 1
#define ACCELSEL_PARTITION_SPEC_INIT \
    { ACCELSEL_PARTITION_SPEC_VERSION, NULL, NULL, NULL, 0, 0, NULL, NULL, NULL }

/** Fill @p spec with ACCELSEL_PARTITION_SPEC_INIT for @p version.
 *  @return 0; ACCELSEL_EINVAL for a NULL @p spec; ACCELSEL_EVERSION.
 *  Thread safety: may be called from any thread. */
ACCELSEL_API int accelsel_partition_spec_init(accelsel_partition_spec *spec, unsigned int version);
/** sizeof(accelsel_partition_spec), for bindings to check their layout. */
ACCELSEL_API size_t accelsel_partition_spec_size(void);

/** Accelerators of a partition taken from @ref from until @ref until (seconds
 *  on the cluster's clock): in use now when @ref from is at most `now` (a
 *  running job, predicted to end at @ref until; an @ref until before now,
 *  a job past its predicted end, counts as ending now), else held for a job
 *  that will start at @ref from (accelsel_place_cluster_take()). */
typedef struct accelsel_busy {
    uint32_t count; /**< accelerators, at least 1 */
    double from;    /**< finite and >= 0; 0 for a job already running */
    double until;   /**< finite, >= 0 and >= @ref from */
} accelsel_busy;

/** sizeof(accelsel_busy). */
ACCELSEL_API size_t accelsel_busy_size(void);

/** What a cluster holds of one partition. */
typedef struct accelsel_partition_info {
    unsigned int version;  /**< ACCELSEL_PARTITION_INFO_VERSION of the library */
    const char *name;
    int64_t device;        /**< catalog device index (a system's device) */
    int64_t system;        /**< catalog system index; -1 for a device */
    uint32_t nodes, per_node;
    uint32_t total;        /**< nodes x per_node */
    uint32_t free;         /**< accelerators free now: in no group in use now, and not
                                down */
    int64_t intra_link;    /**< catalog link index; -1 = the predictor's default */
    int64_t inter_link;    /**< likewise */
    int64_t host_cpu;      /**< catalog device index; -1 likewise */
    size_t n_busy;         /**< entries of @ref busy */
    const accelsel_busy *busy; /**< as set or taken, in that order; the rest of the
                                    partition (total - free - those in use now) is
                                    down */
} accelsel_partition_info;

#define ACCELSEL_PARTITION_INFO_VERSION 1

/** sizeof(accelsel_partition_info). */
ACCELSEL_API size_t accelsel_partition_info_size(void);

/** An empty cluster (no partitions, `now` 0) on catalog @p cat.
 *  @param[out] out  freed with accelsel_place_cluster_free(); NULL on failure.
 *  @param[in]  cat  borrowed: it must outlive the cluster, unchanged. Jobs are
 *                   prepared with a predictor of the same catalog.
 *  @return 0; ACCELSEL_EINVAL for a NULL argument; ACCELSEL_ENOMEM.
 *  Thread safety: may be called from any thread; @p cat may be shared. */
ACCELSEL_API int accelsel_place_cluster_new(accelsel_place_cluster **out,
                                            const accelsel_catalog *cat);

/** Append a partition, all of its accelerators free.
 *  @param[in,out] c     the cluster; needs exclusive access.
 *  @param[in]     spec  the partition; its strings are copied.
 *  @return 0; ACCELSEL_EINVAL for a NULL argument, a name off its rules or
 *          already used, neither or both of device and system, a system of
 *          explicit slots, counts out of range, or a per_node above the
 *          system's (accelsel_error.field names the member);
 *          ACCELSEL_ENOTFOUND for a device, system, link or host CPU the
 *          catalog lacks (the catalog's message, with the nearest names),
 *          or a host CPU that is not a CPU; ACCELSEL_EVERSION;
 *          ACCELSEL_ENOMEM. On failure the cluster is unchanged. */
ACCELSEL_API int accelsel_place_cluster_add(accelsel_place_cluster *c,
                                            const accelsel_partition_spec *spec);

/** Set the clock: the time of the state, in seconds. The accelerators down
 *  stay down and the groups stay as they are, those whose
 *  accelsel_busy.from has come counting as in use; where they then take
 *  more accelerators than there are, none is free until enough end. A
 *  scheduler sets the clock, then the state of each partition at it.
 *  @param[in,out] c    the cluster; needs exclusive access.
 *  @param[in]     now  finite and >= 0.
 *  @return 0; ACCELSEL_EINVAL for a NULL @p c or a bad @p now (field "now");
 *          ACCELSEL_ENOMEM. On failure the cluster is unchanged. */
ACCELSEL_API int accelsel_place_cluster_set_now(accelsel_place_cluster *c, double now);

/** Set the state of partition @p partition at the cluster's `now`: @p free
 *  accelerators free, and @p n_busy groups in use or held; the partition's
 *  accelerators neither free nor in a group in use now are down (never
 *  available).
 *  @param[in,out] c          the cluster; needs exclusive access.
 *  @param[in]     partition  its index.
 *  @param[in]     free       at most the partition's total.
 *  @param[in]     busy       @p n_busy groups, copied; may be NULL when @p n_busy is 0.
 *  @param[in]     n_busy     number of groups.
 *  @return 0; ACCELSEL_EINVAL for a NULL argument, a partition out of range,
 *          more free accelerators than the partition has (field "free"), a
 *          group of 0 accelerators, times that are not finite and >= 0 or an
 *          until before its from, free and in use together above the total,
 *          or groups that take more accelerators at some time than the
 *          partition has that are not down (field "busy"); ACCELSEL_ENOMEM.
 *          On failure the cluster is unchanged. */
ACCELSEL_API int accelsel_place_cluster_set_state(accelsel_place_cluster *c, size_t partition,
                                                  uint32_t free, const accelsel_busy *busy,
                                                  size_t n_busy);

/** Take accelerators for a placed job: @p count accelerators of partition
 *  @p partition from @p from until @p until (a group of accelsel_busy), as a
 *  job started now holds them, or a job that waits for them from the time
 *  it can start. Decisions made afterwards see the partition without them:
 *  a scheduler that places waiting jobs one after the other gives each
 *  what the earlier ones left, and a later job may start before an earlier
 *  one's hold where it ends in time (docs/placement.md, "A scheduler's
 *  loop").
 *  @param[in,out] c          the cluster; needs exclusive access.
 *  @param[in]     partition  its index.
 *  @param[in]     count      at least 1.
 *  @param[in]     from       finite and >= 0: the placement's start_s.
 *  @param[in]     until      finite and >= @p from: its completion_s.
 *  @return 0; ACCELSEL_EINVAL for a NULL @p c, a partition out of range, a
 *          bad @p count, @p from or @p until, or accelerators that are not
 *          there: at some time from @p from to @p until fewer than @p count
 *          are free (the field named); ACCELSEL_ENOMEM. On failure the
 *          cluster is unchanged. */
ACCELSEL_API int accelsel_place_cluster_take(accelsel_place_cluster *c, size_t partition,
                                             uint32_t count, double from, double until);

/** Read a cluster from YAML (docs/placement.md, "Cluster files"), with the
 *  strictness of a catalog: unknown and duplicate keys, values of the wrong
 *  type, counts that are negative, fractional or out of range, more free
 *  accelerators than a partition has, names the catalog lacks (with the
 *  nearest ones) and alias bombs are ACCELSEL_EPARSE at their line and
 *  column; an empty document is "empty cluster" at 1:1.
 *  @param[out] out   freed with accelsel_place_cluster_free(); NULL on failure.
 *  @param[in]  cat   borrowed, as for accelsel_place_cluster_new().
 *  @param[in]  path  the file; not kept.
 *  @return 0; ACCELSEL_EINVAL for a NULL argument; ACCELSEL_EIO (path and
 *          reason); ACCELSEL_EPARSE; ACCELSEL_EVERSION for a `version` other
 *          than 1; ACCELSEL_ENOMEM.
 *  Thread safety: may be called from any thread. */
ACCELSEL_API int accelsel_place_cluster_load_file(accelsel_place_cluster **out,
                                                  const accelsel_catalog *cat, const char *path);

/** As accelsel_place_cluster_load_file(), from @p len bytes at @p data (not
 *  NUL-terminated; NULL only when @p len is 0). Errors name "<buffer>". */
ACCELSEL_API int accelsel_place_cluster_load_buffer(accelsel_place_cluster **out,
                                                    const accelsel_catalog *cat,
                                                    const char *data, size_t len);

/** Write @p c as YAML: names as the catalog spells them, numbers in the
 *  shortest text that reads back to the same double. Loading the text gives
 *  the same cluster, and saving that again the same text.
 *  @return 0; ACCELSEL_EINVAL for a NULL argument; ACCELSEL_EIO; ACCELSEL_ENOMEM.
 *  Thread safety: @p c may be shared. */
ACCELSEL_API int accelsel_place_cluster_save_file(const accelsel_place_cluster *c,
                                                  const char *path);

/** As accelsel_place_cluster_save_file(), into a new NUL-terminated buffer.
 *  @param[out] out  freed with accelsel_free(); NULL on failure.
 *  @param[out] len  its length without the NUL; may be NULL. */
ACCELSEL_API int accelsel_place_cluster_save_buffer(const accelsel_place_cluster *c, char **out,
                                                    size_t *len);

/** Free a cluster. Accepts NULL. Jobs prepared on it must be freed first. */
ACCELSEL_API void accelsel_place_cluster_free(accelsel_place_cluster *c);

/** Number of partitions; 0 for NULL. */
ACCELSEL_API size_t accelsel_place_cluster_partitions(const accelsel_place_cluster *c);

/** Partition @p index, or NULL if @p c is NULL or @p index out of range.
 *  Borrowed: valid until the cluster is freed or changed (a partition
 *  added, a state set, accelerators taken; the clock moved changes its
 *  free count). */
ACCELSEL_API const accelsel_partition_info *accelsel_place_cluster_partition(
    const accelsel_place_cluster *c, size_t index);

/** The clock of the state; NaN for NULL. */
ACCELSEL_API double accelsel_place_cluster_now(const accelsel_place_cluster *c);

/** The index of the partition named exactly @p name.
 *  @return 0; ACCELSEL_EINVAL for a NULL argument; ACCELSEL_ENOTFOUND (the
 *          message gives the nearest names). */
ACCELSEL_API int accelsel_place_cluster_find(const accelsel_place_cluster *c, const char *name,
                                             size_t *index);

/** The hardware of a prediction request for @p count accelerators of
 *  partition @p partition, as a job's candidates are predicted: the
 *  partition's device (or system), its links and host CPU, and the count
 *  on one node when it is at most a node's accelerators, else on count /
 *  per_node whole nodes.
 *  @param[in]     c          the cluster; only read.
 *  @param[in]     partition  its index.
 *  @param[in]     count      accelerators: up to a node's, or whole nodes, and
 *                            at most the partition's.
 *  @param[in,out] req        an initialised request: device, system, count,
 *                            nodes, per_node, intra_link, inter_link and
 *                            host_cpu are set (names borrowed from the
 *                            cluster's catalog); the other fields are left
 *                            as they are. Untouched on failure.
 *  @return 0; ACCELSEL_EINVAL for a NULL argument, a partition out of range
 *          or a count that fits no layout of the partition (field "count");
 *          ACCELSEL_EVERSION for an unknown request version.
 *  Thread safety: @p c may be shared. */
ACCELSEL_API int accelsel_place_cluster_request(const accelsel_place_cluster *c, size_t partition,
                                                uint32_t count, accelsel_predict_request *req);

/** A training job to place. Initialise with ACCELSEL_JOB_SPEC_INIT or
 *  accelsel_job_spec_init(); fields are only ever appended. A candidate is
 *  a partition the job allows and a count from @p min_count to @p max_count
 *  that fits the partition's nodes: up to one node's accelerators, or
 *  whole nodes. */
typedef struct accelsel_job_spec {
    unsigned int version;            /**< ACCELSEL_JOB_SPEC_VERSION */
    const accelsel_network *network; /**< required; borrowed until the job is freed */
    double global_batch;             /**< samples per step over all accelerators, a whole
                                          number; 0 = @p per_device_batch x count (the
                                          global batch then grows with the count) */
    double per_device_batch;         /**< a whole number; 0 = 256 (the predictor's
                                          default) when @p global_batch is 0 too */
    double epochs;                   /**< 0 = the network's recipe, else the epochs
                                          relation (as accelsel_predict_request) */
    double total_samples;            /**< > 0: train on this many samples instead of
                                          @p epochs (not both) */
    int32_t precision;               /**< ACCELSEL_PRECISION_* or ACCELSEL_PRECISION_AUTO */
    int32_t stack;                   /**< ACCELSEL_STACK_*; ACCELSEL_STACK_TUNED */
    uint32_t min_count;              /**< fewest accelerators; 0 = 1 */
    uint32_t max_count;              /**< most accelerators; 0 = as many as a partition has */
    double deadline;                 /**< completion wanted by this time on the cluster's
                                          clock; 0 = none */
    const char *partitions;          /**< comma-separated partition names (blanks around
                                          each ignored) the job may use; NULL or "" = all */
} accelsel_job_spec;

#define ACCELSEL_JOB_SPEC_VERSION 1
#define ACCELSEL_JOB_SPEC_INIT                                                             \
    { ACCELSEL_JOB_SPEC_VERSION, NULL, 0, 0, 0, 0, ACCELSEL_PRECISION_AUTO,               \
      ACCELSEL_STACK_TUNED, 0, 0, 0, NULL }

/** Fill @p spec with ACCELSEL_JOB_SPEC_INIT for @p version.
 *  @return 0; ACCELSEL_EINVAL for a NULL @p spec; ACCELSEL_EVERSION.
 *  Thread safety: may be called from any thread. */
ACCELSEL_API int accelsel_job_spec_init(accelsel_job_spec *spec, unsigned int version);
/** sizeof(accelsel_job_spec), for bindings to check their layout. */
ACCELSEL_API size_t accelsel_job_spec_size(void);

/** Parse the text form of a job, as a Slurm job's comment carries it after
 *  `accelsel:` (examples/slurm/): KEY=VALUE pairs separated by commas, no
 *  blanks, each key at most once:
 *  `network` (a zoo name or a network file; required), `batch` (global
 *  batch), `device_batch` (per device), `epochs`, `samples`, `precision`
 *  (auto or a precision name), `stack` (tuned or eager), `min` and `max`
 *  (accelerators) and `deadline` (seconds on the cluster's clock). Numbers
 *  are read as every option of the library reads them (8, 8e0, 2.5).
 *  @param[in,out] spec     an initialised job spec; on success the fields
 *                          the text gives are set (network and partitions
 *                          untouched); on failure unchanged.
 *  @param[out]    network  the network's name or file, freed with
 *                          accelsel_free(); NULL on failure.
 *  @param[in]     text     the pairs; not kept.
 *  @return 0; ACCELSEL_EINVAL for a NULL argument; ACCELSEL_EVERSION for an
 *          unknown spec version; ACCELSEL_EPARSE for text off the grammar
 *          (accelsel_error.field "spec"): a pair without '=', an unknown or
 *          repeated key (with the nearest key), a value that is no number or
 *          out of range, an unknown precision or stack, no network; the
 *          message gives the 1-based byte column of the pair ("column 17:
 *          'epocs': unknown key; nearest: 'epochs'"); ACCELSEL_ENOMEM.
 *  Thread safety: may be called from any thread. */
ACCELSEL_API int accelsel_job_spec_parse(accelsel_job_spec *spec, char **network,
                                         const char *text);

/** A job prepared on a cluster: every candidate's prediction. Immutable; it
 *  borrows the predictor, the cluster and the network. */
typedef struct accelsel_place_job accelsel_place_job;

/** Prepare job @p spec on cluster @p c: predict every candidate (allowed
 *  partition and count; see accelsel_job_spec) with @p p, exactly as
 *  accelsel_predictor_predict() would (request: the partition's device or
 *  system, links and host CPU, the count on one node up to a node's size,
 *  else on count / per_node whole nodes; the spec's batch, epochs or
 *  samples, precision and stack). A candidate whose batch does not fit its
 *  accelerators' memory is left out.
 *  @param[out] out   freed with accelsel_place_job_free(); NULL on failure.
 *  @param[in]  p     the predictor, of the cluster's catalog; borrowed until
 *                    the job is freed.
 *  @param[in]  c     the cluster; borrowed likewise (its state may change).
 *  @param[in]  spec  the job; its partitions are read now.
 *  @return 0; ACCELSEL_EINVAL for a NULL argument (or network), a predictor
 *          of another catalog, both batches, both epochs and samples, a
 *          batch that is not a whole number, negative or non-finite sizes, a
 *          precision or stack out of range, min_count above max_count, a
 *          min_count above every allowed partition's accelerators or no
 *          candidate count at all (field "min_count" or "max_count"), a
 *          deadline that is not finite and >= 0;
 *          ACCELSEL_ENOTFOUND for an unknown partition (nearest names);
 *          ACCELSEL_EEMPTY for a cluster without partitions;
 *          ACCELSEL_EINFEASIBLE when no candidate's batch fits its
 *          accelerators' memory (the predictor's message for the first);
 *          the errors of accelsel_predictor_predict() for a candidate that
 *          fails otherwise (the message names partition and count);
 *          ACCELSEL_EVERSION; ACCELSEL_ENOMEM.
 *  Thread safety: any number of threads may prepare jobs with one @p p and
 *  one @p c at once. */
ACCELSEL_API int accelsel_place_job_new(accelsel_place_job **out, const accelsel_predictor *p,
                                        const accelsel_place_cluster *c,
                                        const accelsel_job_spec *spec);

/** Free a job. Accepts NULL. */
ACCELSEL_API void accelsel_place_job_free(accelsel_place_job *job);

/** @name Policies (accelsel_place_options.policy) @{ */
#define ACCELSEL_POLICY_EARLIEST_COMPLETION 0 /**< the earliest predicted completion, start
                                                   included: waiting for a faster partition
                                                   counts (then fewer accelerator-hours) */
#define ACCELSEL_POLICY_MIN_ACCELERATOR_HOURS 1 /**< the fewest accelerator-hours among the
                                                     candidates that meet the deadline (all
                                                     without one); if none does, the earliest
                                                     completion */
#define ACCELSEL_POLICY_MAX_THROUGHPUT_PER_ACCELERATOR 2 /**< the most samples per second
                                                              per accelerator (then the
                                                              earliest completion) */
#define ACCELSEL_POLICY_COUNT 3
/** @} */

/** @name Time limit margins (accelsel_place_options.margin) @{ */
#define ACCELSEL_MARGIN_P90 0    /**< the 90th percentile of the held-out error */
#define ACCELSEL_MARGIN_MEDIAN 1 /**< its median */
#define ACCELSEL_MARGIN_NONE 2   /**< no margin: the limit is the predicted run time */
#define ACCELSEL_MARGIN_COUNT 3
/** @} */

/** The name of policy @p policy ("earliest-completion",
 *  "min-accelerator-hours", "max-throughput-per-accelerator"), or NULL.
 *  Static storage. Thread safety: any thread. */
ACCELSEL_API const char *accelsel_place_policy_name(uint32_t policy);
/** The name of margin @p margin ("p90", "median", "none"), or NULL. */
ACCELSEL_API const char *accelsel_place_margin_name(uint32_t margin);

/** Options of a decision. Fields are only ever appended. */
typedef struct accelsel_place_options {
    unsigned int version; /**< ACCELSEL_PLACE_OPTIONS_VERSION */
    uint32_t policy;      /**< ACCELSEL_POLICY_*; earliest completion */
    uint32_t margin;      /**< ACCELSEL_MARGIN_*; p90 */
    /* Version 2: a decision among some of the job's candidates, so that a
     * scheduler can weigh a prepared job's options (a partition, a count)
     * against the rest of its queue without preparing the job again. */
    uint32_t min_count;   /**< weigh only counts from this one; 0 = every count */
    uint32_t max_count;   /**< weigh only counts up to this one; 0 = every count */
    int64_t partition;    /**< weigh only this partition (its index); -1 = every
                               partition the job allows */
} accelsel_place_options;

#define ACCELSEL_PLACE_OPTIONS_VERSION 2
#define ACCELSEL_PLACE_OPTIONS_INIT \
    { ACCELSEL_PLACE_OPTIONS_VERSION, ACCELSEL_POLICY_EARLIEST_COMPLETION, ACCELSEL_MARGIN_P90, \
      0, 0, -1 }

/** Fill @p opts with the defaults of @p version (ACCELSEL_PLACE_OPTIONS_INIT,
 *  the fields @p version has).
 *  @return 0; ACCELSEL_EINVAL for a NULL @p opts; ACCELSEL_EVERSION for a
 *          version this library does not know. */
ACCELSEL_API int accelsel_place_options_init(accelsel_place_options *opts, unsigned int version);
/** sizeof(accelsel_place_options). */
ACCELSEL_API size_t accelsel_place_options_size(void);

/** One placement: a partition, a count and what they predict. Times are
 *  seconds on the cluster's clock (start, completion) or durations. */
typedef struct accelsel_placement {
    size_t partition;           /**< index in the cluster */
    uint32_t count, nodes, per_node;
    int32_t precision;          /**< the precision the prediction trains in */
    double start_s;             /**< the earliest time from which that many accelerators
                                     are free for the whole run, by the groups'
                                     times */
    double run_s;               /**< the predicted time to train */
    double completion_s;        /**< start_s + run_s */
    double time_limit_s;        /**< run_s / (1 - margin_pct / 100): the longest run
                                     whose error, as the evaluation measures it
                                     (100 |predicted - run| / run), is within the
                                     margin; +inf where margin_pct is NaN (no
                                     held-out error) or >= 100 */
    double margin_pct;          /**< the held-out error the limit allows: the band of
                                     the prediction's error group (the widest of the
                                     predictor's bands for a prediction outside every
                                     group); 0 for ACCELSEL_MARGIN_NONE */
    uint32_t error_group;       /**< ACCELSEL_ERROR_GROUP_* of the prediction */
    uint32_t deadline_met;      /**< 1 if no deadline or completion_s <= deadline */
    double accelerator_hours;   /**< count x run_s / 3600 */
    double throughput_samples_s;/**< global batch / step */
} accelsel_placement;

/** A placement of zeros, to initialise a decision with. */
#define ACCELSEL_PLACEMENT_INIT { 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0 }

/** sizeof(accelsel_placement). */
ACCELSEL_API size_t accelsel_placement_size(void);

/** A decision: the placement the policy prefers, and the best placements of
 *  the next partitions in the policy's order. */
typedef struct accelsel_decision {
    unsigned int version;        /**< set by the caller: ACCELSEL_DECISION_VERSION
                                      (ACCELSEL_DECISION_INIT) */
    uint32_t policy;             /**< the policy that decided */
    accelsel_placement choice;
    uint32_t n_alternatives;     /**< 0 to 2 */
    accelsel_placement alternatives[2]; /**< other partitions, best first */
} accelsel_decision;

#define ACCELSEL_DECISION_VERSION 1
#define ACCELSEL_DECISION_INIT                                                               \
    { ACCELSEL_DECISION_VERSION, 0, ACCELSEL_PLACEMENT_INIT, 0,                              \
      { ACCELSEL_PLACEMENT_INIT, ACCELSEL_PLACEMENT_INIT } }

/** sizeof(accelsel_decision). */
ACCELSEL_API size_t accelsel_decision_size(void);

/** Decide where job @p job runs on its cluster's current state. For each
 *  candidate the start is the earliest time, from the cluster's `now` on,
 *  from which its count of accelerators is free for its whole predicted
 *  run: now, or a time at which a group frees some up (the partition's
 *  accelerators are pooled: whole nodes are not tracked; a run may start
 *  before a later hold that it ends in time for). A candidate that can
 *  never start (accelerators down), or that the options' partition and
 *  counts leave out, is not weighed. The
 *  policy orders the candidates (ties: then partition order, then the
 *  smaller count); the choice is the first, the alternatives the best of
 *  the next two partitions.
 *  @param[in,out] out   its version set by the caller; filled on success,
 *                       untouched on failure.
 *  @param[in]     job   the prepared job; only read.
 *  @param[in]     opts  NULL for ACCELSEL_PLACE_OPTIONS_INIT.
 *  @return 0; ACCELSEL_EINVAL for a NULL argument, a policy or margin out of
 *          range, a min_count above a max_count, a partition that is neither
 *          -1 nor one of the cluster's (the field named), or a deadline at or
 *          before the cluster's now (field "deadline"); ACCELSEL_EVERSION for
 *          an unknown options or decision version; ACCELSEL_EEMPTY when no
 *          candidate weighed can ever start (the message says whether the
 *          options left none to weigh).
 *  Thread safety: any number of threads may decide at once on shared jobs
 *  and clusters; the cluster's state must not change meanwhile. */
ACCELSEL_API int accelsel_place_decide(accelsel_decision *out, const accelsel_place_job *job,
                                       const accelsel_place_options *opts);

#ifdef __cplusplus
}
#endif
#endif /* ACCELSEL_PLACE_H */
