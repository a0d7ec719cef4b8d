/* config.c: the generic config machinery over the registered parts (config_schema.h):
 * defaults, INI parsing (libinih), validation, --set overrides, path resolution, writing the
 * effective config and the key documentation; and the [run] section, the one part it owns.
 *
 * Line numbers: Debian's libinih handler gets no line number, so the file is fed to
 * ini_parse_stream() through loader_read(), which reads one whole line per call and counts it;
 * when the handler runs, the counter is its line. loader_read() also strips comments (';' or '#'
 * at the start or after whitespace) and leading whitespace itself, so the result does not depend
 * on how libinih was built (inline comments, multi-line continuation, line buffer size). */
#include "config.h"
#include "config_schema.h"
#include "config_value.h"
#include "escape.h"

#include <ctype.h>
#include <errno.h>
#include <ini.h>
#include <omp.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static const char *const TYPE_NAMES[] = {"integer", "integer", "real", "bool", "string", "enum"};

/* [run] name: it names a folder, so A-Z a-z 0-9 . _ - only and no leading dot. */
static bool check_filename(const char *v, char *msg, size_t len)
{
    static const char OK[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789._-";
    size_t good = strspn(v, OK);
    if (v[good]) {
        unsigned char c = (unsigned char)v[good];
        if (isprint(c))
            snprintf(msg, len, "character '%c' is not allowed (use A-Z a-z 0-9 . _ -)", c);
        else
            snprintf(msg, len, "byte 0x%02x is not allowed (use A-Z a-z 0-9 . _ -)", c);
        return false;
    }
    if (v[0] == '.') {
        snprintf(msg, len, "must not start with '.'");
        return false;
    }
    return true;
}

/* [run]: the rows of the one section this module owns; its fields are Config's own. */
static const ConfigKey RUN_KEYS[] = {
    KEY_ENUM(Config, job, NULL /* the jobs layer's table: config_set_jobs */, NULL, REQUIRED,
             "which job to run (the jobs are listed at the end)"),
    KEY_ENUM_SPARSE(Config, variant, "maxima|ultima|martian|martian4", "maxima",
                    "the game: maxima (docs/rules/maxima.md), ultima (docs/rules/ultima.md), "
                    "martian (two-player Martian Chess, docs/rules/martian.md) or martian4 (its "
                    "four-player team game, part II of martian.md)"),
    KEY_STR(Config, name, NULL, REQUIRED, check_filename,
            "results folder name: A-Z a-z 0-9 . _ - only, not starting with '.'"),
    KEY_U64(Config, seed, "0", "18446744073709551615", "1",
            "random seed; a run is reproducible from it"),
    KEY_INT_NOT_RESULT(Config, threads, "0", "1024", "0", "worker threads, 0 = OpenMP default"),
    KEY_ENUM_SPARSE(Config, affinity, "auto|on|off", "auto",
                    "pin each playing thread and the engine processes it starts to one CPU; auto:"
                    " with external engines, one process, threads <= CPUs, no OMP_PROC_BIND"),
    KEY_ENUM_SPARSE_NOT_RESULT(Config, engine_log, "failures|all", "failures",
                               "engines.log keeps the protocol traffic of the games an external "
                               "engine spoiled (failures) or of every game (all)"),
    KEY_STR_NOT_RESULT(Config, results_dir, "results", OPTIONAL, NULL,
                       "folder that holds the results folders of all runs"),
};

static const ConfigSection RUN_SECTIONS[] = {
    {"run", NULL, "what to run: the job, its name and seed", NULL, false},
};

/* The [run] part: always the first, its struct at offset 0 of Config. */
static const ConfigPart RUN_PART = {
    .group = "Config",
    .size = sizeof(Config),
    .sections = RUN_SECTIONS,
    .nsections = CONFIG_COUNT(RUN_SECTIONS),
    .keys = RUN_KEYS,
    .nkeys = CONFIG_COUNT(RUN_KEYS),
};

/* Limits of the registry: sections of all parts (one bit each in Config.given), parts, keys of
 * one part. */
enum { MAX_SECTIONS = 64, MAX_PARTS = 16, MAX_KEYS = 32 };

/* One registered section: its row, its part and where its struct lies in a Config. */
typedef struct Section {
    const ConfigSection *sec;
    const ConfigPart *part;
    size_t offset; /* of the section's struct in Config */
    int index;     /* the section's number within its part */
} Section;

/* The registry, filled at start-up (config_register) and read-only afterwards. */
static Section sections[MAX_SECTIONS];
static int nsections;
static const ConfigPart *parts[MAX_PARTS];
static size_t part_offset[MAX_PARTS];
static int nparts;
static size_t arena_used;

/* Adds part to the registry at offset; a broken part stops the program. */
static void registry_add(const ConfigPart *part, size_t offset)
{
    if (nparts == MAX_PARTS || nsections + part->nsections > MAX_SECTIONS || part->nkeys > MAX_KEYS)
        config_table_error(part->sections[0].name, NULL, "too many parts, sections or keys");
    parts[nparts] = part;
    part_offset[nparts++] = offset;
    for (int i = 0; i < part->nsections; i++)
        sections[nsections++] = (Section){&part->sections[i], part, offset + (size_t)i * part->size,
                                          i};
}

/* Registers the [run] part first, once. */
static void registry_open(void)
{
    if (!nparts)
        registry_add(&RUN_PART, 0);
}

void config_register(const ConfigPart *part)
{
    registry_open();
    for (int p = 0; p < nparts; p++)
        if (parts[p] == part)
            return;
    size_t align = _Alignof(max_align_t);
    size_t size = (part->size * (size_t)part->nsections + align - 1) / align * align;
    if (arena_used + size > CONFIG_ARENA_SIZE)
        config_table_error(part->sections[0].name, NULL, "no room left in a Config");
    registry_add(part, offsetof(Config, parts) + arena_used);
    arena_used += size;
}

/* The offset of part's first struct in Config; an unregistered part stops the program. */
static size_t part_at(const ConfigPart *part, int i)
{
    for (int p = 0; p < nparts; p++)
        if (parts[p] == part && i >= 0 && i < part->nsections)
            return part_offset[p] + (size_t)i * part->size;
    config_table_error(part->sections[0].name, NULL, "part not registered (config_register)");
    return 0;
}

const void *config_fields(const Config *cfg, const ConfigPart *part, int i)
{
    return (const char *)cfg + part_at(part, i);
}

void *config_fields_edit(Config *cfg, const ConfigPart *part, int i)
{
    return (char *)cfg + part_at(part, i);
}

/* The registered number of section i of part, or -1. */
static int section_number(const ConfigPart *part, int i)
{
    for (int s = 0; s < nsections; s++)
        if (sections[s].part == part && sections[s].index == i)
            return s;
    return -1;
}

bool config_given(const Config *cfg, const ConfigPart *part, int i)
{
    int s = section_number(part, i);
    return s >= 0 && (cfg->given >> s & 1);
}

/* Where a key's value came from: a file line, an override, or neither (default). */
typedef struct Origin {
    int line; /* file line, 0 = not from the file */
    int set;  /* 1 + index of the override, 0 = not overridden */
} Origin;

/* State of one config_load (or config_set): the file being read and where each key was set;
 * a part's check sees it as a ConfigCheck. */
typedef struct ConfigCheck {
    Config *cfg;
    const char *path;       /* file name for messages */
    const char *fallback;   /* prefix of messages that point at no line */
    char *const *overrides; /* the --set assignments, for messages */
    FILE *file;
    char *buf; /* getline buffer */
    size_t cap;
    int lineno;             /* lines read so far: the current line while the handler runs */
    const char *long_value; /* value of the current line if libinih got a shortened copy */
    bool failed;            /* an error is in err; stop reading */
    int fail_line;
    char *err;
    size_t errlen;
    Origin origin[MAX_SECTIONS][MAX_KEYS]; /* by section number and key number in its part */
    Origin header[MAX_SECTIONS]; /* where each section was first named: its header line, or an
                                  * override of one of its keys */
} Loader;

/* Writes a formatted message into err (if there is room for one). */
static void set_error(char *err, size_t errlen, const char *fmt, ...)
{
    if (!err || errlen == 0)
        return;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(err, errlen, fmt, ap);
    va_end(ap);
}

/* The section called name, or NULL. */
static const Section *section_find(const char *name)
{
    for (int i = 0; i < nsections; i++)
        if (strcmp(sections[i].sec->name, name) == 0)
            return &sections[i];
    return NULL;
}

/* The key called name in part, or NULL. */
static const ConfigKey *key_find(const ConfigPart *part, const char *name)
{
    for (int i = 0; i < part->nkeys; i++)
        if (strcmp(part->keys[i].key, name) == 0)
            return &part->keys[i];
    return NULL;
}

/* Address of key's field in the struct of section s within cfg. */
static void *field_at(Config *cfg, const Section *s, const ConfigKey *key)
{
    return (char *)cfg + s->offset + key->offset;
}

/* Read-only address of key's field in the struct of section s within cfg. */
static const void *field_get(const Config *cfg, const Section *s, const ConfigKey *key)
{
    return (const char *)cfg + s->offset + key->offset;
}

/* The value of key in section s of cfg as text. */
static void value_format(const Config *cfg, const Section *s, const ConfigKey *key, char *buf,
                         size_t len)
{
    config_value_format(field_get(cfg, s, key), key, buf, len);
}

/* Cuts a comment: ';' or '#' at the start of the line or after whitespace. */
static void strip_comment(char *s)
{
    for (char *p = s; *p; p++) {
        if ((*p == ';' || *p == '#') && (p == s || isspace((unsigned char)p[-1]))) {
            *p = '\0';
            return;
        }
    }
}

/* True when value is one of the words "a|b|c". */
static bool word_in(const char *value, const char *words)
{
    size_t n = strlen(value);
    for (const char *w = words; *w;) {
        size_t m = strcspn(w, "|");
        if (m == n && strncmp(w, value, n) == 0)
            return true;
        w += m + (w[m] == '|');
    }
    return false;
}

/* Applies a section's "key=value;key=value" default overrides; broken ones stop the program. */
static void section_defaults(Config *cfg, const Section *s)
{
    char list[256], msg[256], *save = NULL;
    const char *name = s->sec->name;
    if (!s->sec->defaults)
        return;
    if (strlen(s->sec->defaults) >= sizeof list)
        config_table_error(name, NULL, "defaults too long");
    strcpy(list, s->sec->defaults);
    for (char *item = strtok_r(list, ";", &save); item; item = strtok_r(NULL, ";", &save)) {
        char *eq = strchr(item, '=');
        if (!eq)
            config_table_error(name, NULL, "default override without '='");
        *eq = '\0';
        const ConfigKey *key = key_find(s->part, config_trim(item));
        if (!key)
            config_table_error(name, NULL, "default override of an unknown key");
        if (!config_value_assign(field_at(cfg, s, key), name, key, config_trim(eq + 1), msg,
                                 sizeof msg))
            config_table_error(name, key, msg);
    }
}

void config_finish(Config *cfg)
{
    for (int s = 0; s < nsections; s++)
        if (sections[s].part->finish)
            sections[s].part->finish((char *)cfg + sections[s].offset);
}

/* Fills every key with its default (required keys empty); zeroes everything else. */
void config_defaults(Config *cfg)
{
    char msg[256];
    registry_open();
    memset(cfg, 0, sizeof *cfg);
    for (int s = 0; s < nsections; s++) {
        const Section *sec = &sections[s];
        for (int k = 0; k < sec->part->nkeys; k++) {
            const ConfigKey *key = &sec->part->keys[k];
            if (!key->def != key->required)
                config_table_error(sec->sec->name, key,
                                   "exactly the required keys must lack a default");
            if (key->def && !config_value_assign(field_at(cfg, sec, key), sec->sec->name, key,
                                                 key->def, msg, sizeof msg))
                config_table_error(sec->sec->name, key, msg);
        }
        section_defaults(cfg, sec);
    }
    config_finish(cfg);
}

/* Records the first error of a load, prefixed "file:line: ", and stops reading. */
static int loader_fail(Loader *ld, const char *fmt, ...)
{
    char msg[768];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    if (!ld->failed) {
        set_error(ld->err, ld->errlen, "%s:%d: %s", ld->path, ld->lineno, msg);
        ld->failed = true;
        ld->fail_line = ld->lineno;
    }
    return 0;
}

/* Writes the names of the sections (other than skip) that have key name, as "[a] or [b]". */
static void sections_with_key(const char *name, const Section *skip, char *buf, size_t len)
{
    size_t used = 0;
    buf[0] = '\0';
    for (int s = 0; s < nsections; s++) {
        if (&sections[s] == skip || sections[s].sec->sparse || !key_find(sections[s].part, name))
            continue;
        int n = snprintf(buf + used, len - used, "%s[%s]", used ? " or " : "",
                         sections[s].sec->name);
        if (n < 0 || (size_t)n >= len - used)
            return;
        used += (size_t)n;
    }
}

/* Writes the unknown-key message for name in section sec, with a hint where the key belongs. */
static void unknown_key(const Section *sec, const char *name, char *msg, size_t len)
{
    char where[128];
    sections_with_key(name, sec, where, sizeof where);
    if (where[0])
        snprintf(msg, len, "unknown key '%s' in [%s] (it belongs in %s)", name, sec->sec->name,
                 where);
    else
        snprintf(msg, len, "unknown key '%s' in [%s]", name, sec->sec->name);
}

/* Writes the unknown-section message for name, listing the known sections (a run of sparse
 * sections as "[first]..[last]" after the section before it). */
static void unknown_section(const char *name, char *msg, size_t len)
{
    size_t used = (size_t)snprintf(msg, len, "unknown section [%s] (known:", name);
    for (int s = 0; s < nsections && used < len; s++) {
        if (sections[s].sec->sparse)
            continue;
        int last = s + 1;
        while (last < nsections && sections[last].sec->sparse)
            last++;
        char run[80] = "";
        if (last > s + 1)
            snprintf(run, sizeof run, " [%s]..[%s]", sections[s + 1].sec->name,
                     sections[last - 1].sec->name);
        used += (size_t)snprintf(msg + used, len - used, " [%s]%s", sections[s].sec->name, run);
    }
    if (used < len)
        snprintf(msg + used, len - used, ")");
}

/* Notes that section sec was named (by a header on line `line`, or by override number `set`):
 * the first place is kept, and a sparse section becomes given. */
static void loader_name_section(Loader *ld, const Section *sec, int line, int set)
{
    Origin *o = &ld->header[sec - sections];
    if (!o->line && !o->set)
        *o = (Origin){line, set};
    if (sec->sec->sparse)
        ld->cfg->given |= 1ull << (sec - sections);
}

/* Checks a "[section]" line of the file (already stripped): known name, nothing after ']'. */
static bool loader_section_line(Loader *ld, char *s)
{
    char msg[512];
    char *close = strchr(s, ']');
    if (!close) {
        loader_fail(ld, "section header without ']': %s", s);
        return false;
    }
    if (close[1]) {
        loader_fail(ld, "unexpected text after the section header: %s", close + 1);
        return false;
    }
    *close = '\0';
    const Section *sec = section_find(s + 1);
    if (!sec) {
        unknown_section(s + 1, msg, sizeof msg);
        loader_fail(ld, "%s", msg);
        return false;
    }
    *close = ']';
    loader_name_section(ld, sec, ld->lineno, 0);
    return true;
}

/* The ini_reader: hands libinih one whole line per call, counted, with its comment and leading
 * whitespace removed; checks section headers and the line syntax so the first error wins. */
static char *loader_read(char *str, int num, void *stream)
{
    Loader *ld = stream;
    if (ld->failed || num < 3)
        return NULL;
    errno = 0;
    ssize_t n = getline(&ld->buf, &ld->cap, ld->file);
    if (n < 0) {
        if (ferror(ld->file) && !ld->failed) {
            set_error(ld->err, ld->errlen, "%s: read error: %s", ld->path, strerror(errno));
            ld->failed = true;
            ld->fail_line = ld->lineno + 1;
        }
        return NULL;
    }
    ld->lineno++;
    ld->long_value = NULL;
    char *s = ld->buf;
    if ((size_t)n != strlen(s)) {
        loader_fail(ld, "line contains a NUL byte");
        return NULL;
    }
    if (ld->lineno == 1 && strncmp(s, "\xEF\xBB\xBF", 3) == 0)
        s += 3; /* UTF-8 byte order mark */
    strip_comment(s);
    s = config_trim(s);
    if (*s == '[' && !loader_section_line(ld, s))
        return NULL;
    char *sep = strpbrk(s, "=:");
    if (*s && *s != '[' && !sep) {
        loader_fail(ld, "not an INI line (expected [section] or key = value): %.60s", s);
        return NULL;
    }
    size_t len = strlen(s);
    if (len + 1 < (size_t)num) {
        memcpy(str, s, len + 1);
        return str;
    }
    /* Too long for libinih's line buffer: hand it "key=" and keep the value here. */
    if (*s != '[' && (size_t)(sep - s) + 2 < (size_t)num) {
        size_t klen = (size_t)(sep - s);
        memcpy(str, s, klen);
        str[klen] = '=';
        str[klen + 1] = '\0';
        ld->long_value = config_trim(sep + 1);
        return str;
    }
    loader_fail(ld, "line is too long (%zu characters)", len);
    return NULL;
}

/* The ini_handler: stores one key = value of the file, checking section, key and duplicates. */
static int loader_handle(void *user, const char *section, const char *name, const char *value)
{
    Loader *ld = user;
    char msg[768];
    if (ld->long_value)
        value = ld->long_value;
    if (!*section)
        return loader_fail(ld, "key '%s' comes before any [section]", name);
    const Section *sec = section_find(section);
    if (!sec) {
        unknown_section(section, msg, sizeof msg);
        return loader_fail(ld, "%s", msg);
    }
    const ConfigKey *key = key_find(sec->part, name);
    if (!key) {
        unknown_key(sec, name, msg, sizeof msg);
        return loader_fail(ld, "%s", msg);
    }
    Origin *o = &ld->origin[sec - sections][key - sec->part->keys];
    if (o->line)
        return loader_fail(ld, "duplicate key [%s] %s (first set on line %d)", sec->sec->name, name,
                           o->line);
    if (!config_value_assign(field_at(ld->cfg, sec, key), sec->sec->name, key, value, msg,
                             sizeof msg))
        return loader_fail(ld, "%s", msg);
    o->line = ld->lineno;
    return 1;
}

/* Applies one "section.key=value" assignment; records it as override number index (1-based). */
static bool loader_set(Loader *ld, const char *assignment, int index)
{
    char msg[768], lhs[128];
    const char *eq = strchr(assignment, '=');
    const char *dot = strchr(assignment, '.');
    if (!eq || !dot || dot > eq || (size_t)(eq - assignment) >= sizeof lhs) {
        set_error(ld->err, ld->errlen, "--set %s: expected section.key=value", assignment);
        return false;
    }
    memcpy(lhs, assignment, (size_t)(eq - assignment));
    lhs[eq - assignment] = '\0';
    lhs[dot - assignment] = '\0';
    char *sname = config_trim(lhs), *kname = config_trim(lhs + (dot - assignment) + 1);
    const Section *sec = section_find(sname);
    const ConfigKey *key = sec ? key_find(sec->part, kname) : NULL;
    if (!sec)
        unknown_section(sname, msg, sizeof msg);
    else if (!key)
        unknown_key(sec, kname, msg, sizeof msg);
    if (!key) {
        set_error(ld->err, ld->errlen, "--set %s: %s", assignment, msg);
        return false;
    }
    char *copy = strdup(eq + 1);
    if (!copy) {
        set_error(ld->err, ld->errlen, "--set %s: out of memory", assignment);
        return false;
    }
    bool ok = config_value_assign(field_at(ld->cfg, sec, key), sec->sec->name, key,
                                  config_trim(copy), msg, sizeof msg);
    free(copy);
    if (!ok) {
        set_error(ld->err, ld->errlen, "--set %s: %s", assignment, msg);
        return false;
    }
    ld->origin[sec - sections][key - sec->part->keys].set = index;
    loader_name_section(ld, sec, 0, index);
    return true;
}

/* Writes the message prefix for a rule on section sec: the latest place one of keys was set. */
static void rule_where(const Loader *ld, const Section *sec, const ConfigRule *rule, char *buf,
                       size_t len)
{
    Origin best = {0, 0};
    for (int i = 0; i < CONFIG_COUNT(rule->keys) && rule->keys[i]; i++) {
        const ConfigKey *key = key_find(sec->part, rule->keys[i]);
        if (!key)
            config_table_error(sec->sec->name, NULL, "rule names an unknown key");
        Origin o = ld->origin[sec - sections][key - sec->part->keys];
        if (o.set > best.set || (best.set == 0 && o.line > best.line))
            best = o;
    }
    if (best.set)
        snprintf(buf, len, "--set %s", ld->overrides[best.set - 1]);
    else if (best.line)
        snprintf(buf, len, "%s:%d", ld->path, best.line);
    else
        snprintf(buf, len, "%s", ld->fallback);
}

/* Checks the rules of every part on each of its sections (or only on section only, if not
 * NULL), parts and rules in order. */
static bool loader_rules(Loader *ld, const Section *only)
{
    char msg[512], where[768];
    for (int p = 0; p < nparts; p++) {
        for (int r = 0; r < parts[p]->nrules; r++) {
            const ConfigRule *rule = &parts[p]->rules[r];
            for (int s = 0; s < nsections; s++) {
                const Section *sec = &sections[s];
                if (sec->part != parts[p] || (only && only != sec))
                    continue;
                if (rule->check((const char *)ld->cfg + sec->offset, msg, sizeof msg))
                    continue;
                rule_where(ld, sec, rule, where, sizeof where);
                set_error(ld->err, ld->errlen, "%s: [%s] %s", where, sec->sec->name, msg);
                return false;
            }
        }
    }
    return true;
}

/* Records an error of the load at o ("file:line: ", "--set ...: " or the file alone) and
 * returns false. */
static bool loader_fail_at(Loader *ld, Origin o, const char *msg)
{
    if (o.set)
        set_error(ld->err, ld->errlen, "--set %s: %s", ld->overrides[o.set - 1], msg);
    else if (o.line)
        set_error(ld->err, ld->errlen, "%s:%d: %s", ld->path, o.line, msg);
    else
        set_error(ld->err, ld->errlen, "%s: %s", ld->fallback, msg);
    return false;
}

bool config_check_fail(ConfigCheck *ck, const char *section, const char *key, const char *fmt, ...)
{
    char msg[512];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    const Section *sec = section_find(section);
    if (!sec)
        config_table_error(section, NULL, "a check names an unknown section");
    Origin o = ck->header[sec - sections];
    const ConfigKey *k = key ? key_find(sec->part, key) : NULL;
    if (key && !k)
        config_table_error(section, NULL, "a check names an unknown key");
    if (k) {
        Origin at = ck->origin[sec - sections][k - sec->part->keys];
        if (at.line || at.set)
            o = at;
    }
    return loader_fail_at(ck, o, msg);
}

/* Sections given for a job they are not for, then each part's check across sections. */
static bool loader_checks(Loader *ld)
{
    char msg[512];
    for (int s = 0; s < nsections; s++) {
        const ConfigSection *sec = sections[s].sec;
        Origin o = ld->header[s];
        if (sec->jobs && (o.line || o.set) && !word_in(ld->cfg->job, sec->jobs)) {
            snprintf(msg, sizeof msg, "[%s] is for job = %s only, not %s", sec->name, sec->jobs,
                     ld->cfg->job);
            return loader_fail_at(ld, o, msg);
        }
    }
    for (int p = 0; p < nparts; p++)
        if (parts[p]->check && !parts[p]->check(ld->cfg, ld))
            return false;
    return true;
}

/* Gives each key that the file and --set left at its default the default of the run's game
 * (ConfigPart.game_defaults); a broken row stops the program. */
static void loader_game_defaults(Loader *ld)
{
    char msg[256];
    for (int s = 0; s < nsections; s++) {
        const Section *sec = &sections[s];
        for (int d = 0; d < sec->part->ngame_defaults; d++) {
            const ConfigGameDefault *g = &sec->part->game_defaults[d];
            const ConfigKey *key = key_find(sec->part, g->key);
            if (!key || !word_in(g->game, key_find(&RUN_PART, "variant")->allowed))
                config_table_error(sec->sec->name, key, "a game default of an unknown key or game");
            const Origin *o = &ld->origin[s][key - sec->part->keys];
            if (strcmp(g->game, ld->cfg->variant) != 0 || o->line || o->set)
                continue;
            if (!config_value_assign(field_at(ld->cfg, sec, key), sec->sec->name, key, g->value,
                                     msg, sizeof msg))
                config_table_error(sec->sec->name, key, msg);
        }
    }
}

/* The first required key set nowhere; false with the message in err. */
static bool loader_required(Loader *ld)
{
    for (int s = 0; s < nsections; s++) {
        const ConfigPart *part = sections[s].part;
        for (int k = 0; k < part->nkeys; k++) {
            const Origin *o = &ld->origin[s][k];
            if (part->keys[k].required && !o->line && !o->set) {
                set_error(ld->err, ld->errlen, "%s: missing required key [%s] %s", ld->fallback,
                          sections[s].sec->name, part->keys[k].key);
                return false;
            }
        }
    }
    return true;
}

/* Resolves the file keys of cfg (see ConfigPathKey) for a config read from config_path: a
 * relative path not found from the current folder but found from the config's folder is
 * rewritten to that (a path found nowhere is left as written, for the job's error to name). */
static void resolve_paths(Config *cfg, const char *config_path)
{
    const char *slash = strrchr(config_path, '/');
    if (!slash)
        return; /* the config's folder is the current one */
    int dirlen = (int)(slash - config_path);
    for (int s = 0; s < nsections; s++) {
        const ConfigPart *part = sections[s].part;
        for (int p = 0; p < part->npaths; p++) {
            const ConfigKey *key = key_find(part, part->paths[p].key);
            if (!key)
                config_table_error(sections[s].sec->name, NULL,
                                   "a path key that is not in the schema");
            char *value = field_at(cfg, &sections[s], key);
            if (!value[0] || value[0] == '/' || word_in(value, part->paths[p].words) ||
                access(value, F_OK) == 0)
                continue;
            char there[1024];
            int n = snprintf(there, sizeof there, "%.*s/%s", dirlen, config_path, value);
            if (n > 0 && (size_t)n < key->size && access(there, F_OK) == 0)
                memcpy(value, there, (size_t)n + 1);
        }
    }
}

/* Reads the file of ld into its config; false with the message in err. */
static bool loader_file(Loader *ld, const char *path)
{
    Config *cfg = ld->cfg;
    if (strlen(path) >= sizeof cfg->source) {
        set_error(ld->err, ld->errlen, "%s: path too long", path);
        return false;
    }
    strcpy(cfg->source, path);
    ld->file = fopen(path, "r");
    if (!ld->file) {
        set_error(ld->err, ld->errlen, "%s: cannot open: %s", path, strerror(errno));
        return false;
    }
    int rc = ini_parse_stream(loader_read, ld, loader_handle, ld);
    fclose(ld->file);
    free(ld->buf);
    if (rc > 0 && (!ld->failed || rc < ld->fail_line))
        set_error(ld->err, ld->errlen, "%s:%d: not an INI line", path, rc);
    else if (rc < 0 && !ld->failed)
        set_error(ld->err, ld->errlen, "%s: libinih failed (%d)", path, rc);
    return rc == 0 && !ld->failed;
}

/* Loads path and the overrides into cfg; see config.h. */
bool config_load(Config *cfg, const char *path, char *const *overrides, int noverrides, char *err,
                 size_t errlen)
{
    config_defaults(cfg);
    Loader *ld = calloc(1, sizeof *ld);
    if (!ld) {
        set_error(err, errlen, "%s: out of memory", path ? path : "config");
        return false;
    }
    *ld = (Loader){.cfg = cfg,
                   .path = path ? path : "config",
                   .fallback = path ? path : "config",
                   .overrides = overrides,
                   .err = err,
                   .errlen = errlen};
    bool ok = !path || loader_file(ld, path);
    for (int i = 0; ok && i < noverrides; i++)
        ok = loader_set(ld, overrides[i], i + 1);
    if (ok)
        loader_game_defaults(ld);
    ok = ok && loader_required(ld) && loader_rules(ld, NULL) && loader_checks(ld);
    if (ok && path)
        resolve_paths(cfg, path);
    if (ok)
        config_finish(cfg);
    free(ld);
    if (!ok && err)
        escape_in_place(err, errlen); /* messages quote the file's text */
    return ok;
}

/* Applies one override to a loaded config and rechecks its section's rules; see config.h. */
bool config_set(Config *cfg, const char *assignment, char *err, size_t errlen)
{
    Config *tmp = malloc(sizeof *tmp);
    Loader *ld = calloc(1, sizeof *ld);
    char prefix[640];
    bool ok = false;
    if (!tmp || !ld) {
        set_error(err, errlen, "--set %s: out of memory", assignment);
        goto done;
    }
    memcpy(tmp, cfg, sizeof *tmp);
    snprintf(prefix, sizeof prefix, "--set %s", assignment);
    char *const one[1] = {(char *)assignment};
    *ld = (Loader){.cfg = tmp,
                   .path = prefix,
                   .fallback = prefix,
                   .overrides = one,
                   .err = err,
                   .errlen = errlen};
    if (!loader_set(ld, assignment, 1))
        goto done;
    /* loader_set succeeded, so the assignment names a known section */
    char sname[128];
    size_t n = strcspn(assignment, ".");
    snprintf(sname, sizeof sname, "%.*s", (int)n, assignment);
    if (!loader_rules(ld, section_find(config_trim(sname))))
        goto done;
    config_finish(tmp);
    memcpy(cfg, tmp, sizeof *cfg);
    ok = true;
done:
    free(tmp);
    free(ld);
    if (!ok && err)
        escape_in_place(err, errlen);
    return ok;
}

/* Writes the effective config as INI, every key with its doc as a comment; see config.h. */
bool config_write(const Config *cfg, FILE *out)
{
    char value[600];
    fprintf(out, "; maxtune configuration: every key, defaults filled in\n"
                 "; `maxtune config --doc` describes each key\n");
    for (int s = 0; s < nsections; s++) {
        const Section *sec = &sections[s];
        if ((sec->sec->jobs && !word_in(cfg->job, sec->sec->jobs)) ||
            (sec->sec->sparse && !(cfg->given >> s & 1)))
            continue;
        fprintf(out, "\n[%s]\n", sec->sec->name);
        for (int k = 0; k < sec->part->nkeys; k++) {
            const ConfigKey *key = &sec->part->keys[k];
            value_format(cfg, sec, key, value, sizeof value);
            if (key->sparse && !strcmp(value, key->def))
                continue;
            fprintf(out, "; %s\n%s = %s\n", key->doc, key->key, value);
        }
    }
    return fflush(out) == 0 && !ferror(out);
}

/* Writes the default of key for every section of first's part: "A" or "A ([engine_a]), ...". */
static void doc_default(const Config *defaults, const Section *first, const ConfigKey *key,
                        char *buf, size_t len)
{
    char v0[300], v[300];
    bool same = true;
    const Section *end = sections + nsections;
    if (key->required) {
        snprintf(buf, len, "required");
        return;
    }
    value_format(defaults, first, key, v0, sizeof v0);
    for (const Section *sec = first; sec < end; sec++) {
        if (sec->part != first->part)
            continue;
        value_format(defaults, sec, key, v, sizeof v);
        same = same && strcmp(v, v0) == 0;
    }
    if (same) {
        snprintf(buf, len, "default %s", v0[0] ? v0 : "\"\"");
        return;
    }
    size_t used = (size_t)snprintf(buf, len, "default");
    for (const Section *sec = first; sec < end && used < len; sec++) {
        if (sec->part != first->part)
            continue;
        value_format(defaults, sec, key, v, sizeof v);
        used += (size_t)snprintf(buf + used, len - used, "%s %s in [%s]", sec == first ? "" : ",",
                                 v, sec->sec->name);
    }
}

/* Prints every key with type, range, default and doc, grouped by part; see config.h. */
/* Writes text for a man page: '\' as \e, '-' as \-, and a line's leading '.' or '\'' behind \&
 * (roff would read them as requests). */
static void man_text(FILE *out, const char *s)
{
    if (*s == '.' || *s == '\'')
        fputs("\\&", out);
    for (; *s; s++) {
        if (*s == '\\')
            fputs("\\e", out);
        else if (*s == '-')
            fputs("\\-", out);
        else
            fputc(*s, out);
    }
}

/* Prints one key: plain text (two lines, aligned) or a man page's tagged paragraph. */
static void doc_key(FILE *out, bool man, const ConfigKey *key, const char *range, const char *def)
{
    if (!man) {
        fprintf(out, "  %-19s %-7s %-24s %s\n  %19s %s\n", key->key, TYPE_NAMES[key->type], range,
                def, "", key->doc);
        return;
    }
    fputs(".TP\n.B ", out);
    man_text(out, key->key);
    fprintf(out, "\n\\fI%s\\fR ", TYPE_NAMES[key->type]);
    man_text(out, range);
    fputs(", ", out);
    man_text(out, def);
    fputs(".\n.br\n", out);
    man_text(out, key->doc);
    fputc('\n', out);
}

void config_print_doc(FILE *out, bool man)
{
    Config *defaults = malloc(sizeof *defaults);
    char range[128], def[640];
    if (!defaults)
        return;
    config_defaults(defaults);
    if (!man)
        fprintf(out,
                "Configuration keys (INI: [section] then key = value; ';' or '#' comments).\n"
                "Override any key with --set section.key=value.\n"
                "File paths (weights, start_weights, openings, params_file, positions) are read\n"
                "from the current folder when the file is there, else from the config file's\n"
                "folder; results_dir is always relative to the current folder.\n"
                "A bool is true or false; yes/no, on/off and 1/0 are read as the same.\n");
    for (int s = 0; s < nsections; s++) {
        const Section *first = &sections[s];
        if (first->index > 0)
            continue; /* a section sharing its keys with an earlier one was printed with it */
        if (!man)
            fputc('\n', out);
        for (int t = s; t < nsections; t++) {
            if (sections[t].part != first->part)
                continue;
            if (!man) {
                fprintf(out, "[%s]  %s\n", sections[t].sec->name, sections[t].sec->doc);
                continue;
            }
            fprintf(out, "%s [%s]\n", t == s ? ".SS" : ".PP\n.B", sections[t].sec->name);
            man_text(out, sections[t].sec->doc);
            fputc('\n', out);
        }
        for (int k = 0; k < first->part->nkeys; k++) {
            const ConfigKey *key = &first->part->keys[k];
            config_range_text(key, range, sizeof range);
            doc_default(defaults, first, key, def, sizeof def);
            doc_key(out, man, key, range, def);
        }
    }
    free(defaults);
}

bool config_key_not_result(const char *section, const char *key)
{
    const Section *s = section_find(section);
    const ConfigKey *k = s ? key_find(s->part, key) : NULL;
    return k && k->not_result;
}

void config_set_jobs(const char *names) { config_value_set_jobs(names); }

const Variant *config_variant(const Config *cfg)
{
    const Variant *v = variant_find(cfg->variant);
    return v ? v : variant_get(VARIANT_MAXIMA); /* a Config of config_defaults or config_load */
}

int config_threads(const Config *cfg)
{
    return cfg->threads > 0 ? (int)cfg->threads : omp_get_max_threads();
}
