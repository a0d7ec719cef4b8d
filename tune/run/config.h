/* config.h: the run configuration, read from an INI file plus "section.key=value" overrides.
 *
 * A config file has the sections [run], [engine_a], [engine_b], [match] and one per job
 * ([spsa], [selfplay], [fit], [values], [pipeline]); `maxtune config --doc`
 * (config_print_doc) lists every key with its type, range, default and meaning. Lines are
 * `key = value`; ';' or '#' starts a comment at the start of a line or after whitespace.
 * Every key has one row in the schema table in config.c, which drives defaults, parsing,
 * validation, overrides, config_write and config_print_doc alike. */
#ifndef MAXTUNE_CONFIG_H
#define MAXTUNE_CONFIG_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

/* One engine of a match: [engine_a] or [engine_b]. */
typedef struct EngineConfig {
    char name[64];         /* player name in PGN/results, default "A" / "B" */
    char weights[256];     /* weights file path, or "default" (built-in table), or "material" */
    long nodes;            /* nodes per move, default 2000 (0 = no node limit) */
    long depth;            /* depth limit, default 0 = none */
    long movetime_ms;      /* default 0 = none; at least one of nodes/depth/movetime must be > 0 */
    long hash_mb;          /* transposition table MiB per engine, default 4, range 1..4096 */
    char command[1024];    /* external engine: program and arguments ("" = the in-process engine),
                         * split by config_split_command, never run through a shell */
    char working_dir[256]; /* the external engine's working folder ("" = the runner's) */
    char options[1024];    /* "Name=value, ...": sent as `setoption name Name value value` */
    long start_timeout_ms; /* external: uciok / readyok must come within this, default 10000 */
    long timeout_ms;       /* external: bestmove must come within this, 0 = derived (README) */
    char tc[64];           /* time control "[moves/]base[+increment]" in seconds, "" = none */
} EngineConfig;

/* How games are played and when a match stops: [match]. */
typedef struct MatchConfig {
    long pairs;              /* game pairs, default 100, 1..10000000 */
    char openings[256];      /* "random" (default) or a path to a file of FENs, one per line */
    long opening_plies;      /* random opening length, default 8, 0..40 */
    long opening_max_score;  /* skip random openings whose |eval| exceeds this (cp), default 200 */
    long max_plies;          /* draw after this many plies, default 400 */
    long repetition;         /* draw on the N-th occurrence of a position, default 3, 0 = off */
    long draw_move_number;   /* adjudicate draws from this move on, default 34 */
    long draw_move_count;    /* ... after this many moves with |score| <= draw_score, 8 (0 = off) */
    long draw_score;         /* ... in centipawns, default 20 */
    long resign_move_count;  /* adjudicate a loss after this many moves, default 3 (0 = off) */
    long resign_score;       /* ... with score <= -resign_score (cp), default 600 */
    bool sprt;               /* stop early by a sequential probability ratio test, default false */
    double elo0, elo1;       /* SPRT hypotheses, default 0 and 5 */
    double alpha, beta;      /* SPRT error rates, default 0.05 and 0.05 */
    char sprt_model[16];     /* "normalized" (default) | "logistic" */
    long checkpoint_seconds; /* write results at least this often, default 5, 1..3600 */
    long tc_margin_ms;       /* a move may overstep the clock by this before it loses, 100 */
} MatchConfig;

/* SPSA tuning: [spsa]. */
typedef struct SpsaConfig {
    char start_weights[256]; /* weights the tuning starts from: file, "default" or "material" */
    char params[1024];       /* weights to tune: names from the weights table, comma separated */
    char params_file
        [256];       /* "none", or fishtest-style lines "name, start, min, max, c_end, r_end" */
    long iterations; /* SPSA iterations */
    long pairs_per_iteration; /* game pairs per iteration (theta+ vs theta-) */
    long batch;               /* iterations played in parallel from the same theta (OpenBench) */
    double a_ratio;           /* A = int(a_ratio * iterations), fishtest's truncation (0.1) */
    double alpha;             /* step exponent, 0.602 */
    double gamma;             /* perturbation exponent, 0.101 */
    double c_end;             /* final perturbation of every parameter, unless params_file says */
    double r_end;             /* final learning rate of every parameter, unless params_file says */
    long verify_pairs;        /* verification match tuned vs start, 0 = none */
    char options[1024]; /* "Name:start:min:max[:c_end[:r_end]], ...": UCI options of an external
                         * [engine_a] to tune instead of weights ("" = tune weights) */
} SpsaConfig;

/* Self-play positions for the fit and the values jobs: [selfplay]. */
typedef struct SelfplayConfig {
    long games;         /* games to play ([engine_a] against [engine_b], colours alternating) */
    long skip_plies;    /* plies after the opening that are never sampled */
    double sample_rate; /* chance that a position is examined */
    long quiet_margin;  /* keep a position when |1-ply search - static eval| <= this (cp) */
    long max_eval;      /* drop positions whose |static eval| exceeds this (cp) */
    bool pgn;           /* write the games as games.pgn */
} SelfplayConfig;

/* Fitting weights to game outcomes: [fit]. */
typedef struct FitConfig {
    char positions[256];     /* "selfplay" (play [selfplay] first) or a .traces file */
    char start_weights[256]; /* weights the fit starts from (and the fixed ones) */
    char params[1024];       /* weights to fit: names, or "all" */
    char loss[16];           /* cross_entropy | squared */
    char method[16];         /* bfgs2 | nelder_mead */
    bool fit_k;              /* fit K first (else use k) */
    double k;                /* K when fit_k is false */
    long max_iterations;     /* BFGS iterations (Nelder-Mead: 50 times as many) */
    double tolerance;        /* gradient norm (BFGS) or simplex size (Nelder-Mead) */
    long bootstrap;          /* bootstrap replicates over games, 0 = none */
    double validation;       /* share of games held out to measure the fit, 0 = none */
    long verify_pairs;       /* verification match fitted vs start, 0 = none */
    char regularize[32];     /* lambda >= 0 toward the start weights, or "auto" (config_lambda) */
} FitConfig;

/* Piece values two ways: [values]. */
typedef struct ValuesConfig {
    char positions[256];      /* "selfplay", a .traces file, or "none" (no regression) */
    long pairs;               /* handicap pairs per piece type (0 = no handicap matches) */
    long calibration_pairs;   /* pincer-odds pairs (the pawn unit of the handicap method) */
    long calibration_pincers; /* pincers removed in the calibration (Elo / N = a pincer) */
    char types[256];          /* piece types to value, comma separated weight names */
    char offsets[256];        /* "type:k, ...": the side with the piece also lacks k pincers */
    bool pgn;                 /* write the handicap games as handicap.pgn */
} ValuesConfig;

/* The tuning pipeline ([run] job = pipeline): self-play, fit, SPSA, gate; the stages read
 * [selfplay], [fit] and [spsa] as their jobs do, these keys say what is the pipeline's own. */
typedef struct PipelineConfig {
    char start_weights[256]; /* the weights the pipeline starts from (and the gate plays) */
    char fit_params[1024];   /* the fit's parameters (params.h), e.g. "@all" */
    char spsa_params[1024];  /* SPSA's parameters, tuned from the fitted weights */
    long gate_nodes;         /* nodes per move of the final gate match */
    long gate_pairs;         /* its game pairs (the most, with gate_sprt) */
    bool gate_sprt;          /* stop the gate early by [match]'s SPRT (elo0, elo1, alpha, beta) */
} PipelineConfig;

/* A tournament of the players [engine_a], [engine_b], [engine_c], ...: [tournament]. */
typedef struct TournamentConfig {
    char format[16];   /* "round_robin" (every two players meet) or "gauntlet" ([engine_a] meets
                        * every other player) */
    long pairs;        /* game pairs per pairing, default 50 */
    char anchor[64];   /* the player whose rating is held at anchor_elo ("" = [engine_a]'s) */
    double anchor_elo; /* default 0 */
    double draws;      /* virtual draws between every two players who met, default 0 */
} TournamentConfig;

/* Most engine sections: [engine_a] .. [engine_p]; a tournament plays all those given. */
enum { CONFIG_MAX_ENGINES = 16 };

/* The whole configuration of one run. */
typedef struct Config {
    char job[16];            /* [run] job: a name of the jobs table (jobs/job.c) */
    char name[64];           /* [run] name: results folder name, [A-Za-z0-9._-], no leading dot */
    unsigned long long seed; /* [run] seed, default 1 */
    long threads;            /* [run] threads, 0 = OpenMP default (default 0) */
    char affinity[8];        /* [run] affinity: auto, on or off (tune/play/affinity.h) */
    char results_dir[256];   /* [run] results_dir, default "results" */
    EngineConfig engine[CONFIG_MAX_ENGINES]; /* [engine_a], [engine_b]; [engine_c] .. [engine_p]
                                              * are tournament players, given only there */
    MatchConfig match;                       /* [match] */
    SpsaConfig spsa;                         /* [spsa] */
    SelfplayConfig selfplay;                 /* [selfplay] */
    FitConfig fit;                           /* [fit] */
    ValuesConfig values;                     /* [values] */
    PipelineConfig pipeline;                 /* [pipeline] */
    TournamentConfig tournament;             /* [tournament] (written only for job = tournament) */
    unsigned engines_given; /* not a key: bit i set when [engine_x] number i (i >= 2) was
                             * given, by the file (its header suffices) or by --set */
    char source[512];       /* path the config was read from (not a key; "" when none) */
} Config;

/* Fills every key with its default (required keys empty); zeroes everything else, padding
 * included, so two configs holding the same values compare equal with memcmp. */
void config_defaults(Config *cfg);

/* Loads path (defaults first; path NULL: defaults only), then applies overrides
 * "section.key=value" in order, then checks required keys and cross-key rules. On error returns
 * false and writes "file:line: problem" (for --set: "--set section.key=value: problem") into err;
 * cfg is then unspecified. Missing required keys are reported as
 * "file: missing required key [run] name".
 * File paths (weights, start_weights, openings, params_file, positions) are then resolved: a
 * relative path not found from the current folder but found from the folder of path is
 * rewritten to that one; results_dir is left relative to the current folder. */
bool config_load(Config *cfg, const char *path, char *const *overrides, int noverrides, char *err,
                 size_t errlen);

/* Applies one "section.key=value" override to a loaded config and rechecks the cross-key rules.
 * On error returns false with "--set section.key=value: problem" in err; cfg is unchanged. */
bool config_set(Config *cfg, const char *assignment, char *err, size_t errlen);

/* Writes the effective config: every key of every section, defaults filled, as a valid INI that
 * config_load reads back to an identical Config (source aside). Deterministic output.
 * Returns false on a write error. */
bool config_write(const Config *cfg, FILE *out);

/* Prints every key with type, range, default and its one-line doc, grouped by section. */
void config_print_doc(FILE *out);

/* Sets the values [run] job accepts ("match|spsa|..."); the jobs layer calls it once at
 * start-up (jobs/job.h: job_register) with the names of its table. */
void config_set_jobs(const char *names);

/* Reads a regularisation ([fit] regularize): a real lambda >= 0 into *lambda, or "auto" (*lambda
 * = -1: chosen from a grid by held-out loss). False when text is neither. */
bool config_lambda(const char *text, double *lambda);

/* The players of a run: 2, plus the tournament players [engine_c], ... that were given (they
 * follow one another without a gap; config_load checks it). */
int config_engine_count(const Config *cfg);

/* The section name of engine i ("engine_a", "engine_b", ...). */
const char *config_engine_section(int i);

/* Number of threads a parallel region of this config uses ([run] threads, or OpenMP's default
 * when 0). */
int config_threads(const Config *cfg);

/* A time control: base_ms on the clock, inc_ms added after each move, and base_ms again after
 * every `moves` moves (0: one session for the whole game). */
typedef struct TimeControl {
    long moves, base_ms, inc_ms;
} TimeControl;

/* Parses "[moves/]base[+increment]" (seconds, decimals allowed: "2+0.02", "40/60", "10");
 * "" is no time control (base_ms 0). False with the problem in err. */
bool config_parse_tc(const char *text, TimeControl *tc, char *err, size_t errlen);

/* One UCI option SPSA tunes ([spsa] options): its name and fishtest's figures; c_end and r_end
 * are -1 where the item leaves them to [spsa] c_end and r_end. */
typedef struct SpsaOption {
    char name[64];
    double start, min, max, c_end, r_end;
} SpsaOption;

enum { CONFIG_MAX_SPSA_OPTIONS = 32 };

/* Parses "Name:start:min:max[:c_end[:r_end]], ..." into out (at most max items); returns the
 * count, or -1 with the problem in err. */
int config_parse_spsa_options(const char *text, SpsaOption *out, int max, char *err, size_t errlen);

enum { CONFIG_MAX_ARGS = 64 };

/* Splits an external engine's command into at most CONFIG_MAX_ARGS - 1 words (argv, NULL
 * terminated), copied into buf: words are separated by spaces or tabs; '...' keeps everything
 * inside as it is, "..." too except that \" and \\ stand for " and \; outside quotes \ keeps
 * the next character. No shell: no variables, globs, redirections or pipes. Returns the number
 * of words (0 for an empty command), or -1 with the problem in err. */
int config_split_command(const char *command, char **argv, char *buf, size_t buflen, char *err,
                         size_t errlen);

#endif
