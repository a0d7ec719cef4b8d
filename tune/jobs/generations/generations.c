/* generations.c: what the generations job's run and its report share (generations.h). */
#include "tune/jobs/generations/generations.h"

#include <stdio.h>
#include <string.h>

#include "tune/jobs/generations/generations_config.h"

void generations_part_dir(int g, char *out, size_t len)
{
    if (g > 0)
        snprintf(out, len, "gen-%d", g);
    else
        snprintf(out, len, "ladder");
}

bool generations_start(const Config *cfg, const RunDir *rd, int g, char *out, size_t len, char *err,
                       size_t errlen)
{
    snprintf(out, len, "%s", generations_config(cfg)->start_weights);
    for (int h = 1; h < g; h++) {
        char path[1100];
        MatchFigures gate;
        if (!generations_path(rd, h, "gate/" RUNDIR_SUMMARY, path, sizeof path, err, errlen))
            return false;
        verify_read_figures(path, &gate);
        if (!gate.have) {
            snprintf(err, errlen, "%.1000s: cannot be read (generation %d's gate)", path, h);
            return false;
        }
        if (generations_gate_won(&gate) &&
            !generations_path(rd, h, "final.weights", out, len, err, errlen))
            return false;
    }
    return true;
}

bool generations_path(const RunDir *rd, int g, const char *file, char *out, size_t len, char *err,
                      size_t errlen)
{
    int n = snprintf(out, len, "%s/gen-%d/%s", rd->path, g, file);
    if (n >= 0 && (size_t)n < len)
        return true;
    snprintf(err, errlen, "%s: folder name too long for the generations' files", rd->path);
    return false;
}

bool generations_gate_won(const MatchFigures *gate)
{
    if (!strcmp(gate->verdict, "H1"))
        return true;
    if (!strcmp(gate->verdict, "H0"))
        return false;
    return gate->elo - gate->elo_err > 0;
}
