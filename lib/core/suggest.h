/* "Did you mean" ranking of candidate names for an unknown one. */
#ifndef ASEL_SUGGEST_H
#define ASEL_SUGGEST_H

#include <stddef.h>

/* How close @p candidate is to the unknown @p query; smaller is closer. A
 * candidate that begins with the query (typed short) ranks first, then one
 * that contains it, then the rest; within each kind the smaller edit
 * distance wins. With @p fold_case, ASCII case is ignored. Names longer than
 * 256 bytes rank last (SIZE_MAX). */
size_t asel_suggest_rank(const char *query, const char *candidate, int fold_case);

#endif
