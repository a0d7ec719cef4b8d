/* config_schema.h: how a part of the program declares its config sections (config.h).
 *
 * tune/run owns the generic machinery (defaults, INI parsing, --set, rules, paths, config_write,
 * `config --doc`) and the [run] section; every other section belongs to the layer that reads it
 * and is registered from there at start-up (config_register), before any config is loaded:
 * the players and [match] by tune/play, each job's section by its job in tune/jobs. A part is
 * a struct type (say SpsaConfig), one or more sections holding one such struct each, one row
 * per key (ConfigKey, written with the KEY_* macros: offsets into the part's own struct), the
 * rules over several keys, the keys that name files, an optional check across sections and an
 * optional finish hook that fills the part's typed fields (parsed once, at load) from its text.
 *
 * A Config holds the [run] fields and a byte arena in which each registered part gets a slot,
 * in registration order; the sections are read and written in that order, so it is the file
 * order of config.ini and of `config --doc`. The owner of a part reads its struct with
 * config_fields (behind a typed accessor such as spsa_config(cfg)). */
#ifndef MAXTUNE_CONFIG_SCHEMA_H
#define MAXTUNE_CONFIG_SCHEMA_H

#include <stdbool.h>
#include <stddef.h>

/* The whole configuration (config.h). */
typedef struct Config Config;

typedef enum ConfigType { CFG_INT, CFG_U64, CFG_REAL, CFG_BOOL, CFG_STRING, CFG_ENUM } ConfigType;

/* An extra check for a string value; writes the problem into msg when it fails. */
typedef bool (*StringCheck)(const char *value, char *msg, size_t len);

/* One configuration key of a part: every section of the part has it. Bounds and default are
 * written as they would be in a file and go through the same parser as file values. */
typedef struct ConfigKey {
    const char *key;     /* key name in the file (the field's name) */
    ConfigType type;     /* field type: see the KEY_* macros */
    size_t offset;       /* offsetof the field in the part's struct */
    size_t size;         /* sizeof the field (for strings: capacity including the NUL) */
    const char *min;     /* lower bound (strings: minimum length); NULL: none */
    const char *max;     /* upper bound; NULL: none (strings: the field's capacity) */
    const char *def;     /* default value; NULL for required keys */
    const char *allowed; /* enum values, "a|b|c"; NULL: the job names (config_set_jobs) */
    bool required;       /* must be given in the file or by --set */
    StringCheck check;   /* extra check for strings, or NULL */
    const char *doc;     /* one-line description */
    bool sparse;         /* written by config_write only when it differs from its default (keys
                          * added after results were committed, whose config.ini stays as it was) */
    bool not_result;     /* does not change results (threads, the checkpoint interval, ...): left
                          * out of the checkpoint's config hash, so a run resumes with it changed,
                          * and of the differences a refused resume names (rundir.h) */
} ConfigKey;

/* One [section] of a part: it holds one struct of the part. */
typedef struct ConfigSection {
    const char *name;     /* section name in the file */
    const char *defaults; /* per-section defaults overriding the rows', "key=value;key=value" */
    const char *doc;      /* one-line description */
    const char *jobs;     /* "a|b": the only jobs it may be given for, and config_write writes it
                           * only for them; NULL: every job */
    bool sparse;          /* a section that counts only when given (config_given), and is written
                           * only then */
} ConfigSection;

/* A rule over several keys of one section, checked after the file and all overrides. */
typedef struct ConfigRule {
    bool (*check)(const void *fields, char *msg, size_t len); /* fields: the section's struct */
    const char *keys[4]; /* the keys it reads: the latest of them set locates the error */
} ConfigRule;

/* A key that names a file to read, with the words that name none. A relative path is read
 * from the current folder when a file of that name is there, else from the config file's
 * folder (config_load resolves it once, so every job gets the path to open). */
typedef struct ConfigPathKey {
    const char *key;
    const char *words; /* "a|b": values that are no path */
} ConfigPathKey;

/* A default of one game: the value a key takes in a run of that game ([run] variant) when
 * neither the file nor --set gives it; the row's default is Maxima's, and every other game's
 * where no such row names it. */
typedef struct ConfigGameDefault {
    const char *game; /* a game's name (core/variant.h): "ultima" */
    const char *key;
    const char *value;
} ConfigGameDefault;

/* The load being checked, for a part's check across sections (opaque). */
typedef struct ConfigCheck ConfigCheck;

/* One part of the config: a struct type, its sections, keys, rules and hooks. */
typedef struct ConfigPart {
    const char *group;             /* the struct's type name, for messages about the table */
    size_t size;                   /* sizeof the struct of one section */
    const ConfigSection *sections; /* in file order */
    int nsections;
    const ConfigKey *keys; /* in file order */
    int nkeys;
    const ConfigRule *rules; /* checked on every section of the part, in order */
    int nrules;
    const ConfigPathKey *paths;
    int npaths;
    /* Checks across sections after the rules (config_load only); false after
     * config_check_fail. NULL: none. */
    bool (*check)(const Config *cfg, ConfigCheck *ck);
    /* Fills the typed fields of one section's struct from its (checked) text: after the
     * defaults, after config_load and config_set, and on config_finish. NULL: none. */
    void (*finish)(void *fields);
    const ConfigGameDefault *game_defaults; /* the defaults of other games than Maxima */
    int ngame_defaults;
} ConfigPart;

/* Adds part after the parts registered before it (the [run] section is always first);
 * registering a part again does nothing. A broken part (too many sections or keys, no room
 * left in a Config) stops the program. Call at start-up, before any config exists. */
void config_register(const ConfigPart *part);

/* The struct of section i of part in cfg; part must be registered (else the program stops). */
const void *config_fields(const Config *cfg, const ConfigPart *part, int i);
void *config_fields_edit(Config *cfg, const ConfigPart *part, int i);

/* Whether section i of part (a sparse section) was given, by the file (its header suffices)
 * or by --set. */
bool config_given(const Config *cfg, const ConfigPart *part, int i);

/* Reports an error of the check at the place where [section] key was set (key NULL, or a key
 * set nowhere: where the section was named, else the file) and returns false. */
bool config_check_fail(ConfigCheck *ck, const char *section, const char *key, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));

/* The row macros are kept as written: clang-format takes "{#S" for a preprocessor line. */
// clang-format off
/* Offset and size of member m of struct S; _Generic refuses to compile unless m has type T
 * (arrays as pointers), so a row cannot disagree with its field's type. */
#define CK_FIELD(S, m, T) _Generic(((S *)0)->m, T: offsetof(S, m)), sizeof(((S *)0)->m)

/* Row macros, one per field type: int = long, u64 = unsigned long long, real = double, bool,
 * string and enum = char array (strings must be non-empty; enums one of allowed, "a|b|c"). */
#define KEY_INT(S, m, lo, hi, def, doc)                                                           \
    {#m, CFG_INT, CK_FIELD(S, m, long), lo, hi, def, NULL, false, NULL, doc, false, false}
#define KEY_U64(S, m, lo, hi, def, doc)                                                           \
    {#m, CFG_U64, CK_FIELD(S, m, unsigned long long), lo, hi, def, NULL, false, NULL, doc,        \
     false, false}
#define KEY_REAL(S, m, lo, hi, def, doc)                                                          \
    {#m, CFG_REAL, CK_FIELD(S, m, double), lo, hi, def, NULL, false, NULL, doc, false, false}
#define KEY_BOOL(S, m, def, doc)                                                                  \
    {#m, CFG_BOOL, CK_FIELD(S, m, bool), NULL, NULL, def, NULL, false, NULL, doc, false, false}
/* An optional bool written only when not at its default. */
#define KEY_BOOL_SPARSE(S, m, def, doc)                                                           \
    {#m, CFG_BOOL, CK_FIELD(S, m, bool), NULL, NULL, def, NULL, false, NULL, doc, true, false}
#define KEY_STR(S, m, def, required, check, doc)                                                  \
    {#m, CFG_STRING, CK_FIELD(S, m, char *), "1", NULL, def, NULL, required, check, doc, false,   \
     false}
/* A string that may be empty. */
#define KEY_STR_EMPTY(S, m, def, doc)                                                             \
    {#m, CFG_STRING, CK_FIELD(S, m, char *), "0", NULL, def, NULL, OPTIONAL, NULL, doc, false,    \
     false}
/* A string that may be empty, with an extra check. */
#define KEY_STR_EMPTY_CHECK(S, m, def, check, doc)                                                \
    {#m, CFG_STRING, CK_FIELD(S, m, char *), "0", NULL, def, NULL, OPTIONAL, check, doc, false,   \
     false}
/* A string that may be empty, with an extra check, written only when not at its default. */
#define KEY_STR_SPARSE(S, m, def, check, doc)                                                     \
    {#m, CFG_STRING, CK_FIELD(S, m, char *), "0", NULL, def, NULL, OPTIONAL, check, doc, true,    \
     false}
#define KEY_ENUM(S, m, allowed, def, required, doc)                                               \
    {#m, CFG_ENUM, CK_FIELD(S, m, char *), NULL, NULL, def, allowed, required, NULL, doc, false,  \
     false}
/* An integer written only when not at its default. */
#define KEY_INT_SPARSE(S, m, lo, hi, def, doc)                                                    \
    {#m, CFG_INT, CK_FIELD(S, m, long), lo, hi, def, NULL, false, NULL, doc, true, false}
/* A real written only when not at its default. */
#define KEY_REAL_SPARSE(S, m, lo, hi, def, doc)                                                   \
    {#m, CFG_REAL, CK_FIELD(S, m, double), lo, hi, def, NULL, false, NULL, doc, true, false}
/* An optional enum written only when not at its default. */
#define KEY_ENUM_SPARSE(S, m, allowed, def, doc)                                                  \
    {#m, CFG_ENUM, CK_FIELD(S, m, char *), NULL, NULL, def, allowed, OPTIONAL, NULL, doc, true,   \
     false}
/* Rows of keys that do not change results (ConfigKey.not_result), as KEY_INT, KEY_STR and
 * KEY_ENUM_SPARSE. */
#define KEY_INT_NOT_RESULT(S, m, lo, hi, def, doc)                                                \
    {#m, CFG_INT, CK_FIELD(S, m, long), lo, hi, def, NULL, false, NULL, doc, false, true}
#define KEY_STR_NOT_RESULT(S, m, def, required, check, doc)                                       \
    {#m, CFG_STRING, CK_FIELD(S, m, char *), "1", NULL, def, NULL, required, check, doc, false,   \
     true}
#define KEY_ENUM_SPARSE_NOT_RESULT(S, m, allowed, def, doc)                                       \
    {#m, CFG_ENUM, CK_FIELD(S, m, char *), NULL, NULL, def, allowed, OPTIONAL, NULL, doc, true,   \
     true}
// clang-format on

#define REQUIRED true
#define OPTIONAL false

/* The number of rows of a table. */
#define CONFIG_COUNT(a) ((int)(sizeof(a) / sizeof((a)[0])))

#endif
