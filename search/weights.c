/* weights.c: the weights table, weights files in and out. */
#include "weights.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#define WEIGHT_ROW(e, name, def, lo, hi, doc) {name, def, lo, hi, doc},
const WeightDef weight_defs[W_NB] = {WEIGHT_TABLE(WEIGHT_ROW)};
#undef WEIGHT_ROW

void weights_default(Weights *w)
{
    for (int i = 0; i < W_NB; i++)
        w->v[i] = weight_defs[i].def;
}

void weights_material_only(Weights *w)
{
    for (int i = 0; i < W_NB; i++)
        w->v[i] = i <= W_GUARD ? weight_defs[i].def : 0;
}

int weights_find(const char *name)
{
    for (int i = 0; i < W_NB; i++)
        if (!strcmp(weight_defs[i].name, name))
            return i;
    return -1;
}

bool weights_term(const char *name, WeightSet *out)
{
    int i = weights_find(name);
    if (i < 0)
        return false;
    out->n = 1;
    out->idx[0] = i;
    return true;
}

int weights_group(const char *name, int *idx, int max)
{
    if (strcmp(name, "@all") != 0)
        return -1;
    int n = 0;
    for (int i = 0; i < W_NB && n < max; i++)
        idx[n++] = i;
    return n;
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

bool weights_load(Weights *w, const char *path, char *err, size_t errlen)
{
    weights_default(w);
    if (!strcmp(path, "default"))
        return true;
    if (!strcmp(path, "material")) {
        weights_material_only(w);
        return true;
    }
    FILE *f = fopen(path, "r");
    if (!f) {
        snprintf(err, errlen, "%s: cannot open: %s", path, strerror(errno));
        return false;
    }
    Weights out = *w;
    bool seen[W_NB] = {false};
    char line[512];
    int lineno = 0;
    bool ok = true;
    while (ok && fgets(line, sizeof line, f)) {
        lineno++;
        if (!strchr(line, '\n') && !feof(f)) {
            snprintf(err, errlen, "%s:%d: line too long", path, lineno);
            ok = false;
            break;
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
            ok = false;
            break;
        }
        *eq = '\0';
        char *name = trim(s), *value = trim(eq + 1), *end;
        int idx = weights_find(name);
        if (idx < 0) {
            snprintf(err, errlen, "%s:%d: unknown weight '%s'", path, lineno, name);
            ok = false;
            break;
        }
        if (seen[idx]) {
            snprintf(err, errlen, "%s:%d: weight '%s' given twice", path, lineno, name);
            ok = false;
            break;
        }
        errno = 0;
        long v = strtol(value, &end, 10);
        if (errno || end == value || *end) {
            snprintf(err, errlen, "%s:%d: '%s' is not an integer (weight '%s')", path, lineno,
                     value, name);
            ok = false;
            break;
        }
        if (v < weight_defs[idx].min || v > weight_defs[idx].max) {
            snprintf(err, errlen, "%s:%d: %s = %ld is out of range [%d, %d]", path, lineno, name, v,
                     weight_defs[idx].min, weight_defs[idx].max);
            ok = false;
            break;
        }
        seen[idx] = true;
        out.v[idx] = (int)v;
    }
    if (ok && ferror(f)) {
        snprintf(err, errlen, "%s: read error", path);
        ok = false;
    }
    fclose(f);
    if (ok)
        *w = out;
    return ok;
}

void weights_write(const Weights *w, FILE *out)
{
    fprintf(out, "# maxtune weights file: name = value (centipawns). '#' starts a comment.\n");
    for (int i = 0; i < W_NB; i++)
        fprintf(out, "%-18s = %5d   # %s [%d, %d]\n", weight_defs[i].name, w->v[i],
                weight_defs[i].doc, weight_defs[i].min, weight_defs[i].max);
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
