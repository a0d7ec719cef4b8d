/* study_job.c: the study's parts, run one after the other (see study_job.h). */
#include "study_job.h"
#include "tune/jobs/study/study_limit.h"
#include "tune/jobs/study/study_report.h"

#include <stdlib.h>
#include <string.h>

#include "tune/jobs/fit/fit_config.h"
#include "tune/jobs/fit/fit_job.h"
#include "tune/jobs/common/job.h"
#include "tune/jobs/common/parts.h"
#include "tune/jobs/tournament/tournament_config.h"
#include "tune/jobs/values/values_config.h"
#include "tune/jobs/values/values_job.h"
#include "tune/play/player_config.h"
#include "tune/play/handicap.h"
#include "tune/run/config_value.h"
#include "tune/run/text.h"

/* The ladder's openings come from a seed of their own (the values parts share the run's). */
#define LADDER_SEED_MIX 0x5851F42D4C957F2Dull

/* The kinds of part, in the order they run: the values of every setting first (the data),
 * then the ladder (the settings' strengths), then the fits (cheap, on the values' positions). */
typedef enum StudyPartKind { PART_VALUES, PART_LADDER, PART_FIT } StudyPartKind;

/* One part: its kind and setting (the ladder: -1). */
typedef struct StudyPart {
    StudyPartKind kind;
    int setting;
} StudyPart;

enum { STUDY_MAX_PARTS = 2 * STUDY_MAX_SETTINGS + 1 };

/* The parts of the study in order; returns their count. */
static int study_parts(const StudyConfig *sc, StudyPart *parts)
{
    int n = 0;
    for (int k = 0; k < sc->nmeasured; k++)
        parts[n++] = (StudyPart){PART_VALUES, k};
    parts[n++] = (StudyPart){PART_LADDER, -1};
    for (int k = 0; k < sc->nmeasured; k++)
        parts[n++] = (StudyPart){PART_FIT, k};
    return n;
}

/* The fit's parameters: each valued type's middle-game and end-game material weight, and the
 * unit's (the pincer, or Martian Chess's point of score) when it is not one of them: the values
 * by phase are ratios to it. */
static void phase_params(const Config *cfg, char *out, size_t len)
{
    char types[256];
    const char *u = weight_term_names[handicap_unit_term(config_variant(cfg))];
    bool has_unit = false;
    snprintf(types, sizeof types, "%s", values_config(cfg)->types);
    Text t = text_start(out, len);
    for (char *save = NULL, *item = strtok_r(types, ",", &save); item;
         item = strtok_r(NULL, ",", &save)) {
        item = config_trim(item);
        if (*item)
            text_item(&t, ",", "%s.mg,%s.eg", item, item);
        has_unit |= !strcmp(item, u);
    }
    if (!has_unit)
        text_item(&t, ",", "%s.mg,%s.eg", u, u);
}

/* The config of a fit part of setting k: its values part's positions, the setting's weights
 * as the start, the material weights by phase. */
static bool fit_part(const Config *cfg, const RunDir *rd, int k, Config *pc, char *err,
                     size_t errlen)
{
    const StudyConfig *sc = study_config(cfg);
    FitConfig *fc = fit_config_edit(pc);
    char dir[128];
    study_part_dir(sc, "values", k, dir, sizeof dir);
    int n = snprintf(fc->positions, sizeof fc->positions, "%s/%s/positions.traces", rd->path, dir);
    if (n < 0 || (size_t)n >= sizeof fc->positions) {
        snprintf(err, errlen, "%s: folder name too long for the study's parts", rd->path);
        return false;
    }
    snprintf(fc->start_weights, sizeof fc->start_weights, "%s", sc->setting[k].weights);
    phase_params(cfg, fc->params, sizeof fc->params);
    fc->phase_values = true;
    return true;
}

/* The config of the ladder: a round robin of every setting, anchored at the first. */
static bool ladder_part(const Config *cfg, Config *pc, char *err, size_t errlen)
{
    const StudyConfig *sc = study_config(cfg);
    long hash_mb = player_config(cfg, 0)->hash_mb;
    for (int i = 0; i < sc->nsettings; i++)
        if (!player_config_set_in_process(pc, i, sc->setting[i].label, sc->setting[i].weights,
                                          sc->setting[i].nodes, hash_mb, err, errlen))
            return false;
    TournamentConfig *tc = tournament_config_edit(pc);
    snprintf(tc->format, sizeof tc->format, "round_robin");
    tc->pairs = sc->ladder_pairs;
    snprintf(tc->anchor, sizeof tc->anchor, "%s", sc->setting[0].label);
    tc->anchor_elo = 0;
    pc->seed = cfg->seed ^ LADDER_SEED_MIX;
    return true;
}

/* The config of part p; false with the message in err. */
static bool part_config(const Config *cfg, const RunDir *rd, StudyPart p, Config *pc, char *err,
                        size_t errlen)
{
    static const char *const JOB[] = {"values", "tournament", "fit"};
    static const char *const DIR[] = {"values", "ladder", "fit"};
    const StudyConfig *sc = study_config(cfg);
    char dir[128];
    study_part_dir(sc, DIR[p.kind], p.setting, dir, sizeof dir);
    if (!parts_config(cfg, rd, JOB[p.kind], dir, pc, err, errlen))
        return false;
    if (p.kind == PART_LADDER)
        return ladder_part(cfg, pc, err, errlen);
    const StudySetting *st = &sc->setting[p.setting];
    for (int i = 0; i < 2; i++)
        player_config_set_in_process(pc, i, st->label, st->weights, st->nodes, 0, err, errlen);
    return p.kind == PART_VALUES || fit_part(cfg, rd, p.setting, pc, err, errlen);
}

/* What the progress line says of part p. */
static const char *part_what(StudyPart p)
{
    static const char *const WHAT[] = {
        "piece values by regression and handicap matches",
        "a round robin of the settings (their Elo scale)",
        "fit of the material weights by phase on the values part's positions",
    };
    return WHAT[p.kind];
}

bool study_check(const Config *cfg, char *err, size_t errlen)
{
    const StudyConfig *sc = study_config(cfg);
    if (strcmp(values_config(cfg)->positions, "selfplay") != 0) {
        snprintf(err, errlen,
                 "[values] positions: a study plays its own self-play at each setting; set "
                 "positions = selfplay");
        return false;
    }
    for (int k = 0; k < sc->nsettings; k++) {
        Weights w;
        char why[900];
        if (!weights_load_game(&w, sc->setting[k].weights, config_variant(cfg), why, sizeof why)) {
            snprintf(err, errlen, "[study] %s: %s", k < sc->nmeasured ? "engines" : "ladder_extra",
                     why);
            return false;
        }
    }
    /* The parts' own checks, on the config each part will get. */
    Config *pc = malloc(sizeof *pc);
    if (!pc) {
        snprintf(err, errlen, "out of memory");
        return false;
    }
    RunDir rd = {.path = "."};
    bool ok = true;
    StudyPart parts[STUDY_MAX_PARTS];
    int n = study_parts(sc, parts);
    for (int i = 0; i < n && ok; i++) {
        ok = part_config(cfg, &rd, parts[i], pc, err, errlen);
        if (ok && parts[i].kind == PART_VALUES)
            ok = values_check(pc, err, errlen);
        if (ok && parts[i].kind == PART_FIT) {
            snprintf(fit_config_edit(pc)->positions, sizeof fit_config(pc)->positions, "selfplay");
            ok = fit_check(pc, err, errlen);
        }
    }
    free(pc);
    return ok;
}

/* Part k of the table (StudyPart[]), for parts_run_all. */
static bool table_config(const Config *cfg, const RunDir *rd, int k, const void *data, Config *pc,
                         char *err, size_t errlen)
{
    return part_config(cfg, rd, ((const StudyPart *)data)[k], pc, err, errlen);
}

/* The progress words of part k of the table (StudyPart[]). */
static const char *table_what(int k, const void *data)
{
    return part_what(((const StudyPart *)data)[k]);
}

int study_run(const Config *cfg, RunDir *rd)
{
    Job job;
    StudyPart parts[STUDY_MAX_PARTS];
    int n = study_parts(study_config(cfg), parts);
    int status = job_begin(&job, cfg, rd, NULL, NULL);
    PartsTable table = {n, table_config, table_what, parts, "study: part"};
    if (status == EXIT_OK)
        status = parts_run_all(cfg, rd, &table);
    StudyResult *r = calloc(1, sizeof *r);
    if (!r)
        status = EXIT_FAIL;
    else
        *r = (StudyResult){.cfg = cfg, .rd = rd, .sc = study_config(cfg)};
    char err[1024];
    if (status == EXIT_OK && !study_read(r, err, sizeof err)) {
        fprintf(stderr, "maxtune: %s\n", err);
        status = EXIT_FAIL;
    }
    if (status == EXIT_INTERRUPTED)
        fprintf(stderr, "study interrupted: run the same command again to resume\n");
    JobOutputs out = {.plot = study_plot,
                      .plot_data = r,
                      .report = {"report.md", study_write_report, r},
                      .summary = {RUNDIR_SUMMARY, study_write_summary, r},
                      .print = study_print,
                      .print_data = r};
    job_add_file(&out, "study.csv", study_write_table, r);
    job_add_file(&out, "limits.csv", study_limit_write_csv, r);
    status = job_end(&job, status, &out);
    free(r);
    return status;
}
