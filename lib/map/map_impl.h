/* Internal layout of mapping problems and mappings, and the evaluator that
 * the GA, the baselines and accelsel_mapping_evaluate() share. */
#ifndef ASEL_MAP_IMPL_H
#define ASEL_MAP_IMPL_H

#include <stddef.h>
#include <stdint.h>

#include "accelsel/map.h"
#include "core/arena.h"

/* Cost of one (layer, unit, slot class, strategy, group size): one slot's share. */
typedef struct asel_map_cost {
    double comp_s;     /* arithmetic and off-chip traffic of the share */
    double coll_bytes; /* collective bytes per slot after the layer */
    double coll_steps; /* collective message steps */
    double in_frac;    /* fraction of each input the slot receives */
    double w_bytes;    /* weights the slot keeps */
    double act_bytes;  /* activations it holds while running the layer */
} asel_map_cost;

/* The two figures of an entry that every evaluation reads, in a table of
 * their own: a third of the bytes, so more of it stays in cache. */
typedef struct asel_map_hot {
    double comp_s, coll_bytes;
} asel_map_hot;

/* What depends only on (layer, strategy, group size). */
typedef struct asel_map_plan {
    double coll_steps, in_frac;
} asel_map_plan;

struct accelsel_mapping_problem {
    asel_arena arena;          /* everything below */
    char *system, *network;       /* names (copies) */
    uint32_t batch;
    int objective;
    unsigned gmax;                /* largest group */
    size_t n_slots, n_layers, n_units, n_classes;
    /* slots */
    size_t *pool_off;             /* n_slots + 1 offsets into pool_unit */
    uint32_t *pool_unit;          /* unit index of each pool entry */
    uint32_t *slot_class;         /* memory-bandwidth class of each slot */
    double *slot_mem;             /* memory bytes */
    double *host_bw, *host_lat;   /* link to the host; bw 0 = none */
    double *link_bw, *link_lat;   /* n_slots x n_slots; bw 0 = no link */
    int uniform;                  /* every pair of slots has the same link */
    /* units: the designs and devices slots can take */
    char **unit_name;
    int64_t *unit_design, *unit_device; /* catalog indices while building; -1 = other kind */
    double *class_bw;             /* memory bandwidth of each slot class */
    double *unit_bytes;           /* bytes per activation element on the unit */
    /* layers, in network order */
    char **layer_name;
    uint8_t *is_input, *is_output;
    int never_stream;             /* every slot holds all weights and any activations */
    int acts_fit;                 /* every slot holds any activations (a share never
                                     overflows: asel_map_fits() need not look) */
    uint8_t *applies;             /* n_layers x ACCELSEL_STRATEGY_COUNT */
    double *out_elems;            /* output elements per sample */
    size_t *topo;                 /* topological order */
    size_t *in_off, *in_idx;      /* predecessors of each layer */
    size_t n_compute;             /* layers that are not network inputs */
    asel_map_cost *cost;          /* n_layers x STRATEGY_COUNT x gmax x n_units x n_classes */
    asel_map_hot *hot;            /* the same cells: compute and collective bytes */
    asel_map_plan *plan;          /* n_layers x STRATEGY_COUNT x gmax */
};

/* Entries of one layer, strategy and group size lie side by side for every
 * unit and class, so the members of a group read neighbouring entries. */
static inline size_t asel_map_cost_index(const accelsel_mapping_problem *p, size_t l, int s,
                                         unsigned g, size_t key)
{
    return ((l * ACCELSEL_STRATEGY_COUNT + (size_t)s) * p->gmax + (g - 1)) * p->n_units *
               p->n_classes + key;
}

static inline const asel_map_cost *asel_map_cost_at(const accelsel_mapping_problem *p, size_t l,
                                                    size_t u, size_t c, int s, unsigned g)
{
    return &p->cost[asel_map_cost_index(p, l, s, g, u * p->n_classes + c)];
}

/* Slots in a group. Groups are small, so clearing the lowest bit until none
 * is left beats the library call that __builtin_popcountll becomes without
 * a POPCNT target. */
static inline unsigned asel_map_popcount(uint64_t x)
{
    unsigned n = 0;
    for (; x; x &= x - 1)
        n++;
    return n;
}

/* The group of every slot. */
static inline uint64_t asel_map_all_slots(const accelsel_mapping_problem *p)
{
    return p->n_slots == 64 ? ~UINT64_C(0) : (UINT64_C(1) << p->n_slots) - 1;
}

/* A candidate mapping: pool index per slot, group mask and strategy per layer. */
typedef struct asel_map_genome {
    uint32_t *design;
    uint64_t *group;
    int8_t *strat;
} asel_map_genome;

/* Why a walk found no finite time (the first reason it met). */
typedef enum asel_map_fault {
    ASEL_MAP_FAULT_NONE = 0,   /* the walk was finite */
    ASEL_MAP_FAULT_LINK,       /* data between slots, or to the host, over no link */
    ASEL_MAP_FAULT_MEMORY,     /* a layer's activations exceed its slot's memory */
    ASEL_MAP_FAULT_COLLECTIVE, /* a group's collective over slots not linked both ways */
    ASEL_MAP_FAULT_COMPUTE,    /* a layer computes for no finite time */
    ASEL_MAP_FAULT_OVERFLOW,   /* finite times whose sum is not */
    ASEL_MAP_FAULT_STREAM      /* weights streamed from the host in no finite time */
} asel_map_fault;

/* What a traced walk records per layer (for building a mapping). */
typedef struct asel_map_trace {
    double *start, *end, *comp, *comm_in, *coll; /* per layer */
    uint64_t *eff_group;                         /* the group as costed */
    int8_t *eff_strat;                           /* the strategy as costed */
    double *memory;                              /* per slot */
    accelsel_mapping_breakdown br;
    size_t bad_layer, bad_from;                  /* why a walk was infinite: the layer, and
                                                    from x n_slots + to (link), the slot
                                                    (memory), a x n_slots + b (collective) or
                                                    (size_t)-1 (host) */
    asel_map_fault bad_kind;                     /* the bad_* fields mean nothing when
                                                    ASEL_MAP_FAULT_NONE; bad_from is the slot
                                                    for memory, compute and stream, the
                                                    layer's first slot for overflow */
    double bad_bytes;
} asel_map_trace;

/* Scratch one walk at a time needs (one per thread). */
typedef struct asel_map_scratch {
    double *end, *free_at, *busy, *wres, *act; /* per layer, then per slot */
    uint8_t *stream;                           /* per slot: weights stream from the host */
    uint64_t *eg;                              /* per layer: effective group */
    int8_t *es;                                /* per layer: effective strategy */
    uint32_t *key;                             /* per slot: unit x classes + class */
    double excess;                             /* after a walk: 0 when feasible; else the
                                                  bytes by which activations overflow slot
                                                  memory, summed over layers and slots, or
                                                  INFINITY when something else (a link) fails */
    void *block;
} asel_map_scratch;

int asel_map_scratch_new(asel_map_scratch *s, const accelsel_mapping_problem *p);
void asel_map_scratch_free(asel_map_scratch *s);

/* The group and strategy a layer is costed with: with a strategy that does
 * not apply, NONE, or a group of one, the layer runs alone on the member of
 * its group that computes it fastest (the lowest on ties); @p key holds each
 * slot's unit x classes + class. */
void asel_map_effective(const accelsel_mapping_problem *p, size_t l, uint64_t group, int strat,
                        const uint32_t *key, uint64_t *eff_group, int *eff_strat);

/* Whether the activations of layer @p l's share fit the memory of every
 * member of its effective group @p grp under strategy @p strat. */
int asel_map_fits(const accelsel_mapping_problem *p, const uint32_t *key, size_t l, uint64_t grp,
                  int strat);

/* Seconds layer @p l computes on its effective group @p grp with strategy
 * @p strat (its slowest member, with weights streamed where @p stream says;
 * @p stream may be NULL: none), and into @p coll the collective after it,
 * into @p in_frac the share of each input a member receives. @p key from
 * asel_map_slot_keys(). */
double asel_map_layer_time(const accelsel_mapping_problem *p, const uint32_t *key,
                           const uint8_t *stream, size_t l, uint64_t grp, int strat,
                           double *coll, double *in_frac);

/* Seconds for layer @p l on (@p grp, @p sl) to receive network input @p q
 * from the host. @p t (may be NULL) records a missing link. */
double asel_map_host_in_time(const accelsel_mapping_problem *p, const uint32_t *key, size_t q,
                             size_t l, uint64_t grp, double in_frac, asel_map_trace *t);

/* Seconds for layer @p l on (@p grp, @p sl) to receive the output of layer
 * @p q run on (@p gq, @p sq); both effective groups and strategies. Each
 * receiving slot takes it from the member of @p gq with the fastest link
 * to it when every member holds the whole output (any strategy but batch),
 * and from every member (at the slowest of their links) after a batch
 * split. @p t (may be NULL) records a missing link. */
double asel_map_input_time(const accelsel_mapping_problem *p, const uint32_t *key, size_t q,
                           uint64_t gq, int sq, size_t l, uint64_t grp, int sl, double in_frac,
                           asel_map_trace *t);

/* Seconds to send network output @p l of (@p grp, @p strat) back to the
 * host, and into @p sender the slot that sends it: the member with the
 * fastest host link (the lowest on ties), or the lowest slot after a batch
 * split. @p t (may be NULL) records a missing link. */
double asel_map_host_out_time(const accelsel_mapping_problem *p, const uint32_t *key, size_t l,
                              uint64_t grp, int strat, unsigned *sender, asel_map_trace *t);

/* The objective value of @p g (INFINITY when infeasible, under either
 * objective; never NaN), and in scratch->excess how far from feasible it
 * is. @p trace may be NULL. */
double asel_map_walk(const accelsel_mapping_problem *p, const asel_map_genome *g,
                     asel_map_scratch *scratch, asel_map_trace *trace);

/* The two passes of asel_map_walk() apart, for a search that walks only
 * the part of a candidate that differs from the mapping it knows (h2h.c).
 * asel_map_walk_memory(): the keys and the memory pass (weights kept,
 * activations held, which slots stream, excess) into @p sc; 0, or -1 when
 * activations overflow a slot. asel_map_walk_step(): layer @p l (not a
 * network input) on the timeline in @p sc, with the same arithmetic as the
 * walk: its end with its output back at the host, INFINITY when it is
 * infeasible. */
int asel_map_walk_memory(const accelsel_mapping_problem *p, const asel_map_genome *g,
                         asel_map_scratch *sc);
double asel_map_walk_step(const accelsel_mapping_problem *p, const asel_map_genome *g,
                          asel_map_scratch *sc, size_t l);

/* Whether a candidate of objective @p v and excess @p ex (as after
 * asel_map_walk()) beats one of @p v2 and @p ex2: a feasible candidate
 * beats an infeasible one, feasible ones compare by objective and
 * infeasible ones by excess, so that a search ordered so moves toward
 * feasibility when it starts from none. Feasible candidates have excess 0,
 * so among them this is the objective's order alone. */
static inline int asel_map_beats(double v, double ex, double v2, double ex2)
{
    return v < v2 || (v == v2 && ex < ex2);
}

/* Genome storage for @p n candidates in one block. */
typedef struct asel_map_genomes {
    asel_map_genome *g;
    void *block;
    size_t n;
} asel_map_genomes;

int asel_map_genomes_new(asel_map_genomes *gs, const accelsel_mapping_problem *p, size_t n);
void asel_map_genomes_free(asel_map_genomes *gs);
void asel_map_genome_copy(const accelsel_mapping_problem *p, asel_map_genome *dst,
                          const asel_map_genome *src);

/* Turn @p g into a mapping (traced walk). @p method is copied. 0, ENOMEM, or
 * EINFEASIBLE naming the layer and slots or bytes. */
int asel_map_build(const accelsel_mapping_problem *p, const asel_map_genome *g,
                   const char *method, accelsel_mapping **out);

/* accelsel_mapping_evaluate() with arguments checked, recording @p method. */
int asel_map_evaluate_as(const accelsel_mapping_problem *p, const accelsel_mapping_spec *spec,
                         const char *method, accelsel_mapping **out);

/* Search statistics stored in a mapping built by asel_map_build(). */
int asel_map_set_stats(accelsel_mapping *m, uint32_t generations, uint64_t evaluations,
                       double seconds, const double *history, size_t n_history);

/* Each slot's unit x classes + class under @p g's designs, into @p key. */
void asel_map_slot_keys(const accelsel_mapping_problem *p, const asel_map_genome *g,
                        uint32_t *key);

/* For every layer, the strategy that minimises its own cost (compute and
 * collective) on its group among those whose shares fit the slots' memory
 * (among all when none fits). */
void asel_map_greedy_strategies(const accelsel_mapping_problem *p, const asel_map_genome *g);

/* Solvers: fill @p best, its value, statistics. */
typedef struct asel_map_result {
    asel_map_genome best;
    double value;
    double excess;     /* of best, as asel_map_scratch.excess */
    uint32_t generations;
    uint64_t evaluations;
    double *history;   /* asel_malloc'd, n_history values, room for history_cap */
    size_t n_history, history_cap;
    int canceled;
} asel_map_result;

/* Walks (h2h: tries, most of them a few layers long) between two looks at
 * the clock and the progress callback in the long loops of the baselines
 * (and so of the GA's seeding): a few milliseconds even on networks of
 * thousands of layers. */
#define ASEL_MAP_CHECK_EVERY 64

/* What long work looks at every ASEL_MAP_CHECK_EVERY walks. */
typedef struct asel_map_watch {
    accelsel_mapping_progress_fn progress; /* NULL = none; called with generation 0 */
    void *payload;
    double deadline;       /* asel_map_now() at which the work stops; 0 = none */
    uint64_t evals_before; /* walks done before this work, for the reports */
    int stopped;           /* the deadline passed or the callback asked to stop */
    int canceled;          /* the callback asked to stop */
} asel_map_watch;

int asel_map_ga(const accelsel_mapping_problem *p, const accelsel_mapping_solve_options *o,
                asel_map_result *r);
int asel_map_baseline(const accelsel_mapping_problem *p, const char *method,
                      const accelsel_mapping_solve_options *o, asel_map_result *r);

/* The computation-first and h2h mappings into out[0] and out[1] (their
 * values into @p values, their excess into @p excess), to seed the GA's
 * first generation; both stop early as @p w says, with their best so far
 * (out[1] a copy of out[0] if h2h did not start). */
int asel_map_heuristic_seeds(const accelsel_mapping_problem *p, asel_map_watch *w,
                             asel_map_genome *out, double *values, double *excess,
                             uint64_t *evaluations);

/* Whether the deadline @p deadline (asel_map_now() time; 0 = none) has passed. */
int asel_map_past(double deadline);

double asel_map_now(void);

#endif
