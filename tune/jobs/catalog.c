/* catalog.c: the table of jobs (see catalog.h). */
#include "catalog.h"

#include "tune/jobs/datagen/datagen.h"
#include "tune/jobs/datagen/datagen_config.h"
#include "tune/jobs/datagen/datagen_job.h"
#include "tune/jobs/edge/edge_config.h"
#include "tune/jobs/edge/edge_job.h"
#include "tune/jobs/edge/edge_report.h"
#include "tune/jobs/family/family_config.h"
#include "tune/jobs/family/family_job.h"
#include "tune/jobs/family/family_report.h"
#include "tune/jobs/fit/fit_config.h"
#include "tune/jobs/fit/fit_job.h"
#include "tune/jobs/fit/fit_report.h"
#include "tune/jobs/generations/generations_config.h"
#include "tune/jobs/generations/generations_job.h"
#include "tune/jobs/generations/generations_report.h"
#include "tune/jobs/learn/learn_config.h"
#include "tune/jobs/learn/learn_job.h"
#include "tune/jobs/learn/learn_report.h"
#include "tune/pages/html.h"
#include "tune/jobs/common/job.h"
#include "tune/jobs/match/match_job.h"
#include "tune/jobs/match/match_report.h"
#include "tune/jobs/pipeline/pipeline_config.h"
#include "tune/jobs/pipeline/pipeline_job.h"
#include "tune/jobs/pipeline/pipeline_report.h"
#include "tune/play/selfplay_config.h"
#include "tune/jobs/selfplay/selfplay_job.h"
#include "tune/jobs/spsa/spsa_config.h"
#include "tune/jobs/spsa/spsa_job.h"
#include "tune/jobs/spsa/spsa_report.h"
#include "tune/jobs/study/study_config.h"
#include "tune/jobs/study/study_job.h"
#include "tune/jobs/study/study_report.h"
#include "tune/jobs/suite/suite_job.h"
#include "tune/jobs/suite/suite_report.h"
#include "tune/jobs/train/train_config.h"
#include "tune/jobs/train/train_job.h"
#include "tune/jobs/train/train_report.h"
#include "tune/jobs/tournament/tournament_config.h"
#include "tune/jobs/tournament/tournament_job.h"
#include "tune/jobs/tournament/tournament_report.h"
#include "tune/jobs/values/values_config.h"
#include "tune/jobs/values/values_job.h"
#include "tune/jobs/values/values_report.h"
#include "tune/play/dist.h"
#include "tune/play/handicap.h"
#include "tune/play/match_config.h"
#include "tune/play/pair_task.h"
#include "tune/play/player_config.h"
#include "tune/play/selfplay.h"
#include "tune/run/text.h"

/* Every job, in the order `config --doc` lists them. */
static const JobDef JOBS[] = {
    {"match", "[engine_a] against [engine_b] in game pairs, Elo and SPRT", NULL, match_run,
     &match_html, true, NULL, NULL, match_grows, true},
    {"spsa", "SPSA tuning of [spsa] params, then a verification match", spsa_check, spsa_run,
     &spsa_html, false, spsa_external, "spsa jobs that tune their [spsa] options", NULL, true},
    {"selfplay", "self-play games and the quiet positions sampled from them", NULL, selfplay_run,
     &selfplay_html, false, NULL, NULL, NULL, true},
    {"datagen", "self-play positions with search scores and results for the network trainer", NULL,
     datagen_run, &datagen_html, false, NULL, NULL, NULL, true},
    {"fit", "fit weights to game outcomes (GSL), then a verification match", fit_check, fit_run,
     &fit_html, false, NULL, NULL, NULL, true},
    {"values", "piece values by regression and by handicap matches", values_check, values_run,
     &values_html, false, NULL, NULL, NULL, true},
    {"suite", "values, then spsa, each into a subfolder; one report", suite_check, suite_run,
     &suite_html, false, NULL, NULL, NULL, true},
    {"pipeline", "self-play, fit, SPSA, gate match, each into a subfolder; final.weights",
     pipeline_check, pipeline_run, &pipeline_html, false, NULL, NULL, NULL, true},
    {"tournament", "players [engine_a], [engine_b], [engine_c], ... in game pairs; joint ratings",
     NULL, tournament_run, &tournament_html, true, NULL, NULL, tournament_grows, true},
    {"study", "piece values by both methods and by phase at several engine settings; a ladder",
     study_check, study_run, &study_html, false, NULL, NULL, NULL, true},
    {"family", "Maxima and Ultima in self-play at several depths, and a defensive player",
     family_check, family_run, &family_html, false, NULL, NULL, NULL, true},
    {"generations", "generations of the pipeline, each from the winner of the one before; a ladder",
     generations_check, generations_run, &generations_html, false, NULL, NULL, NULL, true},
    {"edge", "the run's game in self-play at several strengths: the first player's edge, the ends",
     edge_check, edge_run, &edge_html, false, NULL, NULL, NULL, true},
    {"train", "a network learned from a positions file (datagen's); network.nnue", train_check,
     train_run, &train_html, false, NULL, NULL, NULL, true},
    {"learn",
     "generations of networks, each trained on the best engine's data and gated; final.nnue",
     learn_check, learn_run, &learn_html, false, NULL, NULL, NULL, true},
};

/* The config sections, in file order: the players and [match] (the play layer's), then each
 * job's own section in the order of the jobs. */
static void catalog_config(void)
{
    player_config_register();
    match_config_register();
    spsa_config_register();
    selfplay_config_register();
    datagen_config_register();
    fit_config_register();
    values_config_register();
    pipeline_config_register();
    tournament_config_register();
    study_config_register();
    family_config_register();
    generations_config_register();
    edge_config_register();
    train_config_register();
    learn_config_register();
}

bool catalog_register(void)
{
    static bool done, ok;
    if (done)
        return ok;
    done = true;
    catalog_config();
    int n = (int)(sizeof JOBS / sizeof JOBS[0]);
    job_set_table(JOBS, n);
    char names_buf[160];
    Text names = text_start(names_buf, sizeof names_buf);
    for (int i = 0; i < n; i++)
        text_item(&names, "|", "%s", JOBS[i].name);
    config_set_jobs(names_buf);
    ok = dist_register(&pair_task_kind) && dist_register(&selfplay_games_kind) &&
         dist_register(&selfplay_sample_kind) && dist_register(&handicap_kind) &&
         dist_register(&datagen_games_kind);
    return ok;
}
