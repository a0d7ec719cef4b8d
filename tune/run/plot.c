/* plot.c: gnuplot driver. */
#include "plot.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

bool plot_draw(const RunDir *rd, const char *png, const char *title, const char *script)
{
    char tmp[1040], final[1024], cmd[1200];
    rundir_file(rd, png, final, sizeof final);
    snprintf(tmp, sizeof tmp, "%s.tmp", final);
    /* gnuplot runs in the run folder so scripts name data files plainly. */
    snprintf(cmd, sizeof cmd, "cd '%s' && gnuplot 2>/dev/null", rd->path);
    FILE *p = popen(cmd, "w");
    if (!p) {
        fprintf(stderr, "note: cannot run gnuplot; %s not drawn\n", png);
        return false;
    }
    fprintf(p, "set terminal pngcairo size 960,600 font 'Sans,10' noenhanced\nset output '%s.tmp'\n"
               "set title \"%s\"\nset grid\nset key outside right\nset datafile separator ','\n"
               "%s\nset output\n",
            png, title, script);
    int status = pclose(p);
    if (status != 0 || access(tmp, F_OK) != 0 || rename(tmp, final) != 0) {
        fprintf(stderr, "note: gnuplot failed; %s not drawn (is gnuplot installed?)\n", png);
        remove(tmp);
        return false;
    }
    return true;
}
