/* study.c: what the study job's run and its report share (study.h). */
#include "tune/jobs/study/study.h"

#include <stdio.h>

void study_part_dir(const StudyConfig *sc, const char *kind, int k, char *out, size_t len)
{
    if (k < 0)
        snprintf(out, len, "%s", kind);
    else
        snprintf(out, len, "%s-%s", kind, sc->setting[k].label);
}
