/* Fuzz accelsel_plan_parse() with the input as text. A failure is a
 * documented status with a message and leaves the plan untouched; a parsed
 * plan has every field searched (0) or in its range, and the text written
 * back from it (every key, "auto" for a searched field) parses to the same
 * plan. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "accelsel/accelsel.h"
#include "fuzz_util.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static const int errors[] = {ACCELSEL_EPARSE, 0};

/* A size's text: its number, or "auto" for 0. */
static const char *size_text(uint32_t v, char *buf, size_t n)
{
    if (v == ACCELSEL_PLAN_AUTO)
        return "auto";
    snprintf(buf, n, "%u", v);
    return buf;
}

static void write_back(const accelsel_plan *p, char *out, size_t cap)
{
    char b[6][16];
    static const char *const zero[] = {"auto", "0", "1", "2", "3"};
    snprintf(out, cap, "tp=%s,pp=%s,dp=%s,cp=%s,mbs=%s,vp=%s,sp=%s,zero=%s,recompute=%s",
             size_text(p->tp, b[0], 16), size_text(p->pp, b[1], 16), size_text(p->dp, b[2], 16),
             size_text(p->cp, b[3], 16), size_text(p->micro_batch, b[4], 16),
             size_text(p->interleave, b[5], 16),
             p->sequence_parallel == ACCELSEL_PLAN_AUTO ? "auto"
             : p->sequence_parallel == ACCELSEL_PLAN_ON ? "on" : "off",
             zero[p->sharding],
             p->recompute == ACCELSEL_PLAN_AUTO ? "auto" : accelsel_recompute_name(p->recompute));
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char *text = malloc(size + 1);
    if (text == NULL)
        return 0;
    memcpy(text, data, size);
    text[size] = '\0'; /* a NUL inside ends the text, as for any C caller */
    accelsel_plan p, again, untouched;
    memset(&p, 0x5a, sizeof p);
    untouched = p;
    int rc = accelsel_plan_parse(&p, text);
    free(text);
    if (rc != 0) {
        fuzz_check_failure(rc, NULL, errors, 0);
        if (memcmp(&p, &untouched, sizeof p) != 0)
            __builtin_trap();
        return 0;
    }
    if (p.version != ACCELSEL_PLAN_VERSION || p.sequence_parallel > ACCELSEL_PLAN_ON ||
        p.sharding > ACCELSEL_SHARDING_PARAMETERS || p.recompute > ACCELSEL_RECOMPUTE_FULL)
        __builtin_trap();
    char back[512];
    write_back(&p, back, sizeof back);
    if (accelsel_plan_parse(&again, back) != 0 || memcmp(&p, &again, sizeof p) != 0)
        __builtin_trap();
    return 0;
}
