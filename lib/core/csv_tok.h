/* An RFC 4180 tokenizer over a buffer held in memory: fields one at a time,
 * with their byte offsets, no knowledge of what they mean.
 *
 * Accepted: quoted fields holding delimiters, doubled quotes and line breaks;
 * LF, CRLF and lone CR line ends; a UTF-8 byte-order mark at the start; no
 * line end after the last record. Rejected with ACCELSEL_EPARSE: an
 * unterminated quote (at the opening quote), text after a closing quote, a
 * quote inside an unquoted field, invalid UTF-8, NUL bytes and fields longer
 * than the limit (at the field).
 *
 * Errors are not recorded here: the tokenizer may run on worker threads over
 * parts of one input, so it keeps the detail (what and where, as a byte
 * offset) for the caller, which turns offsets into lines and columns with
 * asel_csv_position().
 *
 * Its one knowledge of content is a shortcut for numbers: a field that is a
 * plain number is found and converted in one pass over its bytes. */
#ifndef ASEL_CSV_TOK_H
#define ASEL_CSV_TOK_H

#include <stddef.h>
#include <stdint.h>

typedef struct asel_csv_field {
    const char *text; /* not NUL-terminated; valid until the next asel_csv_next() */
    size_t len;
    size_t offset; /* of the field's first byte (the opening quote if quoted) in the input */
    int quoted;    /* the field was enclosed in quotes */
    int last;      /* the field ends its record */
    int blank;     /* the record is an empty line; this empty field is all it holds */
} asel_csv_field;

typedef struct asel_csv_tok {
    const unsigned char *base, *p, *end; /* the input, the next byte, the end of the range read */
    const unsigned char *input_end;
    unsigned char delim;
    uint64_t max_field_len; /* 0 = no limit */
    int at_record_start;
    char *scratch; /* unescaped text of quoted fields with doubled quotes */
    size_t scratch_cap;
    const char *err_what; /* after a failure: what was wrong (static text) */
    size_t err_offset;    /* and where */
    /* Bytes that end a run of plain text, outside and inside quotes. */
    unsigned char stop_plain[256];
    unsigned char stop_quoted[256];
} asel_csv_tok;

/* Start reading @p len bytes at @p data, after a byte-order mark if there is
 * one. @p delim is an ASCII byte other than '"', CR, LF and NUL (the caller
 * checks). Nothing is allocated yet. */
void asel_csv_init(asel_csv_tok *t, const char *data, size_t len, unsigned char delim,
                   uint64_t max_field_len);

/* Read only the bytes from offset @p begin (a record start) to @p end, as if
 * the input ended there, except that asel_csv_blank_tail() still looks to the
 * real end. */
void asel_csv_range(asel_csv_tok *t, size_t begin, size_t end);

/* Free the tokenizer's scratch memory. */
void asel_csv_release(asel_csv_tok *t);

/* Read the next field into @p f: 1 when a field was read, 0 at the end of the
 * range (only at a record boundary), or ACCELSEL_EPARSE / ACCELSEL_ENOMEM with
 * err_what and err_offset set. After a record's last field the next call
 * starts a new record. */
int asel_csv_next(asel_csv_tok *t, asel_csv_field *f);

/* Read the next field if it is a number and nothing else, converting it in
 * the same pass (the common case in numeric files): 1 with *v set as
 * asel_parse_double() would set it and @p f as asel_csv_next() would, 0 if
 * the field is anything else (also an overflowing number; nothing is read),
 * or ACCELSEL_EPARSE for a field longer than the limit. Only for a delimiter
 * that cannot occur in a number (see asel_number_byte()). */
int asel_csv_next_number(asel_csv_tok *t, asel_csv_field *f, double *v);

/* 1 if nothing but line ends is left up to the end of the whole input. */
int asel_csv_blank_tail(const asel_csv_tok *t);

/* Byte offset of the next field to read (a record start after a last field). */
size_t asel_csv_offset(const asel_csv_tok *t);

/* The 1-based physical line and byte column of @p offset in @p data: LF, CRLF
 * and lone CR end lines (also inside quoted fields); a byte-order mark is not
 * counted in the first line's columns. */
void asel_csv_position(const char *data, size_t len, size_t offset, size_t *line, size_t *column);

#endif
