/* params.c: parameter lists of the tuners (see params.h). */
#include "params.h"

#include <stdio.h>
#include <string.h>

/* Appends one parameter unless one of its weights is already moved by another; false with the
 * problem in err. */
static bool params_push(TuneParam *out, int max, int *n, const char *name, const WeightSet *set,
                        char *err, size_t errlen)
{
    for (int p = 0; p < *n; p++)
        for (int a = 0; a < out[p].set.n; a++)
            for (int b = 0; b < set->n; b++)
                if (out[p].set.idx[a] == set->idx[b]) {
                    if (!strcmp(out[p].name, name))
                        snprintf(err, errlen, "'%s' given twice", name);
                    else
                        snprintf(err, errlen, "'%s' and '%s' both move weight %s", out[p].name,
                                 name, weight_defs[set->idx[b]].name);
                    return false;
                }
    if (*n >= max || strlen(name) >= PARAM_NAME_MAX) {
        snprintf(err, errlen, *n >= max ? "more than %d parameters" : "name too long (%d)",
                 *n >= max ? max : PARAM_NAME_MAX);
        return false;
    }
    snprintf(out[*n].name, PARAM_NAME_MAX, "%s", name);
    out[(*n)++].set = *set;
    return true;
}

/* Expands a group of game v's weights (each its own parameter); false with the problem in
 * err. */
static bool params_group(const Variant *v, const char *group, TuneParam *out, int max, int *n,
                         char *err, size_t errlen)
{
    int idx[W_NB];
    int count = weights_group_game(v, group, idx, W_NB);
    if (count < 0) {
        snprintf(err, errlen, "unknown group '%s' (groups start with @, e.g. @all)", group);
        return false;
    }
    if (count == 0) {
        snprintf(err, errlen, "group '%s' has no %s weight", group, v->title);
        return false;
    }
    for (int i = 0; i < count; i++) {
        WeightSet one = {1, {idx[i]}};
        char why[256];
        if (!params_push(out, max, n, weight_defs[idx[i]].name, &one, why, sizeof why)) {
            snprintf(err, errlen, "%s (again in %s)", why, group);
            return false;
        }
    }
    return true;
}

bool params_parse_game(const Variant *v, const char *list, TuneParam *out, int max, int *n,
                       char *err, size_t errlen)
{
    char buf[4096];
    if (strlen(list) >= sizeof buf) {
        snprintf(err, errlen, "list too long");
        return false;
    }
    memcpy(buf, list, strlen(list) + 1);
    *n = 0;
    char *save = NULL;
    for (char *tok = strtok_r(buf, ", \t", &save); tok; tok = strtok_r(NULL, ", \t", &save)) {
        WeightSet set;
        if (tok[0] == '@' || !strcmp(tok, "all")) {
            if (!params_group(v, tok[0] == '@' ? tok : "@all", out, max, n, err, errlen))
                return false;
        } else if (!weights_term_game(v, tok, &set, err, errlen)) {
            size_t len = strlen(err);
            snprintf(err + len, errlen > len ? errlen - len : 0, " (see maxtune weights%s%s)",
                     v->id == VARIANT_MAXIMA ? "" : " --variant ",
                     v->id == VARIANT_MAXIMA ? "" : v->name);
            return false;
        } else if (!params_push(out, max, n, tok, &set, err, errlen)) {
            return false;
        }
    }
    if (*n == 0) {
        snprintf(err, errlen, "no parameter to tune");
        return false;
    }
    return true;
}

bool params_parse(const char *list, TuneParam *out, int max, int *n, char *err, size_t errlen)
{
    return params_parse_game(variant_get(VARIANT_MAXIMA), list, out, max, n, err, errlen);
}

bool params_check(const char *list, char *msg, size_t len)
{
    static TuneParam scratch[PARAMS_MAX]; /* config checks run on one thread, before any work */
    int n;
    char other[256];
    if (params_parse(list, scratch, PARAMS_MAX, &n, msg, len))
        return true;
    for (int g = 0; g < VARIANT_NB; g++)
        if (g != VARIANT_MAXIMA && params_parse_game(variant_get((VariantId)g), list, scratch,
                                                     PARAMS_MAX, &n, other, sizeof other))
            return true; /* another game's list: params_check_run judges it by the run's game */
    return false;
}

bool params_check_run(const Config *cfg, ConfigCheck *ck, const char *section, const char *key,
                      const char *list)
{
    static TuneParam scratch[PARAMS_MAX]; /* config checks run on one thread, before any work */
    int n;
    char why[256];
    if (params_parse_game(config_variant(cfg), list, scratch, PARAMS_MAX, &n, why, sizeof why))
        return true;
    return config_check_fail(ck, section, key, "[%s] %s = %s: %s", section, key, list, why);
}

double params_value(const WeightSet *set, const Weights *w)
{
    long sum = 0;
    for (int i = 0; i < set->n; i++)
        sum += w->v[set->idx[i]];
    return set->n == 1 ? (double)sum : (double)sum / set->n;
}

void params_assign(const WeightSet *set, Weights *w, int v)
{
    for (int i = 0; i < set->n; i++)
        w->v[set->idx[i]] = v;
}

void params_range(const WeightSet *set, int *lo, int *hi)
{
    *lo = weight_defs[set->idx[0]].min;
    *hi = weight_defs[set->idx[0]].max;
    for (int i = 1; i < set->n; i++) {
        const WeightDef *d = &weight_defs[set->idx[i]];
        *lo = d->min > *lo ? d->min : *lo;
        *hi = d->max < *hi ? d->max : *hi;
    }
}
