/* engine_option.c: advertised engine options and the check of values against them (see
 * engine_option.h). */
#include "engine_option.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

/* The keywords that end a multi-word field of an option line. */
static bool is_keyword(const char *w, size_t n)
{
    static const char *const kw[] = {"name", "type", "default", "min", "max", "var"};
    for (size_t i = 0; i < sizeof kw / sizeof kw[0]; i++)
        if (strlen(kw[i]) == n && !strncmp(w, kw[i], n))
            return true;
    return false;
}

/* The next word of *s (skipping spaces and tabs): its start and length; 0 at the end. */
static size_t next_word(const char **s, const char **word)
{
    *s += strspn(*s, " \t");
    *word = *s;
    size_t n = strcspn(*s, " \t");
    *s += n;
    return n;
}

/* Copies the words of *s up to the next keyword (or up to " type" for a name, which may hold
 * any word) into out, joined by single spaces; *s is left before that keyword. */
static void read_field(const char **s, bool name, char *out, size_t len)
{
    size_t k = 0;
    out[0] = '\0';
    for (;;) {
        const char *at = *s, *w;
        size_t n = next_word(s, &w);
        if (!n || (name ? n == 4 && !strncmp(w, "type", 4) : is_keyword(w, n))) {
            *s = at;
            return;
        }
        int r = snprintf(out + k, len - k, "%s%.*s", k ? " " : "", (int)n, w);
        k = r < 0 || (size_t)r >= len - k ? len - 1 : k + (size_t)r;
    }
}

/* Parses a whole number; false unless all of text is one. */
static bool parse_long(const char *text, long *v)
{
    char *end;
    errno = 0;
    *v = strtol(text, &end, 10);
    return end != text && !*end && errno == 0;
}

bool engine_option_parse(const char *line, EngineOption *out)
{
    static const char *const types[] = {"check", "spin", "combo", "button", "string"};
    memset(out, 0, sizeof *out);
    const char *s = line, *w;
    size_t n = next_word(&s, &w);
    if (n != 6 || strncmp(w, "option", 6) || next_word(&s, &w) != 4 || strncmp(w, "name", 4))
        return false;
    read_field(&s, true, out->name, sizeof out->name);
    if (!out->name[0] || next_word(&s, &w) != 4 || strncmp(w, "type", 4))
        return false;
    n = next_word(&s, &w);
    int t = -1;
    for (int i = 0; i < 5; i++)
        if (strlen(types[i]) == n && !strncmp(w, types[i], n))
            t = i;
    if (t < 0)
        return false;
    out->type = (EngineOptionType)t;
    bool has_min = false, has_max = false;
    while ((n = next_word(&s, &w)) > 0) {
        char field[256];
        read_field(&s, false, field, sizeof field);
        if (n == 7 && !strncmp(w, "default", 7)) {
            snprintf(out->def, sizeof out->def, "%.63s", field);
        } else if (n == 3 && !strncmp(w, "min", 3)) {
            has_min = parse_long(field, &out->min);
        } else if (n == 3 && !strncmp(w, "max", 3)) {
            has_max = parse_long(field, &out->max);
        } else if (n == 3 && !strncmp(w, "var", 3)) {
            size_t used = strlen(out->vars);
            if (strlen(field) + 2 <= sizeof out->vars - used)
                snprintf(out->vars + used, sizeof out->vars - used, "%s|", field);
        }
    }
    return out->type != OPTION_SPIN || (has_min && has_max && out->min <= out->max);
}

bool engine_options_add(EngineOptions *os, const EngineOption *o)
{
    if (os->count == os->cap) {
        int cap = os->cap ? 2 * os->cap : 64;
        EngineOption *l = realloc(os->list, (size_t)cap * sizeof *l);
        if (!l)
            return false;
        os->list = l;
        os->cap = cap;
    }
    os->list[os->count++] = *o;
    return true;
}

void engine_options_clear(EngineOptions *os) { os->count = 0; }

void engine_options_free(EngineOptions *os)
{
    free(os->list);
    memset(os, 0, sizeof *os);
}

const EngineOption *engine_options_find(const EngineOptions *os, const char *name)
{
    for (int i = 0; i < os->count; i++)
        if (!strcasecmp(os->list[i].name, name))
            return &os->list[i];
    return NULL;
}

void engine_option_describe(const EngineOption *o, char *buf, size_t len)
{
    switch (o->type) {
    case OPTION_SPIN:
        snprintf(buf, len, "a spin option in [%ld, %ld]", o->min, o->max);
        break;
    case OPTION_CHECK:
        snprintf(buf, len, "a check option (true or false)");
        break;
    case OPTION_COMBO: {
        char vars[sizeof o->vars];
        snprintf(vars, sizeof vars, "%s", o->vars);
        size_t n = strlen(vars);
        if (n)
            vars[n - 1] = '\0'; /* the last '|' */
        for (char *c = vars; *c; c++)
            if (*c == '|')
                *c = ',';
        snprintf(buf, len, "a combo option (one of %s)", vars);
        break;
    }
    case OPTION_BUTTON:
        snprintf(buf, len, "a button");
        break;
    default:
        snprintf(buf, len, "a string option");
    }
}

/* Whether value is one of a combo option's vars (any case). */
static bool combo_has(const EngineOption *o, const char *value)
{
    size_t n = strlen(value);
    for (const char *v = o->vars; *v;) {
        size_t k = strcspn(v, "|");
        if (k == n && !strncasecmp(v, value, n))
            return true;
        v += k + (v[k] == '|');
    }
    return false;
}

bool engine_option_check(const EngineOption *o, const char *value, char *why, size_t len)
{
    long v;
    const char *problem = NULL;
    if (o->type == OPTION_SPIN && !parse_long(value, &v))
        problem = "not an integer";
    else if (o->type == OPTION_SPIN && (v < o->min || v > o->max))
        problem = "out of range";
    else if (o->type == OPTION_CHECK && strcmp(value, "true") && strcmp(value, "false"))
        problem = "neither true nor false";
    else if (o->type == OPTION_COMBO && !combo_has(o, value))
        problem = "not one of its values";
    if (!problem)
        return true;
    char what[300];
    engine_option_describe(o, what, sizeof what);
    snprintf(why, len, "%s=%s: %s (the engine advertises %s as %s)", o->name, value, problem,
             o->name, what);
    return false;
}

bool engine_options_check_variant(const EngineOptions *os, const char *game, char *why, size_t len)
{
    const EngineOption *o = engine_options_find(os, "UCI_Variant");
    char what[300];
    if (!o) {
        engine_options_summary(os, what, sizeof what);
        snprintf(why, len, "no UCI_Variant option (the engine advertises %s)", what);
        return false;
    }
    if (o->type == OPTION_COMBO && combo_has(o, game))
        return true;
    engine_option_describe(o, what, sizeof what);
    snprintf(why, len, "its UCI_Variant option has no var %s (it is %s)", game, what);
    return false;
}

void engine_options_summary(const EngineOptions *os, char *buf, size_t len)
{
    int k = snprintf(buf, len, "%d option%s%s", os->count, os->count == 1 ? "" : "s",
                     os->count ? ": " : "");
    for (int j = 0; j < os->count && j < 6 && k > 0 && (size_t)k < len; j++)
        k += snprintf(buf + k, len - (size_t)k, "%s%s", j ? ", " : "", os->list[j].name);
    if (os->count > 6 && k > 0 && (size_t)k < len)
        snprintf(buf + k, len - (size_t)k, ", ...");
}

bool engine_options_check_words(const EngineOptions *os, const char *text, int count, char *why,
                                size_t len)
{
    const char *name = text;
    for (int i = 0; i + 1 < count; i += 2) {
        const char *value = name + strlen(name) + 1;
        const EngineOption *o = engine_options_find(os, name);
        if (!o) {
            char some[300];
            engine_options_summary(os, some, sizeof some);
            snprintf(why, len, "%s=%s: unknown option (the engine advertises %s)", name, value,
                     some);
            return false;
        }
        if (!engine_option_check(o, value, why, len))
            return false;
        name = value + strlen(value) + 1;
    }
    return true;
}
