/* family_job.c: the family study's parts, run one after the other (see family_job.h). */
#include "family_job.h"
#include "tune/jobs/family/family_report.h"

#include <stdlib.h>
#include <string.h>

#include "search/weights.h"
#include "tune/jobs/common/job.h"
#include "tune/jobs/common/parts.h"
#include "tune/jobs/common/series.h"
#include "tune/play/player_config.h"

/* One part: its game and depth (-1: the defensive player's games). */
typedef struct FamilyPart {
    int game, depth;
} FamilyPart;

enum { FAMILY_MAX_PARTS = FAMILY_GAMES * (FAMILY_MAX_DEPTHS + 1) };

/* The parts in order (each game's depths, then the defensive players); returns their count. */
static int family_parts(const FamilyConfig *fc, FamilyPart *parts)
{
    int n = 0;
    for (int g = 0; g < FAMILY_GAMES; g++)
        for (int k = 0; k < fc->ndepths; k++)
            parts[n++] = (FamilyPart){g, k};
    for (int g = 0; g < FAMILY_GAMES && fc->defence > 100; g++)
        parts[n++] = (FamilyPart){g, -1};
    return n;
}

/* The weights of game g's engine ([family] maxima_weights or ultima_weights). */
static const char *game_weights(const FamilyConfig *fc, int g)
{
    return g == VARIANT_ULTIMA ? fc->ultima_weights : fc->maxima_weights;
}

/* The config of part p: a self-play series part of game p.game (series.h) at the part's nodes
 * (the defensive part: player A defensive, the players named so); false with err. */
static bool part_config(const Config *cfg, const RunDir *rd, FamilyPart p, Config *pc, char *err,
                        size_t errlen)
{
    const FamilyConfig *fc = family_config(cfg);
    char dir[64];
    family_part_dir(fc, p.game, p.depth, dir, sizeof dir);
    bool defensive = p.depth < 0;
    if (!series_part_config(cfg, rd, dir, variant_get((VariantId)p.game), game_weights(fc, p.game),
                            defensive ? fc->defence_nodes : fc->node[p.depth],
                            defensive ? fc->defence_games : fc->games, pc, err, errlen))
        return false;
    for (int i = 0; i < 2 && defensive; i++) {
        EngineConfig *e = player_config_edit(pc, i);
        snprintf(e->name, sizeof e->name, "%s", i == 0 ? "defensive" : "normal");
        e->defence = i == 0 ? fc->defence : 100;
    }
    return true;
}

/* What the progress line says of part p. */
static const char *part_what(FamilyPart p)
{
    return p.depth < 0 ? "the defensive player against the normal engine"
                       : "self-play of the game's engine against itself";
}

bool family_check(const Config *cfg, char *err, size_t errlen)
{
    const FamilyConfig *fc = family_config(cfg);
    for (int g = 0; g < FAMILY_GAMES; g++) {
        Weights w;
        char why[900];
        if (!weights_load_game(&w, game_weights(fc, g), variant_get((VariantId)g), why,
                               sizeof why)) {
            snprintf(err, errlen, "[family] %s_weights: %s", variant_get((VariantId)g)->name, why);
            return false;
        }
    }
    if (config_variant(cfg)->id != VARIANT_MAXIMA) {
        snprintf(err, errlen,
                 "[run] variant: a family study plays both games (each part its "
                 "own); leave the key out");
        return false;
    }
    return true;
}

/* Part k of the table (FamilyPart[]), for parts_run_all. */
static bool table_config(const Config *cfg, const RunDir *rd, int k, const void *data, Config *pc,
                         char *err, size_t errlen)
{
    return part_config(cfg, rd, ((const FamilyPart *)data)[k], pc, err, errlen);
}

/* The progress words of part k of the table (FamilyPart[]). */
static const char *table_what(int k, const void *data)
{
    return part_what(((const FamilyPart *)data)[k]);
}

int family_run(const Config *cfg, RunDir *rd)
{
    Job job;
    FamilyPart parts[FAMILY_MAX_PARTS];
    int n = family_parts(family_config(cfg), parts);
    int status = job_begin(&job, cfg, rd, NULL, NULL);
    PartsTable table = {n, table_config, table_what, parts, "family: part"};
    if (status == EXIT_OK)
        status = parts_run_all(cfg, rd, &table);
    FamilyResult *r = calloc(1, sizeof *r);
    if (!r)
        status = EXIT_FAIL;
    else
        *r = (FamilyResult){.cfg = cfg, .rd = rd, .fc = family_config(cfg)};
    char err[1024];
    if (status == EXIT_OK && !family_read(r, err, sizeof err)) {
        fprintf(stderr, "maxtune: %s\n", err);
        status = EXIT_FAIL;
    }
    if (status == EXIT_INTERRUPTED)
        fprintf(stderr, "family study interrupted: run the same command again to resume\n");
    JobOutputs out = {.plot = family_plot,
                      .plot_data = r,
                      .report = {"report.md", family_write_report, r},
                      .summary = {RUNDIR_SUMMARY, family_write_summary, r},
                      .print = family_print,
                      .print_data = r};
    job_add_file(&out, "family.csv", family_write_table, r);
    status = job_end(&job, status, &out);
    free(r);
    return status;
}
