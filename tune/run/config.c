/* config.c: the configuration schema and everything it drives: defaults, INI parsing (libinih),
 * validation, --set overrides, writing the effective config and the key documentation.
 *
 * Line numbers: Debian's libinih handler gets no line number, so the file is fed to
 * ini_parse_stream() through loader_read(), which reads one whole line per call and counts it;
 * when the handler runs, the counter is its line. loader_read() also strips comments (';' or '#'
 * at the start or after whitespace) and leading whitespace itself, so the result does not depend
 * on how libinih was built (inline comments, multi-line continuation, line buffer size). */
#include "config.h"
#include "escape.h"
#include "params.h"

#include <ctype.h>
#include <errno.h>
#include <ini.h>
#include <limits.h>
#include <math.h>
#include <omp.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>

typedef enum ConfigType { CFG_INT, CFG_U64, CFG_REAL, CFG_BOOL, CFG_STRING, CFG_ENUM } ConfigType;

static const char *const TYPE_NAMES[] = {"integer", "integer", "real", "bool", "string", "enum"};

/* An extra check for a string value; writes the problem into msg when it fails. */
typedef bool (*StringCheck)(const char *value, char *msg, size_t len);

/* One configuration key. group names the struct the key lives in (the struct's type name); every
 * section of that group has the key. Bounds and default are written as they would be in a file
 * and go through the same parser as file values. */
typedef struct ConfigKey {
    const char *group;   /* struct type holding the field: "Config", "EngineConfig", ... */
    const char *key;     /* key name in the file (the field's name) */
    ConfigType type;     /* field type: see the KEY_* macros */
    size_t offset;       /* offsetof the field in the group's struct */
    size_t size;         /* sizeof the field (for strings: capacity including the NUL) */
    const char *min;     /* lower bound (strings: minimum length); NULL: none */
    const char *max;     /* upper bound; NULL: none (strings: the field's capacity) */
    const char *def;     /* default value; NULL for required keys */
    const char *allowed; /* enum values, "a|b|c" */
    bool required;       /* must be given in the file or by --set */
    StringCheck check;   /* extra check for strings, or NULL */
    const char *doc;     /* one-line description */
    bool sparse;         /* written by config_write only when it differs from its default (keys
                          * added after results were committed, whose config.ini stays as it was) */
} ConfigKey;

/* One [section]: which struct (group) it fills and where that struct lies in Config. */
typedef struct ConfigSection {
    const char *name;     /* section name in the file */
    const char *group;    /* struct type of its keys, as in ConfigKey.group */
    size_t offset;        /* offsetof that struct in Config */
    const char *defaults; /* per-section defaults overriding the rows', "key=value;key=value" */
    const char *doc;      /* one-line description */
    const char *jobs;     /* "a|b": the only jobs it may be given for, and config_write writes it
                           * only for them; NULL: every job */
    bool sparse;          /* an engine section that is a player only when given (engines_given),
                           * and written only then */
} ConfigSection;

/* A rule over several keys of one section, checked after the file and all overrides. */
typedef struct ConfigRule {
    const char *group;                                        /* sections it applies to */
    bool (*check)(const void *fields, char *msg, size_t len); /* fields: the section's struct */
    const char *keys[4]; /* the keys it reads: the latest of them set locates the error */
} ConfigRule;

static bool check_filename(const char *value, char *msg, size_t len);
static bool check_player(const char *value, char *msg, size_t len);
static bool check_command(const char *value, char *msg, size_t len);
static bool check_protocol_text(const char *value, char *msg, size_t len);
static bool check_options(const char *value, char *msg, size_t len);
static bool check_tc(const char *value, char *msg, size_t len);
static bool check_lambda(const char *value, char *msg, size_t len);
static bool rule_lambda_auto(const void *fields, char *msg, size_t len);
static bool check_spsa_options(const char *value, char *msg, size_t len);
static bool rule_search_limit(const void *fields, char *msg, size_t len);
static bool rule_repetition(const void *fields, char *msg, size_t len);
static bool rule_sprt_bounds(const void *fields, char *msg, size_t len);
static bool rule_sprt_reach(const void *fields, char *msg, size_t len);

/* The row macros are kept as written: clang-format takes "{#S" for a preprocessor line. */
// clang-format off
/* Offset and size of member m of struct S; _Generic refuses to compile unless m has type T
 * (arrays as pointers), so a row cannot disagree with its field's type. */
#define CK_FIELD(S, m, T) _Generic(((S *)0)->m, T: offsetof(S, m)), sizeof(((S *)0)->m)

/* Row macros, one per field type: int = long, u64 = unsigned long long, real = double, bool,
 * string and enum = char array (strings must be non-empty; enums one of allowed, "a|b|c"). */
#define KEY_INT(S, m, lo, hi, def, doc)                                                           \
    {#S, #m, CFG_INT, CK_FIELD(S, m, long), lo, hi, def, NULL, false, NULL, doc, false}
#define KEY_U64(S, m, lo, hi, def, doc)                                                           \
    {#S, #m, CFG_U64, CK_FIELD(S, m, unsigned long long), lo, hi, def, NULL, false, NULL, doc, false}
#define KEY_REAL(S, m, lo, hi, def, doc)                                                          \
    {#S, #m, CFG_REAL, CK_FIELD(S, m, double), lo, hi, def, NULL, false, NULL, doc, false}
#define KEY_BOOL(S, m, def, doc)                                                                  \
    {#S, #m, CFG_BOOL, CK_FIELD(S, m, bool), NULL, NULL, def, NULL, false, NULL, doc, false}
#define KEY_STR(S, m, def, required, check, doc)                                                  \
    {#S, #m, CFG_STRING, CK_FIELD(S, m, char *), "1", NULL, def, NULL, required, check, doc, false}
/* A string that may be empty. */
#define KEY_STR_EMPTY(S, m, def, doc)                                                             \
    {#S, #m, CFG_STRING, CK_FIELD(S, m, char *), "0", NULL, def, NULL, OPTIONAL, NULL, doc, false}
/* A string that may be empty, with an extra check. */
#define KEY_STR_EMPTY_CHECK(S, m, def, check, doc)                                                \
    {#S, #m, CFG_STRING, CK_FIELD(S, m, char *), "0", NULL, def, NULL, OPTIONAL, check, doc, false}
/* A string that may be empty, with an extra check, written only when not at its default. */
#define KEY_STR_SPARSE(S, m, def, check, doc)                                                     \
    {#S, #m, CFG_STRING, CK_FIELD(S, m, char *), "0", NULL, def, NULL, OPTIONAL, check, doc, true}
#define KEY_ENUM(S, m, allowed, def, required, doc)                                               \
    {#S, #m, CFG_ENUM, CK_FIELD(S, m, char *), NULL, NULL, def, allowed, required, NULL, doc, false}
/* An optional enum written only when not at its default. */
#define KEY_ENUM_SPARSE(S, m, allowed, def, doc)                                                  \
    {#S, #m, CFG_ENUM, CK_FIELD(S, m, char *), NULL, NULL, def, allowed, OPTIONAL, NULL, doc, true}
// clang-format on

#define REQUIRED true
#define OPTIONAL false

/* The schema: one row per key. To add a key, add a field to its struct in config.h and one row
 * here; defaults, parsing, validation, --set, config_write and config_print_doc all follow.
 * The key's name is the field's name. To add a section (say [spsa] with a SpsaConfig spsa
 * member of Config), add the struct and member, one SECTION row below and the key rows. Rules
 * that tie several keys together go in RULES. */
static const ConfigKey KEYS[] = {
    /* [run] */
    KEY_ENUM(Config, job, NULL /* the jobs layer's table: config_set_jobs */, NULL, REQUIRED,
             "which job to run (the jobs are listed at the end)"),
    KEY_STR(Config, name, NULL, REQUIRED, check_filename,
            "results folder name: A-Z a-z 0-9 . _ - only, not starting with '.'"),
    KEY_U64(Config, seed, "0", "18446744073709551615", "1",
            "random seed; a run is reproducible from it"),
    KEY_INT(Config, threads, "0", "1024", "0", "worker threads, 0 = OpenMP default"),
    KEY_ENUM_SPARSE(Config, affinity, "auto|on|off", "auto",
                    "pin each playing thread and the engine processes it starts to one CPU; auto:"
                    " with external engines, one process, threads <= CPUs, no OMP_PROC_BIND"),
    KEY_STR(Config, results_dir, "results", OPTIONAL, NULL,
            "folder that holds the results folders of all runs"),

    /* [engine_a] and [engine_b] */
    KEY_STR(EngineConfig, name, "A", OPTIONAL, check_player, "player name in PGN and results"),
    KEY_STR(
        EngineConfig, weights, "default", OPTIONAL, NULL,
        "weights file, or \"default\" (built-in), \"v1\" (the first evaluation) or \"material\""),
    KEY_INT(EngineConfig, nodes, "0", "1000000000000", "2000", "nodes per move, 0 = no limit"),
    KEY_INT(EngineConfig, depth, "0", "127", "0", "depth limit in plies, 0 = none"),
    KEY_INT(EngineConfig, movetime_ms, "0", "86400000", "0",
            "time per move in milliseconds, 0 = none"),
    KEY_INT(EngineConfig, hash_mb, "1", "4096", "4", "transposition table size in MiB"),
    KEY_STR_EMPTY_CHECK(
        EngineConfig, command, "", check_command,
        "external engine: program and arguments (quotes group words; no shell), \"\" = in-process"),
    KEY_STR_EMPTY_CHECK(EngineConfig, working_dir, "", check_protocol_text,
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

    /* [match] */
    KEY_INT(MatchConfig, pairs, "1", "10000000", "100",
            "game pairs (each opening played with both colours)"),
    KEY_STR(MatchConfig, openings, "random", OPTIONAL, NULL,
            "\"random\" or a file of FENs, one per line"),
    KEY_INT(MatchConfig, opening_plies, "0", "40", "8", "plies of a random opening"),
    KEY_INT(MatchConfig, opening_max_score, "0", "100000", "200",
            "skip random openings whose |eval| under the v1 weights exceeds this (centipawns)"),
    KEY_INT(MatchConfig, max_plies, "1", "10000", "400", "adjudicate a draw after this many plies"),
    KEY_INT(MatchConfig, repetition, "0", "10", "3",
            "draw on the N-th occurrence of a position, 0 = off"),
    KEY_INT(MatchConfig, draw_move_number, "0", "10000", "34",
            "draw adjudication starts at this move number"),
    KEY_INT(MatchConfig, draw_move_count, "0", "10000", "8",
            "draw after this many moves in a row with |score| <= draw_score, 0 = off"),
    KEY_INT(MatchConfig, draw_score, "0", "100000", "20", "draw adjudication bound (centipawns)"),
    KEY_INT(MatchConfig, resign_move_count, "0", "10000", "3",
            "resign after this many moves in a row with score <= -resign_score, 0 = off"),
    KEY_INT(MatchConfig, resign_score, "1", "100000", "600",
            "resign adjudication bound (centipawns)"),
    KEY_BOOL(MatchConfig, sprt, "false", "stop early by a sequential probability ratio test"),
    KEY_REAL(MatchConfig, elo0, "-1000", "1000", "0", "SPRT null hypothesis (Elo)"),
    KEY_REAL(MatchConfig, elo1, "-1000", "1000", "5", "SPRT alternative hypothesis (Elo)"),
    KEY_REAL(MatchConfig, alpha, "0.0001", "0.5", "0.05", "SPRT false positive rate"),
    KEY_REAL(MatchConfig, beta, "0.0001", "0.5", "0.05", "SPRT false negative rate"),
    KEY_ENUM(MatchConfig, sprt_model, "normalized|logistic", "normalized", OPTIONAL,
             "Elo model of the SPRT"),
    KEY_INT(MatchConfig, checkpoint_seconds, "1", "3600", "5",
            "write the results at least this often (seconds)"),
    KEY_INT(MatchConfig, tc_margin_ms, "0", "600000", "100",
            "with a time control, a move may overstep the clock by this many ms before it loses"),

    /* [spsa] */
    KEY_STR(SpsaConfig, start_weights, "default", OPTIONAL, NULL,
            "weights the tuning starts from: a file, \"default\", \"v1\" or \"material\""),
    KEY_STR(SpsaConfig, params,
            "pincer,coordinator,long_leaper,chameleon,withdrawer,immobilizer,mage,guard", OPTIONAL,
            params_check,
            "parameters to tune, comma separated: weights or terms (a term's weights move "
            "together), @groups (each weight its own parameter, e.g. @all)"),
    KEY_STR(SpsaConfig, params_file, "none", OPTIONAL, NULL,
            "\"none\" or a file of lines \"name, start, min, max, c_end, r_end\" (fishtest)"),
    KEY_INT(SpsaConfig, iterations, "1", "100000000", "1000", "SPSA iterations"),
    KEY_INT(SpsaConfig, pairs_per_iteration, "1", "1000", "1",
            "game pairs per iteration (theta+ against theta-)"),
    KEY_INT(SpsaConfig, batch, "1", "100000", "8",
            "iterations played in parallel from the same theta (OpenBench batching)"),
    KEY_REAL(SpsaConfig, a_ratio, "0", "10", "0.1",
             "A = int(a_ratio * iterations), truncated as fishtest does"),
    KEY_REAL(SpsaConfig, alpha, "0", "2", "0.602", "learning-rate decay exponent"),
    KEY_REAL(SpsaConfig, gamma, "0", "2", "0.101", "perturbation decay exponent"),
    KEY_REAL(SpsaConfig, c_end, "0.001", "100000", "20",
             "final perturbation size of each parameter (centipawns; at most an eighth of a "
             "parameter's range)"),
    KEY_REAL(SpsaConfig, r_end, "0", "100", "0.002", "final learning rate of each parameter"),
    KEY_INT(SpsaConfig, verify_pairs, "0", "10000000", "200",
            "pairs of the verification match, tuned against start (0 = none)"),
    KEY_STR_SPARSE(SpsaConfig, options, "", check_spsa_options,
                   "UCI options of the external [engine_a] to tune instead of weights: "
                   "\"Name:start:min:max[:c_end[:r_end]], ...\" (integers; c_end and r_end "
                   "default to the keys above), \"\" = tune weights"),

    /* [selfplay] */
    KEY_INT(SelfplayConfig, games, "1", "100000000", "200",
            "games to play, [engine_a] against [engine_b] (A has White in even games)"),
    KEY_INT(SelfplayConfig, skip_plies, "0", "1000", "8",
            "plies after the opening whose positions are never sampled"),
    KEY_REAL(SelfplayConfig, sample_rate, "0.0001", "1", "0.3",
             "chance that a position is examined for sampling"),
    KEY_INT(SelfplayConfig, quiet_margin, "0", "100000", "60",
            "keep a position when a 1-ply search (with capture search) and the static eval "
            "differ by at most this (centipawns)"),
    KEY_INT(SelfplayConfig, max_eval, "1", "100000", "3000",
            "drop positions whose |static eval| exceeds this (centipawns)"),
    KEY_BOOL(SelfplayConfig, pgn, "false", "write the self-play games as games.pgn"),

    /* [fit] */
    KEY_STR(FitConfig, positions, "selfplay", OPTIONAL, NULL,
            "\"selfplay\" (play [selfplay] games first) or a positions file (.traces)"),
    KEY_STR(FitConfig, start_weights, "default", OPTIONAL, NULL,
            "weights the fit starts from; the weights not fitted keep these values"),
    KEY_STR(FitConfig, params,
            "pincer,coordinator,long_leaper,chameleon,withdrawer,immobilizer,mage,guard,"
            "palace_occupy,palace_reach,palace_double,palace_close",
            OPTIONAL, params_check,
            "parameters to fit, comma separated: weights or terms (a term's weights tied to one "
            "value), @groups (each weight its own parameter, e.g. @all), or \"all\" (= @all)"),
    KEY_ENUM(FitConfig, loss, "cross_entropy|squared", "cross_entropy", OPTIONAL,
             "loss: cross-entropy (logistic likelihood) or Texel's squared error"),
    KEY_ENUM(FitConfig, method, "bfgs2|nelder_mead", "bfgs2", OPTIONAL,
             "minimiser: GSL BFGS2 with the analytic gradient, or Nelder-Mead simplex"),
    KEY_BOOL(FitConfig, fit_k, "true", "fit the scale K first (Brent), else use k"),
    KEY_REAL(FitConfig, k, "0.001", "100", "1", "scale K of the logistic when fit_k is false"),
    KEY_INT(FitConfig, max_iterations, "1", "1000000", "500",
            "BFGS iterations at most (Nelder-Mead: 50 times as many)"),
    KEY_REAL(FitConfig, tolerance, "0", "1", "1e-6",
             "stop when the gradient norm (BFGS) or simplex size (Nelder-Mead) is below this"),
    KEY_INT(FitConfig, bootstrap, "0", "100000", "0",
            "bootstrap replicates over games for a third standard error, 0 = none"),
    KEY_REAL(FitConfig, validation, "0", "0.9", "0.1",
             "share of games held out to measure the fit out of sample, 0 = none"),
    KEY_INT(FitConfig, verify_pairs, "0", "10000000", "100",
            "pairs of the verification match, fitted against start (0 = none)"),
    KEY_STR(FitConfig, regularize, "0", OPTIONAL, check_lambda,
            "lambda >= 0: adds lambda * sum ((weight - start) / 100 cp)^2 to the mean loss, "
            "holding weights the positions barely see near the start; \"auto\": the lambda of "
            "0, 1e-5, 1e-4, 1e-3, 1e-2 with the least held-out loss (needs validation > 0)"),

    /* [values] */
    KEY_STR(ValuesConfig, positions, "selfplay", OPTIONAL, NULL,
            "regression data: \"selfplay\" (play [selfplay] first), a .traces file, or "
            "\"none\""),
    KEY_INT(ValuesConfig, pairs, "0", "10000000", "100",
            "handicap game pairs per piece type, 0 = no handicap matches"),
    KEY_INT(ValuesConfig, calibration_pairs, "1", "10000000", "200",
            "pincer-odds game pairs: the pawn unit of the handicap method"),
    KEY_INT(ValuesConfig, calibration_pincers, "1", "6", "1",
            "pincers removed in the calibration matches; a pincer is worth 1/N of their Elo "
            "(N > 1 measures the unit more precisely, assuming pincers' worth adds up)"),
    KEY_STR(ValuesConfig, types,
            "pincer,coordinator,long_leaper,chameleon,withdrawer,"
            "immobilizer,mage,guard",
            OPTIONAL, NULL, "piece types to value: comma separated material weight names"),
    KEY_STR_EMPTY(
        ValuesConfig, offsets, "",
        "imbalance handicaps, e.g. \"mage:6, guard:2\": the side that keeps the piece gives "
        "k pincers (0..6), so the match is near equal and the value is k + its Elo / a "
        "pincer's (far more precise for big pieces); types not listed: k = 0"),
    KEY_BOOL(ValuesConfig, pgn, "false", "write the handicap games as handicap.pgn"),

    /* [pipeline] */
    KEY_STR(PipelineConfig, start_weights, "default", OPTIONAL, NULL,
            "weights the pipeline starts from: self-play, the fit's start, the gate's opponent"),
    KEY_STR(PipelineConfig, fit_params, "@eval", OPTIONAL, params_check,
            "parameters of the fit stage ([fit] params' form), e.g. @eval"),
    KEY_STR(PipelineConfig, spsa_params,
            "palace_occupy,palace_reach,palace_double,king_pressure,frozen,tempo", OPTIONAL,
            params_check,
            "parameters of the SPSA stage ([spsa] params' form), tuned from the fitted weights"),
    KEY_INT(PipelineConfig, gate_nodes, "1", "1000000000000", "2000",
            "nodes per move of the final gate match (final weights against the start)"),
    KEY_INT(PipelineConfig, gate_pairs, "1", "10000000", "500",
            "game pairs of the gate (the most, with gate_sprt)"),
    KEY_BOOL(PipelineConfig, gate_sprt, "false",
             "stop the gate by [match]'s SPRT (elo0, elo1, alpha, beta), else play every pair"),

    /* [tournament] */
    KEY_ENUM(TournamentConfig, format, "round_robin|gauntlet", "round_robin", OPTIONAL,
             "round_robin: every two players meet; gauntlet: [engine_a] meets every other"),
    KEY_INT(TournamentConfig, pairs, "1", "1000000", "50", "game pairs per pairing"),
    KEY_STR_EMPTY_CHECK(TournamentConfig, anchor, "", check_player,
                        "the player whose rating is held at anchor_elo, \"\" = [engine_a]'s"),
    KEY_REAL(TournamentConfig, anchor_elo, "-100000", "100000", "0", "the anchor's rating"),
    KEY_REAL(TournamentConfig, draws, "0", "1000", "0",
             "virtual draws between every two players who met (a prior for perfect scores)"),
};

/* A section whose struct is member of Config; _Generic checks that member has type S. */
#define SECTION(name, S, member, defaults, doc)                                                    \
    {                                                                                              \
        name, #S,                                                                                  \
            _Generic(&((Config *)0)->member, S *                                                   \
                     : offsetof(Config, member)),                                                  \
            defaults, doc, NULL, false                                                             \
    }

/* A tournament player's engine section: given only for job = tournament, written only when
 * given. */
#define PLAYER(letter, NAME, i)                                                                    \
    {                                                                                              \
        "engine_" letter, "EngineConfig", offsetof(Config, engine) + (i) * sizeof(EngineConfig),   \
            "name=" NAME, "a further tournament player (" NAME ")", "tournament", true             \
    }

/* The sections in file order. */
static const ConfigSection SECTIONS[] = {
    {"run", "Config", 0, NULL, "what to run: the job, its name and seed", NULL, false},
    SECTION("engine_a", EngineConfig, engine[0], "name=A", "the first engine (player A)"),
    SECTION("engine_b", EngineConfig, engine[1], "name=B", "the second engine (player B)"),
    PLAYER("c", "C", 2), PLAYER("d", "D", 3), PLAYER("e", "E", 4), PLAYER("f", "F", 5), PLAYER("g", "G", 6),
    PLAYER("h", "H", 7), PLAYER("i", "I", 8), PLAYER("j", "J", 9), PLAYER("k", "K", 10), PLAYER("l", "L", 11),
    PLAYER("m", "M", 12), PLAYER("n", "N", 13), PLAYER("o", "O", 14), PLAYER("p", "P", 15),
    SECTION("match", MatchConfig, match, NULL, "how games are played and when a match stops"),
    SECTION("spsa", SpsaConfig, spsa, NULL,
            "SPSA tuning (job = spsa): what to tune, how long, how fast"),
    SECTION("selfplay", SelfplayConfig, selfplay, NULL,
            "self-play positions (job = selfplay, and fit/values with positions = selfplay)"),
    SECTION("fit", FitConfig, fit, NULL,
            "fitting weights to game outcomes (job = fit): data, weights, loss, minimiser"),
    SECTION("values", ValuesConfig, values, NULL,
            "piece values by regression and by handicap matches (job = values)"),
    SECTION("pipeline", PipelineConfig, pipeline, NULL,
            "the tuning pipeline (job = pipeline): self-play with the start weights, a fit of "
            "fit_params, SPSA of spsa_params from the fitted weights, a gate match; stages read "
            "[selfplay], [fit] and [spsa] as those jobs do"),
    {"tournament", "TournamentConfig",
     _Generic(&((Config *)0)->tournament, TournamentConfig *: offsetof(Config, tournament)), NULL,
     "a tournament of [engine_a], [engine_b], [engine_c], ... (job = tournament)", "tournament",
     false},
};

/* Rules over several keys of a section. */
static const ConfigRule RULES[] = {
    {"EngineConfig", rule_search_limit, {"nodes", "depth", "movetime_ms", "tc"}},
    {"MatchConfig", rule_repetition, {"repetition"}},
    {"MatchConfig", rule_sprt_bounds, {"elo0", "elo1"}},
    {"MatchConfig", rule_sprt_reach, {"elo0", "elo1", "sprt_model"}},
    {"FitConfig", rule_lambda_auto, {"regularize", "validation"}},
};

#define COUNT(a) (sizeof(a) / sizeof((a)[0]))

/* The keys that name a file to read, with the words that name none. A relative path is read
 * from the current folder when a file of that name is there, else from the config file's
 * folder (config_load resolves it once, so every job gets the path to open). */
static const struct PathKey {
    const char *group, *key;
    const char *words; /* "a|b": values that are no path */
} PATH_KEYS[] = {
    {"EngineConfig", "weights", "default|v1|material"},
    {"MatchConfig", "openings", "random"},
    {"SpsaConfig", "start_weights", "default|v1|material"},
    {"SpsaConfig", "params_file", "none"},
    {"FitConfig", "positions", "selfplay"},
    {"FitConfig", "start_weights", "default|v1|material"},
    {"ValuesConfig", "positions", "selfplay|none"},
    {"PipelineConfig", "start_weights", "default|v1|material"},
};
enum { NKEYS = COUNT(KEYS), NSECTIONS = COUNT(SECTIONS) };

/* Where a key's value came from: a file line, an override, or neither (default). */
typedef struct Origin {
    int line; /* file line, 0 = not from the file */
    int set;  /* 1 + index of the override, 0 = not overridden */
} Origin;

/* State of one config_load (or config_set): the file being read and where each key was set. */
typedef struct Loader {
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
    Origin origin[NSECTIONS][NKEYS];
    Origin header[NSECTIONS]; /* where each section was first named: its header line, or an
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

/* Reports a broken schema table: a programming error, so it stops the program. */
static void table_error(const ConfigSection *sec, const ConfigKey *key, const char *msg)
{
    fprintf(stderr, "config.c: bad schema row [%s] %s: %s\n", sec ? sec->name : key->group,
            key ? key->key : "", msg);
    abort();
}

/* The section called name, or NULL. */
static const ConfigSection *section_find(const char *name)
{
    for (size_t i = 0; i < NSECTIONS; i++)
        if (strcmp(SECTIONS[i].name, name) == 0)
            return &SECTIONS[i];
    return NULL;
}

/* The key called name in group, or NULL. */
static const ConfigKey *key_find(const char *group, const char *name)
{
    for (size_t i = 0; i < NKEYS; i++)
        if (strcmp(KEYS[i].group, group) == 0 && strcmp(KEYS[i].key, name) == 0)
            return &KEYS[i];
    return NULL;
}

/* Address of key's field in the struct of section sec within cfg. */
static void *field_at(Config *cfg, const ConfigSection *sec, const ConfigKey *key)
{
    return (char *)cfg + sec->offset + key->offset;
}

/* Read-only address of key's field in the struct of section sec within cfg. */
static const void *field_get(const Config *cfg, const ConfigSection *sec, const ConfigKey *key)
{
    return (const char *)cfg + sec->offset + key->offset;
}

/* Cuts trailing whitespace (and the newline) and returns the first non-space character. */
static char *trim(char *s)
{
    size_t n = strlen(s);
    while (n > 0 && isspace((unsigned char)s[n - 1]))
        s[--n] = '\0';
    while (isspace((unsigned char)*s))
        s++;
    return s;
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
    for (size_t i = 0; i < COUNT(YES); i++) {
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

/* The values of [run] job, "a|b|c": the table of jobs lives above this module, which is told
 * the names once at start-up (config_set_jobs). */
static char job_names[80];

void config_set_jobs(const char *names) { snprintf(job_names, sizeof job_names, "%s", names); }

/* The allowed values of an enum key (the job key's come from config_set_jobs). */
static const char *key_allowed(const ConfigKey *key)
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
static void range_text(const ConfigKey *key, char *buf, size_t len)
{
    if (key->type == CFG_STRING) {
        snprintf(buf, len, "%s..%zu chars", key->min ? key->min : "0",
                 key->max ? (size_t)strtoul(key->max, NULL, 10) : key->size - 1);
    } else if (key->type == CFG_ENUM) {
        snprintf(buf, len, "%s", key_allowed(key));
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
static void range_error(const ConfigSection *sec, const ConfigKey *key, const char *value,
                        char *msg, size_t len)
{
    char range[96];
    range_text(key, range, sizeof range);
    snprintf(msg, len, "[%s] %s = %s is out of range %s", sec->name, key->key, value, range);
}

/* Parses a bound of an integer row; a broken bound stops the program. */
static long long bound_int(const ConfigSection *sec, const ConfigKey *key, const char *text,
                           long long none)
{
    long long v;
    if (!text)
        return none;
    if (parse_int(text, &v) != NUM_OK)
        table_error(sec, key, "bound is not an integer");
    return v;
}

/* Parses a bound of a u64 row; a broken bound stops the program. */
static unsigned long long bound_u64(const ConfigSection *sec, const ConfigKey *key,
                                    const char *text, unsigned long long none)
{
    unsigned long long v;
    if (!text)
        return none;
    if (parse_u64(text, &v) != NUM_OK)
        table_error(sec, key, "bound is not an unsigned integer");
    return v;
}

/* Parses a bound of a real row; a broken bound stops the program. */
static double bound_real(const ConfigSection *sec, const ConfigKey *key, const char *text,
                         double none)
{
    double v;
    if (!text)
        return none;
    if (parse_real(text, &v) != NUM_OK)
        table_error(sec, key, "bound is not a real");
    return v;
}

/* Whether a string value survives being written as "key = value" and read back: no control
 * characters, no comment start, nothing that trimming would remove. */
static bool check_writable(const char *v, char *msg, size_t len)
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

/* Engine names go into PGN tag values, which cannot hold '"' or '\'. */
static bool check_player(const char *v, char *msg, size_t len)
{
    const char *bad = strpbrk(v, "\"\\");
    if (bad) {
        snprintf(msg, len, "character '%c' is not allowed in a player name", *bad);
        return false;
    }
    return true;
}

/* No control byte: the value goes into protocol lines (a line break would start a command). */
static bool check_protocol_text(const char *v, char *msg, size_t len)
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
    char *argv[CONFIG_MAX_ARGS], buf[1024];
    return check_protocol_text(v, msg, len) &&
           config_split_command(v, argv, buf, sizeof buf, msg, len) >= 0;
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

bool config_parse_tc(const char *text, TimeControl *tc, char *err, size_t errlen)
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

/* [engine_*] tc: a time control config_parse_tc reads. */
static bool check_tc(const char *v, char *msg, size_t len)
{
    TimeControl tc;
    return config_parse_tc(v, &tc, msg, len);
}

bool config_lambda(const char *text, double *lambda)
{
    if (!strcmp(text, "auto")) {
        *lambda = -1;
        return true;
    }
    char *end;
    errno = 0;
    double v = strtod(text, &end);
    if (end == text || *end || errno || !isfinite(v) || v < 0 || isspace((unsigned char)*text))
        return false;
    *lambda = v;
    return true;
}

/* [fit] regularize: a real >= 0 or "auto". */
static bool check_lambda(const char *v, char *msg, size_t len)
{
    double lambda;
    if (config_lambda(v, &lambda))
        return true;
    snprintf(msg, len, "expected a number >= 0 or \"auto\"");
    return false;
}

/* [fit] regularize = auto chooses by the held-out loss: validation must hold games out. */
static bool rule_lambda_auto(const void *fields, char *msg, size_t len)
{
    const FitConfig *f = fields;
    if (strcmp(f->regularize, "auto") != 0 || f->validation > 0)
        return true;
    snprintf(msg, len, "regularize = auto needs held-out games: set validation > 0");
    return false;
}

int config_parse_spsa_options(const char *text, SpsaOption *out, int max, char *err, size_t errlen)
{
    int n = 0;
    for (const char *s = text; *s;) {
        size_t len = strcspn(s, ",");
        char item[256], rest;
        snprintf(item, sizeof item, "%.*s", (int)(len < sizeof item ? len : sizeof item - 1), s);
        s += len + (s[len] == ',');
        SpsaOption o = {.c_end = -1, .r_end = -1};
        int got = sscanf(item, " %63[^: \t] : %lf : %lf : %lf : %lf : %lf %c", o.name, &o.start,
                         &o.min, &o.max, &o.c_end, &o.r_end, &rest);
        const char *problem = got < 4 || got > 6 ? "expected Name:start:min:max[:c_end[:r_end]]"
                              : o.min >= o.max   ? "min must be below max"
                              : o.start < o.min || o.start > o.max ? "start outside [min, max]"
                              : (got >= 5 && o.c_end <= 0) || (got == 6 && o.r_end < 0)
                                  ? "c_end must be > 0 and r_end >= 0"
                              : n == max ? "too many options"
                                         : NULL;
        for (int i = 0; !problem && i < n; i++)
            if (!strcmp(out[i].name, o.name))
                problem = "option given twice";
        if (problem) {
            snprintf(err, errlen, "%s: %s", trim(item), problem);
            return -1;
        }
        out[n++] = o;
    }
    return n;
}

/* [spsa] options: what config_parse_spsa_options reads. */
static bool check_spsa_options(const char *v, char *msg, size_t len)
{
    SpsaOption o[CONFIG_MAX_SPSA_OPTIONS];
    return check_protocol_text(v, msg, len) &&
           config_parse_spsa_options(v, o, CONFIG_MAX_SPSA_OPTIONS, msg, len) >= 0;
}

/* [engine_*] options: "Name=value" items separated by commas, each with a name. */
static bool check_options(const char *v, char *msg, size_t len)
{
    if (!check_protocol_text(v, msg, len))
        return false;
    const char *s = v;
    while (*s) {
        size_t n = strcspn(s, ",");
        const char *eq = memchr(s, '=', n);
        size_t blank = strspn(s, " \t");
        if (blank < n && (!eq || eq == s + blank)) {
            snprintf(msg, len, "option %.*s: expected Name=value", (int)n, s);
            return false;
        }
        s += n + (s[n] == ',');
    }
    return true;
}

int config_split_command(const char *command, char **argv, char *buf, size_t buflen, char *err,
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
        if (argc == CONFIG_MAX_ARGS - 1) {
            snprintf(err, errlen, "more than %d words", CONFIG_MAX_ARGS - 1);
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

/* Parses value for key of section sec, validates it and stores it in cfg; on error writes
 * "[section] key ... problem" into msg and leaves cfg unchanged. */
static bool value_assign(Config *cfg, const ConfigSection *sec, const ConfigKey *key,
                         const char *value, char *msg, size_t len)
{
    void *field = field_at(cfg, sec, key);
    switch (key->type) {
    case CFG_INT: {
        long long v;
        NumStatus st = parse_int(value, &v);
        if (st == NUM_BAD) {
            snprintf(msg, len, "[%s] %s = %s is not an integer", sec->name, key->key, value);
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
            snprintf(msg, len, "[%s] %s = %s is not an integer", sec->name, key->key, value);
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
            snprintf(msg, len, "[%s] %s = %s is not a number", sec->name, key->key, value);
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
                     sec->name, key->key, value);
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
            table_error(sec, key, "max length exceeds the field");
        if (key->type == CFG_ENUM && !enum_allows(key_allowed(key), value)) {
            snprintf(msg, len, "[%s] %s = %s is not allowed (allowed: %s)", sec->name, key->key,
                     value, key_allowed(key));
            return false;
        }
        if (n > most) {
            snprintf(msg, len, "[%s] %s is too long: %zu characters, at most %zu", sec->name,
                     key->key, n, most);
            return false;
        }
        if ((long long)n < bound_int(sec, key, key->min, 0)) {
            snprintf(msg, len, "[%s] %s is %s: at least %s characters needed", sec->name, key->key,
                     n ? "too short" : "empty", key->min);
            return false;
        }
        if (!check_writable(value, why, sizeof why) ||
            (key->check && !key->check(value, why, sizeof why))) {
            snprintf(msg, len, "[%s] %s = %s: %s", sec->name, key->key, value, why);
            return false;
        }
        memset(field, 0, key->size);
        memcpy(field, value, n);
        return true;
    }
    }
    table_error(sec, key, "unknown type");
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

/* Writes the value of key in section sec of cfg as it would appear in a file. */
static void value_format(const Config *cfg, const ConfigSection *sec, const ConfigKey *key,
                         char *buf, size_t len)
{
    const void *field = field_get(cfg, sec, key);
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

/* Applies a section's "key=value;key=value" default overrides; broken ones stop the program. */
static void section_defaults(Config *cfg, const ConfigSection *sec)
{
    char list[256], msg[256], *save = NULL;
    if (!sec->defaults)
        return;
    if (strlen(sec->defaults) >= sizeof list)
        table_error(sec, NULL, "defaults too long");
    strcpy(list, sec->defaults);
    for (char *item = strtok_r(list, ";", &save); item; item = strtok_r(NULL, ";", &save)) {
        char *eq = strchr(item, '=');
        if (!eq)
            table_error(sec, NULL, "default override without '='");
        *eq = '\0';
        const ConfigKey *key = key_find(sec->group, trim(item));
        if (!key)
            table_error(sec, NULL, "default override of an unknown key");
        if (!value_assign(cfg, sec, key, trim(eq + 1), msg, sizeof msg))
            table_error(sec, key, msg);
    }
}

/* Fills every key with its default (required keys empty); zeroes everything else. */
void config_defaults(Config *cfg)
{
    char msg[256];
    memset(cfg, 0, sizeof *cfg);
    for (size_t s = 0; s < NSECTIONS; s++) {
        const ConfigSection *sec = &SECTIONS[s];
        for (size_t k = 0; k < NKEYS; k++) {
            const ConfigKey *key = &KEYS[k];
            if (strcmp(key->group, sec->group) != 0)
                continue;
            if (!key->def != key->required)
                table_error(sec, key, "exactly the required keys must lack a default");
            if (key->def && !value_assign(cfg, sec, key, key->def, msg, sizeof msg))
                table_error(sec, key, msg);
        }
        section_defaults(cfg, sec);
    }
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
static void sections_with_key(const char *name, const ConfigSection *skip, char *buf, size_t len)
{
    size_t used = 0;
    buf[0] = '\0';
    for (size_t s = 0; s < NSECTIONS; s++) {
        if (&SECTIONS[s] == skip || SECTIONS[s].sparse || !key_find(SECTIONS[s].group, name))
            continue;
        int n = snprintf(buf + used, len - used, "%s[%s]", used ? " or " : "", SECTIONS[s].name);
        if (n < 0 || (size_t)n >= len - used)
            return;
        used += (size_t)n;
    }
}

/* Writes the unknown-key message for name in section sec, with a hint where the key belongs. */
static void unknown_key(const ConfigSection *sec, const char *name, char *msg, size_t len)
{
    char where[128];
    sections_with_key(name, sec, where, sizeof where);
    if (where[0])
        snprintf(msg, len, "unknown key '%s' in [%s] (it belongs in %s)", name, sec->name, where);
    else
        snprintf(msg, len, "unknown key '%s' in [%s]", name, sec->name);
}

/* Writes the unknown-section message for name, listing the known sections. */
static void unknown_section(const char *name, char *msg, size_t len)
{
    size_t used = (size_t)snprintf(msg, len, "unknown section [%s] (known:", name);
    for (size_t s = 0; s < NSECTIONS && used < len; s++)
        if (!SECTIONS[s].sparse)
            used += (size_t)snprintf(msg + used, len - used, " [%s]%s", SECTIONS[s].name,
                                     s == 2 ? " [engine_c]..[engine_p]" : "");
    if (used < len)
        snprintf(msg + used, len - used, ")");
}

/* The engine number of an engine section ([engine_a] 0, [engine_b] 1, ...), or -1. */
static int engine_index(const ConfigSection *sec)
{
    if (strcmp(sec->group, "EngineConfig") != 0)
        return -1;
    return (int)((sec->offset - offsetof(Config, engine)) / sizeof(EngineConfig));
}

/* Notes that section sec was named (by a header on line `line`, or by override number `set`):
 * the first place is kept, and a tournament player's section becomes given. */
static void loader_name_section(Loader *ld, const ConfigSection *sec, int line, int set)
{
    Origin *o = &ld->header[sec - SECTIONS];
    if (!o->line && !o->set)
        *o = (Origin){line, set};
    if (sec->sparse)
        ld->cfg->engines_given |= 1u << engine_index(sec);
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
    const ConfigSection *sec = section_find(s + 1);
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
    s = trim(s);
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
        ld->long_value = trim(sep + 1);
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
    const ConfigSection *sec = section_find(section);
    if (!sec) {
        unknown_section(section, msg, sizeof msg);
        return loader_fail(ld, "%s", msg);
    }
    const ConfigKey *key = key_find(sec->group, name);
    if (!key) {
        unknown_key(sec, name, msg, sizeof msg);
        return loader_fail(ld, "%s", msg);
    }
    Origin *o = &ld->origin[sec - SECTIONS][key - KEYS];
    if (o->line)
        return loader_fail(ld, "duplicate key [%s] %s (first set on line %d)", sec->name, name,
                           o->line);
    if (!value_assign(ld->cfg, sec, key, value, msg, sizeof msg))
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
    char *sname = trim(lhs), *kname = trim(lhs + (dot - assignment) + 1);
    const ConfigSection *sec = section_find(sname);
    const ConfigKey *key = sec ? key_find(sec->group, kname) : NULL;
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
    bool ok = value_assign(ld->cfg, sec, key, trim(copy), msg, sizeof msg);
    free(copy);
    if (!ok) {
        set_error(ld->err, ld->errlen, "--set %s: %s", assignment, msg);
        return false;
    }
    ld->origin[sec - SECTIONS][key - KEYS].set = index;
    loader_name_section(ld, sec, 0, index);
    return true;
}

/* Writes the message prefix for a rule on section s: the latest place one of keys was set. */
static void rule_where(const Loader *ld, size_t s, const ConfigRule *rule, char *buf, size_t len)
{
    Origin best = {0, 0};
    const ConfigSection *sec = &SECTIONS[s];
    for (size_t i = 0; i < COUNT(rule->keys) && rule->keys[i]; i++) {
        const ConfigKey *key = key_find(sec->group, rule->keys[i]);
        if (!key)
            table_error(sec, NULL, "rule names an unknown key");
        Origin o = ld->origin[s][key - KEYS];
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

/* Checks the rules on every section (or only section only, if not NULL). */
static bool loader_rules(Loader *ld, const ConfigSection *only)
{
    char msg[512], where[768];
    for (size_t r = 0; r < COUNT(RULES); r++) {
        for (size_t s = 0; s < NSECTIONS; s++) {
            const ConfigSection *sec = &SECTIONS[s];
            if (strcmp(sec->group, RULES[r].group) != 0 || (only && only != sec))
                continue;
            if (RULES[r].check((const char *)ld->cfg + sec->offset, msg, sizeof msg))
                continue;
            rule_where(ld, s, &RULES[r], where, sizeof where);
            set_error(ld->err, ld->errlen, "%s: [%s] %s", where, sec->name, msg);
            return false;
        }
    }
    return true;
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

/* The section of engine i. */
static const ConfigSection *engine_section(int i)
{
    for (size_t s = 0; s < NSECTIONS; s++)
        if (engine_index(&SECTIONS[s]) == i)
            return &SECTIONS[s];
    return NULL;
}

const char *config_engine_section(int i)
{
    const ConfigSection *sec = engine_section(i);
    return sec ? sec->name : "engine_?";
}

int config_engine_count(const Config *cfg)
{
    int n = 2;
    while (n < CONFIG_MAX_ENGINES && (cfg->engines_given >> n & 1))
        n++;
    return n;
}

/* Records an error of the load at o ("file:line: ", "--set ...: " or the file alone) and
 * returns false. */
static bool loader_fail_at(Loader *ld, Origin o, const char *fmt, ...)
{
    char msg[512];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    if (o.set)
        set_error(ld->err, ld->errlen, "--set %s: %s", ld->overrides[o.set - 1], msg);
    else if (o.line)
        set_error(ld->err, ld->errlen, "%s:%d: %s", ld->path, o.line, msg);
    else
        set_error(ld->err, ld->errlen, "%s: %s", ld->fallback, msg);
    return false;
}

/* Where key of section sec was set, else where the section was named. */
static Origin key_origin(const Loader *ld, const ConfigSection *sec, const char *key)
{
    Origin o = ld->origin[sec - SECTIONS][key_find(sec->group, key) - KEYS];
    return o.line || o.set ? o : ld->header[sec - SECTIONS];
}

/* Sections given for a job they are not for, and tournament players given out of order (a
 * player section without the one before it). */
static bool loader_sections(Loader *ld)
{
    for (size_t s = 0; s < NSECTIONS; s++) {
        const ConfigSection *sec = &SECTIONS[s];
        Origin o = ld->header[s];
        int i = engine_index(sec);
        if (sec->jobs && (o.line || o.set) && !word_in(ld->cfg->job, sec->jobs))
            return loader_fail_at(ld, o, "[%s] is for job = %s only, not %s", sec->name, sec->jobs,
                                  ld->cfg->job);
        if (sec->sparse && (ld->cfg->engines_given >> i & 1) && i > 2 &&
            !(ld->cfg->engines_given >> (i - 1) & 1))
            return loader_fail_at(ld, o,
                                  "[%s] without [%s]: the players are [engine_a], [engine_b], "
                                  "[engine_c], ... without a gap",
                                  sec->name, config_engine_section(i - 1));
    }
    return true;
}

/* A tournament's players: different names, the anchor one of them, and no SPRT. */
static bool loader_tournament(Loader *ld)
{
    const Config *cfg = ld->cfg;
    if (strcmp(cfg->job, "tournament") != 0)
        return true;
    int n = config_engine_count(cfg);
    bool anchored = !cfg->tournament.anchor[0];
    for (int i = 0; i < n; i++) {
        for (int j = 0; j < i; j++)
            if (!strcmp(cfg->engine[i].name, cfg->engine[j].name))
                return loader_fail_at(ld, key_origin(ld, engine_section(i), "name"),
                                      "[%s] name = %s is [%s]'s name too: players need "
                                      "different names",
                                      config_engine_section(i), cfg->engine[i].name,
                                      config_engine_section(j));
        anchored = anchored || !strcmp(cfg->engine[i].name, cfg->tournament.anchor);
    }
    if (!anchored)
        return loader_fail_at(ld, key_origin(ld, section_find("tournament"), "anchor"),
                              "[tournament] anchor = %s is not the name of a player",
                              cfg->tournament.anchor);
    if (cfg->match.sprt)
        return loader_fail_at(ld, key_origin(ld, section_find("match"), "sprt"),
                              "[match] sprt: a tournament plays all its pairs (no SPRT); set "
                              "sprt = false");
    return true;
}

/* Resolves the file keys of cfg (see PATH_KEYS) for a config read from config_path: a relative
 * path not found from the current folder but found from the config's folder is rewritten to
 * that (a path found nowhere is left as written, for the job's error to name). */
static void resolve_paths(Config *cfg, const char *config_path)
{
    const char *slash = strrchr(config_path, '/');
    if (!slash)
        return; /* the config's folder is the current one */
    int dirlen = (int)(slash - config_path);
    for (size_t s = 0; s < NSECTIONS; s++) {
        for (size_t p = 0; p < COUNT(PATH_KEYS); p++) {
            if (strcmp(SECTIONS[s].group, PATH_KEYS[p].group) != 0)
                continue;
            const ConfigKey *key = key_find(PATH_KEYS[p].group, PATH_KEYS[p].key);
            if (!key)
                table_error(&SECTIONS[s], NULL, "a path key that is not in the schema");
            char *value = (char *)cfg + SECTIONS[s].offset + key->offset;
            if (!value[0] || value[0] == '/' || word_in(value, PATH_KEYS[p].words) ||
                access(value, F_OK) == 0)
                continue;
            char there[1024];
            int n = snprintf(there, sizeof there, "%.*s/%s", dirlen, config_path, value);
            if (n > 0 && (size_t)n < key->size && access(there, F_OK) == 0)
                memcpy(value, there, (size_t)n + 1);
        }
    }
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
    bool ok = false;
    if (path) {
        if (strlen(path) >= sizeof cfg->source) {
            set_error(err, errlen, "%s: path too long", path);
            goto done;
        }
        strcpy(cfg->source, path);
        ld->file = fopen(path, "r");
        if (!ld->file) {
            set_error(err, errlen, "%s: cannot open: %s", path, strerror(errno));
            goto done;
        }
        int rc = ini_parse_stream(loader_read, ld, loader_handle, ld);
        fclose(ld->file);
        free(ld->buf);
        if (rc > 0 && (!ld->failed || rc < ld->fail_line))
            set_error(err, errlen, "%s:%d: not an INI line", path, rc);
        else if (rc < 0 && !ld->failed)
            set_error(err, errlen, "%s: libinih failed (%d)", path, rc);
        if (rc != 0 || ld->failed)
            goto done;
    }
    for (int i = 0; i < noverrides; i++)
        if (!loader_set(ld, overrides[i], i + 1))
            goto done;
    for (size_t s = 0; s < NSECTIONS; s++) {
        for (size_t k = 0; k < NKEYS; k++) {
            const Origin *o = &ld->origin[s][k];
            if (KEYS[k].required && strcmp(KEYS[k].group, SECTIONS[s].group) == 0 && !o->line &&
                !o->set) {
                set_error(err, errlen, "%s: missing required key [%s] %s", ld->fallback,
                          SECTIONS[s].name, KEYS[k].key);
                goto done;
            }
        }
    }
    ok = loader_rules(ld, NULL) && loader_sections(ld) && loader_tournament(ld);
    if (ok && path)
        resolve_paths(cfg, path);
done:
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
    if (!loader_rules(ld, section_find(trim(sname))))
        goto done;
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
    for (size_t s = 0; s < NSECTIONS; s++) {
        const ConfigSection *sec = &SECTIONS[s];
        if ((sec->jobs && !word_in(cfg->job, sec->jobs)) ||
            (sec->sparse && !(cfg->engines_given >> engine_index(sec) & 1)))
            continue;
        fprintf(out, "\n[%s]\n", sec->name);
        for (size_t k = 0; k < NKEYS; k++) {
            const ConfigKey *key = &KEYS[k];
            if (strcmp(key->group, sec->group) != 0)
                continue;
            value_format(cfg, sec, key, value, sizeof value);
            if (key->sparse && !strcmp(value, key->def))
                continue;
            fprintf(out, "; %s\n%s = %s\n", key->doc, key->key, value);
        }
    }
    return fflush(out) == 0 && !ferror(out);
}

/* Writes the default of key for every section of the group: "A" or "A ([engine_a]), B (...)". */
static void doc_default(const Config *defaults, const ConfigSection *first, const ConfigKey *key,
                        char *buf, size_t len)
{
    char v0[300], v[300];
    bool same = true;
    if (key->required) {
        snprintf(buf, len, "required");
        return;
    }
    value_format(defaults, first, key, v0, sizeof v0);
    for (const ConfigSection *sec = first; sec < SECTIONS + NSECTIONS; sec++) {
        if (strcmp(sec->group, first->group) != 0)
            continue;
        value_format(defaults, sec, key, v, sizeof v);
        same = same && strcmp(v, v0) == 0;
    }
    if (same) {
        snprintf(buf, len, "default %s", v0[0] ? v0 : "\"\"");
        return;
    }
    size_t used = (size_t)snprintf(buf, len, "default");
    for (const ConfigSection *sec = first; sec < SECTIONS + NSECTIONS && used < len; sec++) {
        if (strcmp(sec->group, first->group) != 0)
            continue;
        value_format(defaults, sec, key, v, sizeof v);
        used += (size_t)snprintf(buf + used, len - used, "%s %s in [%s]", sec == first ? "" : ",",
                                 v, sec->name);
    }
}

/* Prints every key with type, range, default and doc, grouped by section; see config.h. */
void config_print_doc(FILE *out)
{
    Config *defaults = malloc(sizeof *defaults);
    char range[128], def[640];
    if (!defaults)
        return;
    config_defaults(defaults);
    fprintf(out, "Configuration keys (INI: [section] then key = value; ';' or '#' comments).\n"
                 "Override any key with --set section.key=value.\n"
                 "File paths (weights, start_weights, openings, params_file, positions) are read\n"
                 "from the current folder when the file is there, else from the config file's\n"
                 "folder; results_dir is always relative to the current folder.\n");
    for (size_t s = 0; s < NSECTIONS; s++) {
        const ConfigSection *first = &SECTIONS[s];
        bool seen = false;
        for (size_t p = 0; p < s; p++)
            seen = seen || strcmp(SECTIONS[p].group, first->group) == 0;
        if (seen)
            continue; /* a section sharing its keys with an earlier one was printed with it */
        fputc('\n', out);
        for (size_t t = s; t < NSECTIONS; t++)
            if (strcmp(SECTIONS[t].group, first->group) == 0)
                fprintf(out, "[%s]  %s\n", SECTIONS[t].name, SECTIONS[t].doc);
        for (size_t k = 0; k < NKEYS; k++) {
            const ConfigKey *key = &KEYS[k];
            if (strcmp(key->group, first->group) != 0)
                continue;
            range_text(key, range, sizeof range);
            doc_default(defaults, first, key, def, sizeof def);
            fprintf(out, "  %-19s %-7s %-24s %s\n  %19s %s\n", key->key, TYPE_NAMES[key->type],
                    range, def, "", key->doc);
        }
    }
    free(defaults);
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

/* [match] repetition: 1 would end every game at its first position. */
static bool rule_repetition(const void *fields, char *msg, size_t len)
{
    const MatchConfig *m = fields;
    if (m->repetition != 1)
        return true;
    snprintf(msg, len, "repetition = 1 would draw every game at once: use 0 (off) or 2..10");
    return false;
}

/* [match] SPRT hypotheses: elo0 must lie below elo1. */
static bool rule_sprt_bounds(const void *fields, char *msg, size_t len)
{
    const MatchConfig *m = fields;
    if (m->elo0 < m->elo1)
        return true;
    snprintf(msg, len, "elo0 (%g) must be below elo1 (%g)", m->elo0, m->elo1);
    return false;
}

/* [match] SPRT hypotheses the normalized model can express: fishtest's MLE_t_value starts from
 * the uniform pair distribution, whose secular equation has a root only for |nElo| below
 * 2/3 * 800 / ln 10 = 231.62 (stats_sprt_reachable in tune/stats computes the same limit and a
 * test checks that they agree); beyond it fishtest raises and the LLR is undefined. Logistic
 * hypotheses within the keys' range (+-1000) are all reachable. */
static bool rule_sprt_reach(const void *fields, char *msg, size_t len)
{
    const MatchConfig *m = fields;
    double reach = 1600.0 / (3.0 * log(10.0));
    if (!m->sprt || strcmp(m->sprt_model, "normalized") != 0)
        return true;
    if (fabs(m->elo0) < reach && fabs(m->elo1) < reach)
        return true;
    snprintf(msg, len,
             "elo%d = %g is beyond what the normalized SPRT model can express (|nElo| must stay "
             "below %.2f; fishtest raises an error there): use smaller bounds, e.g. elo0 = 0, "
             "elo1 = 2",
             fabs(m->elo0) >= reach ? 0 : 1, fabs(m->elo0) >= reach ? m->elo0 : m->elo1, reach);
    return false;
}

int config_threads(const Config *cfg)
{
    return cfg->threads > 0 ? (int)cfg->threads : omp_get_max_threads();
}
