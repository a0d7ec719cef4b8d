/* player_config.c: the players' sections [engine_a] .. [engine_p]: their rows, rule and
 * checks, and the parsing of tc, command and options into typed fields (see player_config.h). */
#include "player_config.h"

#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "search/weights.h"
#include "tune/run/config_schema.h"

/* Engine names go into PGN tag values, which cannot hold '"' or '\'. */
bool player_check_name(const char *v, char *msg, size_t len)
{
    const char *bad = strpbrk(v, "\"\\");
    if (bad) {
        snprintf(msg, len, "character '%c' is not allowed in a player name", *bad);
        return false;
    }
    return true;
}

/* No control byte: the value goes into protocol lines (a line break would start a command). */
bool player_check_protocol_text(const char *v, char *msg, size_t len)
{
    for (const char *c = v; *c; c++)
        if ((unsigned char)*c < 0x20 || *c == 0x7f) {
            snprintf(msg, len, "control byte 0x%02x is not allowed", (unsigned char)*c);
            return false;
        }
    return true;
}

/* [engine_*] command: no control byte, and it splits into words (quotes closed). */
static bool check_command(const char *v, char *msg, size_t len)
{
    char *argv[PLAYER_MAX_ARGS], buf[PLAYER_WORDS_LEN];
    return player_check_protocol_text(v, msg, len) &&
           player_split_command(v, argv, buf, sizeof buf, msg, len) >= 0;
}

/* Reads a number of seconds as milliseconds (up to 3 decimals); false when it is not one. */
static bool tc_seconds(const char *s, const char **end, long *ms)
{
    if (!isdigit((unsigned char)*s) && *s != '.')
        return false;
    char *e;
    errno = 0;
    double v = strtod(s, &e);
    if (e == s || errno || !(v >= 0) || v > 86400.0 * 365)
        return false;
    *ms = lround(v * 1000);
    *end = e;
    return true;
}

bool player_parse_tc(const char *text, TimeControl *tc, char *err, size_t errlen)
{
    memset(tc, 0, sizeof *tc);
    if (!*text)
        return true;
    const char *s = text, *end;
    const char *slash = strchr(s, '/');
    if (slash) {
        char *e;
        tc->moves = strtol(s, &e, 10);
        if (e != slash || tc->moves < 1 || tc->moves > 1000) {
            snprintf(err, errlen, "%s: moves before '/' must be an integer in 1..1000", text);
            return false;
        }
        s = slash + 1;
    }
    if (!tc_seconds(s, &end, &tc->base_ms) || (*end && *end != '+') ||
        (*end == '+' && (!tc_seconds(end + 1, &end, &tc->inc_ms) || *end))) {
        snprintf(err, errlen, "%s: expected [moves/]base[+increment] in seconds, e.g. 2+0.02",
                 text);
        return false;
    }
    if (tc->base_ms < 1) {
        snprintf(err, errlen, "%s: the base time must be at least 1 ms", text);
        return false;
    }
    return true;
}

/* [engine_*] tc: a time control player_parse_tc reads. */
static bool check_tc(const char *v, char *msg, size_t len)
{
    TimeControl tc;
    return player_parse_tc(v, &tc, msg, len);
}

/* Copies n bytes of s into out as one more word; false when it does not fit. */
static bool words_add(PlayerWords *out, size_t *used, const char *s, size_t n)
{
    if (*used + n + 1 > sizeof out->text)
        return false;
    memcpy(out->text + *used, s, n);
    out->text[*used + n] = '\0';
    *used += n + 1;
    out->count++;
    return true;
}

/* The span s[0..*n) without leading and trailing spaces and tabs. */
static const char *span_trim(const char *s, size_t *n)
{
    while (*n && (*s == ' ' || *s == '\t'))
        s++, (*n)--;
    while (*n && (s[*n - 1] == ' ' || s[*n - 1] == '\t'))
        (*n)--;
    return s;
}

bool player_parse_options(const char *text, PlayerWords *out, char *err, size_t errlen)
{
    size_t used = 0;
    memset(out, 0, sizeof *out);
    for (const char *s = text; *s;) {
        size_t n = strcspn(s, ",");
        const char *eq = memchr(s, '=', n);
        size_t blank = strspn(s, " \t");
        if (blank < n && (!eq || eq == s + blank)) {
            snprintf(err, errlen, "option %.*s: expected Name=value", (int)n, s);
            return false;
        }
        if (eq) {
            size_t nl = (size_t)(eq - s), vl = n - nl - 1;
            const char *name = span_trim(s, &nl), *value = span_trim(eq + 1, &vl);
            if (!words_add(out, &used, name, nl) || !words_add(out, &used, value, vl)) {
                snprintf(err, errlen, "options too long");
                return false;
            }
        }
        s += n + (s[n] == ',');
    }
    return true;
}

/* [engine_*] options: "Name=value" items separated by commas, each with a name. */
static bool check_options(const char *v, char *msg, size_t len)
{
    PlayerWords o;
    return player_check_protocol_text(v, msg, len) && player_parse_options(v, &o, msg, len);
}

int player_split_command(const char *command, char **argv, char *buf, size_t buflen, char *err,
                         size_t errlen)
{
    int argc = 0;
    size_t k = 0;
    const char *s = command;
    for (;;) {
        while (*s == ' ' || *s == '\t')
            s++;
        if (!*s)
            break;
        if (argc == PLAYER_MAX_ARGS - 1) {
            snprintf(err, errlen, "more than %d words", PLAYER_MAX_ARGS - 1);
            return -1;
        }
        argv[argc++] = buf + k;
        char quote = 0;
        while (*s && (quote || (*s != ' ' && *s != '\t'))) {
            char c = *s++;
            if (quote == '\'' && c == '\'') {
                quote = 0;
                continue;
            } else if (quote == '"' && c == '"') {
                quote = 0;
                continue;
            } else if (!quote && (c == '\'' || c == '"')) {
                quote = c;
                continue;
            } else if (c == '\\' && quote != '\'' && *s && (!quote || *s == '"' || *s == '\\')) {
                c = *s++;
            }
            if (k + 2 > buflen) {
                snprintf(err, errlen, "command too long");
                return -1;
            }
            buf[k++] = c;
        }
        if (quote) {
            snprintf(err, errlen, "unclosed %c quote", quote);
            return -1;
        }
        buf[k++] = '\0';
    }
    argv[argc] = NULL;
    return argc;
}

/* [engine_*]: a search needs at least one limit. */
static bool rule_search_limit(const void *fields, char *msg, size_t len)
{
    const EngineConfig *e = fields;
    if (e->nodes > 0 || e->depth > 0 || e->movetime_ms > 0 || e->tc[0])
        return true;
    snprintf(msg, len, "no search limit: one of nodes, depth, movetime_ms must be above 0");
    return false;
}

/* The rows of every player section. */
static const ConfigKey PLAYER_KEYS[] = {
    KEY_STR(EngineConfig, name, "A", OPTIONAL, player_check_name, "player name in PGN and results"),
    KEY_STR(
        EngineConfig, weights, "default", OPTIONAL, NULL,
        "weights file, or \"default\" (built-in), \"v1\" (the first evaluation) or \"material\""),
    KEY_STR_SPARSE(
        EngineConfig, net, "", NULL,
        "in-process: a network file (job = train) the engine evaluates with instead of "
        "its weights' evaluation (the weights still set the search's parameters), \"\" = "
        "none"),
    KEY_INT(EngineConfig, nodes, "0", "1000000000000", "2000", "nodes per move, 0 = no limit"),
    KEY_INT(EngineConfig, depth, "0", "127", "0", "depth limit in plies, 0 = none"),
    KEY_INT(EngineConfig, movetime_ms, "0", "86400000", "0",
            "time per move in milliseconds, 0 = none"),
    KEY_INT(EngineConfig, hash_mb, "1", "4096", "4", "transposition table size in MiB"),
    KEY_STR_EMPTY_CHECK(
        EngineConfig, command, "", check_command,
        "external engine: program and arguments (quotes group words; no shell), \"\" = in-process"),
    KEY_STR_EMPTY_CHECK(EngineConfig, working_dir, "", player_check_protocol_text,
                        "external engine: its working folder, \"\" = the runner's"),
    KEY_STR_EMPTY_CHECK(
        EngineConfig, options, "", check_options,
        "external engine: \"Name=value, ...\", each sent as setoption name Name value value"),
    KEY_INT(EngineConfig, start_timeout_ms, "1", "600000", "10000",
            "external engine: uciok and readyok must come within this many milliseconds"),
    KEY_INT(EngineConfig, timeout_ms, "0", "86400000", "0",
            "external engine: bestmove within this many ms, 0 = derived from the limits (tc: the "
            "clock)"),
    KEY_STR_EMPTY_CHECK(
        EngineConfig, tc, "", check_tc,
        "time control [moves/]base[+increment] in seconds (e.g. 2+0.02), \"\" = none"),
    KEY_INT_SPARSE(EngineConfig, defence, "100", "1000", "100",
                   "in-process: a defensive player: its own pieces lost, its King's freezing and "
                   "the enemy's threats to its King weigh this many percent of their weights "
                   "(100: as the weights say)"),
    KEY_BOOL_SPARSE(EngineConfig, partner_captures, "true",
                    "in-process, four-player Martian Chess: false, the player never captures a "
                    "piece in its partner's quadrant while another move is left (what such "
                    "captures are worth, measured; true: as the rules allow)"),
};

/* A tournament player's section: given only for job = tournament, written only when given. */
#define PLAYER(letter, NAME)                                                                       \
    {                                                                                              \
        "engine_" letter, "name=" NAME, "a further tournament player (" NAME ")", "tournament",    \
            true                                                                                   \
    }

/* The player sections in file order. */
static const ConfigSection PLAYER_SECTIONS[PLAYER_MAX] = {
    {"engine_a", "name=A", "the first engine (player A)", NULL, false},
    {"engine_b", "name=B", "the second engine (player B)", NULL, false},
    PLAYER("c", "C"),
    PLAYER("d", "D"),
    PLAYER("e", "E"),
    PLAYER("f", "F"),
    PLAYER("g", "G"),
    PLAYER("h", "H"),
    PLAYER("i", "I"),
    PLAYER("j", "J"),
    PLAYER("k", "K"),
    PLAYER("l", "L"),
    PLAYER("m", "M"),
    PLAYER("n", "N"),
    PLAYER("o", "O"),
    PLAYER("p", "P"),
};

/* A defensive player is the in-process engine (an external one has its own evaluation). */
static bool rule_defence_in_process(const void *fields, char *msg, size_t len)
{
    const EngineConfig *e = fields;
    if (e->defence == 100 || !e->command[0])
        return true;
    snprintf(msg, len, "defence is a setting of the in-process engine, not of an external one");
    return false;
}

/* A player without partner captures is the in-process engine (an external one plays its own). */
static bool rule_partners_in_process(const void *fields, char *msg, size_t len)
{
    const EngineConfig *e = fields;
    if (e->partner_captures || !e->command[0])
        return true;
    snprintf(msg, len,
             "partner_captures is a setting of the in-process engine, not of an external one");
    return false;
}

/* A network is the in-process engine's evaluation (an external engine has its own). */
static bool rule_net_in_process(const void *fields, char *msg, size_t len)
{
    const EngineConfig *e = fields;
    if (!e->net[0] || !e->command[0])
        return true;
    snprintf(msg, len, "net is a setting of the in-process engine, not of an external one");
    return false;
}

static const ConfigRule PLAYER_RULES[] = {
    {rule_net_in_process, {"net", "command"}},
    {rule_search_limit, {"nodes", "depth", "movetime_ms", "tc"}},
    {rule_defence_in_process, {"defence", "command"}},
    {rule_partners_in_process, {"partner_captures", "command"}},
};

static const ConfigPathKey PLAYER_PATHS[] = {{"weights", WEIGHTS_BUILTIN}, {"net", ""}};

static bool player_sections_check(const Config *cfg, ConfigCheck *ck);
static void player_finish(void *fields);

static const ConfigPart PLAYER_PART = {
    .group = "EngineConfig",
    .size = sizeof(EngineConfig),
    .sections = PLAYER_SECTIONS,
    .nsections = PLAYER_MAX,
    .keys = PLAYER_KEYS,
    .nkeys = CONFIG_COUNT(PLAYER_KEYS),
    .rules = PLAYER_RULES,
    .nrules = CONFIG_COUNT(PLAYER_RULES),
    .paths = PLAYER_PATHS,
    .npaths = CONFIG_COUNT(PLAYER_PATHS),
    .check = player_sections_check,
    .finish = player_finish,
};

/* Tournament players given out of order (a player section without the one before it), and
 * partner_captures = false in a game without partners. */
static bool player_sections_check(const Config *cfg, ConfigCheck *ck)
{
    for (int i = 3; i < PLAYER_MAX; i++)
        if (config_given(cfg, &PLAYER_PART, i) && !config_given(cfg, &PLAYER_PART, i - 1))
            return config_check_fail(ck, player_section(i), NULL,
                                     "[%s] without [%s]: the players are [engine_a], "
                                     "[engine_b], [engine_c], ... without a gap",
                                     player_section(i), player_section(i - 1));
    const Variant *v = config_variant(cfg);
    for (int i = 0; i < PLAYER_MAX; i++)
        if (!player_config(cfg, i)->partner_captures && v->players != 4)
            return config_check_fail(ck, player_section(i), "partner_captures",
                                     "%s has no partners (only four-player Martian Chess, "
                                     "variant martian4, has)",
                                     v->title);
    return true;
}

/* Parses tc, command and options (checked when they were set) into the typed fields. */
static void player_finish(void *fields)
{
    EngineConfig *e = fields;
    char err[256], *argv[PLAYER_MAX_ARGS];
    memset(&e->clock, 0, sizeof e->clock);
    memset(&e->argv, 0, sizeof e->argv);
    player_parse_tc(e->tc, &e->clock, err, sizeof err);
    int argc = player_split_command(e->command, argv, e->argv.text, sizeof e->argv.text, err,
                                    sizeof err);
    e->argv.count = argc > 0 ? argc : 0;
    player_parse_options(e->options, &e->setopts, err, sizeof err);
}

void player_config_register(void) { config_register(&PLAYER_PART); }

const EngineConfig *player_config(const Config *cfg, int i)
{
    return config_fields(cfg, &PLAYER_PART, i);
}

EngineConfig *player_config_edit(Config *cfg, int i)
{
    return config_fields_edit(cfg, &PLAYER_PART, i);
}

int player_count(const Config *cfg)
{
    int n = 2;
    while (n < PLAYER_MAX && config_given(cfg, &PLAYER_PART, n))
        n++;
    return n;
}

const char *player_section(int i)
{
    return i >= 0 && i < PLAYER_MAX ? PLAYER_SECTIONS[i].name : "engine_?";
}

bool player_config_set_in_process(Config *cfg, int i, const char *name, const char *weights,
                                  long nodes, long hash_mb, char *err, size_t errlen)
{
    if (i < 2) {
        EngineConfig *e = player_config_edit(cfg, i);
        snprintf(e->name, sizeof e->name, "%s", name);
        snprintf(e->weights, sizeof e->weights, "%s", weights);
        e->nodes = nodes;
        return true;
    }
    const char *section = player_section(i);
    char set[4][400];
    snprintf(set[0], sizeof set[0], "%s.name=%s", section, name);
    snprintf(set[1], sizeof set[1], "%s.weights=%s", section, weights);
    snprintf(set[2], sizeof set[2], "%s.nodes=%ld", section, nodes);
    snprintf(set[3], sizeof set[3], "%s.hash_mb=%ld", section, hash_mb);
    for (int k = 0; k < 4; k++)
        if (!config_set(cfg, set[k], err, errlen))
            return false;
    return true;
}
