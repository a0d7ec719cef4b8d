/* weights.c: the weights table, its names and groups, weights files in and out. */
#include "weights.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#define PAIR_ROWS(e, name, v1, lo, hi, group, games, sign, doc)                                    \
    {name ".mg", v1, lo, hi, group, doc " (middle game)", games, sign},                            \
        {name ".eg", v1, lo, hi, group, doc " (end game)", games, sign},
#define PST_PAIR_ROWS(e, n, g, gp) PST_ROWS(PAIR_ROWS, e, n, g, gp)
#define ZPST_PAIR_ROWS(e, n) ZONED_PST_ROWS(PAIR_ROWS, e, n)
#define SINGLE_ROW(e, name, v1, lo, hi, group, games, doc)                                         \
    {name, v1, lo, hi, group, doc, games, SIGN_FREE},
const WeightDef weight_defs[W_NB] = {EVAL_TERMS(PAIR_ROWS) PST_TYPES(PST_PAIR_ROWS) ZONED_PST_TYPES(
    ZPST_PAIR_ROWS) SINGLE_WEIGHTS(SINGLE_ROW)};
#undef SINGLE_ROW
#undef ZPST_PAIR_ROWS
#undef PST_PAIR_ROWS
#undef PAIR_ROWS

#define TERM_NAME(e, name, v1, lo, hi, group, games, sign, doc) name,
#define PST_TERM_NAMES(e, n, g, gp) PST_ROWS(TERM_NAME, e, n, g, gp)
#define ZPST_TERM_NAMES(e, n) ZONED_PST_ROWS(TERM_NAME, e, n)
const char *const weight_term_names[T_NB] = {EVAL_TERMS(TERM_NAME) PST_TYPES(PST_TERM_NAMES)
                                                 ZONED_PST_TYPES(ZPST_TERM_NAMES)};
#undef ZPST_TERM_NAMES
#undef PST_TERM_NAMES
#undef TERM_NAME

/* The piece-square meanings on a game's own board where they differ from the rows' (Maxima's):
 * [file a..h, then rank 0..10][middle game, end game], NULL where the row's apply. */
typedef const char *const PstDocs[PST_TYPE_TERMS][2];

#define PHASES(doc)                                                                                \
    {                                                                                              \
        doc " (middle game)", doc " (end game)"                                                    \
    }
/* Ultima: Black is White turned through 180 degrees, so a side's file a is its Immobilizer's
 * corner file (h for Black) and its rank 1 its own back rank; ranks 0, 9 and 10 do not exist. */
static const PstDocs ultima_pst_docs = {
    PHASES("on file a from its own side (Black: h)"),
    PHASES("on file b from its own side (Black: g)"),
    PHASES("on file c from its own side (Black: f)"),
    PHASES("on file d from its own side (Black: e)"),
    PHASES("on file e from its own side (Black: d)"),
    PHASES("on file f from its own side (Black: c)"),
    PHASES("on file g from its own side (Black: b)"),
    PHASES("on file h from its own side (Black: a)"),
    {NULL, NULL},
    PHASES("on its own back rank"),
    PHASES("on its own rank 2"),
    PHASES("on its own rank 3"),
    PHASES("on its own rank 4"),
    PHASES("on the enemy's rank 4"),
    PHASES("on the enemy's rank 3"),
    PHASES("on the enemy's rank 2"),
    PHASES("on the enemy's back rank"),
    {NULL, NULL},
    {NULL, NULL},
};
#undef PHASES

/* Each game's piece-square meanings (NULL: the rows'). */
static const PstDocs *const game_pst_docs[VARIANT_NB] = {[VARIANT_ULTIMA] = &ultima_pst_docs};

/* The tuned values of the built-in default (search/default.weights), of v2 (configs/v2.weights)
 * and of Ultima's default (search/ultima.weights), embedded by the build. */
extern const char weights_default_text[], weights_v2_text[], weights_ultima_text[],
    weights_martian_text[], weights_martian4_text[];

static bool weights_read(Weights *w, FILE *f, const char *path, const Variant *v, char *err,
                         size_t errlen);

int weights_game_count(const Variant *v)
{
    int n = 0;
    for (int i = 0; i < W_NB; i++)
        n += weights_in_game(v, i);
    return n;
}

int weights_sign_contradictions(const Weights *w, const Variant *v, int *idx, int max)
{
    int n = 0;
    for (int i = 0; i < W_NB; i++)
        if (weights_in_game(v, i) && weights_sign_contradicts(i, w->v[i])) {
            if (n < max)
                idx[n] = i;
            n++;
        }
    return n;
}

const char *weights_doc(const Variant *v, int i)
{
    const PstDocs *docs = game_pst_docs[v->id];
    int row = i / 2 - T_PST_FIRST; /* the term's place in its type's tables */
    if (!docs || i >= W_PHASE_FIRST || row < 0 || i / 2 >= T_ZPST_FIRST)
        return weight_defs[i].doc;
    const char *doc = (*docs)[row % PST_TYPE_TERMS][i & 1];
    return doc ? doc : weight_defs[i].doc;
}

/* The v1 column of the table for game v's weights, 0 for the others. */
static void weights_v1_game(Weights *w, const Variant *v)
{
    for (int i = 0; i < W_NB; i++)
        w->v[i] = weights_in_game(v, i) ? weight_defs[i].v1 : 0;
}

void weights_v1(Weights *w) { weights_v1_game(w, variant_get(VARIANT_MAXIMA)); }

/* Game v's start table with an embedded weights file's values (text, read as path). */
static void weights_embedded(Weights *w, const char *text, const char *path, const Variant *v)
{
    weights_start(w, v);
    FILE *f = fmemopen((void *)text, strlen(text), "r");
    char err[256];
    if (!f || !weights_read(w, f, path, v, err, sizeof err)) {
        /* The build embeds a file the tests load: this cannot happen in a tested build. */
        fprintf(stderr, "maxtune: built-in weights %s: %s\n", path, f ? err : "fmemopen failed");
        abort();
    }
    fclose(f);
}

void weights_default(Weights *w)
{
    weights_embedded(w, weights_default_text, "search/default.weights",
                     variant_get(VARIANT_MAXIMA));
}

void weights_v2(Weights *w)
{
    weights_embedded(w, weights_v2_text, "configs/v2.weights", variant_get(VARIANT_MAXIMA));
}

void weights_ultima_default(Weights *w)
{
    weights_embedded(w, weights_ultima_text, "search/ultima.weights", variant_get(VARIANT_ULTIMA));
}

void weights_martian(Weights *w) { weights_v1_game(w, variant_get(VARIANT_MARTIAN)); }

void weights_martian4(Weights *w) { weights_v1_game(w, variant_get(VARIANT_MARTIAN4)); }

void weights_martian_default(Weights *w)
{
    weights_embedded(w, weights_martian_text, "search/martian.weights",
                     variant_get(VARIANT_MARTIAN));
}

void weights_martian4_default(Weights *w)
{
    weights_embedded(w, weights_martian4_text, "search/martian4.weights",
                     variant_get(VARIANT_MARTIAN4));
}

void weights_game_default(Weights *w, const Variant *v)
{
    if (v->id == VARIANT_ULTIMA)
        weights_ultima_default(w);
    else if (v->id == VARIANT_MARTIAN)
        weights_martian_default(w);
    else if (v->id == VARIANT_MARTIAN4)
        weights_martian4_default(w);
    else
        weights_default(w);
}

bool weights_is_builtin(const char *name)
{
    size_t n = strlen(name);
    for (const char *p = WEIGHTS_BUILTIN; *p;) {
        size_t len = strcspn(p, "|");
        if (len == n && !strncmp(p, name, n))
            return true;
        p += len + (p[len] == '|');
    }
    return false;
}

/* Reads the weights file at path, of game v, on top of w (weights_read). */
static bool weights_read_file(Weights *w, const char *path, const Variant *v, char *err,
                              size_t errlen)
{
    FILE *f = fopen(path, "r");
    if (!f) {
        snprintf(err, errlen, "%s: cannot open: %s", path, strerror(errno));
        return false;
    }
    bool ok = weights_read(w, f, path, v, err, errlen);
    fclose(f);
    return ok;
}

/* Every evaluation weight but the material ones (and the zoned games' score) set to 0. */
static void weights_keep_material(Weights *w)
{
    for (int t = 0; t < T_NB; t++)
        if (!weight_is_material(t) && t != T_POINTS)
            weights_set_term(w, t, 0);
}

void weights_material_only(Weights *w)
{
    weights_v1(w);
    weights_keep_material(w);
}

void weights_keep_game(Weights *w, const Variant *v)
{
    for (int i = 0; i < W_NB; i++)
        if (!weights_in_game(v, i))
            w->v[i] = 0;
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
    /* "An immobilized piece loses 25% of its value": a quarter of each type's value, rounded
     * half away from zero. */
    for (int t = PINCER; t <= IMMOBILIZER; t++)
        weights_set_term(w, weight_frozen(t), -(w->v[weight_mg(weight_material(t))] + 2) / 4);
    weights_keep_game(w, variant_get(VARIANT_ULTIMA));
}

void weights_start(Weights *w, const Variant *v)
{
    if (v->id == VARIANT_ULTIMA)
        weights_ultima(w);
    else if (v->id == VARIANT_MARTIAN)
        weights_martian(w);
    else if (v->id == VARIANT_MARTIAN4)
        weights_martian4(w);
    else
        weights_v1(w);
}

bool weights_load_game(Weights *w, const char *path, const Variant *v, char *err, size_t errlen)
{
    bool ultima = v->id == VARIANT_ULTIMA;
    if (!strcmp(path, "default")) {
        weights_game_default(w, v);
        return true;
    }
    if (!strcmp(path, "start") || (ultima && !strcmp(path, "ultima"))) {
        weights_start(w, v);
        return true;
    }
    if ((!strcmp(path, "v1") || !strcmp(path, "v2")) && variant_zoned(v)) {
        snprintf(err, errlen,
                 "'%s' is a Maxima weights set (%s: default, start, material or a file)", path,
                 v->title);
        return false;
    }
    if (!strcmp(path, "v1") || !strcmp(path, "v2")) {
        if (path[1] == '1')
            weights_v1(w);
        else
            weights_v2(w);
        weights_keep_game(w, v);
        return true;
    }
    if (!strcmp(path, "material")) {
        weights_start(w, v);
        weights_keep_material(w);
        weights_keep_game(w, v);
        return true;
    }
    weights_start(w, v);
    return weights_read_file(w, path, v, err, errlen);
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

bool weights_term_game(const Variant *v, const char *name, WeightSet *out, char *why, size_t whylen)
{
    int i = weights_find(name), t = i >= 0 ? -1 : weights_find_term(name);
    if (i < 0 && t < 0) {
        if (why)
            snprintf(why, whylen, "unknown weight '%s'", name);
        return false;
    }
    if (!weights_in_game(v, i >= 0 ? i : weight_mg(t))) {
        if (why) /* "an Ultima", "a Maxima" */
            snprintf(why, whylen, "'%s' is not %s %s weight", name,
                     strchr("AEIOU", v->title[0]) ? "an" : "a", v->title);
        return false;
    }
    if (i >= 0) {
        out->n = 1;
        out->idx[0] = i;
    } else {
        weights_term_set(t, out);
    }
    return true;
}

bool weights_term(const char *name, WeightSet *out)
{
    return weights_term_game(variant_get(VARIANT_MAXIMA), name, out, NULL, 0);
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

int weights_group_game(const Variant *v, const char *name, int *idx, int max)
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
        if (weights_in_game(v, i) && n < max)
            idx[n++] = i;
    }
    return known ? n : -1;
}

int weights_group(const char *name, int *idx, int max)
{
    return weights_group_game(variant_get(VARIANT_MAXIMA), name, idx, max);
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

/* Sets the weights `name` selects in game v (weights_term_game) to `value`; seen[] catches a
 * weight set twice. Errors without a location (the caller adds it). */
static bool weights_assign(Weights *w, bool seen[W_NB], const Variant *v, const char *name,
                           const char *value, char *err, size_t errlen)
{
    WeightSet set;
    if (!weights_term_game(v, name, &set, err, errlen))
        return false;
    char *end;
    errno = 0;
    long x = strtol(value, &end, 10);
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
        if (x < d->min || x > d->max) {
            snprintf(err, errlen, "%s = %ld is out of range [%d, %d]", name, x, d->min, d->max);
            return false;
        }
        seen[set.idx[k]] = true;
        w->v[set.idx[k]] = (int)x;
    }
    return true;
}

/* Reads "name = value" lines of game v's weights from f into *w (names already set stay set);
 * errors name path and line. *w is changed only when the whole file is valid. */
static bool weights_read(Weights *w, FILE *f, const char *path, const Variant *v, char *err,
                         size_t errlen)
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
        if (!weights_assign(&out, seen, v, trim(s), trim(eq + 1), err, errlen)) {
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
    return weights_load_game(w, path, variant_get(VARIANT_MAXIMA), err, errlen);
}

void weights_write_game(const Weights *w, const Variant *v, FILE *out)
{
    if (v->id == VARIANT_MAXIMA)
        fprintf(out, "# maxtune weights file: name = value (centipawns unless said). '#' starts "
                     "a comment.\n# Weights not listed keep their v1 values; a term's name "
                     "without .mg or .eg sets both.\n");
    else
        fprintf(out,
                "# maxtune weights file for %s: name = value (centipawns unless said). '#' "
                "starts a comment.\n# Weights not listed keep their %s start values; a term's "
                "name without .mg or .eg sets both.\n",
                v->title, v->title);
    const char *group = "";
    for (int i = 0; i < W_NB; i++) {
        const WeightDef *d = &weight_defs[i];
        if (!weights_in_game(v, i))
            continue;
        if (strcmp(d->group, group) != 0 && strcmp(d->group, "pst") != 0)
            fprintf(out, "\n# --- %s ---\n", d->group);
        else if (!strcmp(d->group, "pst") && strcmp(group, "pst") != 0)
            fprintf(out, "\n# --- pst: piece-square tables, file + rank from the own side ---\n");
        group = d->group;
        fprintf(out, "%-26s = %5d   # %s [%d, %d]\n", d->name, w->v[i], weights_doc(v, i), d->min,
                d->max);
    }
}

void weights_write(const Weights *w, FILE *out)
{
    weights_write_game(w, variant_get(VARIANT_MAXIMA), out);
}

bool weights_save_game(const Weights *w, const Variant *v, const char *path, char *err,
                       size_t errlen)
{
    char tmp[1024];
    snprintf(tmp, sizeof tmp, "%s.tmp", path);
    FILE *f = fopen(tmp, "w");
    if (!f) {
        snprintf(err, errlen, "%s: cannot write: %s", tmp, strerror(errno));
        return false;
    }
    weights_write_game(w, v, f);
    bool ok = fflush(f) == 0 && !ferror(f);
    ok = (fclose(f) == 0) && ok;
    if (!ok || rename(tmp, path) != 0) {
        snprintf(err, errlen, "%s: cannot write: %s", path, strerror(errno));
        remove(tmp);
        return false;
    }
    return true;
}

bool weights_save(const Weights *w, const char *path, char *err, size_t errlen)
{
    return weights_save_game(w, variant_get(VARIANT_MAXIMA), path, err, errlen);
}
