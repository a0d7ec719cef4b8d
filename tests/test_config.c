/* test_config.c: config loading, validation messages (file:line), --set, write/read round trip
 * and the key documentation. Config files are written to mkstemp files in /tmp. */
#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

#include "tune/jobs/catalog.h"
#include "core/position.h"
#include "tune/run/config.h"
#include "tune/run/rundir.h"
#include "tune/play/player_config.h"
#include "tune/stats/stats.h"
#include "tune/play/match_config.h"
#include "tune/jobs/spsa/spsa_config.h"
#include "tune/jobs/values/values_config.h"

/* A valid [run] section: lines 1-3. */
#define RUN3 "[run]\njob = match\nname = t\n"

/* Writes text (len bytes) to a fresh temporary file; returns its malloc'd path. */
static char *temp_file_n(const char *text, size_t len)
{
    char *path = strdup("/tmp/test_config_XXXXXX");
    assert_non_null(path);
    int fd = mkstemp(path);
    assert_true(fd >= 0);
    assert_int_equal(write(fd, text, len), (ssize_t)len);
    close(fd);
    return path;
}

/* Writes a NUL-terminated text to a fresh temporary file; returns its malloc'd path. */
static char *temp_file(const char *text) { return temp_file_n(text, strlen(text)); }

/* Removes a temporary file and frees its path. */
static void temp_done(char *path)
{
    unlink(path);
    free(path);
}

/* Loads text and expects failure with "file:line: " and keyword in the message. */
static void expect_error_n(const char *text, size_t len, int line, const char *keyword)
{
    char *path = temp_file_n(text, len);
    Config cfg;
    char err[1024] = "", want[300];
    bool ok = config_load(&cfg, path, NULL, 0, err, sizeof err);
    snprintf(want, sizeof want, "%s:%d: ", path, line);
    temp_done(path);
    if (ok || strncmp(err, want, strlen(want)) != 0 || !strstr(err, keyword))
        fail_msg("want \"%s...%s\", got %s \"%s\"", want, keyword, ok ? "success" : "error", err);
}

/* expect_error_n for NUL-terminated text. */
static void expect_error(const char *text, int line, const char *keyword)
{
    expect_error_n(text, strlen(text), line, keyword);
}

/* Loads path with overrides and expects success. */
static void load_ok(Config *cfg, const char *path, char *const *overrides, int n)
{
    char err[1024] = "";
    if (!config_load(cfg, path, overrides, n, err, sizeof err))
        fail_msg("unexpected error: %s", err);
}

/* Loads text and expects success. */
static void load_text_ok(Config *cfg, const char *text)
{
    char *path = temp_file(text);
    load_ok(cfg, path, NULL, 0);
    temp_done(path);
}

/* A config with every section and non-default values, comments in every style. */
static void test_good_config(void **state)
{
    (void)state;
    Config cfg;
    load_text_ok(&cfg, "; a comment line\n"
                       "# another\n"
                       "[run]\n"
                       "job = spsa ; inline comment\n"
                       "name = tune-1.a_b   # inline hash comment\n"
                       "seed = 18446744073709551615\n"
                       "  threads = 3\n"
                       "results_dir = out/dir\n"
                       "\n"
                       "[engine_a]\n"
                       "name = Maxtune dev\n"
                       "weights = w/a.txt\n"
                       "nodes = 0\n"
                       "depth = 6\n"
                       "movetime_ms = 250\n"
                       "hash_mb = 16\n"
                       "[engine_b]\r\n"
                       "name: Base\r\n"
                       "weights = material\n"
                       "nodes = 5000\n"
                       "[match]\n"
                       "pairs = 2500\n"
                       "openings = book.fen\n"
                       "opening_plies = 12\n"
                       "opening_max_score = 150\n"
                       "max_plies = 300\n"
                       "repetition = 0\n"
                       "draw_move_number = 40\n"
                       "draw_move_count = 0\n"
                       "draw_score = 10\n"
                       "resign_move_count = 4\n"
                       "resign_score = 700\n"
                       "sprt = yes\n"
                       "elo0 = -1.5\n"
                       "elo1 = 2.5\n"
                       "alpha = 0.1\n"
                       "beta = 0.025\n"
                       "sprt_model = logistic\n"
                       "checkpoint_seconds = 60\n");
    assert_string_equal(cfg.job, "spsa");
    assert_string_equal(cfg.name, "tune-1.a_b");
    assert_true(cfg.seed == 18446744073709551615ull);
    assert_int_equal(cfg.threads, 3);
    assert_string_equal(cfg.results_dir, "out/dir");
    assert_string_equal(player_config(&cfg, 0)->name, "Maxtune dev");
    assert_string_equal(player_config(&cfg, 0)->weights, "w/a.txt");
    assert_int_equal(player_config(&cfg, 0)->nodes, 0);
    assert_int_equal(player_config(&cfg, 0)->depth, 6);
    assert_int_equal(player_config(&cfg, 0)->movetime_ms, 250);
    assert_int_equal(player_config(&cfg, 0)->hash_mb, 16);
    assert_string_equal(player_config(&cfg, 1)->name, "Base");
    assert_string_equal(player_config(&cfg, 1)->weights, "material");
    assert_int_equal(player_config(&cfg, 1)->nodes, 5000);
    assert_int_equal(player_config(&cfg, 1)->depth, 0);
    assert_int_equal(player_config(&cfg, 1)->hash_mb, 4);
    const MatchConfig *m = match_config(&cfg);
    assert_int_equal(m->pairs, 2500);
    assert_string_equal(m->openings, "book.fen");
    assert_int_equal(m->opening_plies, 12);
    assert_int_equal(m->opening_max_score, 150);
    assert_int_equal(m->max_plies, 300);
    assert_int_equal(m->repetition, 0);
    assert_int_equal(m->draw_move_number, 40);
    assert_int_equal(m->draw_move_count, 0);
    assert_int_equal(m->draw_score, 10);
    assert_int_equal(m->resign_move_count, 4);
    assert_int_equal(m->resign_score, 700);
    assert_true(m->sprt);
    assert_true(m->elo0 == -1.5 && m->elo1 == 2.5 && m->alpha == 0.1 && m->beta == 0.025);
    assert_string_equal(m->sprt_model, "logistic");
    assert_int_equal(m->checkpoint_seconds, 60);
}

/* Checks every documented default of cfg (except the required [run] keys). */
static void check_defaults(const Config *cfg)
{
    assert_true(cfg->seed == 1);
    assert_int_equal(cfg->threads, 0);
    assert_string_equal(cfg->results_dir, "results");
    for (int i = 0; i < 2; i++) {
        const EngineConfig *e = player_config(cfg, i);
        assert_string_equal(e->name, i ? "B" : "A");
        assert_string_equal(e->weights, "default");
        assert_int_equal(e->nodes, 2000);
        assert_int_equal(e->depth, 0);
        assert_int_equal(e->movetime_ms, 0);
        assert_int_equal(e->hash_mb, 4);
    }
    const MatchConfig *m = match_config(cfg);
    assert_int_equal(m->pairs, 100);
    assert_string_equal(m->openings, "random");
    assert_int_equal(m->opening_plies, 8);
    assert_int_equal(m->opening_max_score, 200);
    assert_int_equal(m->max_plies, 400);
    assert_int_equal(m->repetition, 3);
    assert_int_equal(m->draw_move_number, 34);
    assert_int_equal(m->draw_move_count, 8);
    assert_int_equal(m->draw_score, 20);
    assert_int_equal(m->resign_move_count, 3);
    assert_int_equal(m->resign_score, 600);
    assert_false(m->sprt);
    assert_true(m->elo0 == 0 && m->elo1 == 5 && m->alpha == 0.05 && m->beta == 0.05);
    assert_string_equal(m->sprt_model, "normalized");
    assert_int_equal(m->checkpoint_seconds, 5);
}

/* config_defaults and a minimal file give the documented defaults. */
static void test_defaults(void **state)
{
    (void)state;
    Config def, cfg;
    config_defaults(&def);
    check_defaults(&def);
    assert_string_equal(def.job, "");
    assert_string_equal(def.name, "");
    assert_string_equal(def.source, "");

    char *path = temp_file(RUN3);
    load_ok(&cfg, path, NULL, 0);
    check_defaults(&cfg);
    assert_string_equal(cfg.job, "match");
    assert_string_equal(cfg.name, "t");
    assert_string_equal(cfg.source, path);
    /* nothing else differs from the defaults */
    memcpy(def.job, cfg.job, sizeof def.job);
    memcpy(def.name, cfg.name, sizeof def.name);
    memcpy(def.source, cfg.source, sizeof def.source);
    assert_memory_equal(&def, &cfg, sizeof cfg);
    temp_done(path);
}

/* Every kind of error names the file, the line and the problem. */
static void test_errors(void **state)
{
    (void)state;
    char buf[2048];
    expect_error(RUN3 "[foo]\n", 4, "unknown section [foo]");
    expect_error(RUN3 "[match]\nfoo = 1\n", 5, "unknown key 'foo' in [match]");
    expect_error(RUN3 "nodes = 5\n", 4, "belongs in [engine_a] or [engine_b]");
    expect_error(RUN3 "[match]\npairs = 12x\n", 5, "not an integer");
    expect_error(RUN3 "[match]\npairs =\n", 5, "not an integer");
    expect_error(RUN3 "[match]\npairs = 1.5\n", 5, "not an integer");
    expect_error(RUN3 "[match]\nalpha = 0.0.5\n", 5, "not a number");
    expect_error(RUN3 "[match]\nalpha = nan\n", 5, "not a number");
    expect_error(RUN3 "[match]\nsprt = maybe\n", 5, "not a boolean");
    expect_error(RUN3 "[engine_a]\nhash_mb = 0\n", 5, "out of range 1..4096");
    expect_error(RUN3 "[engine_b]\nhash_mb = 4097\n", 5, "out of range 1..4096");
    expect_error(RUN3 "[match]\npairs = 99999999999999999999999\n", 5, "out of range");
    expect_error(RUN3 "[match]\nalpha = 0.6\n", 5, "out of range 0.0001..0.5");
    expect_error(RUN3 "[match]\nelo1 = 1e999\n", 5, "out of range");
    expect_error(RUN3 "seed = -1\n", 4, "out of range");
    expect_error("[run]\njob = tune\n", 2, "not allowed (allowed: match|spsa|selfplay");
    expect_error(RUN3 "[match]\nsprt_model = bayes\n", 5, "normalized|logistic");
    expect_error("[run]\njob = match\nname = t\njob = spsa\n", 4, "duplicate key [run] job");
    expect_error(RUN3 "[match]\n[run]\nname = u\n", 6, "first set on line 3");
    expect_error(RUN3 "this is not ini\n", 4, "not an INI line");
    expect_error(RUN3 "[match\n", 4, "']'");
    expect_error(RUN3 "[match] x\n", 4, "after the section header");
    expect_error("job = match\n", 1, "before any [section]");
    expect_error("[run]\njob = match\nname = a/b\n", 3, "character '/' is not allowed");
    expect_error("[run]\njob = match\nname = .hidden\n", 3, "must not start with '.'");
    expect_error("[run]\njob = match\nname = a b\n", 3, "' ' is not allowed");
    expect_error(RUN3 "[engine_a]\nname = say \"hi\"\n", 5, "player name");
    /* Quoted file text has its control bytes escaped: the message stays one plain line. */
    expect_error(RUN3 "[match]\nopenings = a\x1b[2Jb\n", 5, "a\\x1b[2Jb");
    expect_error(RUN3 "[match]\nfo\ao = 1\n", 5, "unknown key 'fo\\x07o'");
    expect_error(RUN3 "[engine_a]\nweights =\n", 5, "empty");
    expect_error(RUN3 "[engine_b]\nnodes = 0\n", 5, "[engine_b] no search limit");
    expect_error(RUN3 "[engine_b]\nnodes = 0\ndepth = 0\n", 6, "search limit");
    expect_error(RUN3 "[match]\nelo1 = -1\n", 5, "elo0 (0) must be below elo1 (-1)");
    expect_error(RUN3 "[match]\nrepetition = 1\n", 5, "repetition");
    /* a normalized SPRT bound out of the model's reach (fishtest raises there); off without an
     * SPRT, and fine under the logistic model */
    expect_error(RUN3 "[match]\nsprt = true\nelo1 = 400\n", 6,
                 "elo1 = 400 is beyond what the normalized SPRT model can express");
    expect_error(RUN3 "[match]\nsprt = true\nelo0 = -240\n", 6, "elo0 = -240 is beyond");
    expect_error(RUN3 "[match]\nsprt = true\nelo1 = 231.63\n", 6, "below 231.62");
    Config ok;
    load_text_ok(&ok, RUN3 "[match]\nsprt = true\nelo1 = 231.6\n");
    load_text_ok(&ok, RUN3 "[match]\nelo1 = 400\n");
    load_text_ok(&ok, RUN3 "[match]\nsprt = true\nsprt_model = logistic\nelo1 = 400\n");
    /* the first error wins, whether it is a syntax error or a bad value */
    expect_error(RUN3 "junk\n[match]\npairs = x\n", 4, "not an INI line");
    expect_error(RUN3 "[match]\npairs = x\njunk\n", 5, "not an integer");
    /* a NUL byte inside a line */
    expect_error_n(RUN3 "[match]\npairs = 1\0"
                        "2\n",
                   sizeof(RUN3 "[match]\npairs = 1\0"
                               "2\n") -
                       1,
                   5, "NUL");

    /* string too long: 256 characters for a 255-character field, on a line longer than
     * libinih's buffer */
    char longv[300];
    memset(longv, 'w', 256);
    longv[256] = '\0';
    snprintf(buf, sizeof buf, RUN3 "[engine_a]\nweights = %s\n", longv);
    expect_error(buf, 5, "too long: 256 characters, at most 255");
    snprintf(buf, sizeof buf, RUN3 "[engine_a]\nname = %.64s\n", longv);
    expect_error(buf, 5, "too long: 64 characters, at most 63");
    /* a key name longer than libinih's line buffer */
    memset(buf, 0, sizeof buf);
    strcpy(buf, RUN3);
    memset(buf + strlen(buf), 'k', 400);
    strcat(buf, " = 1\n");
    expect_error(buf, 4, "too long");
    /* an unknown section name longer than libinih keeps */
    snprintf(buf, sizeof buf, RUN3 "\n[%s]\n", longv);
    expect_error(buf, 5, "unknown section");
}

/* A missing required key names the file and the key, without a line. */
static void test_missing_required(void **state)
{
    (void)state;
    char *path = temp_file("[run]\njob = match\n[match]\npairs = 3\n");
    Config cfg;
    char err[1024], want[600];
    assert_false(config_load(&cfg, path, NULL, 0, err, sizeof err));
    snprintf(want, sizeof want, "%s: missing required key [run] name", path);
    assert_string_equal(err, want);
    temp_done(path);

    path = temp_file("[run]\nname = x\n");
    assert_false(config_load(&cfg, path, NULL, 0, err, sizeof err));
    snprintf(want, sizeof want, "%s: missing required key [run] job", path);
    assert_string_equal(err, want);
    temp_done(path);
}

/* Files that cannot be read: the message names the file and the reason. */
static void test_unreadable(void **state)
{
    (void)state;
    Config cfg;
    char err[1024], want[600];
    const char *missing = "/tmp/test_config_no_such_file.ini";
    assert_false(config_load(&cfg, missing, NULL, 0, err, sizeof err));
    snprintf(want, sizeof want, "%s: cannot open: %s", missing, strerror(ENOENT));
    assert_string_equal(err, want);

    assert_false(config_load(&cfg, "/tmp", NULL, 0, err, sizeof err));
    assert_non_null(strstr(err, "/tmp: "));
    assert_non_null(strstr(err, strerror(EISDIR)));

    /* a tiny err buffer is filled but never overrun */
    char small[8];
    assert_false(config_load(&cfg, missing, NULL, 0, small, sizeof small));
    assert_int_equal(strlen(small), sizeof small - 1);
}

/* Overrides apply in order after the file, are validated and may supply required keys. */
static void test_overrides(void **state)
{
    (void)state;
    Config cfg;
    char err[1024];
    char *path = temp_file(RUN3 "[match]\npairs = 3\n");
    char *ov[] = {"match.pairs=7", "engine_b.weights = material ", "match.pairs=9",
                  "run.name=other", "match.sprt=on"};
    load_ok(&cfg, path, ov, 5);
    assert_int_equal(match_config(&cfg)->pairs, 9);
    assert_string_equal(player_config(&cfg, 1)->weights, "material");
    assert_string_equal(cfg.name, "other");
    assert_true(match_config(&cfg)->sprt);

    /* an intermediate state may break a rule as long as the final one does not */
    char *limits[] = {"engine_a.nodes=0", "engine_a.depth=3"};
    load_ok(&cfg, path, limits, 2);
    assert_int_equal(player_config(&cfg, 0)->nodes, 0);
    assert_int_equal(player_config(&cfg, 0)->depth, 3);

    struct {
        char *set;
        const char *want;
    } bad[] = {
        {"match.pairs=0", "--set match.pairs=0: [match] pairs = 0 is out of range 1..10000000"},
        {"match.pairs", "--set match.pairs: expected section.key=value"},
        {"pairs=3", "--set pairs=3: expected section.key=value"},
        {"nosuch.key=1", "--set nosuch.key=1: unknown section [nosuch]"},
        {"match.nosuch=1", "--set match.nosuch=1: unknown key 'nosuch' in [match]"},
        {"run.job=tune", "--set run.job=tune: [run] job = tune is not allowed"},
        {"engine_a.nodes=0", "--set engine_a.nodes=0: [engine_a] no search limit"},
        {"engine_a.weights=a #b", "--set engine_a.weights=a #b: [engine_a] weights = a #b: has"},
        {"engine_a.weights=;x", "comment"},
        {"run.name=a\tb", "control character"},
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        if (config_load(&cfg, path, &bad[i].set, 1, err, sizeof err) || !strstr(err, bad[i].want))
            fail_msg("--set %s: want \"%s\", got \"%s\"", bad[i].set, bad[i].want, err);
    }
    temp_done(path);

    /* required keys from --set only; no file at all */
    char *only[] = {"run.job=fit", "run.name=n"};
    load_ok(&cfg, NULL, only, 2);
    assert_string_equal(cfg.job, "fit");
    assert_string_equal(cfg.source, "");
    assert_false(config_load(&cfg, NULL, only, 1, err, sizeof err));
    assert_string_equal(err, "config: missing required key [run] name");

    /* a rule broken by the file is located at the latest key of the rule */
    path = temp_file(RUN3 "[engine_a]\nmovetime_ms = 0\nnodes = 0\ndepth = 0\n");
    assert_false(config_load(&cfg, path, NULL, 0, err, sizeof err));
    char want[600];
    snprintf(want, sizeof want, "%s:7: [engine_a] no search limit", path);
    assert_non_null(strstr(err, want));
    temp_done(path);
}

/* The [match] SPRT rule refuses exactly the hypotheses tune/stats says the normalized model
 * cannot reach (stats_sprt_reachable; no copy of its limit), and no logistic ones. */
static void test_sprt_reach_rule(void **state)
{
    (void)state;
    double reach = stats_sprt_nelo_reach();
    const double elo[] = {0.0,          1.0,          reach - 0.5, reach - 1e-9, reach,
                          reach + 1e-9, reach + 0.01, 400.0,       999.0};
    for (int sign = -1; sign <= 1; sign += 2) {
        for (size_t i = 0; i < sizeof elo / sizeof elo[0]; i++) {
            double e = sign * elo[i];
            char lo[64], hi[64], err[1024];
            snprintf(lo, sizeof lo, "match.elo0=%.17g", sign < 0 ? e : -1000.0 + 1e-3);
            snprintf(hi, sizeof hi, "match.elo1=%.17g", sign < 0 ? 1000.0 - 1e-3 : e);
            char *sets[] = {"run.job=match", "run.name=t", "match.sprt=true", lo, hi};
            for (int model = 0; model < 2; model++) {
                char *m = model ? "match.sprt_model=logistic" : "match.sprt_model=normalized";
                char *all[6] = {sets[0], sets[1], sets[2], sets[3], sets[4], m};
                Config cfg;
                SprtConfig sc = {sign < 0 ? e : -1000.0 + 1e-3, sign < 0 ? 1000.0 - 1e-3 : e, 0.05,
                                 0.05, SPRT_NORMALIZED};
                /* the other bound is far out too: reachable only for the logistic model */
                bool ok = config_load(&cfg, NULL, all, 6, err, sizeof err);
                bool bounds = sc.elo0 < sc.elo1;
                assert_int_equal(ok, bounds && (model == 1 || stats_sprt_reachable(&sc, NULL, 0)));
            }
        }
    }
    for (size_t i = 0; i < sizeof elo / sizeof elo[0]; i++) {
        char hi[64], err[1024];
        snprintf(hi, sizeof hi, "match.elo1=%.17g", elo[i] + 1e-3);
        char *sets[] = {"run.job=match", "run.name=t", "match.sprt=true", "match.elo0=0", hi};
        Config cfg;
        SprtConfig sc = {0.0, elo[i] + 1e-3, 0.05, 0.05, SPRT_NORMALIZED};
        assert_int_equal(config_load(&cfg, NULL, sets, 5, err, sizeof err),
                         stats_sprt_reachable(&sc, NULL, 0));
    }
}

/* config_set changes a loaded config, or leaves it untouched on error. */
static void test_config_set(void **state)
{
    (void)state;
    Config cfg, before;
    char err[1024];
    load_text_ok(&cfg, RUN3);
    assert_true(config_set(&cfg, "match.pairs=5", err, sizeof err));
    assert_int_equal(match_config(&cfg)->pairs, 5);
    assert_true(config_set(&cfg, " engine_b . movetime_ms = 100 ", err, sizeof err));
    assert_int_equal(player_config(&cfg, 1)->movetime_ms, 100);
    memcpy(&before, &cfg, sizeof cfg);
    assert_false(config_set(&cfg, "match.pairs=abc", err, sizeof err));
    assert_string_equal(err, "--set match.pairs=abc: [match] pairs = abc is not an integer");
    assert_memory_equal(&before, &cfg, sizeof cfg);
    assert_false(config_set(&cfg, "engine_a.nodes=0", err, sizeof err));
    assert_string_equal(err,
                        "--set engine_a.nodes=0: [engine_a] no search limit: one of nodes, depth, "
                        "movetime_ms must be above 0");
    assert_memory_equal(&before, &cfg, sizeof cfg);
    /* engine_b has a time limit, so nodes = 0 is fine there */
    assert_true(config_set(&cfg, "engine_b.nodes=0", err, sizeof err));
    assert_int_equal(player_config(&cfg, 1)->nodes, 0);
}

/* Splits command and expects the words of want ("|"-separated) or, want NULL, an error
 * containing problem. */
static void expect_split(const char *command, const char *want, const char *problem)
{
    char *argv[PLAYER_MAX_ARGS], buf[1024], err[256] = "", joined[1024] = "";
    int n = player_split_command(command, argv, buf, sizeof buf, err, sizeof err);
    if (!want) {
        assert_int_equal(n, -1);
        assert_non_null(strstr(err, problem));
        return;
    }
    for (int i = 0; i < n; i++)
        snprintf(joined + strlen(joined), sizeof joined - strlen(joined), "%s%s", i ? "|" : "",
                 argv[i]);
    assert_null(argv[n < 0 ? 0 : n]);
    assert_string_equal(joined, want);
}

/* External engine commands: words, quotes and backslashes, never a shell; and the keys' checks. */
static void test_engine_command(void **state)
{
    (void)state;
    expect_split("", "", NULL);
    expect_split("  bin/maxtune   uci ", "bin/maxtune|uci", NULL);
    expect_split("a 'b c' \"d e\" f\\ g", "a|b c|d e|f g", NULL);
    expect_split("'$HOME;rm -rf x' `id` $(id) a>b", "$HOME;rm -rf x|`id`|$(id)|a>b", NULL);
    expect_split("\"x\\\"y\" 'p\\q' ''", "x\"y|p\\q|", NULL);
    expect_split("a 'b", NULL, "unclosed ' quote");
    expect_split("a \"b", NULL, "unclosed \" quote");
    char many[512] = "";
    for (int i = 0; i < PLAYER_MAX_ARGS; i++)
        strcat(many, "w ");
    expect_split(many, NULL, "more than 63 words");
    expect_error(RUN3 "[engine_a]\ncommand = x 'y\n", 5, "unclosed ' quote");
    expect_error(RUN3 "[engine_a]\noptions = Hash\n", 5, "expected Name=value");
    expect_error(RUN3 "[engine_b]\noptions = Hash=1, =2\n", 5, "expected Name=value");
    Config cfg;
    char err[1024];
    load_text_ok(&cfg,
                 RUN3 "[engine_a]\ncommand = prog 'a b'\noptions = Hash=1, Weights=material\n");
    assert_string_equal(player_config(&cfg, 0)->command, "prog 'a b'");
    assert_false(config_set(&cfg, "engine_a.working_dir=a\tb", err, sizeof err));
    assert_non_null(strstr(err, "control character"));
}

/* Time controls: "[moves/]base[+increment]" in seconds. */
static void test_time_control(void **state)
{
    (void)state;
    TimeControl tc;
    char err[256];
    assert_true(player_parse_tc("2+0.02", &tc, err, sizeof err));
    assert_true(tc.moves == 0 && tc.base_ms == 2000 && tc.inc_ms == 20);
    assert_true(player_parse_tc("40/60", &tc, err, sizeof err));
    assert_true(tc.moves == 40 && tc.base_ms == 60000 && tc.inc_ms == 0);
    assert_true(player_parse_tc("0.5", &tc, err, sizeof err));
    assert_true(tc.moves == 0 && tc.base_ms == 500);
    assert_true(player_parse_tc("", &tc, err, sizeof err));
    assert_int_equal(tc.base_ms, 0);
    static const char *const bad[] = {"x",     "2+", "+1",   "0/1", "2+0.1x",
                                      "1/2/3", "0",  "-1+1", "2++1"};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++)
        if (player_parse_tc(bad[i], &tc, err, sizeof err))
            fail_msg("'%s' accepted", bad[i]);
    expect_error(RUN3 "[engine_a]\ntc = 1+x\n", 5, "expected [moves/]base[+increment]");
    Config cfg;
    load_text_ok(&cfg, RUN3);
    assert_true(config_set(&cfg, "engine_a.tc=1+0.1", err, sizeof err));
    assert_true(config_set(&cfg, "engine_a.nodes=0", err, sizeof err)); /* the clock limits it */
}

/* Writes cfg to a temporary file, loads it back and expects the identical Config. */
static void check_roundtrip(const Config *cfg)
{
    char *path = strdup("/tmp/test_config_XXXXXX");
    assert_non_null(path);
    int fd = mkstemp(path);
    assert_true(fd >= 0);
    FILE *f = fdopen(fd, "w");
    assert_non_null(f);
    assert_true(config_write(cfg, f));
    assert_int_equal(fclose(f), 0);

    Config back;
    load_ok(&back, path, NULL, 0);
    assert_string_equal(back.source, path);
    memcpy(back.source, cfg->source, sizeof back.source);
    assert_memory_equal(cfg, &back, sizeof back);
    temp_done(path);
}

/* The written config reads back identically, and writing is deterministic. */
static void test_write_roundtrip(void **state)
{
    (void)state;
    Config cfg;
    load_text_ok(&cfg, RUN3);
    check_roundtrip(&cfg);

    char ov[6][400];
    char *ovp[6];
    char longv[256];
    memset(longv, 'p', 255);
    longv[255] = '\0';
    snprintf(ov[0], sizeof ov[0], "engine_a.weights=%s", longv);
    snprintf(ov[1], sizeof ov[1], "match.openings=dir with spaces/x;y#z.fen");
    snprintf(ov[2], sizeof ov[2], "match.alpha=0.1");
    snprintf(ov[3], sizeof ov[3], "match.elo0=-0.30000000000000004");
    snprintf(ov[4], sizeof ov[4], "run.seed=18446744073709551615");
    snprintf(ov[5], sizeof ov[5], "match.beta=0.0001");
    for (int i = 0; i < 6; i++)
        ovp[i] = ov[i];
    char *path = temp_file(RUN3 "[match]\nsprt = true\nelo1 = 3.3333333333333335\n");
    load_ok(&cfg, path, ovp, 6);
    temp_done(path);
    assert_string_equal(player_config(&cfg, 0)->weights, longv);
    assert_true(match_config(&cfg)->elo0 == -0.30000000000000004);
    check_roundtrip(&cfg);

    /* deterministic: the same bytes twice */
    char *a = NULL, *b = NULL;
    size_t alen = 0, blen = 0;
    FILE *fa = open_memstream(&a, &alen), *fb = open_memstream(&b, &blen);
    assert_true(fa && fb);
    assert_true(config_write(&cfg, fa));
    assert_true(config_write(&cfg, fb));
    fclose(fa);
    fclose(fb);
    assert_int_equal(alen, blen);
    assert_memory_equal(a, b, alen);
    assert_non_null(strstr(a, "\nalpha = 0.1\n"));
    free(a);
    free(b);
}

/* The text config_write writes for cfg (malloc'd). */
static char *written(const Config *cfg)
{
    char *text = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&text, &len);
    assert_non_null(f);
    assert_true(config_write(cfg, f));
    fclose(f);
    return text;
}

/* Tournament sections and [spsa] options are written only when used, and read back. */
static void test_write_sparse(void **state)
{
    (void)state;
    Config cfg;
    load_text_ok(&cfg, RUN3);
    char *text = written(&cfg);
    assert_null(strstr(text, "[engine_c]"));
    assert_null(strstr(text, "[tournament]"));
    assert_null(strstr(text, "\noptions = \n[selfplay]"));
    assert_int_equal(player_count(&cfg), 2);
    free(text);
    load_text_ok(&cfg, "[run]\njob = tournament\nname = t\n[engine_c]\n[engine_d]\nname = X\n"
                       "[spsa]\noptions = Hash:16:1:64\n");
    assert_int_equal(player_count(&cfg), 4);
    assert_string_equal(player_config(&cfg, 2)->name, "C");
    text = written(&cfg);
    assert_non_null(strstr(text, "[engine_d]"));
    assert_null(strstr(text, "[engine_e]"));
    assert_non_null(strstr(text, "[tournament]"));
    assert_non_null(strstr(text, "options = Hash:16:1:64\n"));
    free(text);
    check_roundtrip(&cfg);
}

/* [run] variant is sparse: at its default it is not written and leaves the config hash as it
 * was (configs written before it resume), "ultima" is written and read back, others refused. */
static void test_variant_key(void **state)
{
    (void)state;
    Config cfg, given;
    load_text_ok(&cfg, RUN3);
    assert_string_equal(config_variant(&cfg)->name, "maxima");
    char *text = written(&cfg);
    assert_null(strstr(text, "variant"));
    free(text);
    load_text_ok(&given, RUN3 "variant = maxima\n");
    assert_true(rundir_config_hash(&given) == rundir_config_hash(&cfg));
    load_text_ok(&cfg, RUN3 "variant = ultima\n");
    assert_int_equal(config_variant(&cfg)->id, VARIANT_ULTIMA);
    assert_true(rundir_config_hash(&given) != rundir_config_hash(&cfg));
    text = written(&cfg);
    assert_non_null(strstr(text, "\nvariant = ultima\n"));
    free(text);
    check_roundtrip(&cfg);
    expect_error(RUN3 "variant = chess\n", 4, "maxima|ultima");
}

/* A key left at its default takes the run's game's default (ConfigPart.game_defaults), a key
 * given keeps its value, and a list of the other game's weights is refused at its line. */
static void test_game_defaults(void **state)
{
    (void)state;
    static const char maxima[] =
        "pincer,coordinator,long_leaper,chameleon,withdrawer,immobilizer,mage,guard";
    Config cfg;
    load_text_ok(&cfg, RUN3);
    assert_string_equal(spsa_config(&cfg)->params, maxima);
    load_text_ok(&cfg, RUN3 "variant = ultima\n");
    assert_string_equal(spsa_config(&cfg)->params,
                        "pincer,coordinator,long_leaper,chameleon,withdrawer,immobilizer");
    char *text = written(&cfg);
    assert_non_null(strstr(text, "\nparams = pincer,coordinator,long_leaper,chameleon,"
                                 "withdrawer,immobilizer\n"));
    free(text);
    check_roundtrip(&cfg);
    load_text_ok(&cfg, RUN3 "variant = ultima\n[spsa]\nparams = frozen.pincer, tempo\n");
    assert_string_equal(spsa_config(&cfg)->params, "frozen.pincer, tempo");
    expect_error(RUN3 "variant = ultima\n[spsa]\nparams = pincer, mage\n", 6,
                 "[spsa] params = pincer, mage: 'mage' is not an Ultima weight");
    expect_error(RUN3 "[spsa]\nparams = frozen.pincer\n", 5,
                 "[spsa] params = frozen.pincer: 'frozen.pincer' is not a Maxima weight");
    expect_error(RUN3 "[spsa]\nparams = bishop\n", 5,
                 "[spsa] params = bishop: unknown weight 'bishop'");
}

/* A key given by --set keeps its value in a game with a default of its own, as a key given in
 * the file does, whether the game comes from the file or from --set too; given with the very
 * value of Maxima's default, it is still given (and Maxima's Mage and Guard are refused in
 * Ultima); a key left alone takes the game's default. */
static void test_game_defaults_set(void **state)
{
    (void)state;
    static const char ultima[] = "pincer,coordinator,long_leaper,chameleon,withdrawer,immobilizer";
    Config cfg;
    char err[1024];
    char *in_file = temp_file(RUN3 "variant = ultima\n");
    char *plain = temp_file(RUN3);
    char *set[] = {"spsa.params=frozen.pincer, tempo", "values.types=pincer,coordinator"};
    load_ok(&cfg, in_file, set, 2);
    assert_string_equal(spsa_config(&cfg)->params, "frozen.pincer, tempo");
    assert_string_equal(values_config(&cfg)->types, "pincer,coordinator");
    char *both[] = {"run.variant=ultima", "spsa.params=frozen.pincer, tempo"};
    load_ok(&cfg, plain, both, 2);
    assert_string_equal(spsa_config(&cfg)->params, "frozen.pincer, tempo");
    assert_string_equal(values_config(&cfg)->types, ultima); /* left alone */
    char *game_only[] = {"run.variant=ultima"};
    load_ok(&cfg, plain, game_only, 1);
    assert_string_equal(spsa_config(&cfg)->params, ultima);
    char *maxima[] = {"run.variant=ultima",
                      "spsa.params=pincer,coordinator,long_leaper,chameleon,withdrawer,"
                      "immobilizer,mage,guard"};
    if (config_load(&cfg, plain, maxima, 2, err, sizeof err) ||
        !strstr(err, "'mage' is not an Ultima weight"))
        fail_msg("--set spsa.params=<Maxima's default> in Ultima: want 'mage' refused, got %s",
                 err);
    temp_done(in_file);
    temp_done(plain);
}

/* [spsa] options names an engine option once: given twice is refused, also in another case
 * (UCI option names are case-insensitive: PINCER is pincer). */
static void test_spsa_options_once(void **state)
{
    (void)state;
    static const char head[] = "[run]\njob = spsa\nname = t\n[engine_a]\ncommand = x\n[spsa]\n";
    static const char *const twice[] = {"pincer:100:0:1500, pincer:100:0:1500",
                                        "pincer:100:0:1500, PINCER:100:0:1500",
                                        "Hash:16:1:64, mage:700:0:1500, hASH:8:1:64"};
    for (size_t i = 0; i < sizeof twice / sizeof twice[0]; i++) {
        char text[512];
        snprintf(text, sizeof text, "%soptions = %s\n", head, twice[i]);
        expect_error(text, 7, "option given twice");
    }
}

/* config_print_doc mentions every section and every key that config_write writes. */
static void test_doc(void **state)
{
    (void)state;
    Config cfg;
    char *doc = NULL, *ini = NULL;
    size_t doclen = 0, inilen = 0;
    FILE *f = open_memstream(&doc, &doclen);
    assert_non_null(f);
    config_print_doc(f, false);
    fclose(f);
    load_text_ok(&cfg, RUN3);
    f = open_memstream(&ini, &inilen);
    assert_non_null(f);
    assert_true(config_write(&cfg, f));
    fclose(f);

    int keys = 0, sections = 0;
    char *save = NULL;
    for (char *line = strtok_r(ini, "\n", &save); line; line = strtok_r(NULL, "\n", &save)) {
        char want[128];
        if (line[0] == ';')
            continue;
        if (line[0] == '[') {
            assert_non_null(strstr(doc, line));
            sections++;
            continue;
        }
        char *eq = strstr(line, " = ");
        assert_non_null(eq);
        snprintf(want, sizeof want, "  %.*s ", (int)(eq - line), line);
        if (!strstr(doc, want))
            fail_msg("doc lacks key %s", want);
        keys++;
    }
    /* At least [run], two engines, [match] and [spsa]; jobs add sections and keys over time,
     * and every one of them must be documented (checked above). */
    assert_true(sections >= 5);
    assert_true(keys >= 5 + 6 + 6 + 18 + 12);
    assert_non_null(strstr(doc, "1..4096"));
    assert_non_null(strstr(doc, "default 2000"));
    assert_non_null(strstr(doc, "default A in [engine_a], B in [engine_b]"));
    assert_non_null(strstr(doc, "match|spsa|selfplay|datagen|fit|values|suite"));
    assert_non_null(strstr(doc, "required"));
    free(doc);
    free(ini);
}

/* Writes text to dir/name. */
static void put_file(const char *dir, const char *name, const char *text)
{
    char path[512];
    snprintf(path, sizeof path, "%s/%s", dir, name);
    FILE *f = fopen(path, "w");
    assert_non_null(f);
    fputs(text, f);
    fclose(f);
}

/* File paths are read from the current folder when the file is there, else from the config's
 * folder; words (default, random, selfplay, none) and results_dir are never rewritten. */
static void test_relative_paths(void **state)
{
    (void)state;
    char cwd[4096], home[] = "/tmp/test_config_home_XXXXXX",
                    other[] = "/tmp/test_config_cwd_XXXXXX";
    assert_non_null(getcwd(cwd, sizeof cwd));
    assert_non_null(mkdtemp(home));
    assert_non_null(mkdtemp(other));
    put_file(home, "c.ini",
             RUN3 "results_dir = out\n[engine_a]\nweights = beside.weights\n"
                  "[engine_b]\nweights = both.weights\n[match]\nopenings = random\n"
                  "[spsa]\nstart_weights = default\nparams_file = nowhere.txt\n");
    put_file(home, "beside.weights", "");
    put_file(home, "both.weights", "");
    put_file(home, "random", "");
    put_file(home, "default", "");
    put_file(other, "both.weights", "");
    assert_int_equal(chdir(other), 0);
    Config cfg;
    char err[512], path[512], want[512];
    snprintf(path, sizeof path, "%s/c.ini", home);
    bool ok = config_load(&cfg, path, NULL, 0, err, sizeof err);
    /* The same through --set, and a config named from its own folder (nothing to resolve). */
    Config set;
    char *sets[] = {"engine_b.weights=beside.weights"};
    bool ok_set = config_load(&set, path, sets, 1, err, sizeof err);
    assert_int_equal(chdir(home), 0);
    Config local;
    bool ok_local = config_load(&local, "c.ini", NULL, 0, err, sizeof err);
    assert_int_equal(chdir(cwd), 0);
    const char *names[] = {"c.ini", "beside.weights", "both.weights", "random", "default"};
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++) {
        snprintf(want, sizeof want, "%s/%s", home, names[i]);
        remove(want);
    }
    snprintf(want, sizeof want, "%s/both.weights", other);
    remove(want);
    rmdir(home);
    rmdir(other);
    assert_true(ok && ok_set && ok_local);
    snprintf(want, sizeof want, "%s/beside.weights", home);
    assert_string_equal(player_config(&cfg, 0)->weights, want); /* found beside the config */
    assert_string_equal(player_config(&cfg, 1)->weights,
                        "both.weights");                         /* the current folder wins */
    assert_string_equal(match_config(&cfg)->openings, "random"); /* words stay words */
    assert_string_equal(spsa_config(&cfg)->start_weights, "default");
    assert_string_equal(spsa_config(&cfg)->params_file,
                        "nowhere.txt");          /* found nowhere: as written */
    assert_string_equal(cfg.results_dir, "out"); /* always the current folder */
    assert_string_equal(player_config(&set, 1)->weights, want);
    assert_string_equal(player_config(&local, 0)->weights, "beside.weights");
}

int main(void)
{
    core_init();        /* the games config_variant names */
    catalog_register(); /* the job names [run] job accepts */
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_good_config),
        cmocka_unit_test(test_defaults),
        cmocka_unit_test(test_errors),
        cmocka_unit_test(test_missing_required),
        cmocka_unit_test(test_unreadable),
        cmocka_unit_test(test_overrides),
        cmocka_unit_test(test_config_set),
        cmocka_unit_test(test_sprt_reach_rule),
        cmocka_unit_test(test_write_roundtrip),
        cmocka_unit_test(test_write_sparse),
        cmocka_unit_test(test_variant_key),
        cmocka_unit_test(test_doc),
        cmocka_unit_test(test_relative_paths),
        cmocka_unit_test(test_engine_command),
        cmocka_unit_test(test_time_control),
        cmocka_unit_test(test_game_defaults),
        cmocka_unit_test(test_game_defaults_set),
        cmocka_unit_test(test_spsa_options_once),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
