/* spsa.c: what the spsa job's run and its report share (spsa.h). */
#include "tune/jobs/spsa/spsa.h"

#include <math.h>

#include "tune/jobs/spsa/spsa_config.h"

int spsa_param_tuned(const SpsaJob *j, int i)
{
    const SpsaParam *p = &j->spsa.p[i];
    return p->set.n ? j->tuned.v[p->set.idx[0]] : (int)lround(j->spsa.theta[i]);
}

bool spsa_external(const Config *cfg) { return spsa_config(cfg)->options[0] != '\0'; }
