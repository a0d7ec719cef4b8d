/* text.c: strings built piece by piece (see text.h). */
#include "text.h"

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

Text text_start(char *buf, size_t cap)
{
    buf[0] = '\0';
    return (Text){buf, cap, 0};
}

/* Appends printf-style from a va_list; what does not fit is cut. */
static void text_vadd(Text *t, const char *fmt, va_list ap)
{
    if (t->len + 1 >= t->cap)
        return;
    int n = vsnprintf(t->buf + t->len, t->cap - t->len, fmt, ap);
    if (n > 0)
        t->len = t->len + (size_t)n < t->cap ? t->len + (size_t)n : t->cap - 1;
}

void text_add(Text *t, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    text_vadd(t, fmt, ap);
    va_end(ap);
}

void text_item(Text *t, const char *sep, const char *fmt, ...)
{
    if (t->len)
        text_add(t, "%s", sep);
    va_list ap;
    va_start(ap, fmt);
    text_vadd(t, fmt, ap);
    va_end(ap);
}

double text_rounded(double x, int decimals)
{
    char buf[64];
    snprintf(buf, sizeof buf, "%.*f", decimals, x);
    return strtod(buf, NULL);
}

char *text_read_file(const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return NULL;
    size_t cap = 1 << 16, n = 0;
    char *buf = malloc(cap + 1);
    while (buf) {
        n += fread(buf + n, 1, cap - n, f);
        if (n < cap)
            break;
        char *more = realloc(buf, 2 * cap + 1);
        if (!more)
            free(buf);
        buf = more;
        cap *= 2;
    }
    if (buf && ferror(f)) {
        free(buf);
        buf = NULL;
        errno = EIO;
    }
    fclose(f);
    if (buf) {
        buf[n] = '\0';
        *len = n;
    }
    return buf;
}

int text_split_csv(char *line, char **fields, int max)
{
    int n = 0;
    for (char *p = line; n < max; p++) {
        fields[n++] = p;
        p = strchr(p, ',');
        if (!p)
            break;
        *p = '\0';
    }
    return n;
}
