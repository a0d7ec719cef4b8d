/* weights.c: the weights table, its names and groups, weights files in and out. */
#include "weights.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#define PAIR_ROWS(e, name, v1, lo, hi, group, doc)                                                 \
    {name ".mg", v1, lo, hi, group, doc " (middle game)"},                                         \
        {name ".eg", v1, lo, hi, group, doc " (end game)"},
#define PST_PAIR_ROWS(e, n) PST_ROWS(PAIR_ROWS, e, n)
#define SINGLE_ROW(e, name, v1, lo, hi, group, doc) {name, v1, lo, hi, group, doc},
const WeightDef weight_defs[W_NB] = {EVAL_TERMS(PAIR_ROWS) PST_TYPES(PST_PAIR_ROWS)
                                         SINGLE_WEIGHTS(SINGLE_ROW)};
#undef SINGLE_ROW
#undef PST_PAIR_ROWS
#undef PAIR_ROWS

#define TERM_NAME(e, name, v1, lo, hi, group, doc) name,
#define PST_TERM_NAMES(e, n) PST_ROWS(TERM_NAME, e, n)
const char *const weight_term_names[T_NB] = {EVAL_TERMS(TERM_NAME) PST_TYPES(PST_TERM_NAMES)};
#undef PST_TERM_NAMES
#undef TERM_NAME

/* The tuned values of the built-in default (search/default.weights, embedded by the build). */
extern const char weights_default_text[];

static bool weights_read(Weights *w, FILE *f, const char *path, char *err, size_t errlen);

void weights_v1(Weights *w)
{
    for (int i = 0; i < W_NB; i++)
        w->v[i] = weight_defs[i].v1;
}

void weights_default(Weights *w)
{
    weights_v1(w);
    FILE *f = fmemopen((void *)weights_default_text, strlen(weights_default_text), "r");
    char err[256];
    if (!f || !weights_read(w, f, "search/default.weights", err, sizeof err)) {
        /* The build embeds a file the tests load: this cannot happen in a tested build. */
        fprintf(stderr, "maxtune: built-in default weights: %s\n", f ? err : "fmemopen failed");
        abort();
    }
    fclose(f);
}

/* Reads the weights file at path on top of w (weights_read). */
static bool weights_read_file(Weights *w, const char *path, char *err, size_t errlen)
{
    FILE *f = fopen(path, "r");
    if (!f) {
        snprintf(err, errlen, "%s: cannot open: %s", path, strerror(errno));
        return false;
    }
    bool ok = weights_read(w, f, path, err, errlen);
    fclose(f);
    return ok;
}

/* Every evaluation weight but the material ones set to 0. */
static void weights_keep_material(Weights *w)
{
    for (int t = 0; t < T_NB; t++)
        if (t > T_GUARD)
            weights_set_term(w, t, 0);
}

void weights_material_only(Weights *w)
{
    weights_v1(w);
    weights_keep_material(w);
}

void weights_ultima(Weights *w)
{
    /* ChessV's table (George Duke), in Pincers: withdrawer 3.1, coordinator 2.9, chameleon 4.3,
     * long leaper 5.3, immobilizer 8.2. */
    static const int chessv[][2] = {
        {WITHDRAWER, 310}, {COORDINATOR, 290}, {CHAMELEON, 430}, {LEAPER, 530}, {IMMOBILIZER, 820}};
    weights_v1(w);
    for (size_t i = 0; i < sizeof chessv / sizeof chessv[0]; i++)
        weights_set_term(w, weight_material(chessv[i][0]), chessv[i][1]);
    /* "An immobilized piece loses 25% of its value": a quarter of the mean value of the 16
     * non-royal start pieces, (8 * 100 + 2 * 530 + 2 * 430 + 310 + 290 + 820) / 16 = 259. */
    weights_set_term(w, T_FROZEN, -65);
}

bool weights_load_game(Weights *w, const char *path, const Variant *v, char *err, size_t errlen)
{
    if (v->id == VARIANT_MAXIMA)
        return weights_load(w, path, err, errlen);
    if (!strcmp(path, "default") || !strcmp(path, "ultima") || !strcmp(path, "material")) {
        weights_ultima(w);
        if (!strcmp(path, "material"))
            weights_keep_material(w);
        return true;
    }
    if (!strcmp(path, "v1")) {
        weights_v1(w);
        return true;
    }
    weights_ultima(w);
    return weights_read_file(w, path, err, errlen);
}

int weights_find(const char *name)
{
    for (int i = 0; i < W_NB; i++)
        if (!strcmp(weight_defs[i].name, name))
            return i;
    return -1;
}

int weights_find_term(const char *name)
{
    for (int t = 0; t < T_NB; t++)
        if (!strcmp(weight_term_names[t], name))
            return t;
    return -1;
}

bool weights_term(const char *name, WeightSet *out)
{
    int i = weights_find(name), t = -1;
    if (i >= 0) {
        out->n = 1;
        out->idx[0] = i;
    } else if ((t = weights_find_term(name)) >= 0) {
        weights_term_set(t, out);
    }
    return i >= 0 || t >= 0;
}

void weights_term_set(int t, WeightSet *out)
{
    out->n = 2;
    out->idx[0] = weight_mg(t);
    out->idx[1] = weight_eg(t);
}

/* True when weight i belongs to group `g` (a name after '@'). */
static bool in_group(int i, const char *g)
{
    if (!strcmp(g, "all"))
        return true;
    if (!strcmp(g, "eval"))
        return i < W_PHASE_FIRST;
    return !strcmp(weight_defs[i].group, g);
}

int weights_group(const char *name, int *idx, int max)
{
    if (name[0] != '@')
        return -1;
    const char *g = name + 1;
    int n = 0;
    bool known = !strcmp(g, "all") || !strcmp(g, "eval");
    for (int i = 0; i < W_NB; i++) {
        if (!in_group(i, g))
            continue;
        known = true;
        if (n < max)
            idx[n++] = i;
    }
    return known ? n : -1;
}

/* Trims leading and trailing blanks of s in place; returns the trimmed start. */
static char *trim(char *s)
{
    while (*s == ' ' || *s == '\t')
        s++;
    size_t n = strlen(s);
    while (n && (s[n - 1] == ' ' || s[n - 1] == '\t' || s[n - 1] == '\n' || s[n - 1] == '\r'))
        s[--n] = '\0';
    return s;
}

/* Sets the weights `name` selects (weights_term) to `value`; seen[] catches a weight set twice.
 * Errors without a location (the caller adds it). */
static bool weights_assign(Weights *w, bool seen[W_NB], const char *name, const char *value,
                           char *err, size_t errlen)
{
    WeightSet set;
    if (!weights_term(name, &set)) {
        snprintf(err, errlen, "unknown weight '%s'", name);
        return false;
    }
    char *end;
    errno = 0;
    long v = strtol(value, &end, 10);
    if (errno || end == value || *end) {
        snprintf(err, errlen, "'%s' is not an integer (weight '%s')", value, name);
        return false;
    }
    for (int k = 0; k < set.n; k++) {
        const WeightDef *d = &weight_defs[set.idx[k]];
        if (seen[set.idx[k]]) {
            snprintf(err, errlen, "weight '%s' given twice", d->name);
            return false;
        }
        if (v < d->min || v > d->max) {
            snprintf(err, errlen, "%s = %ld is out of range [%d, %d]", name, v, d->min, d->max);
            return false;
        }
        seen[set.idx[k]] = true;
        w->v[set.idx[k]] = (int)v;
    }
    return true;
}

/* Reads "name = value" lines from f into *w (names already set stay set); errors name path and
 * line. *w is changed only when the whole file is valid. */
static bool weights_read(Weights *w, FILE *f, const char *path, char *err, size_t errlen)
{
    Weights out = *w;
    bool seen[W_NB] = {false};
    char line[512];
    int lineno = 0;
    while (fgets(line, sizeof line, f)) {
        lineno++;
        if (!strchr(line, '\n') && !feof(f)) {
            if (trim(line)[0] == '#' || trim(line)[0] == ';') { /* a long comment: skip it */
                int c;
                while ((c = fgetc(f)) != EOF && c != '\n')
                    ;
                continue;
            }
            snprintf(err, errlen, "%s:%d: line too long", path, lineno);
            return false;
        }
        char *hash = strpbrk(line, "#;");
        if (hash)
            *hash = '\0';
        char *s = trim(line);
        if (!*s || *s == '[')
            continue; /* blank, comment, or an INI section header */
        char *eq = strchr(s, '=');
        if (!eq) {
            snprintf(err, errlen, "%s:%d: expected 'name = value'", path, lineno);
            return false;
        }
        *eq = '\0';
        if (!weights_assign(&out, seen, trim(s), trim(eq + 1), err, errlen)) {
            char msg[256];
            snprintf(msg, sizeof msg, "%s", err);
            snprintf(err, errlen, "%s:%d: %s", path, lineno, msg);
            return false;
        }
    }
    if (ferror(f)) {
        snprintf(err, errlen, "%s: read error", path);
        return false;
    }
    *w = out;
    return true;
}

bool weights_load(Weights *w, const char *path, char *err, size_t errlen)
{
    if (!strcmp(path, "default")) {
        weights_default(w);
        return true;
    }
    weights_v1(w);
    if (!strcmp(path, "v1"))
        return true;
    if (!strcmp(path, "material")) {
        weights_material_only(w);
        return true;
    }
    return weights_read_file(w, path, err, errlen);
}

void weights_write(const Weights *w, FILE *out)
{
    fprintf(out, "# maxtune weights file: name = value (centipawns unless said). '#' starts a "
                 "comment.\n# Weights not listed keep their v1 values; a term's name without .mg "
                 "or .eg sets both.\n");
    const char *group = "";
    for (int i = 0; i < W_NB; i++) {
        const WeightDef *d = &weight_defs[i];
        if (strcmp(d->group, group) != 0 && strcmp(d->group, "pst") != 0)
            fprintf(out, "\n# --- %s ---\n", d->group);
        else if (!strcmp(d->group, "pst") && strcmp(group, "pst") != 0)
            fprintf(out, "\n# --- pst: piece-square tables, file + rank from the own side ---\n");
        group = d->group;
        fprintf(out, "%-26s = %5d   # %s [%d, %d]\n", d->name, w->v[i], d->doc, d->min, d->max);
    }
}

bool weights_save(const Weights *w, const char *path, char *err, size_t errlen)
{
    char tmp[1024];
    snprintf(tmp, sizeof tmp, "%s.tmp", path);
    FILE *f = fopen(tmp, "w");
    if (!f) {
        snprintf(err, errlen, "%s: cannot write: %s", tmp, strerror(errno));
        return false;
    }
    weights_write(w, f);
    bool ok = fflush(f) == 0 && !ferror(f);
    ok = (fclose(f) == 0) && ok;
    if (!ok || rename(tmp, path) != 0) {
        snprintf(err, errlen, "%s: cannot write: %s", path, strerror(errno));
        remove(tmp);
        return false;
    }
    return true;
}
