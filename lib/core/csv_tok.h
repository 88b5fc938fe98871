/* An RFC 4180 tokenizer over a buffer held in memory: fields one at a time,
 * with their physical line and byte column, no knowledge of what they mean.
 *
 * Accepted: quoted fields holding delimiters, doubled quotes and line breaks;
 * LF, CRLF and lone CR line ends; a UTF-8 byte-order mark at the start (not
 * counted in columns); no line end after the last record. Rejected with
 * ACCELSEL_EPARSE and the position: an unterminated quote (at the opening
 * quote), text after a closing quote, a quote inside an unquoted field,
 * invalid UTF-8, NUL bytes and fields longer than the limit (at the field). */
#ifndef ASEL_CSV_TOK_H
#define ASEL_CSV_TOK_H

#include <stddef.h>
#include <stdint.h>

typedef struct asel_csv_field {
    const char *text; /* not NUL-terminated; valid until the next asel_csv_next() */
    size_t len;
    size_t line;   /* 1-based physical line of the field's first byte */
    size_t column; /* 1-based byte column of that byte (the opening quote if quoted) */
    int quoted;    /* the field was enclosed in quotes */
    int last;      /* the field ends its record */
    int blank;     /* the record is an empty line; this empty field is all it holds */
} asel_csv_field;

typedef struct asel_csv_tok {
    const unsigned char *base, *p, *end;
    const unsigned char *line_start;
    size_t line;
    unsigned char delim;
    uint64_t max_field_len; /* 0 = no limit */
    const char *source;     /* names the input in error messages */
    int at_record_start;
    char *scratch; /* unescaped text of quoted fields with doubled quotes */
    size_t scratch_cap;
    /* Bytes that end a run of plain text, outside and inside quotes. */
    unsigned char stop_plain[256];
    unsigned char stop_quoted[256];
} asel_csv_tok;

/* Start reading @p len bytes at @p data. @p delim is an ASCII byte other
 * than '"', CR, LF and NUL (the caller checks). Nothing is allocated yet. */
void asel_csv_init(asel_csv_tok *t, const char *data, size_t len, unsigned char delim,
                   uint64_t max_field_len, const char *source);

/* Free the tokenizer's scratch memory. */
void asel_csv_release(asel_csv_tok *t);

/* Read the next field into @p f: 1 when a field was read, 0 at the end of the
 * input (only at a record boundary), or ACCELSEL_EPARSE / ACCELSEL_ENOMEM
 * with the error recorded. After a record's last field the next call starts
 * a new record. */
int asel_csv_next(asel_csv_tok *t, asel_csv_field *f);

/* 1 if nothing but line ends is left to read. */
int asel_csv_blank_tail(const asel_csv_tok *t);

/* Byte offset of the next field to read (a record start after a last field). */
size_t asel_csv_offset(const asel_csv_tok *t);

/* Continue reading at @p offset, which must be a record start returned by
 * asel_csv_offset() on the same input. Lines and columns reported after a
 * seek are not meaningful: it serves to re-read records already checked. */
void asel_csv_seek(asel_csv_tok *t, size_t offset);

#endif
