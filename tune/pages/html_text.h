/* html_text.h: text written into a page: escaped for HTML, or as a JSON string that can sit in
 * a <script> element (the page's data). */
#ifndef MAXTUNE_HTML_TEXT_H
#define MAXTUNE_HTML_TEXT_H

#include <stddef.h>
#include <stdio.h>

/* Writes text[0..len) with &, <, > and " escaped for HTML. */
void html_escape_n(FILE *out, const char *text, size_t len);

/* Writes a NUL-terminated text escaped for HTML. */
void html_escape(FILE *out, const char *text);

/* Writes len bytes of s as a JSON string that can sit in a <script> element (quotes,
 * backslashes, control bytes and '<' escaped). */
void html_json_string(FILE *out, const char *s, size_t len);

/* Writes a NUL-terminated text as such a JSON string. */
void html_json_str(FILE *out, const char *s);

#endif
