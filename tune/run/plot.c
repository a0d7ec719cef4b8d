/* plot.c: gnuplot driver. gnuplot is started without a shell (posix_spawnp with an argument
 * vector), in the run folder, with the script on its standard input; what it prints is kept to
 * say why a plot failed. No path or name reaches a shell or a gnuplot command unquoted. */
#define _GNU_SOURCE /* posix_spawn_file_actions_addchdir_np (glibc 2.29) */
#include "plot.h"

#include <errno.h>
#include <poll.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

extern char **environ;

enum { PLOT_MESSAGE_MAX = 4096 };

/* Writes s as a gnuplot single-quoted string: no escapes, no backquote substitution, a quote
 * doubled; control characters (a newline would end the command) become spaces. */
static void plot_quote(const char *s, char *out, size_t len)
{
    size_t k = 0;
    if (len < 3)
        return;
    out[k++] = '\'';
    for (; *s && k + 3 < len; s++) {
        unsigned char c = (unsigned char)*s;
        if (c == '\'')
            out[k++] = '\'';
        out[k++] = c < 0x20 || c == 0x7f ? ' ' : (char)c;
    }
    out[k++] = '\'';
    out[k] = '\0';
}

/* Condenses gnuplot's messages to one line: trimmed non-empty lines joined by "; " (the lines
 * holding only the '^' that points into the echoed command left out), control bytes escaped. */
static void plot_condense(const char *text, char *out, size_t len)
{
    size_t k = 0;
    out[0] = '\0';
    while (*text && k + 8 < len) {
        const char *end = strchr(text, '\n');
        if (!end)
            end = text + strlen(text);
        const char *a = text, *b = end;
        while (a < b && (*a == ' ' || *a == '\t' || *a == '\r'))
            a++;
        while (b > a && (b[-1] == ' ' || b[-1] == '\t' || b[-1] == '\r'))
            b--;
        bool caret = b - a == 1 && *a == '^';
        if (a < b && !caret) {
            if (k)
                k += (size_t)snprintf(out + k, len - k, "; ");
            for (; a < b && k + 6 < len; a++) {
                unsigned char c = (unsigned char)*a;
                if (c < 0x20 || c == 0x7f)
                    k += (size_t)snprintf(out + k, len - k, "\\x%02x", c);
                else
                    out[k++] = (char)c;
            }
            out[k] = '\0';
        }
        text = *end ? end + 1 : end;
    }
}

/* Starts gnuplot in folder dir with its standard input on *in and its output (standard and
 * error) on *msgs; returns 0 or the errno of the failure (ENOENT: no gnuplot, or no dir). */
static int plot_spawn(const char *dir, pid_t *pid, int *in, int *msgs)
{
    int sin[2], sout[2];
    /* A socket for the script: send() with MSG_NOSIGNAL, so a gnuplot that exits early gives
     * EPIPE instead of killing the program with SIGPIPE. */
    if (socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, sin) != 0)
        return errno;
    if (pipe(sout) != 0) {
        int e = errno;
        close(sin[0]);
        close(sin[1]);
        return e;
    }
    posix_spawn_file_actions_t fa;
    int rc = posix_spawn_file_actions_init(&fa);
    if (rc == 0) {
        posix_spawn_file_actions_adddup2(&fa, sin[1], STDIN_FILENO);
        posix_spawn_file_actions_adddup2(&fa, sout[1], STDOUT_FILENO);
        posix_spawn_file_actions_adddup2(&fa, sout[1], STDERR_FILENO);
        posix_spawn_file_actions_addclose(&fa, sout[0]);
        posix_spawn_file_actions_addclose(&fa, sout[1]);
        posix_spawn_file_actions_addchdir_np(&fa, dir);
        char *argv[] = {"gnuplot", NULL};
        rc = posix_spawnp(pid, "gnuplot", &fa, NULL, argv, environ);
        posix_spawn_file_actions_destroy(&fa);
    }
    close(sin[1]);
    close(sout[1]);
    if (rc != 0) {
        close(sin[0]);
        close(sout[0]);
        return rc;
    }
    *in = sin[0];
    *msgs = sout[0];
    return 0;
}

/* Sends the script to gnuplot while collecting what it prints (so neither side can block on a
 * full buffer); closes both descriptors. False when the script could not be sent whole. */
static bool plot_talk(int in, int msgs, const char *script, char *text, size_t textlen)
{
    size_t sent = 0, len = strlen(script), got = 0;
    bool ok = true;
    while (in >= 0 || msgs >= 0) {
        struct pollfd p[2] = {{in, POLLOUT, 0}, {msgs, POLLIN, 0}};
        if (poll(p, 2, -1) < 0) {
            if (errno == EINTR)
                continue;
            break;
        }
        if (in >= 0 && p[0].revents) {
            ssize_t n = send(in, script + sent, len - sent, MSG_NOSIGNAL | MSG_DONTWAIT);
            if (n > 0)
                sent += (size_t)n;
            else if (n < 0 && errno != EAGAIN && errno != EINTR)
                ok = false;
            if (sent == len || !ok) {
                close(in);
                in = -1;
            }
        }
        if (msgs >= 0 && p[1].revents) {
            char buf[1024];
            ssize_t n = read(msgs, buf, sizeof buf);
            if (n <= 0 && !(n < 0 && errno == EINTR)) {
                close(msgs);
                msgs = -1;
            } else if (n > 0 && got + 1 < textlen) {
                size_t keep = (size_t)n < textlen - 1 - got ? (size_t)n : textlen - 1 - got;
                memcpy(text + got, buf, keep);
                got += keep;
            }
        }
    }
    if (in >= 0)
        close(in);
    if (msgs >= 0)
        close(msgs);
    text[got] = '\0';
    return ok && sent == len;
}

bool plot_draw(const RunDir *rd, const char *png, const char *title, const char *script)
{
    char tmp[1040], final[1024], qtitle[1024], qout[600];
    rundir_file(rd, png, final, sizeof final);
    snprintf(tmp, sizeof tmp, "%s.tmp", final);
    char outname[520];
    snprintf(outname, sizeof outname, "%s.tmp", png);
    plot_quote(title, qtitle, sizeof qtitle);
    plot_quote(outname, qout, sizeof qout);
    char *text = NULL;
    size_t textlen = 0;
    FILE *mem = open_memstream(&text, &textlen);
    if (!mem) {
        fprintf(stderr, "note: out of memory; %s not drawn\n", png);
        return false;
    }
    /* gnuplot runs in the run folder, so scripts name data files plainly. */
    fprintf(mem,
            "set terminal pngcairo size 960,600 font 'Sans,10' noenhanced\nset output %s\n"
            "set title %s\nset grid\nset key outside right\nset datafile separator ','\n"
            "%s\nset output\n",
            qout, qtitle, script);
    fclose(mem);
    pid_t pid;
    int in = -1, msgs = -1;
    int rc = plot_spawn(rd->path, &pid, &in, &msgs);
    if (rc != 0) {
        struct stat st;
        if (rc == ENOENT && stat(rd->path, &st) == 0)
            fprintf(stderr,
                    "note: gnuplot not found (install gnuplot, e.g. the Debian package "
                    "gnuplot-nox); %s not drawn, its data is in the CSV files\n",
                    png);
        else
            fprintf(stderr, "note: cannot start gnuplot: %s; %s not drawn\n", strerror(rc), png);
        free(text);
        return false;
    }
    char *said = malloc(PLOT_MESSAGE_MAX);
    bool sent = said && plot_talk(in, msgs, text, said, PLOT_MESSAGE_MAX);
    if (!said) {
        close(in);
        close(msgs);
    }
    free(text);
    int status = 0;
    while (waitpid(pid, &status, 0) < 0 && errno == EINTR)
        ;
    bool ok = sent && WIFEXITED(status) && WEXITSTATUS(status) == 0 && access(tmp, F_OK) == 0;
    if (ok && rename(tmp, final) != 0) {
        fprintf(stderr, "note: %s: cannot rename into place: %s; %s not drawn\n", tmp,
                strerror(errno), png);
        ok = false;
    } else if (!ok) {
        char why[600], how[64];
        plot_condense(said ? said : "", why, sizeof why);
        if (WIFSIGNALED(status))
            snprintf(how, sizeof how, "killed by signal %d", WTERMSIG(status));
        else if (WIFEXITED(status) && WEXITSTATUS(status) != 0)
            snprintf(how, sizeof how, "exit %d", WEXITSTATUS(status));
        else
            snprintf(how, sizeof how, "%s", sent ? "no image written" : "script not read");
        fprintf(stderr, "note: gnuplot failed (%s)%s%s; %s not drawn\n", how, why[0] ? ": " : "",
                why, png);
    }
    if (!ok)
        remove(tmp);
    free(said);
    return ok;
}
