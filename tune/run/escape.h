/* escape.h: text from files (names, lines, values) made safe to quote in a message: control
 * bytes, NUL included, are written as \n, \t, \r or \xNN, so a message stays on one line and
 * cannot drive the terminal. */
#ifndef MAXTUNE_ESCAPE_H
#define MAXTUNE_ESCAPE_H

#include <stddef.h>

/* Writes the n bytes of in, control bytes escaped, into out (len bytes, always terminated;
 * cut short when too long). Returns out. */
char *escape_bytes(const char *in, size_t n, char *out, size_t len);

/* escape_bytes of a NUL-terminated string. */
char *escape_controls(const char *in, char *out, size_t len);

/* Escapes a message in place (what no longer fits is cut). */
void escape_in_place(char *msg, size_t len);

#endif
