/* text.c: strings built piece by piece (see text.h). */
#include "text.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

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
