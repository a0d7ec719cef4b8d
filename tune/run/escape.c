/* escape.c: control bytes of quoted text made visible (see escape.h). */
#include "escape.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

char *escape_bytes(const char *in, size_t n, char *out, size_t len)
{
    size_t k = 0;
    if (len == 0)
        return out;
    for (size_t i = 0; i < n; i++) {
        unsigned char c = (unsigned char)in[i];
        char seq[8];
        if (c == '\n')
            snprintf(seq, sizeof seq, "\\n");
        else if (c == '\t')
            snprintf(seq, sizeof seq, "\\t");
        else if (c == '\r')
            snprintf(seq, sizeof seq, "\\r");
        else if (c < 0x20 || c == 0x7f)
            snprintf(seq, sizeof seq, "\\x%02x", c);
        else
            seq[0] = (char)c, seq[1] = '\0';
        size_t m = strlen(seq);
        if (k + m >= len)
            break;
        memcpy(out + k, seq, m);
        k += m;
    }
    out[k] = '\0';
    return out;
}

char *escape_controls(const char *in, char *out, size_t len)
{
    return escape_bytes(in, strlen(in), out, len);
}

void escape_in_place(char *msg, size_t len)
{
    char *copy = strdup(msg);
    if (copy) {
        escape_controls(copy, msg, len);
        free(copy);
    }
}
