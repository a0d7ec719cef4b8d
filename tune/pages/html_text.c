/* html_text.c: text escaped for a page (see html_text.h). */
#include "html_text.h"

#include <string.h>

void html_escape_n(FILE *out, const char *text, size_t len)
{
    for (size_t i = 0; i < len; i++) {
        char c = text[i];
        if (c == '&')
            fputs("&amp;", out);
        else if (c == '<')
            fputs("&lt;", out);
        else if (c == '>')
            fputs("&gt;", out);
        else if (c == '"')
            fputs("&quot;", out);
        else
            fputc(c, out);
    }
}

void html_escape(FILE *out, const char *text) { html_escape_n(out, text, strlen(text)); }

void html_json_string(FILE *out, const char *s, size_t len)
{
    fputc('"', out);
    for (size_t i = 0; i < len; i++) {
        unsigned char c = (unsigned char)s[i];
        if (c == '"' || c == '\\')
            fprintf(out, "\\%c", c);
        else if (c < 0x20 || c == '<') /* '<': the JSON sits in a <script> element */
            fprintf(out, "\\u%04x", c);
        else
            fputc(c, out);
    }
    fputc('"', out);
}

void html_json_str(FILE *out, const char *s) { html_json_string(out, s, strlen(s)); }
