/* ISO 8601 calendar dates as data files write them: the price date of a
 * catalog entry, the day a price or a step time was read. */
#ifndef ASEL_ISODATE_H
#define ASEL_ISODATE_H

/* The forms a date may take (bits of @p forms). */
#define ASEL_ISO_YEAR 1u  /* YYYY */
#define ASEL_ISO_MONTH 2u /* YYYY-MM */
#define ASEL_ISO_DAY 4u   /* YYYY-MM-DD */
#define ASEL_ISO_TIME 8u  /* YYYY-MM-DD followed by T and a time (not checked further) */

/* 1 if @p s is a date in one of @p forms, with a month 01-12 and a day that
 * its month has (29 February in leap years only); else 0. */
int asel_iso_date(const char *s, unsigned int forms);

#endif
