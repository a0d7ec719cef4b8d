/* test_plot.c: gnuplot is started without a shell: a run folder and a title holding quotes,
 * $(...), backquotes, spaces and a newline plot correctly and run nothing; a missing gnuplot and
 * a failing one are told apart, with gnuplot's own message. Works in a mkdtemp folder in /tmp. */
#include <fcntl.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cmocka.h>

#include "tune/run/plot.h"

/* The test's temporary folder, and the run folder inside it with a hostile name. */
static char base[64], cwd[4096];
static RunDir rd;

/* Writes text to file path. */
static void write_file(const char *path, const char *text, mode_t mode)
{
    FILE *f = fopen(path, "w");
    assert_non_null(f);
    fputs(text, f);
    fclose(f);
    chmod(path, mode);
}

/* True when the file exists. */
static bool exists(const char *path) { return access(path, F_OK) == 0; }

/* True when an executable gnuplot is on PATH. */
static bool have_gnuplot(void)
{
    const char *path = getenv("PATH");
    char dir[4096], file[4200];
    while (path && *path) {
        size_t n = strcspn(path, ":");
        snprintf(dir, sizeof dir, "%.*s", (int)n, path);
        snprintf(file, sizeof file, "%s/gnuplot", dir[0] ? dir : ".");
        if (access(file, X_OK) == 0)
            return true;
        path += n + (path[n] == ':');
    }
    return false;
}

/* Runs plot_draw with stderr captured into msg; returns its result. */
static bool draw_captured(const char *title, const char *script, char *msg, size_t len)
{
    char file[128];
    snprintf(file, sizeof file, "%s/stderr", base);
    fflush(stderr);
    int saved = dup(STDERR_FILENO), fd = open(file, O_WRONLY | O_CREAT | O_TRUNC, 0600);
    assert_true(saved >= 0 && fd >= 0);
    dup2(fd, STDERR_FILENO);
    close(fd);
    bool ok = plot_draw(&rd, "p.png", title, script);
    fflush(stderr);
    dup2(saved, STDERR_FILENO);
    close(saved);
    FILE *f = fopen(file, "r");
    assert_non_null(f);
    size_t n = fread(msg, 1, len - 1, f);
    msg[n] = '\0';
    fclose(f);
    return ok;
}

/* Creates the folders and the data file. */
static int setup(void **state)
{
    (void)state;
    snprintf(base, sizeof base, "/tmp/test_plot_XXXXXX");
    if (!mkdtemp(base))
        return -1;
    memset(&rd, 0, sizeof rd);
    /* A shell would run these in the current folder: base while the tests run. */
    snprintf(rd.path, sizeof rd.path, "%s/it's \"q\" $(touch pwned1) `touch pwned2` sp\nnl", base);
    if (mkdir(rd.path, 0755) != 0 || !getcwd(cwd, sizeof cwd) || chdir(base) != 0)
        return -1;
    char csv[1024];
    rundir_file(&rd, "data.csv", csv, sizeof csv);
    write_file(csv, "x,y\n1,2\n2,3\n3,5\n", 0644);
    return 0;
}

/* Removes what the tests wrote. */
static int teardown(void **state)
{
    (void)state;
    const char *names[] = {"data.csv", "p.png", "p.png.tmp"};
    char file[1100];
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++) {
        rundir_file(&rd, names[i], file, sizeof file);
        remove(file);
    }
    for (int i = 1; i <= 4; i++) {
        snprintf(file, sizeof file, "%s/pwned%d", rd.path, i);
        remove(file);
    }
    rmdir(rd.path);
    const char *own[] = {"stderr", "bin/gnuplot", "bin",    "empty",
                         "pwned1", "pwned2",      "pwned3", "pwned4"};
    for (size_t i = 0; i < sizeof own / sizeof own[0]; i++) {
        snprintf(file, sizeof file, "%s/%s", base, own[i]);
        remove(file);
    }
    rmdir(base);
    return chdir(cwd) == 0 ? 0 : -1;
}

/* A hostile folder name and title: the plot is drawn, nothing is run. */
static void test_hostile_names(void **state)
{
    (void)state;
    if (!have_gnuplot())
        skip();
    char title[256], msg[2048], png[1100], file[1100];
    snprintf(title, sizeof title, "it's `touch pwned3` $(touch pwned4)\nset output 'x'");
    bool ok = draw_captured(title, "plot 'data.csv' using 1:2 with lines", msg, sizeof msg);
    if (!ok)
        fail_msg("plot failed: %s", msg);
    rundir_file(&rd, "p.png", png, sizeof png);
    assert_true(exists(png));
    for (int i = 1; i <= 4; i++)
        for (int in_run = 0; in_run < 2; in_run++) {
            snprintf(file, sizeof file, "%s/pwned%d", in_run ? rd.path : base, i);
            if (exists(file))
                fail_msg("a command in a name was run (%s exists)", file);
        }
}

/* No gnuplot on PATH: the note says so. */
static void test_gnuplot_missing(void **state)
{
    (void)state;
    char empty[128], msg[2048], *old = strdup(getenv("PATH") ? getenv("PATH") : "");
    snprintf(empty, sizeof empty, "%s/empty", base);
    mkdir(empty, 0755);
    setenv("PATH", empty, 1);
    bool ok = draw_captured("t", "plot 'data.csv' using 1:2", msg, sizeof msg);
    setenv("PATH", old, 1);
    free(old);
    assert_false(ok);
    if (!strstr(msg, "gnuplot not found") || !strstr(msg, "p.png not drawn"))
        fail_msg("unexpected note: %s", msg);
}

/* A gnuplot that fails: the note gives its exit code and its own message. */
static void test_gnuplot_fails(void **state)
{
    (void)state;
    char bin[128], file[160], msg[2048], *old = strdup(getenv("PATH") ? getenv("PATH") : "");
    snprintf(bin, sizeof bin, "%s/bin", base);
    mkdir(bin, 0755);
    snprintf(file, sizeof file, "%s/gnuplot", bin);
    write_file(file, "#!/bin/sh\ncat >/dev/null\necho '   line 3: fake failure' >&2\nexit 3\n",
               0755);
    char path[4200];
    snprintf(path, sizeof path, "%s:%s", bin, old);
    setenv("PATH", path, 1);
    bool ok = draw_captured("t", "plot 'data.csv' using 1:2", msg, sizeof msg);
    setenv("PATH", old, 1);
    free(old);
    assert_false(ok);
    if (!strstr(msg, "gnuplot failed (exit 3): line 3: fake failure") || strstr(msg, "not found"))
        fail_msg("unexpected note: %s", msg);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_hostile_names),
        cmocka_unit_test(test_gnuplot_missing),
        cmocka_unit_test(test_gnuplot_fails),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
