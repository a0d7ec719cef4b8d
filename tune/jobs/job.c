/* job.c: what every job shares (see job.h). */
#include "job.h"

#include "tune/play/dist.h"
#include "tune/play/handicap.h"
#include "tune/play/pair_task.h"
#include "tune/play/selfplay.h"

bool job_register_work(void)
{
    return dist_register(&pair_task_kind) && dist_register(&selfplay_games_kind) &&
           dist_register(&selfplay_sample_kind) && dist_register(&handicap_kind);
}
