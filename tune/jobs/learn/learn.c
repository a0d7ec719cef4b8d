/* learn.c: what the learn job's run and its report share (learn.h). */
#include "tune/jobs/learn/learn.h"

#include <stdio.h>

#include "tune/jobs/generations/generations.h"

void learn_part_dir(int k, char *out, size_t len)
{
    snprintf(out, len, "%s-%d", k % 2 ? "gate" : "gen", k / 2 + 1);
}

bool learn_path(const RunDir *rd, const char *part, int g, const char *file, char *out, size_t len,
                char *err, size_t errlen)
{
    int n = snprintf(out, len, "%s/%s-%d/%s", rd->path, part, g, file);
    if (n >= 0 && (size_t)n < len)
        return true;
    snprintf(err, errlen, "%s: folder name too long for the generations' files", rd->path);
    return false;
}

int learn_best_before(const RunDir *rd, int g)
{
    int best = 0;
    for (int h = 1; h < g; h++) {
        char path[1100], err[1024];
        MatchFigures gate = {0};
        if (learn_path(rd, "gate", h, RUNDIR_SUMMARY, path, sizeof path, err, sizeof err))
            verify_read_figures(path, &gate);
        if (gate.have && learn_gate_won(&gate))
            best = h;
    }
    return best;
}

bool learn_gate_won(const MatchFigures *gate) { return generations_gate_won(gate); }
