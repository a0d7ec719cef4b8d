/* engine_proc.c: external engine processes and the protocol subset the runner speaks to them
 * (see engine_proc.h). */
#define _GNU_SOURCE /* SOCK_CLOEXEC, pipe2, prctl */
#include "engine_proc.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#ifdef __linux__
#include <sys/prctl.h>
#endif

#include "core/fen.h"
#include "core/makemove.h"
#include "core/notation.h"
#include "search/search.h"
#include "tune/play/player_config.h"

enum {
    PROC_LOG_CAP = 1 << 20, /* transcript bytes kept per game (its start and its end) */
    PROC_SLICE_MS = 50,     /* longest wait between looks at the stop flag */
    PROC_QUIT_MS = 200      /* grace after quit before SIGKILL */
};

/* Appends n bytes to the transcript; when it would grow too large, whole lines are dropped
 * from its middle (the older half after the first quarter): the start of the game (handshake,
 * first positions) and its end (the failure) are kept. */
static void log_add(EngineProc *p, const char *s, size_t n)
{
    if (n > PROC_LOG_CAP / 4)
        n = PROC_LOG_CAP / 4;
    if (p->loglen + n > PROC_LOG_CAP) {
        size_t head = PROC_LOG_CAP / 4, drop = (p->loglen - head) / 2;
        const char *nl = memchr(p->log + head + drop, '\n', p->loglen - head - drop);
        if (nl)
            drop = (size_t)(nl + 1 - (p->log + head));
        memmove(p->log + head, p->log + head + drop, p->loglen - head - drop);
        p->loglen -= drop;
        p->log_cut = true;
    }
    if (p->loglen + n + 1 > p->logcap) {
        size_t cap = p->logcap ? p->logcap : 4096;
        while (cap < p->loglen + n + 1)
            cap *= 2;
        char *l = realloc(p->log, cap);
        if (!l)
            return;
        p->log = l;
        p->logcap = cap;
    }
    memcpy(p->log + p->loglen, s, n);
    p->loglen += n;
    p->log[p->loglen] = '\0';
}

/* Appends one transcript line: a prefix, then text with control bytes shown as '?'. */
static void log_line(EngineProc *p, const char *prefix, const char *text, size_t n)
{
    char buf[512];
    log_add(p, prefix, strlen(prefix));
    for (size_t i = 0; i < n; i += sizeof buf) {
        size_t k = n - i < sizeof buf ? n - i : sizeof buf;
        for (size_t j = 0; j < k; j++) {
            unsigned char c = (unsigned char)text[i + j];
            buf[j] = c < 0x20 || c == 0x7f ? '?' : (char)c;
        }
        log_add(p, buf, k);
    }
    log_add(p, "\n", 1);
}

void engine_proc_note(EngineProc *p, const char *fmt, ...)
{
    char buf[512];
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(buf, sizeof buf, fmt, ap);
    va_end(ap);
    log_line(p, "## ", buf, n < 0 ? 0 : (size_t)n < sizeof buf ? (size_t)n : sizeof buf - 1);
}

/* Seconds on the monotonic clock. */
static double proc_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

/* Finds the program of argv0: as given (made absolute) when it holds a '/', else on PATH. */
static bool find_program(const char *argv0, char *out, size_t len)
{
    if (strchr(argv0, '/')) {
        char *real = realpath(argv0, NULL);
        bool ok = real && access(real, X_OK) == 0 && strlen(real) < len;
        if (ok)
            snprintf(out, len, "%s", real);
        free(real);
        return ok;
    }
    const char *path = getenv("PATH");
    if (!path)
        path = "/usr/bin:/bin";
    while (*path) {
        size_t n = strcspn(path, ":");
        char cand[1024];
        int k = snprintf(cand, sizeof cand, "%.*s/%s", (int)(n ? n : 1), n ? path : ".", argv0);
        if (k > 0 && (size_t)k < sizeof cand && (size_t)k < len && access(cand, X_OK) == 0) {
            snprintf(out, len, "%s", cand);
            return true;
        }
        path += n + (path[n] == ':');
    }
    return false;
}

bool engine_proc_init(EngineProc *p, const EngineConfig *ec, const Variant *v,
                      const volatile sig_atomic_t *abort, char *err, size_t errlen)
{
    memset(p, 0, sizeof *p);
    p->ec = ec;
    p->variant = v;
    p->to = p->from = p->err = -1;
    p->abort = abort;
    /* The words were split when the config was read (player_config.h). */
    int argc = ec->argv.count;
    if (argc == 0) {
        snprintf(err, errlen, "[%s] command is empty", ec->name);
        return false;
    }
    _Static_assert(sizeof p->argbuf == sizeof ec->argv.text, "the words fit");
    memcpy(p->argbuf, ec->argv.text, sizeof p->argbuf);
    char *w = p->argbuf;
    for (int i = 0; i < argc; i++, w += strlen(w) + 1)
        p->argv[i] = w;
    p->argv[argc] = NULL;
    struct stat st;
    if (ec->working_dir[0] && (stat(ec->working_dir, &st) != 0 || !S_ISDIR(st.st_mode))) {
        snprintf(err, errlen, "engine %s: working_dir '%s' is not a folder", ec->name,
                 ec->working_dir);
        return false;
    }
    if (!find_program(p->argv[0], p->path, sizeof p->path)) {
        snprintf(err, errlen, "engine %s: program '%s' not found or not executable", ec->name,
                 p->argv[0]);
        return false;
    }
    return true;
}

/* Describes how the child ended (after waitpid). */
static void describe_exit(EngineProc *p, int status)
{
    if (WIFEXITED(status))
        snprintf(p->exit_desc, sizeof p->exit_desc, "exited with status %d", WEXITSTATUS(status));
    else if (WIFSIGNALED(status))
        snprintf(p->exit_desc, sizeof p->exit_desc, "was killed by signal %d", WTERMSIG(status));
    else
        return;
    engine_proc_note(p, "engine process %d %s", (int)p->pid, p->exit_desc);
}

/* Drains what the child wrote on stderr into the transcript (no waiting). */
static void drain_stderr(EngineProc *p)
{
    char buf[4096];
    while (p->err >= 0) {
        struct pollfd f = {p->err, POLLIN, 0};
        if (poll(&f, 1, 0) <= 0)
            return;
        ssize_t n = read(p->err, buf, sizeof buf);
        if (n <= 0) {
            close(p->err);
            p->err = -1;
            return;
        }
        /* one transcript line per stderr line */
        size_t start = 0;
        for (size_t i = 0; i < (size_t)n; i++)
            if (buf[i] == '\n') {
                log_line(p, "stderr: ", buf + start, i - start);
                start = i + 1;
            }
        if (start < (size_t)n)
            log_line(p, "stderr: ", buf + start, (size_t)n - start);
    }
}

/* Closes the pipes and reaps the child, killing its group first when kill_first (or when it
 * has not exited after PROC_QUIT_MS). */
static void proc_reap(EngineProc *p, bool kill_first)
{
    if (p->pid > 0) {
        int status = 0;
        pid_t r = 0;
        { /* a process that is ending by itself gets a moment, so that its status is known */
            double end = proc_now() + (kill_first ? 0.02 : PROC_QUIT_MS / 1000.0);
            while ((r = waitpid(p->pid, &status, WNOHANG)) == 0 && proc_now() < end) {
                struct timespec ts = {0, 5000000};
                nanosleep(&ts, NULL);
            }
        }
        if (r == 0) {
            kill(-p->pid, SIGKILL); /* its own process group: what it started too */
            kill(p->pid, SIGKILL);
            while ((r = waitpid(p->pid, &status, 0)) < 0 && errno == EINTR) {
            }
        } else {
            kill(-p->pid, SIGKILL); /* children it left behind */
        }
        drain_stderr(p);
        if (r == p->pid)
            describe_exit(p, status);
    }
    if (p->to >= 0)
        close(p->to);
    if (p->from >= 0)
        close(p->from);
    if (p->err >= 0)
        close(p->err);
    p->to = p->from = p->err = -1;
    p->pid = 0;
    p->inlen = 0;
}

/* Writes n bytes to the engine within the deadline; false (p->why set) when it cannot. */
static bool proc_write(EngineProc *p, double deadline, const char *text, size_t n)
{
    size_t done = 0;
    while (done < n) {
        ssize_t w = send(p->to, text + done, n - done, MSG_NOSIGNAL | MSG_DONTWAIT);
        if (w > 0) {
            done += (size_t)w;
            continue;
        }
        if (w < 0 && errno == EINTR)
            continue;
        if (w < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)) {
            double left = deadline - proc_now();
            struct pollfd f = {p->to, POLLOUT, 0};
            if (left > 0 && poll(&f, 1, (int)(left * 1000) + 1) >= 0)
                continue;
            snprintf(p->why, sizeof p->why, "the engine does not read its input");
        } else {
            snprintf(p->why, sizeof p->why, "cannot write to the engine: %s", strerror(errno));
        }
        return false;
    }
    return true;
}

/* Writes one line to the engine (the transcript gets it too); false (p->why set) when it
 * cannot be written within the deadline. */
static bool proc_send(EngineProc *p, double deadline, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
static bool proc_send(EngineProc *p, double deadline, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    char *text = NULL;
    int n = vasprintf(&text, fmt, ap);
    va_end(ap);
    if (n < 0) {
        snprintf(p->why, sizeof p->why, "out of memory");
        return false;
    }
    log_line(p, "> ", text, (size_t)n);
    text[n] = '\n'; /* replaces the terminator: the line is sent with its newline */
    bool ok = proc_write(p, deadline, text, (size_t)n + 1);
    free(text);
    return ok;
}

/* Reads the next whole line into p->line before the deadline, draining stderr meanwhile. */
static ProcStatus proc_read_line(EngineProc *p, double deadline)
{
    for (;;) {
        if (proc_now() > deadline) { /* also when lines keep coming: an engine that floods */
            snprintf(p->why, sizeof p->why, "no answer in time");
            return PROC_TIMEOUT;
        }
        char *nl = memchr(p->in, '\n', p->inlen);
        if (nl) {
            size_t whole = (size_t)(nl - p->in) + 1, n = whole - 1;
            if (n && p->in[n - 1] == '\r')
                n--;
            memcpy(p->line, p->in, n);
            p->line[n] = '\0';
            memmove(p->in, p->in + whole, p->inlen - whole);
            p->inlen -= whole;
            log_line(p, "< ", p->line, n);
            for (size_t i = 0; i < n; i++) {
                unsigned char c = (unsigned char)p->line[i];
                if ((c < 0x20 && c != '\t') || c == 0x7f) {
                    snprintf(p->why, sizeof p->why, "garbage: a line with control byte 0x%02x", c);
                    return PROC_BAD;
                }
            }
            return PROC_OK;
        }
        if (p->inlen >= sizeof p->in - 1) {
            snprintf(p->why, sizeof p->why, "a line longer than %d bytes", PROC_LINE - 1);
            log_line(p, "< ", p->in, 200);
            return PROC_BAD;
        }
        if (p->abort && *p->abort) {
            snprintf(p->why, sizeof p->why, "stop requested");
            return PROC_ABORTED;
        }
        double left = deadline - proc_now();
        if (left <= 0) {
            snprintf(p->why, sizeof p->why, "no answer in time");
            return PROC_TIMEOUT;
        }
        int ms = (int)(left * 1000) + 1;
        struct pollfd f[2] = {{p->from, POLLIN, 0}, {p->err, POLLIN, 0}};
        int r = poll(f, p->err >= 0 ? 2 : 1, ms < PROC_SLICE_MS ? ms : PROC_SLICE_MS);
        if (r < 0 && errno != EINTR) {
            snprintf(p->why, sizeof p->why, "poll: %s", strerror(errno));
            return PROC_DEAD;
        }
        if (r <= 0)
            continue;
        if (p->err >= 0 && f[1].revents)
            drain_stderr(p);
        if (f[0].revents) {
            ssize_t n = read(p->from, p->in + p->inlen, sizeof p->in - 1 - p->inlen);
            if (n < 0 && errno == EINTR)
                continue;
            if (n <= 0) {
                snprintf(p->why, sizeof p->why, "the engine closed its output (exited?)");
                return PROC_DEAD;
            }
            p->inlen += (size_t)n;
        }
    }
}

/* The environment an engine gets: the runner's without an MPI launcher's variables (OMPI_,
 * PMIX_, PMI_), which would make an engine (maxtune itself) think it is one of the job's MPI
 * processes. A malloc'd array of pointers into environ; NULL when out of memory. */
static char **engine_environment(void)
{
    size_t n = 0;
    while (environ[n])
        n++;
    char **env = malloc((n + 1) * sizeof *env);
    if (!env)
        return NULL;
    size_t k = 0;
    for (size_t i = 0; i < n; i++)
        if (strncmp(environ[i], "OMPI_", 5) && strncmp(environ[i], "PMIX_", 5) &&
            strncmp(environ[i], "PMI_", 4))
            env[k++] = environ[i];
    env[k] = NULL;
    return env;
}

/* Child side of the fork: only async-signal-safe calls until exec. */
static void child_exec(EngineProc *p, int in_r, int out_w, int err_w, int maxfd, char **env)
{
    setpgid(0, 0);
#ifdef __linux__
    prctl(PR_SET_PDEATHSIG, SIGKILL); /* the runner killed: its engines go too */
#endif
    if (dup2(in_r, 0) < 0 || dup2(out_w, 1) < 0 || dup2(err_w, 2) < 0)
        _exit(127);
    for (int fd = 3; fd < maxfd; fd++)
        close(fd);
    if (p->ec->working_dir[0] && chdir(p->ec->working_dir) != 0) {
        static const char msg[] = "maxtune: cannot enter the engine's working_dir\n";
        ssize_t w = write(2, msg, sizeof msg - 1);
        (void)w;
        _exit(127);
    }
    execve(p->path, p->argv, env);
    static const char msg[] = "maxtune: cannot execute the engine's program\n";
    ssize_t w = write(2, msg, sizeof msg - 1);
    (void)w;
    _exit(127);
}

/* Sends the options (name, value, ... as player_parse_options reads them) as one setoption line
 * each; false when the engine is gone. */
static bool proc_send_options(EngineProc *p, double deadline, const PlayerWords *o)
{
    const char *name = o->text;
    for (int i = 0; i + 1 < o->count; i += 2) {
        const char *value = name + strlen(name) + 1;
        if (!proc_send(p, deadline, "setoption name %s value %s", name, value))
            return false;
        name = value + strlen(value) + 1;
    }
    return true;
}

/* Reads the handshake up to uciok before the deadline, keeping the advertised options; a process
 * that ends before uciok sets p->handshake_dead, one that says nothing in time
 * p->handshake_late. */
static ProcStatus proc_handshake(EngineProc *p, double deadline)
{
    engine_options_clear(&p->options);
    for (;;) {
        ProcStatus s = proc_read_line(p, deadline);
        if (s == PROC_DEAD) {
            p->handshake_dead = true;
            snprintf(p->why, sizeof p->why, "the engine ended before uciok");
        }
        if (s == PROC_TIMEOUT) {
            p->handshake_late = true;
            snprintf(p->why, sizeof p->why, "no uciok in time");
        }
        if (s != PROC_OK)
            return s;
        if (!strcmp(p->line, "uciok") || !strncmp(p->line, "uciok ", 6))
            return PROC_OK;
        EngineOption o;
        if (engine_option_parse(p->line, &o) && !engine_options_add(&p->options, &o)) {
            snprintf(p->why, sizeof p->why, "out of memory");
            return PROC_DEAD;
        }
    }
}

/* Whether the engine is told its game: every game but Maxima, the protocol's own. */
static bool proc_tells_variant(const EngineProc *p)
{
    return p->variant != variant_get(VARIANT_MAXIMA);
}

/* Tells the engine its game (UCI_Variant) when it is not Maxima; false when it cannot be told
 * (p->variant_error and p->why set) or the line cannot be written. */
static bool proc_send_variant(EngineProc *p, double deadline)
{
    if (!proc_tells_variant(p))
        return true;
    char why[sizeof p->why];
    if (!engine_options_check_variant(&p->options, p->variant->name, why, sizeof why)) {
        snprintf(p->why, sizeof p->why, "it does not play %.16s: %.200s", p->variant->title, why);
        p->variant_error = true;
        engine_proc_note(p, "refused: %s", p->why);
        return false;
    }
    return proc_send(p, deadline, "setoption name UCI_Variant value %s", p->variant->name);
}

/* Checks options (name, value, ...) against what the engine advertised; false with
 * p->option_error and p->why set when one does not fit. */
static bool proc_check_options(EngineProc *p, const PlayerWords *o)
{
    char why[sizeof p->why];
    if (engine_options_check_words(&p->options, o->text, o->count, why, sizeof why))
        return true;
    snprintf(p->why, sizeof p->why, "%s", why);
    p->option_error = true;
    engine_proc_note(p, "refused: %s", why);
    return false;
}

/* Reads lines until readyok before the deadline; when options were sent since the last
 * readyok (watch), an `info string error` line refuses them (p->option_error, PROC_BAD). */
static ProcStatus proc_ready(EngineProc *p, double deadline, bool watch)
{
    for (;;) {
        ProcStatus s = proc_read_line(p, deadline);
        if (s == PROC_TIMEOUT)
            snprintf(p->why, sizeof p->why, "no readyok in time");
        if (s != PROC_OK)
            return s;
        if (!strcmp(p->line, "readyok") || !strncmp(p->line, "readyok ", 8))
            return PROC_OK;
        if (watch && !strncmp(p->line, "info string error", 17)) {
            snprintf(p->why, sizeof p->why, "the engine refused an option: %.200s", p->line);
            p->option_error = true;
            return PROC_BAD;
        }
    }
}

/* Closes the descriptors of n pairs. */
static void close_pairs(int (*pairs)[2], int n)
{
    for (int i = 0; i < n; i++)
        close(pairs[i][0]), close(pairs[i][1]);
}

/* Starts the process and does the handshake (uci/uciok, options, isready/readyok). Its stdin
 * and stdout are two socket pairs, not one: on one pair, every line the runner reads would also
 * wake the engine waiting for its input. */
static ProcStatus proc_start(EngineProc *p)
{
    int io[2][2], ep[2]; /* io[0]: the runner writes [0], the engine reads [1]; io[1]: back */
    if (socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, io[0]) != 0) {
        snprintf(p->why, sizeof p->why, "socketpair: %s", strerror(errno));
        return PROC_DEAD;
    }
    if (socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, io[1]) != 0) {
        snprintf(p->why, sizeof p->why, "socketpair: %s", strerror(errno));
        close_pairs(io, 1);
        return PROC_DEAD;
    }
    if (pipe2(ep, O_CLOEXEC) != 0) {
        snprintf(p->why, sizeof p->why, "pipe: %s", strerror(errno));
        close_pairs(io, 2);
        return PROC_DEAD;
    }
    long maxfd = sysconf(_SC_OPEN_MAX);
    if (maxfd < 0 || maxfd > 65536)
        maxfd = 65536;
    char **env = engine_environment();
    pid_t pid = env ? fork() : -1;
    if (pid == 0)
        child_exec(p, io[0][1], io[1][1], ep[1], (int)maxfd, env);
    free(env);
    close(io[0][1]);
    close(io[1][1]);
    close(ep[1]);
    if (pid < 0) {
        snprintf(p->why, sizeof p->why, "fork: %s", env ? strerror(errno) : "out of memory");
        close(io[0][0]);
        close(io[1][0]);
        close(ep[0]);
        return PROC_DEAD;
    }
    setpgid(pid, pid); /* as the child does: no race on who is first */
    p->pid = pid;
    p->to = io[0][0];
    p->from = io[1][0];
    p->err = ep[0];
    p->inlen = 0;
    p->started_now = true;
    engine_proc_note(p, "started %s as process %d", p->ec->command, (int)pid);
    double deadline = proc_now() + p->ec->start_timeout_ms / 1000.0;
    if (!proc_send(p, deadline, "uci"))
        return PROC_DEAD;
    ProcStatus s = proc_handshake(p, deadline);
    if (s != PROC_OK)
        return s == PROC_ABORTED ? s : PROC_DEAD; /* no engine: the game is abandoned */
    if (!proc_send_variant(p, deadline))
        return p->variant_error ? PROC_BAD : PROC_DEAD;
    if (!proc_check_options(p, &p->ec->setopts))
        return PROC_BAD;
    return proc_send_options(p, deadline, &p->ec->setopts) ? PROC_OK : PROC_DEAD;
}

void engine_proc_set_game_options(EngineProc *p, const char *options)
{
    char err[128];
    if (!player_parse_options(options ? options : "", &p->game_options, err, sizeof err))
        memset(&p->game_options, 0, sizeof p->game_options); /* SPSA writes them well formed */
}

ProcStatus engine_proc_new_game(EngineProc *p)
{
    p->loglen = 0;
    p->log_cut = false;
    p->started_now = false;
    p->handshake_dead = p->handshake_late = p->option_error = p->variant_error = false;
    if (p->log)
        p->log[0] = '\0';
    ProcStatus s = PROC_OK;
    if (p->pid <= 0 && (s = proc_start(p)) != PROC_OK)
        return s;
    if (!proc_check_options(p, &p->game_options))
        return PROC_BAD;
    double deadline = proc_now() + p->ec->start_timeout_ms / 1000.0;
    if (!proc_send_options(p, deadline, &p->game_options) ||
        !proc_send(p, deadline, "ucinewgame") || !proc_send(p, deadline, "isready"))
        return PROC_DEAD;
    bool watch = p->game_options.count > 0 ||
                 (p->started_now && (p->ec->setopts.count > 0 || proc_tells_variant(p)));
    s = proc_ready(p, deadline, watch);
    return s == PROC_TIMEOUT ? PROC_DEAD : s; /* an engine that does not get ready: abandoned */
}

/* The score of an info line ("info ... score cp X" or "score mate N"), if it has one. */
static bool info_score(const char *line, int *score)
{
    if (strncmp(line, "info ", 5) || !strncmp(line, "info string", 11))
        return false;
    const char *s = strstr(line, " score ");
    if (!s)
        return false;
    s += 7;
    char *end;
    if (!strncmp(s, "cp ", 3)) {
        long v = strtol(s + 3, &end, 10);
        if (end == s + 3 || (*end && *end != ' ') || v > SCORE_MATE_BOUND || v < -SCORE_MATE_BOUND)
            return false;
        *score = (int)v;
        return true;
    }
    if (!strncmp(s, "mate ", 5)) {
        long v = strtol(s + 5, &end, 10);
        if (end == s + 5 || (*end && *end != ' ') || v > MAX_PLY || v < -MAX_PLY)
            return false;
        *score = v > 0 ? SCORE_MATE - (int)(2 * v - 1) : -SCORE_MATE + (int)(-2 * v);
        return true;
    }
    return false;
}

ProcStatus engine_proc_go(EngineProc *p, const Position *opening, const Move *moves, int nmoves,
                          const char *go_args, long timeout_ms, char *move, size_t movelen,
                          int *score, double *seconds)
{
    *score = 0;
    *seconds = 0;
    move[0] = '\0';
    if (p->pid <= 0) {
        snprintf(p->why, sizeof p->why, "the engine is not running");
        return PROC_DEAD;
    }
    /* The position command: FEN, then the moves as <from>-<to> (docs/rules/maxima.md section 9: from and
     * to determine a move; the captures would cost a replay of the game every move), but in a
     * zoned game in full, replayed (docs/rules/martian.md 5: the op must be written, and a clock call is
     * another move than the same move without it); then the go command, both in one write, so
     * that the engine wakes once for them. */
    size_t cap = 512 + strlen(go_args) + (size_t)nmoves * (MOVE_STR_LEN + 1), k = 0;
    char *cmd = malloc(cap), fen[256]; /* every move fits */
    if (!cmd) {
        snprintf(p->why, sizeof p->why, "out of memory");
        return PROC_DEAD;
    }
    fen_write(opening, fen, sizeof fen);
    k += (size_t)snprintf(cmd + k, cap - k, "position fen %s%s", fen, nmoves > 0 ? " moves" : "");
    Position pos = *opening;
    bool full = variant_zoned(opening->variant);
    for (int i = 0; i < nmoves; i++) {
        char text[MOVE_STR_LEN];
        if (full) {
            Undo u;
            notation_move(&pos, moves[i], text, sizeof text);
            move_do(&pos, moves[i], &u);
        } else {
            notation_move_short(moves[i], text, sizeof text);
        }
        k += (size_t)snprintf(cmd + k, cap - k, " %s", text);
    }
    log_line(p, "> ", cmd, k);
    size_t go = k + 1;
    k += (size_t)snprintf(cmd + k, cap - k, "\ngo %s\n", go_args);
    log_line(p, "> ", cmd + go, k - go - 1);
    double t0 = proc_now(), deadline = t0 + timeout_ms / 1000.0;
    bool sent = proc_write(p, deadline, cmd, k);
    free(cmd);
    if (!sent)
        return PROC_DEAD;
    t0 = proc_now();
    for (;;) {
        ProcStatus s = proc_read_line(p, deadline);
        if (s != PROC_OK) {
            *seconds = proc_now() - t0;
            if (s == PROC_TIMEOUT)
                snprintf(p->why, sizeof p->why, "no bestmove within %ld ms", timeout_ms);
            return s;
        }
        if (!strncmp(p->line, "bestmove", 8) && (p->line[8] == ' ' || !p->line[8])) {
            *seconds = proc_now() - t0;
            const char *w = p->line + 8;
            while (*w == ' ')
                w++;
            size_t n = strcspn(w, " ");
            snprintf(move, movelen, "%.*s", (int)n, w);
            return PROC_OK;
        }
        info_score(p->line, score);
    }
}

void engine_proc_kill(EngineProc *p) { proc_reap(p, true); }

void engine_proc_free(EngineProc *p)
{
    if (p->pid > 0) {
        proc_send(p, proc_now() + 0.1, "quit");
        proc_reap(p, false);
    }
    free(p->log);
    p->log = NULL;
    p->loglen = p->logcap = 0;
    engine_options_free(&p->options);
}

void engine_proc_stderr_tail(EngineProc *p, int lines, char *buf, size_t len)
{
    drain_stderr(p);
    buf[0] = '\0';
    if (!p->log || len == 0)
        return;
    static const char tag[] = "stderr: ";
    const char *starts[16];
    int n = 0;
    if (lines > 16)
        lines = 16;
    for (const char *l = p->log; *l;) {
        const char *nl = strchr(l, '\n');
        const char *text = !strncmp(l, tag, sizeof tag - 1) ? l + sizeof tag - 1 : NULL;
        size_t blank = text ? strspn(text, " \t") : 0;
        if (text && text[blank] != '\n' && text[blank] != '\0') { /* blank lines say nothing */
            if (n == lines)
                memmove(starts, starts + 1, (size_t)(--n) * sizeof *starts);
            starts[n++] = text;
        }
        if (!nl)
            break;
        l = nl + 1;
    }
    size_t k = 0;
    for (int i = 0; i < n && k + 1 < len; i++) {
        size_t m = strcspn(starts[i], "\n");
        int r = snprintf(buf + k, len - k, "%s%.*s", i ? " | " : "", (int)m, starts[i]);
        k = r < 0 || (size_t)r >= len - k ? len - 1 : k + (size_t)r;
    }
}

bool engine_proc_write_log(EngineProc *p, const char *path, const char *header)
{
    drain_stderr(p);
    size_t hl = strlen(header), n = hl + p->loglen + 64;
    char *buf = malloc(n);
    if (!buf)
        return false;
    int k = snprintf(buf, n, "%s\n%s", header,
                     p->log_cut ? "(lines from the middle of the transcript were cut)\n" : "");
    memcpy(buf + k, p->log ? p->log : "", p->loglen);
    size_t len = (size_t)k + p->loglen;
    buf[len++] = '\n';
    int fd = open(path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0644);
    bool ok = fd >= 0;
    if (ok) {
        ok = write(fd, buf, len) == (ssize_t)len;
        ok = close(fd) == 0 && ok;
    }
    free(buf);
    return ok;
}
