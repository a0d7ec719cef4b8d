/* study_config.c: the [study] section's rows and its settings' parser (see study_config.h). */
#include "study_config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tune/run/config_schema.h"
#include "tune/run/config_value.h"

/* The characters of a setting's name (it names folders). */
#define NAME_CHARS "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_"

/* Makes the label of a setting: its name if given ("name=weights@nodes"), else the weights'
 * file name without folder or extension (a name such as "default" stays); a dash, the nodes. */
static void setting_label(StudySetting *s, const char *name, size_t namelen)
{
    if (!name) {
        const char *base = strrchr(s->weights, '/');
        name = base ? base + 1 : s->weights;
        namelen = strcspn(name, ".");
    }
    snprintf(s->label, sizeof s->label, "%.*s-%ld", (int)(namelen < 32 ? namelen : 32), name,
             s->nodes);
}

/* Parses one "[name=]weights@nodes" item (trimmed, non-empty) into s; false with the problem
 * in err. */
static bool parse_setting(const char *item, StudySetting *s, char *err, size_t errlen)
{
    const char *at = strrchr(item, '@');
    const char *eq = strchr(item, '=');
    if (eq && at && eq > at)
        eq = NULL;
    const char *weights = eq ? eq + 1 : item;
    char *end;
    long nodes = at ? strtol(at + 1, &end, 10) : 0;
    if (!at || at == weights || at[1] == '\0' || *end != '\0' || nodes < 1 || nodes > 100000000) {
        snprintf(err, errlen, "\"%.100s\": expected [name=]weights@nodes (nodes 1..100000000)",
                 item);
        return false;
    }
    size_t namelen = eq ? (size_t)(eq - item) : 0;
    if (eq && (namelen == 0 || namelen > 32 || strspn(item, NAME_CHARS) < namelen)) {
        snprintf(err, errlen, "\"%.100s\": a setting's name is 1 to 32 of %s", item,
                 "letters, digits, '-', '_'");
        return false;
    }
    size_t wlen = (size_t)(at - weights);
    if (wlen >= sizeof s->weights) {
        snprintf(err, errlen, "\"%.100s\": weights name too long", item);
        return false;
    }
    memcpy(s->weights, weights, wlen);
    s->weights[wlen] = '\0';
    s->nodes = nodes;
    setting_label(s, eq ? item : NULL, namelen);
    return true;
}

int study_parse_settings(const char *text, StudySetting *out, int max, char *err, size_t errlen)
{
    char buf[1024];
    snprintf(buf, sizeof buf, "%s", text);
    int n = 0;
    for (char *save = NULL, *item = strtok_r(buf, ",", &save); item;
         item = strtok_r(NULL, ",", &save)) {
        item = config_trim(item);
        if (!*item)
            continue;
        if (n == max) {
            snprintf(err, errlen, "at most %d settings", max);
            return -1;
        }
        if (!parse_setting(item, &out[n], err, errlen))
            return -1;
        for (int i = 0; i < n; i++)
            if (!strcmp(out[i].label, out[n].label)) {
                snprintf(err, errlen, "\"%s\" given twice", out[n].label);
                return -1;
            }
        n++;
    }
    return n;
}

/* StringCheck of a settings list. */
static bool check_settings(const char *value, char *msg, size_t len)
{
    StudySetting s[STUDY_MAX_SETTINGS];
    return study_parse_settings(value, s, STUDY_MAX_SETTINGS, msg, len) >= 0;
}

static const ConfigKey STUDY_KEYS[] = {
    KEY_STR(StudyConfig, engines, "v1@500, default@500, default@2000", OPTIONAL, check_settings,
            "engine settings whose piece values are measured, weakest first: [name=]weights@nodes, "
            "... (weights: a file, default, v1, v2 or material; name: the setting's label "
            "before -nodes, else the weights' name)"),
    KEY_STR_EMPTY_CHECK(
        StudyConfig, ladder_extra, "", check_settings,
        "settings that only play in the ladder ([name=]weights@nodes, ...), to place "
        "stronger play on the same Elo scale"),
    KEY_INT(StudyConfig, ladder_pairs, "1", "10000000", "100",
            "game pairs of each pairing of the ladder (a round robin of every setting)"),
};

/* The settings of both lists together: at most STUDY_MAX_SETTINGS, labels distinct. */
static bool rule_settings(const void *fields, char *msg, size_t len)
{
    const StudyConfig *sc = fields;
    char both[2100];
    snprintf(both, sizeof both, "%s,%s", sc->engines, sc->ladder_extra);
    StudySetting s[STUDY_MAX_SETTINGS];
    int n = study_parse_settings(both, s, STUDY_MAX_SETTINGS, msg, len);
    if (n >= 0 && study_parse_settings(sc->engines, s, STUDY_MAX_SETTINGS, msg, len) < 1) {
        snprintf(msg, len, "no engine setting to measure");
        return false;
    }
    return n >= 0;
}

static const ConfigRule STUDY_RULES[] = {
    {rule_settings, {"engines", "ladder_extra"}},
};

/* Parses the lists into the settings (they were checked). */
static void study_finish(void *fields)
{
    StudyConfig *sc = fields;
    char err[256];
    int n = study_parse_settings(sc->engines, sc->setting, STUDY_MAX_SETTINGS, err, sizeof err);
    sc->nmeasured = n > 0 ? n : 0;
    int m = study_parse_settings(sc->ladder_extra, sc->setting + sc->nmeasured,
                                 STUDY_MAX_SETTINGS - sc->nmeasured, err, sizeof err);
    sc->nsettings = sc->nmeasured + (m > 0 ? m : 0);
}

static const ConfigSection STUDY_SECTIONS[] = {
    {"study", NULL,
     "the piece-value study (job = study): the values job and a fit of the material weights "
     "by phase at each engine setting, and a ladder of the settings",
     "study", false},
};

static const ConfigPart STUDY_PART = {
    .group = "StudyConfig",
    .size = sizeof(StudyConfig),
    .sections = STUDY_SECTIONS,
    .nsections = CONFIG_COUNT(STUDY_SECTIONS),
    .keys = STUDY_KEYS,
    .nkeys = CONFIG_COUNT(STUDY_KEYS),
    .rules = STUDY_RULES,
    .nrules = CONFIG_COUNT(STUDY_RULES),
    .finish = study_finish,
};

void study_config_register(void) { config_register(&STUDY_PART); }

const StudyConfig *study_config(const Config *cfg) { return config_fields(cfg, &STUDY_PART, 0); }
