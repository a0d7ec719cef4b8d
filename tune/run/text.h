/* text.h: a string built piece by piece in a caller's fixed buffer (table cells, lists for
 * reports and progress lines). Appends past the capacity are cut, never overflow, and the text
 * is always terminated. */
#ifndef MAXTUNE_TEXT_H
#define MAXTUNE_TEXT_H

#include <stdbool.h>
#include <stddef.h>

/* A text being built: buf[0 .. len) of cap bytes, terminated. */
typedef struct Text {
    char *buf;
    size_t cap, len;
} Text;

/* Starts an empty text in buf (cap bytes, at least 1). */
Text text_start(char *buf, size_t cap);

/* Appends printf-style; what does not fit is cut. */
void text_add(Text *t, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* Appends sep first unless the text is empty (for "a, b, c" lists), then printf-style. */
void text_item(Text *t, const char *sep, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

/* x as it reads back from a file that holds it with `decimals` decimals ("%.*f"): reports print
 * from this, so that a figure read back from a CSV or JSON file prints the same. */
double text_rounded(double x, int decimals);

/* Reads the whole file at path into a malloc'd NUL-terminated buffer (its length in *len);
 * NULL with errno set when it cannot (EIO for a read error). */
char *text_read_file(const char *path, size_t *len);

/* Splits a CSV line in place at every comma (empty fields kept, no quoting); returns the number
 * of fields, at most max (the last one then holds the rest of the line). */
int text_split_csv(char *line, char **fields, int max);

#endif
