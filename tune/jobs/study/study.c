/* study.c: what the study job's run and its report share (study.h). */
#include "tune/jobs/study/study.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "tune/jobs/common/job.h"

const char *const STUDY_SERIES_NAME[STUDY_SERIES] = {"regression", "handicap", "middle_game",
                                                     "end_game", "gap"};

void study_part_dir(const StudyConfig *sc, const char *kind, int k, char *out, size_t len)
{
    if (k < 0)
        snprintf(out, len, "%s", kind);
    else
        snprintf(out, len, "%s-%s", kind, sc->setting[k].label);
}

const char *study_unit(const StudyResult *r) { return job_unit_name(config_variant(r->cfg)); }

bool study_is_unit(const StudyResult *r, int i) { return !strcmp(r->piece[i], study_unit(r)); }

double study_value_se(const PieceValue *v)
{
    return v->have && isfinite(v->lo) && isfinite(v->hi) ? (v->hi - v->lo) / (2 * STATS_Z95) : NAN;
}
