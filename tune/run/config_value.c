/* config_value.c: one key's value: parsing and checking it against its row, writing it back,
 * and the text of its range (see config_value.h). */
#include "config_value.h"

#include <ctype.h>
#include <errno.h>
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

void config_table_error(const char *section, const ConfigKey *key, const char *msg)
{
    fprintf(stderr, "config.c: bad schema row [%s] %s: %s\n", section, key ? key->key : "", msg);
    abort();
}

/* Outcome of parsing a number. */
typedef enum { NUM_OK, NUM_BAD, NUM_RANGE } NumStatus;

/* Parses a whole decimal integer. */
static NumStatus parse_int(const char *s, long long *out)
{
    if (!*s || isspace((unsigned char)*s))
        return NUM_BAD;
    char *end;
    errno = 0;
    *out = strtoll(s, &end, 10);
    if (*end)
        return NUM_BAD;
    return errno == ERANGE ? NUM_RANGE : NUM_OK;
}

/* Parses a whole unsigned decimal integer (strtoull would wrap a minus sign). */
static NumStatus parse_u64(const char *s, unsigned long long *out)
{
    if (!isdigit((unsigned char)*s) && !(*s == '+' && isdigit((unsigned char)s[1])))
        return *s == '-' && isdigit((unsigned char)s[1]) ? NUM_RANGE : NUM_BAD;
    char *end;
    errno = 0;
    *out = strtoull(s, &end, 10);
    if (*end)
        return NUM_BAD;
    return errno == ERANGE ? NUM_RANGE : NUM_OK;
}

/* Parses a finite decimal real ("0.05", "-3", "1e-3"; no hex, inf or nan). */
static NumStatus parse_real(const char *s, double *out)
{
    if (!*s || strspn(s, "0123456789+-.eE") != strlen(s))
        return NUM_BAD;
    char *end;
    errno = 0;
    *out = strtod(s, &end);
    if (*end || end == s)
        return NUM_BAD;
    return isfinite(*out) ? NUM_OK : NUM_RANGE;
}

/* Parses true/false, yes/no, on/off, 1/0 (any case). */
static bool parse_bool(const char *s, bool *out)
{
    static const char *const YES[] = {"true", "yes", "on", "1"};
    static const char *const NO[] = {"false", "no", "off", "0"};
    for (int i = 0; i < CONFIG_COUNT(YES); i++) {
        if (strcasecmp(s, YES[i]) == 0) {
            *out = true;
            return true;
        }
        if (strcasecmp(s, NO[i]) == 0) {
            *out = false;
            return true;
        }
    }
    return false;
}

char *config_trim(char *s)
{
    size_t n = strlen(s);
    while (n > 0 && isspace((unsigned char)s[n - 1]))
        s[--n] = '\0';
    while (isspace((unsigned char)*s))
        s++;
    return s;
}

/* The values of [run] job, "a|b|c": the table of jobs lives above this module, which is told
 * the names once at start-up (config_set_jobs, config_value_set_jobs). */
static char job_names[160];

void config_value_set_jobs(const char *names)
{
    snprintf(job_names, sizeof job_names, "%s", names);
}

/* The allowed values of an enum key (the job key's come from config_set_jobs). */
const char *config_key_allowed(const ConfigKey *key)
{
    return key->allowed ? key->allowed : job_names;
}

/* Whether value is one of the '|'-separated words of allowed. */
static bool enum_allows(const char *allowed, const char *value)
{
    size_t n = strlen(value);
    for (const char *p = allowed; p;) {
        const char *bar = strchr(p, '|');
        size_t len = bar ? (size_t)(bar - p) : strlen(p);
        if (len == n && strncmp(p, value, n) == 0)
            return true;
        p = bar ? bar + 1 : NULL;
    }
    return false;
}

/* Writes the key's range as text ("1..4096", ">= 0", "1..63 chars"); "" when unbounded. */
void config_range_text(const ConfigKey *key, char *buf, size_t len)
{
    if (key->type == CFG_STRING) {
        snprintf(buf, len, "%s..%zu chars", key->min ? key->min : "0",
                 key->max ? (size_t)strtoul(key->max, NULL, 10) : key->size - 1);
    } else if (key->type == CFG_ENUM) {
        snprintf(buf, len, "%s", config_key_allowed(key));
    } else if (key->type == CFG_BOOL) {
        snprintf(buf, len, "true|false");
    } else if (key->min && key->max) {
        snprintf(buf, len, "%s..%s", key->min, key->max);
    } else if (key->min) {
        snprintf(buf, len, ">= %s", key->min);
    } else if (key->max) {
        snprintf(buf, len, "<= %s", key->max);
    } else {
        buf[0] = '\0';
    }
}

/* Writes an out-of-range message for value of key in section sec. */
static void range_error(const char *sec, const ConfigKey *key, const char *value, char *msg,
                        size_t len)
{
    char range[96];
    config_range_text(key, range, sizeof range);
    snprintf(msg, len, "[%s] %s = %s is out of range %s", sec, key->key, value, range);
}

/* Parses a bound of an integer row; a broken bound stops the program. */
static long long bound_int(const char *sec, const ConfigKey *key, const char *text, long long none)
{
    long long v;
    if (!text)
        return none;
    if (parse_int(text, &v) != NUM_OK)
        config_table_error(sec, key, "bound is not an integer");
    return v;
}

/* Parses a bound of a u64 row; a broken bound stops the program. */
static unsigned long long bound_u64(const char *sec, const ConfigKey *key, const char *text,
                                    unsigned long long none)
{
    unsigned long long v;
    if (!text)
        return none;
    if (parse_u64(text, &v) != NUM_OK)
        config_table_error(sec, key, "bound is not an unsigned integer");
    return v;
}

/* Parses a bound of a real row; a broken bound stops the program. */
static double bound_real(const char *sec, const ConfigKey *key, const char *text, double none)
{
    double v;
    if (!text)
        return none;
    if (parse_real(text, &v) != NUM_OK)
        config_table_error(sec, key, "bound is not a real");
    return v;
}

/* Whether a string value survives being written as "key = value" and read back: no control
 * characters, no comment start, nothing that trimming would remove. */
bool config_check_writable(const char *v, char *msg, size_t len)
{
    for (const char *p = v; *p; p++) {
        if ((unsigned char)*p < 0x20 || *p == 0x7f) {
            snprintf(msg, len, "contains a control character (byte 0x%02x)", (unsigned char)*p);
            return false;
        }
        if ((*p == ';' || *p == '#') && (p == v || p[-1] == ' ')) {
            snprintf(msg, len, "has '%c' at its start or after a space, which starts a comment",
                     *p);
            return false;
        }
    }
    if (v[0] == ' ' || (v[0] && v[strlen(v) - 1] == ' ')) {
        snprintf(msg, len, "starts or ends with a space");
        return false;
    }
    return true;
}

/* Parses value for key of section sec, validates it and stores it in field; see config_value.h. */
bool config_value_assign(void *field, const char *sec, const ConfigKey *key, const char *value,
                         char *msg, size_t len)
{
    switch (key->type) {
    case CFG_INT: {
        long long v;
        NumStatus st = parse_int(value, &v);
        if (st == NUM_BAD) {
            snprintf(msg, len, "[%s] %s = %s is not an integer", sec, key->key, value);
            return false;
        }
        if (st == NUM_RANGE || v < bound_int(sec, key, key->min, LONG_MIN) ||
            v > bound_int(sec, key, key->max, LONG_MAX)) {
            range_error(sec, key, value, msg, len);
            return false;
        }
        *(long *)field = (long)v;
        return true;
    }
    case CFG_U64: {
        unsigned long long v;
        NumStatus st = parse_u64(value, &v);
        if (st == NUM_BAD) {
            snprintf(msg, len, "[%s] %s = %s is not an integer", sec, key->key, value);
            return false;
        }
        if (st == NUM_RANGE || v < bound_u64(sec, key, key->min, 0) ||
            v > bound_u64(sec, key, key->max, ULLONG_MAX)) {
            range_error(sec, key, value, msg, len);
            return false;
        }
        *(unsigned long long *)field = v;
        return true;
    }
    case CFG_REAL: {
        double v;
        NumStatus st = parse_real(value, &v);
        if (st == NUM_BAD) {
            snprintf(msg, len, "[%s] %s = %s is not a number", sec, key->key, value);
            return false;
        }
        if (st == NUM_RANGE || v < bound_real(sec, key, key->min, -HUGE_VAL) ||
            v > bound_real(sec, key, key->max, HUGE_VAL)) {
            range_error(sec, key, value, msg, len);
            return false;
        }
        *(double *)field = v;
        return true;
    }
    case CFG_BOOL: {
        bool v;
        if (!parse_bool(value, &v)) {
            snprintf(msg, len, "[%s] %s = %s is not a boolean (true/false, yes/no, on/off, 1/0)",
                     sec, key->key, value);
            return false;
        }
        *(bool *)field = v;
        return true;
    }
    case CFG_STRING:
    case CFG_ENUM: {
        size_t n = strlen(value);
        size_t most = key->max ? (size_t)bound_int(sec, key, key->max, 0) : key->size - 1;
        char why[160];
        if (most > key->size - 1)
            config_table_error(sec, key, "max length exceeds the field");
        if (key->type == CFG_ENUM && !enum_allows(config_key_allowed(key), value)) {
            snprintf(msg, len, "[%s] %s = %s is not allowed (allowed: %s)", sec, key->key, value,
                     config_key_allowed(key));
            return false;
        }
        if (n > most) {
            snprintf(msg, len, "[%s] %s is too long: %zu characters, at most %zu", sec, key->key, n,
                     most);
            return false;
        }
        if ((long long)n < bound_int(sec, key, key->min, 0)) {
            snprintf(msg, len, "[%s] %s is %s: at least %s characters needed", sec, key->key,
                     n ? "too short" : "empty", key->min);
            return false;
        }
        if (!config_check_writable(value, why, sizeof why) ||
            (key->check && !key->check(value, why, sizeof why))) {
            snprintf(msg, len, "[%s] %s = %s: %s", sec, key->key, value, why);
            return false;
        }
        memset(field, 0, key->size);
        memcpy(field, value, n);
        return true;
    }
    }
    config_table_error(sec, key, "unknown type");
    return false;
}

/* Writes a real with the fewest digits that read back to the same double. */
static void format_real(double v, char *buf, size_t len)
{
    for (int prec = 1; prec <= 17; prec++) {
        snprintf(buf, len, "%.*g", prec, v);
        if (strtod(buf, NULL) == v)
            return;
    }
}

/* Writes the value of key held in field as it would appear in a file. */
void config_value_format(const void *field, const ConfigKey *key, char *buf, size_t len)
{
    switch (key->type) {
    case CFG_INT:
        snprintf(buf, len, "%ld", *(const long *)field);
        return;
    case CFG_U64:
        snprintf(buf, len, "%llu", *(const unsigned long long *)field);
        return;
    case CFG_REAL:
        format_real(*(const double *)field, buf, len);
        return;
    case CFG_BOOL:
        snprintf(buf, len, "%s", *(const bool *)field ? "true" : "false");
        return;
    case CFG_STRING:
    case CFG_ENUM:
        snprintf(buf, len, "%.*s", (int)key->size, (const char *)field);
        return;
    }
}
