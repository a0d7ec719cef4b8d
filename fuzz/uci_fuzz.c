/* uci_fuzz.c: libFuzzer target for the UCI protocol loop (uci_session).
 *
 * Each input is read as a little program: every step takes a byte or a few and sends one
 * command line to a session through a pipe, from a writer thread, so that commands arrive
 * while a search runs. Steps make valid commands (uci, isready, ucinewgame, position with
 * legal moves or the FEN of a reachable position, go with every kind of limit including
 * infinite and depth 60, stop, setoption, UCI_Variant switching the game), invalid ones (raw
 * bytes from the input) and valid ones with a few bytes mutated, and sleep 0-3 ms between
 * commands. The end of the input closes the pipe, which must end the session, with any running
 * search stopped.
 *
 * Checked after each session: it returned EXIT_OK; every answer line is one the protocol
 * knows; every `go` line the session read was answered by exactly one bestmove. A hang is
 * caught by libFuzzer's -timeout, memory and undefined-behaviour errors by ASan and UBSan, a
 * failed check by abort(). Build and run with scripts/fuzz.sh (FUZZ_TARGETS=uci). */
#include <errno.h>
#include <pthread.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "cli/cli.h"
#include "core/fen.h"
#include "core/makemove.h"
#include "core/movegen.h"
#include "core/notation.h"
#include "search/eval.h"

enum { FUZZ_MAX_STEPS = 64, FUZZ_LINE = 1024, FUZZ_MAX_SLEEP_US = 3000 };

/* The input being read, step by step. */
typedef struct Reader {
    const uint8_t *data;
    size_t size, at;
} Reader;

/* The commands sent so far, and what the writer needs. */
typedef struct Script {
    Reader in;
    int fd;                 /* the pipe's write end */
    int gos;                /* go lines the session reads (before the first quit) */
    bool quit_sent;         /* a quit line was sent: the session reads no further */
    bool closed;            /* a write failed: the session has ended */
    Position track;         /* a position reachable by the moves sent, for valid moves and FENs */
    const Variant *variant; /* the game the session was last told (UCI_Variant) */
} Script;

/* The next input byte, or 0 once the input is used up. */
static uint8_t reader_byte(Reader *r) { return r->at < r->size ? r->data[r->at++] : 0; }

/* True while input bytes remain. */
static bool reader_left(const Reader *r) { return r->at < r->size; }

/* The command a line holds as the session sees it: the text before any NUL, CR or LF, its
 * first token (split at spaces and tabs). True when that token is `word`. */
static bool line_is(const char *line, size_t len, const char *word)
{
    size_t end = 0;
    while (end < len && line[end] && line[end] != '\r' && line[end] != '\n')
        end++;
    size_t i = 0;
    while (i < end && (line[i] == ' ' || line[i] == '\t'))
        i++;
    size_t j = i;
    while (j < end && line[j] != ' ' && line[j] != '\t')
        j++;
    return j - i == strlen(word) && !memcmp(line + i, word, j - i);
}

/* Writes one line (len bytes, no LF inside) and the LF to the pipe; counts go and quit the
 * way the session will read them. */
static void script_send(Script *s, char *line, size_t len)
{
    for (size_t i = 0; i < len; i++)
        if (line[i] == '\n')
            line[i] = ' ';
    if (!s->quit_sent) {
        s->gos += line_is(line, len, "go");
        s->quit_sent = line_is(line, len, "quit");
    }
    line[len++] = '\n';
    for (size_t off = 0; off < len;) {
        ssize_t n = write(s->fd, line + off, len - off);
        if (n < 0 && errno == EINTR)
            continue; /* libFuzzer's timer signal */
        if (n <= 0) {
            s->closed = true; /* the session ended (quit) and closed its end */
            return;
        }
        off += (size_t)n;
    }
}

/* Appends " m1 m2 ..." with up to `count` legal moves played from s->track (which follows
 * them); returns the new length of buf. */
static size_t script_moves(Script *s, char *buf, size_t len, int count)
{
    for (int i = 0; i < count && len + MOVE_STR_LEN + 2 < FUZZ_LINE; i++) {
        Move moves[MAX_MOVES];
        int n = movegen_legal(&s->track, moves);
        if (n == 0)
            break;
        Move m = moves[reader_byte(&s->in) % n];
        char text[MOVE_STR_LEN];
        notation_move(&s->track, m, text, sizeof text);
        len += (size_t)snprintf(buf + len, FUZZ_LINE - len, " %s", text);
        Undo u;
        move_do(&s->track, m, &u);
    }
    return len;
}

/* A small number for a go limit: mostly sensible, sometimes odd (0, negative, huge, text). */
static void script_number(Script *s, char *buf, size_t size)
{
    static const char *const odd[] = {
        "0", "-1", "-2147483648", "2147483648", "99999999999999999999", "12abc", "", "+5", "0x10"};
    uint8_t b = reader_byte(&s->in);
    if (b < 200)
        snprintf(buf, size, "%d", 1 + b % 50);
    else if (b < 230)
        snprintf(buf, size, "%d", (b - 199) * 1000);
    else
        snprintf(buf, size, "%s", odd[b % (sizeof odd / sizeof odd[0])]);
}

/* Writes one valid-looking command into buf (chosen by the next byte); returns its length. */
static size_t script_command(Script *s, char *buf)
{
    static const char *const clock[] = {"wtime", "btime", "winc", "binc", "movestogo"};
    static const char *const limit[] = {"depth", "nodes", "movetime"};
    char num[32];
    size_t len = 0;
    switch (reader_byte(&s->in) % 15) {
    case 0:
        return (size_t)snprintf(buf, FUZZ_LINE, "uci");
    case 1:
        return (size_t)snprintf(buf, FUZZ_LINE, "isready");
    case 2:
        return (size_t)snprintf(buf, FUZZ_LINE, "ucinewgame");
    case 3: /* the start position and some legal moves */
        fen_parse_variant(&s->track, "start", s->variant, NULL, 0);
        len = (size_t)snprintf(buf, FUZZ_LINE, "position startpos moves");
        return script_moves(s, buf, len, reader_byte(&s->in) % 12);
    case 4: { /* the FEN of a position reachable from the last one, and more moves */
        char fen[256], scratch[FUZZ_LINE];
        script_moves(s, scratch, 0, reader_byte(&s->in) % 8);
        fen_write(&s->track, fen, sizeof fen);
        len = (size_t)snprintf(buf, FUZZ_LINE, "position fen %s moves", fen);
        return script_moves(s, buf, len, reader_byte(&s->in) % 4);
    }
    case 5:
        return (size_t)snprintf(buf, FUZZ_LINE, "go infinite");
    case 6:
        return (size_t)snprintf(buf, FUZZ_LINE, "go depth 60");
    case 7:
    case 8:
        return (size_t)snprintf(buf, FUZZ_LINE, "stop");
    case 9: { /* go with one to three limits of any kind */
        len = (size_t)snprintf(buf, FUZZ_LINE, "go");
        int n = 1 + reader_byte(&s->in) % 3;
        for (int i = 0; i < n; i++) {
            uint8_t k = reader_byte(&s->in) % 8;
            script_number(s, num, sizeof num);
            len += (size_t)snprintf(buf + len, FUZZ_LINE - len, " %s %s",
                                    k < 3 ? limit[k] : clock[k - 3], num);
        }
        return len;
    }
    case 10: /* a whole clock */
        return (size_t)snprintf(buf, FUZZ_LINE, "go wtime %d btime %d winc %d binc %d",
                                reader_byte(&s->in) * 40, reader_byte(&s->in) * 40,
                                reader_byte(&s->in) % 50, reader_byte(&s->in) % 50);
    case 11:
        script_number(s, num, sizeof num);
        return (size_t)snprintf(buf, FUZZ_LINE, "setoption name Hash value %s", num);
    case 12: {
        static const char *const w[] = {"default", "material", "/nonexistent", ""};
        return (size_t)snprintf(buf, FUZZ_LINE, "setoption name Weights value %s",
                                w[reader_byte(&s->in) % 4]);
    }
    case 13: { /* the game: either, or a name that is none (refused, the game kept) */
        static const char *const games[] = {"ultima", "maxima", "ultima", "chess"};
        const char *g = games[reader_byte(&s->in) % 4];
        if (variant_find(g) && variant_find(g) != s->variant) {
            s->variant = variant_find(g); /* the session starts this game's start position */
            fen_parse_variant(&s->track, "start", s->variant, NULL, 0);
        }
        return (size_t)snprintf(buf, FUZZ_LINE, "setoption name UCI_Variant value %s", g);
    }
    default:
        return (size_t)snprintf(buf, FUZZ_LINE, "position startpos");
    }
}

/* Changes one to four bytes of a command: replaced, deleted, inserted, or the line cut. */
static size_t script_mutate(Script *s, char *buf, size_t len)
{
    int edits = 1 + reader_byte(&s->in) % 4;
    for (int i = 0; i < edits; i++) {
        size_t at = len ? reader_byte(&s->in) % len : 0;
        uint8_t c = reader_byte(&s->in);
        switch (reader_byte(&s->in) % 4) {
        case 0:
            if (len)
                buf[at] = (char)c;
            break;
        case 1:
            if (len) {
                memmove(buf + at, buf + at + 1, len - at - 1);
                len--;
            }
            break;
        case 2:
            if (len + 2 < FUZZ_LINE) {
                memmove(buf + at + 1, buf + at, len - at);
                buf[at] = (char)c;
                len++;
            }
            break;
        default:
            len = at;
        }
    }
    return len;
}

/* Writer thread: runs the script from the input, then closes the pipe (end of input). */
static void *script_run(void *arg)
{
    Script *s = arg;
    char line[FUZZ_LINE];
    for (int step = 0; step < FUZZ_MAX_STEPS && reader_left(&s->in) && !s->closed; step++) {
        uint8_t kind = reader_byte(&s->in);
        size_t len;
        if (kind < 150) {
            len = script_command(s, line);
        } else if (kind < 190) {
            len = script_mutate(s, line, script_command(s, line));
        } else if (kind < 215) { /* raw bytes from the input */
            len = reader_byte(&s->in) % 48;
            for (size_t i = 0; i < len; i++)
                line[i] = (char)reader_byte(&s->in);
        } else if (kind < 254) {
            long us = reader_byte(&s->in) * FUZZ_MAX_SLEEP_US / 255;
            nanosleep(&(struct timespec){0, us * 1000}, NULL);
            continue;
        } else {
            len = (size_t)snprintf(line, sizeof line, "quit");
        }
        script_send(s, line, len);
    }
    close(s->fd);
    return NULL;
}

/* Prints what went wrong, with the session's output, and aborts so libFuzzer saves the input. */
_Noreturn static void fail(const char *what, const char *out)
{
    fprintf(stderr, "uci_fuzz: %s\n--- session output ---\n%s\n", what, out ? out : "");
    abort();
}

/* Checks the session's output: known answers only, one bestmove per go read. */
static void check_output(const char *out, int gos)
{
    static const char *const known[] = {"id name ", "id author ", "option name ", "uciok",
                                        "readyok",  "info ",      "bestmove "};
    int bestmoves = 0;
    for (const char *line = out; *line;) {
        const char *end = strchr(line, '\n');
        if (!end)
            fail("an answer line without its end of line", out);
        bool ok = false;
        for (size_t i = 0; i < sizeof known / sizeof known[0] && !ok; i++)
            ok = !strncmp(line, known[i], strlen(known[i]));
        if (!ok)
            fail("an answer the protocol does not know", out);
        bestmoves += !strncmp(line, "bestmove ", 9);
        line = end + 1;
    }
    if (bestmoves != gos) {
        char what[96];
        snprintf(what, sizeof what, "%d go commands read, %d bestmove answers", gos, bestmoves);
        fail(what, out);
    }
}

/* libFuzzer set-up: the rules tables, the evaluation tables, no SIGPIPE. */
int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc;
    (void)argv;
    core_init();
    eval_init();
    signal(SIGPIPE, SIG_IGN);
    return 0;
}

/* libFuzzer entry point: one input, one session. */
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    int fds[2];
    if (pipe(fds))
        return 0;
    Script s = {.in = {data, size, 0}, .fd = fds[1], .variant = variant_get(VARIANT_MAXIMA)};
    fen_parse(&s.track, "start", NULL, 0);
    char *out = NULL;
    size_t outlen = 0;
    FILE *outf = open_memstream(&out, &outlen);
    pthread_t writer;
    if (!outf || pthread_create(&writer, NULL, script_run, &s)) {
        fail("cannot set up a session", NULL);
    }
    UciConfig cfg = {.max_hash_mb = 16, .weight_files = false};
    int rc = uci_session(fds[0], outf, &cfg);
    close(fds[0]); /* after a quit the writer may still write: it gets EPIPE and stops */
    pthread_join(writer, NULL);
    fclose(outf);
    if (rc != EXIT_OK)
        fail("the session failed", out);
    check_output(out, s.gos);
    free(out);
    return 0;
}
