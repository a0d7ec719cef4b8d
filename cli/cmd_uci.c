/* cmd_uci.c: a UCI-style text protocol, so other programs and GUIs can drive the engine.
 * Moves are written in MAXIMA.md notation. The search runs in its own thread so that `stop`
 * and `isready` are answered while it thinks. */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "core/fen.h"
#include "core/makemove.h"
#include "core/notation.h"

enum { UCI_LINE = 1 << 16, UCI_MAX_MOVES = 4096 };

typedef struct Uci {
    Engine *engine;
    Position start;
    Move moves[UCI_MAX_MOVES];
    int nmoves;
    long hash_mb;
    SearchLimits limits;
    pthread_t thread;
    bool searching;
} Uci;

/* Search thread: searches and prints the best move. */
static void *uci_search_thread(void *arg)
{
    Uci *u = arg;
    int score;
    Move best = engine_search(u->engine, &u->limits, &score, NULL, cli_print_info, NULL);
    char text[MOVE_STR_LEN] = "(none)";
    if (best != MOVE_NONE)
        notation_move(&u->engine->pos, best, text, sizeof text);
    printf("bestmove %s\n", text);
    fflush(stdout);
    return NULL;
}

/* Stops a running search and waits for its bestmove. */
static void uci_wait(Uci *u, bool stop)
{
    if (!u->searching)
        return;
    if (stop)
        engine_stop(u->engine);
    pthread_join(u->thread, NULL);
    u->searching = false;
}

/* "position startpos|fen <FEN> [moves m1 m2 ...]" */
static void uci_position(Uci *u, char *args)
{
    char *moves = strstr(args, " moves");
    if (moves)
        *moves = '\0';
    Position start;
    char err[256];
    while (*args == ' ')
        args++;
    if (!strncmp(args, "startpos", 8))
        fen_parse(&start, "start", err, sizeof err);
    else if (!strncmp(args, "fen ", 4)) {
        if (!fen_parse(&start, args + 4, err, sizeof err)) {
            printf("info string error: %s\n", err);
            return;
        }
    } else {
        printf("info string error: expected 'position startpos' or 'position fen <FEN>'\n");
        return;
    }
    Position pos = start;
    int n = 0;
    if (moves) {
        for (char *tok = strtok(moves + 6, " \t"); tok; tok = strtok(NULL, " \t")) {
            Move m = notation_parse(&pos, tok, err, sizeof err);
            if (m == MOVE_NONE || n == UCI_MAX_MOVES) {
                printf("info string error: move %d: %s\n", n + 1, m ? "too many moves" : err);
                return;
            }
            Undo undo;
            move_do(&pos, m, &undo);
            u->moves[n++] = m;
        }
    }
    u->start = start;
    u->nmoves = n;
    engine_set_position(u->engine, &u->start, u->moves, n);
}

/* "go [depth D] [nodes N] [movetime MS] [infinite]" */
static void uci_go(Uci *u, char *args)
{
    SearchLimits limits = {0, 0, 0};
    bool infinite = false;
    for (char *tok = strtok(args, " \t"); tok; tok = strtok(NULL, " \t")) {
        char *val = NULL;
        if (!strcmp(tok, "infinite")) {
            infinite = true;
            continue;
        }
        if (!strcmp(tok, "depth") || !strcmp(tok, "nodes") || !strcmp(tok, "movetime"))
            val = strtok(NULL, " \t");
        long v = val ? strtol(val, NULL, 10) : 0;
        if (!strcmp(tok, "depth") && v > 0)
            limits.depth = v < MAX_PLY - 2 ? (int)v : MAX_PLY - 2;
        else if (!strcmp(tok, "nodes") && v > 0)
            limits.nodes = (uint64_t)v;
        else if (!strcmp(tok, "movetime") && v > 0)
            limits.movetime_ms = (int)v;
    }
    if (infinite)
        limits = (SearchLimits){MAX_PLY - 2, 0, 0};
    u->limits = limits;
    u->searching = pthread_create(&u->thread, NULL, uci_search_thread, u) == 0;
}

/* "setoption name <Hash|Weights> value <v>" */
static void uci_setoption(Uci *u, char *args)
{
    char *name = strstr(args, "name "), *value = strstr(args, " value ");
    if (!name || !value) {
        printf("info string error: expected 'setoption name <name> value <value>'\n");
        return;
    }
    *value = '\0';
    name += 5;
    value += 7;
    if (!strcmp(name, "Hash")) {
        long mb = strtol(value, NULL, 10);
        Engine *e = mb >= 1 && mb <= 65536 ? engine_new((size_t)mb) : NULL;
        if (!e) {
            printf("info string error: cannot use a hash of '%s' MiB\n", value);
            return;
        }
        e->weights = u->engine->weights;
        engine_free(u->engine);
        u->engine = e;
        u->hash_mb = mb;
        engine_set_position(e, &u->start, u->moves, u->nmoves);
    } else if (!strcmp(name, "Weights")) {
        Weights w;
        char err[512];
        if (!weights_load(&w, value, err, sizeof err))
            printf("info string error: %s\n", err);
        else
            engine_set_weights(u->engine, &w);
    } else {
        printf("info string error: unknown option '%s'\n", name);
    }
}

int cmd_uci(int argc, char **argv)
{
    if (cli_wants_help(argc, argv)) {
        puts("usage: maxtune uci\n"
             "Speaks a UCI-style protocol on stdin/stdout: uci, isready, ucinewgame,\n"
             "setoption name Hash|Weights value V, position startpos|fen FEN [moves ...],\n"
             "go depth|nodes|movetime N | infinite, stop, quit. Moves in MAXIMA.md notation.");
        return EXIT_OK;
    }
    Uci *u = calloc(1, sizeof *u);
    if (!u || !(u->engine = engine_new(16))) {
        fprintf(stderr, "maxtune uci: out of memory\n");
        free(u);
        return EXIT_FAIL;
    }
    u->hash_mb = 16;
    fen_parse(&u->start, "start", NULL, 0);
    char *line = malloc(UCI_LINE);
    while (line && fgets(line, UCI_LINE, stdin)) {
        line[strcspn(line, "\r\n")] = '\0';
        char *cmd = line;
        while (*cmd == ' ')
            cmd++;
        if (!strcmp(cmd, "uci")) {
            printf("id name maxtune\nid author the maxtune developers\n"
                   "option name Hash type spin default 16 min 1 max 65536\n"
                   "option name Weights type string default default\nuciok\n");
        } else if (!strcmp(cmd, "isready")) {
            printf("readyok\n");
        } else if (!strcmp(cmd, "ucinewgame")) {
            uci_wait(u, true);
            engine_new_game(u->engine);
        } else if (!strncmp(cmd, "setoption", 9)) {
            uci_wait(u, true);
            uci_setoption(u, cmd + 9);
        } else if (!strncmp(cmd, "position", 8)) {
            uci_wait(u, true);
            uci_position(u, cmd + 8);
        } else if (!strncmp(cmd, "go", 2)) {
            uci_wait(u, true);
            uci_go(u, cmd + 2);
        } else if (!strcmp(cmd, "stop")) {
            uci_wait(u, true);
        } else if (!strcmp(cmd, "quit")) {
            break;
        } else if (*cmd) {
            printf("info string error: unknown command '%s'\n", cmd);
        }
        fflush(stdout);
    }
    uci_wait(u, true);
    engine_free(u->engine);
    free(u);
    free(line);
    return EXIT_OK;
}
