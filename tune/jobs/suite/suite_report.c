/* suite_report.c: the suite's report.md, summary.json and printed result, made from the parts'
 * files (values/values.csv, spsa/tuned.weights, spsa/verify.json). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tune/pages/html.h"
#include "tune/jobs/spsa/spsa_job.h"
#include "tune/jobs/suite/suite_report.h"
#include "tune/pages/weights_report.h"
#include "tune/jobs/common/job.h"
#include "tune/play/handicap.h"
#include "tune/jobs/values/values_report.h"
#include "tune/run/text.h"
#include "tune/jobs/spsa/spsa_config.h"
#include "tune/play/selfplay_config.h"
#include "tune/jobs/values/values_config.h"
#include "tune/play/player_config.h"
#include "tune/play/players.h"

bool suite_read_values(SuiteResult *r, char *err, size_t errlen)
{
    char path[1100], line[1024];
    snprintf(path, sizeof path, "%s/values/values.csv", r->rd->path);
    FILE *f = fopen(path, "r");
    if (!f) {
        snprintf(err, errlen, "%.900s: cannot open", path);
        return false;
    }
    bool ok = fgets(line, sizeof line, f) != NULL; /* header */
    while (ok && r->npieces < SUITE_MAX_PIECES && fgets(line, sizeof line, f)) {
        line[strcspn(line, "\r\n")] = '\0';
        char *fields[32];
        int n = text_split_csv(line, fields, 32);
        if (n < 15) {
            ok = false;
            break;
        }
        int i = r->npieces++;
        snprintf(r->piece[i], sizeof r->piece[i], "%s", fields[0]);
        r->vchess[i] = strtod(fields[1], NULL);
        r->reg[i] = values_parse(&fields[4]);
        r->hc[i] = values_parse(&fields[11]);
        snprintf(r->agreement[i], sizeof r->agreement[i], "%s", fields[14]);
    }
    fclose(f);
    if (!ok)
        snprintf(err, errlen, "%.900s: unexpected format", path);
    return ok;
}

bool suite_read_spsa(SuiteResult *r, char *err, size_t errlen)
{
    char path[1100], why[512];
    snprintf(path, sizeof path, "%s/spsa/tuned.weights", r->rd->path);
    const Variant *v = config_variant(r->cfg);
    if (!weights_load_game(&r->start, spsa_config(r->cfg)->start_weights, v, why, sizeof why) ||
        !spsa_params_load(v, spsa_config(r->cfg), &r->start, r->params, &r->nparams, why,
                          sizeof why) ||
        !weights_load_game(&r->tuned, path, v, why, sizeof why)) {
        snprintf(err, errlen, "%s", why);
        return false;
    }
    snprintf(path, sizeof path, "%s/spsa/verify.json", r->rd->path);
    verify_read_figures(path, &r->verify); /* none when [spsa] verify_pairs = 0 */
    return true;
}

/* The SPSA-tuned value of a piece in tuned units (the pincer, Martian Chess's pawn), or "-"
 * when not tuned. */
static void fmt_tuned(const SuiteResult *r, const char *piece, char *buf, size_t len)
{
    int t = weights_find_term(piece), w = t >= 0 ? weight_mg(t) : -1;
    int unit = weight_mg(handicap_unit_term(config_variant(r->cfg)));
    bool tuned = false, pincer = false;
    for (int i = 0; i < r->nparams; i++) {
        tuned |= r->params[i].set.idx[0] == w;
        pincer |= r->params[i].set.idx[0] == unit;
    }
    if (w < 0 || !tuned || !pincer || r->tuned.v[unit] <= 0)
        snprintf(buf, len, "-");
    else
        snprintf(buf, len, "%.2f", (double)r->tuned.v[w] / r->tuned.v[unit]);
}

/* The formatted cells of piece i: both values with their intervals, and the SPSA-tuned value. */
typedef struct SuiteRow {
    char reg[64], hc[64], tuned[32];
} SuiteRow;

/* The cells of piece i for the report's table and the printed one. */
static SuiteRow suite_row(const SuiteResult *r, int i)
{
    SuiteRow row;
    values_format(&r->reg[i], row.reg, sizeof row.reg);
    values_format(&r->hc[i], row.hc, sizeof row.hc);
    fmt_tuned(r, r->piece[i], row.tuned, sizeof row.tuned);
    return row;
}

bool suite_write_report(FILE *out, void *data)
{
    const SuiteResult *r = data;
    const Config *cfg = r->cfg;
    const char *reference = job_reference_name(config_variant(cfg));
    const char *u = job_unit_name(config_variant(cfg));
    bool pincer = !strcmp(u, "pincer");
    fprintf(out, "# Suite `%s`\n\n", cfg->name);
    job_report_game(out, cfg);
    fprintf(out,
            "A short piece-value estimate and a short SPSA tuning run from one config "
            "(`config.ini`, seed %llu). Each part is a run of its own, with its own "
            "report:\n\n| part | job | what it does | report |\n|---|---|---|---|\n",
            cfg->seed);
    fprintf(out,
            "| 1 | values | each piece's worth in %ss%s, two ways: a logistic "
            "regression on the material difference over %ld self-play games, and handicap "
            "matches (%ld pairs per piece%s%s%s, %ld calibration pairs at %ld-%s odds) | "
            "[values/report.md](values/report.md) |\n",
            u, pincer ? " (pawns)" : "", selfplay_config(cfg)->games, values_config(cfg)->pairs,
            values_config(cfg)->offsets[0] ? ", the piece against " : "",
            values_config(cfg)->offsets[0] ? u : "",
            values_config(cfg)->offsets[0] ? "s: `[values] offsets`" : "",
            values_config(cfg)->calibration_pairs, values_config(cfg)->calibration_pincers, u);
    fprintf(out,
            "| 2 | spsa | %ld SPSA iterations from `%s`, then a %ld-pair verification "
            "match of the tuned weights against the start | [spsa/report.md](spsa/report.md) "
            "|\n\n",
            spsa_config(cfg)->iterations, spsa_config(cfg)->start_weights,
            spsa_config(cfg)->verify_pairs);
    char limits[128];
    player_limits_text(player_config(cfg, 0), limits, sizeof limits);
    fprintf(out,
            "The values belong to one engine: `%s` weights at %s (piece values change with "
            "the engine and its depth: `results/README.md` sets them side by side at several "
            "settings).\n\n",
            player_config(cfg, 0)->weights, limits);
    fprintf(out,
            "## Piece values (%ss, 95%% intervals)\n\n"
            "| piece | %s | regression | handicap | methods | SPSA-tuned / tuned %s |"
            "\n|---|---:|---|---|---|---:|\n",
            u, reference, u);
    for (int i = 0; i < r->npieces; i++) {
        SuiteRow row = suite_row(r, i);
        fprintf(out, "| %s | %g | %s | %s | %s | %s |\n", r->piece[i], r->vchess[i], row.reg,
                row.hc, i == 0 && !strcmp(r->piece[i], u) ? "(unit)" : r->agreement[i], row.tuned);
    }
    fprintf(out,
            "\n![Piece values by both methods](values/values.png)\n\n*Each piece's value in "
            "%ss with its 95%% interval: regression (blue, left) and handicap matches "
            "(red, right) side by side, %s's table as open circles, the dashed line at "
            "1 %s; an unbounded interval is drawn from -2 to 25.*\n\n",
            u, reference, u);
    fprintf(out, "The SPSA column is a point value with no interval: where SPSA ended after a "
                 "short run from the detuned start, not a measurement.\n\n");
    fprintf(out, "## SPSA\n\n");
    if (r->verify.have)
        fprintf(out,
                "Verification, tuned against start: %ld games, score %.3f, **Elo %.1f "
                "+/- %.1f**, LOS %.1f%%.\n\n",
                r->verify.games, r->verify.score, r->verify.elo, r->verify.elo_err,
                100 * r->verify.los);
    fprintf(out, "![SPSA parameter trajectories](spsa/trajectory.png)\n\n*Each tuned piece "
                 "value (centipawns) over the SPSA iterations, from the detuned start.*\n\n");
    if (r->verify.have)
        fprintf(out, "![Elo of tuned vs start](spsa/verify_progress.png)\n\n*The Elo "
                     "difference of the tuned weights against the start after each verification "
                     "pair, with its 95%% interval.*\n\n");
    fprintf(out, "Files: `config.ini` (the suite's config: every key), `run.txt`, "
                 "`summary.json`; each part's folder holds its own `config.ini` (which re-runs "
                 "that part alone), `run.txt`, data files and report.\n");
    return true;
}

bool suite_write_summary(FILE *out, void *data)
{
    const SuiteResult *r = data;
    fprintf(out, "{\n  \"job\": \"suite\",\n  \"run\": \"%s\",\n  \"seed\": %llu,\n", r->cfg->name,
            r->cfg->seed);
    job_summary_game(out, r->cfg);
    fprintf(out, "  \"parts\": [\"values\", \"spsa\"],\n  \"pieces\": {\n");
    for (int i = 0; i < r->npieces; i++) {
        const PieceValue *s[2] = {&r->reg[i], &r->hc[i]};
        static const char *const names[2] = {"regression", "handicap"};
        fprintf(out, "    \"%s\": {\"vchess\": %g", r->piece[i], r->vchess[i]);
        for (int k = 0; k < 2; k++)
            if (s[k]->have) {
                fprintf(out, ", \"%s\": ", names[k]);
                values_write_json(out, s[k]);
            }
        int w = weights_find(r->piece[i]);
        if (w >= 0)
            fprintf(out, ", \"spsa_tuned\": %d", r->tuned.v[w]);
        fprintf(out, "}%s\n", i + 1 < r->npieces ? "," : "");
    }
    fprintf(out, "  },\n  \"spsa_verification\": ");
    if (r->verify.have)
        fprintf(out,
                "{\"games\": %ld, \"score\": %.6f, \"elo\": %.2f, \"elo_error95\": %.2f, "
                "\"los\": %.6f}\n}\n",
                r->verify.games, r->verify.score, r->verify.elo, r->verify.elo_err, r->verify.los);
    else
        fprintf(out, "null\n}\n");
    return true;
}

void suite_print(void *data)
{
    const SuiteResult *r = data;
    char limits[128];
    player_limits_text(player_config(r->cfg, 0), limits, sizeof limits);
    printf("\nSuite %s: piece values in %ss (95%% intervals), engine `%s` at %s\n", r->cfg->name,
           job_unit_name(config_variant(r->cfg)), player_config(r->cfg, 0)->weights, limits);
    printf("%-12s %6s  %-22s  %-22s  %s\n", "piece", job_reference_name(config_variant(r->cfg)),
           "regression", "handicap", "SPSA-tuned");
    for (int i = 0; i < r->npieces; i++) {
        SuiteRow row = suite_row(r, i);
        printf("%-12s %6g  %-22s  %-22s  %s\n", r->piece[i], r->vchess[i], row.reg, row.hc,
               row.tuned);
    }
    if (r->verify.have)
        printf("SPSA verification, tuned vs start: Elo %.1f +/- %.1f, LOS %.1f %% (%ld games)\n",
               r->verify.elo, r->verify.elo_err, 100 * r->verify.los, r->verify.games);
    printf("Report: %s/report.md\n", r->rd->path);
}

const HtmlSpec suite_html = {
    .figures = {{"spsa_verification.elo", "SPSA: Elo of the tuned weights against the start",
                 "spsa_verification.elo_error95", NULL},
                {"spsa_verification.games", "SPSA verification games", NULL, NULL},
                {"spsa_verification.los", "SPSA verification LOS", NULL, NULL}},
    .charts = {VALUES_HTML_CHART("values/"),
               {.png = "spsa/trajectory.png",
                .csv = "spsa/trajectory.csv",
                .title = "SPSA parameter trajectories",
                .x = "iteration",
                .y = "* -plus_wins -plus_losses -draws -plus_score",
                .xlabel = "iteration",
                .ylabel = "value (centipawns)"},
               {.png = "spsa/verify_progress.png",
                .csv = "spsa/verify_progress.csv",
                .title = "Elo of the tuned weights against the start",
                .x = "games",
                .y = "elo:elo_low:elo_high",
                .xlabel = "games",
                .ylabel = "Elo",
                .yclamp = 1000}},
    .parts = {"values", "spsa"},
};
