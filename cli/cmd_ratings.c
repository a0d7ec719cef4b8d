/* cmd_ratings.c: `maxtune ratings`: joint ratings of every player of one or more PGN files (the
 * games.pgn of several matches make a tournament), by tune/stats/rating. */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "tune/play/pgn_read.h"
#include "tune/run/escape.h"
#include "tune/run/text.h"
#include "tune/stats/rating.h"

enum { NAME_MAX_LEN = 256, RATINGS_MAX_PLAYERS = 1000 };

/* The players and games read so far. */
typedef struct Table {
    char (*names)[NAME_MAX_LEN];
    int nplayers, cap_players;
    RatingGame *games;
    long ngames, cap_games;
} Table;

/* The index of a player (added when new), or -1 when out of memory or too many players. */
static int player_index(Table *t, const char *name)
{
    for (int i = 0; i < t->nplayers; i++)
        if (!strcmp(t->names[i], name))
            return i;
    if (t->nplayers == RATINGS_MAX_PLAYERS)
        return -1;
    if (t->nplayers == t->cap_players) {
        int cap = t->cap_players ? 2 * t->cap_players : 16;
        void *n = realloc(t->names, (size_t)cap * sizeof *t->names);
        if (!n)
            return -1;
        t->names = n;
        t->cap_players = cap;
    }
    snprintf(t->names[t->nplayers], NAME_MAX_LEN, "%s", name);
    return t->nplayers++;
}

/* The score of White for a result token, or -1 when it is not a finished game's result. */
static double result_score(const char *r)
{
    return !strcmp(r, "1-0") ? 1 : !strcmp(r, "0-1") ? 0 : !strcmp(r, "1/2-1/2") ? 0.5 : -1;
}

/* Adds a game of white against black (White's score s); false when out of memory or over
 * RATINGS_MAX_PLAYERS. */
static bool table_add(Table *t, const char *white, const char *black, double s)
{
    int a = player_index(t, white), b = player_index(t, black);
    if (t->ngames == t->cap_games) {
        long cap = t->cap_games ? 2 * t->cap_games : 1024;
        void *g = realloc(t->games, (size_t)cap * sizeof *t->games);
        if (g) {
            t->games = g;
            t->cap_games = cap;
        }
    }
    if (a < 0 || b < 0 || t->ngames == t->cap_games)
        return false;
    t->games[t->ngames++] = (RatingGame){a, b, s};
    return true;
}

/* Prints "maxtune ratings: path:line: message" with control bytes escaped; returns false. */
static bool pgn_fail(const char *path, int line, const char *message, const char *word)
{
    char msg[800];
    snprintf(msg, sizeof msg, "%s:%d: %s%s%s", path, line, message, word ? " " : "",
             word ? word : "");
    escape_in_place(msg, sizeof msg);
    fprintf(stderr, "maxtune ratings: %s\n", msg);
    return false;
}

/* Reads the games of one PGN file through the shared tokenizer: each game's White and Black tags
 * and the result token that ends its moves (unfinished games, "*", are skipped); false with
 * "path:line: problem" printed. */
static bool read_pgn(Table *t, const char *path)
{
    size_t len;
    char *text = text_read_file(path, &len);
    if (!text) {
        fprintf(stderr, "maxtune ratings: %s: %s\n", path, strerror(errno));
        return false;
    }
    PgnReader r;
    pgn_reader_start(&r, text, len);
    PgnToken tok;
    char white[PGN_TOKEN_MAX] = "", black[PGN_TOKEN_MAX] = "";
    bool ok = true;
    for (PgnTokenKind k; ok && (k = pgn_read_token(&r, &tok)) != PGN_EOF;) {
        if (k == PGN_ERROR)
            ok = pgn_fail(path, tok.line, tok.value, NULL);
        else if (k == PGN_TAG && !strcmp(tok.name, "White"))
            snprintf(white, sizeof white, "%s", tok.value);
        else if (k == PGN_TAG && !strcmp(tok.name, "Black"))
            snprintf(black, sizeof black, "%s", tok.value);
        else if (k == PGN_WORD && (!strcmp(tok.value, "*") || result_score(tok.value) >= 0)) {
            double s = result_score(tok.value);
            if (s >= 0 && (!white[0] || !black[0] || !strcmp(white, black)))
                ok = pgn_fail(path, tok.line, "a game without two players ends with", tok.value);
            else if (s >= 0 && !table_add(t, white, black, s)) {
                fprintf(stderr, "maxtune ratings: out of memory (or over %d players)\n",
                        RATINGS_MAX_PLAYERS);
                ok = false;
            }
            white[0] = black[0] = '\0';
        }
    }
    free(text);
    return ok;
}

/* True when player a goes before player b: the higher rating, then the name. */
static bool ranks_before(const Table *t, const Rating *r, int a, int b)
{
    if (r[a].elo != r[b].elo)
        return r[a].elo > r[b].elo;
    return strcmp(t->names[a], t->names[b]) < 0;
}

/* What the command line asks for besides the files. */
typedef struct RatingsArgs {
    const char *anchor_name; /* --anchor (NULL: the first player read) */
    double anchor_elo;       /* --elo */
    double draws;            /* --draws */
    int nfiles;              /* PGN files named */
} RatingsArgs;

/* Reads the options and the PGN files named among them (into t), in order, up to the first
 * problem; EXIT_OK, or EXIT_USAGE after saying what is wrong. */
static int read_args(int argc, char **argv, const char *help, RatingsArgs *a, Table *t)
{
    int status = EXIT_OK;
    for (int i = 1; i < argc && status == EXIT_OK; i++) {
        char *end;
        if (!strcmp(argv[i], "--anchor") && i + 1 < argc) {
            a->anchor_name = argv[++i];
        } else if ((!strcmp(argv[i], "--elo") || !strcmp(argv[i], "--draws")) && i + 1 < argc) {
            bool elo = !strcmp(argv[i], "--elo");
            double v = strtod(argv[++i], &end);
            if (end == argv[i] || *end || !isfinite(v) || (!elo && (v < 0 || v > 1000))) {
                fprintf(stderr, "maxtune ratings: %s: not a number%s: '%s'\n", argv[i - 1],
                        elo ? "" : " in [0, 1000]", argv[i]);
                status = EXIT_USAGE;
            }
            *(elo ? &a->anchor_elo : &a->draws) = v;
        } else if (argv[i][0] == '-' && argv[i][1]) {
            fprintf(stderr, "maxtune ratings: unknown option '%s'\n%s", argv[i], help);
            status = EXIT_USAGE;
        } else {
            a->nfiles++;
            if (!read_pgn(t, argv[i]))
                status = EXIT_USAGE;
        }
    }
    return status;
}

/* Prints the table of ratings, best first (order: room for one index per player). */
static void print_ratings(const Table *t, const Rating *r, int *order, int anchor,
                          double anchor_elo)
{
    int width = 4;
    for (int i = 0; i < t->nplayers; i++) {
        order[i] = i;
        int n = (int)strlen(t->names[i]);
        width = n > width ? n : width;
    }
    for (int i = 1; i < t->nplayers; i++) /* insertion sort: few players */
        for (int k = i; k > 0 && ranks_before(t, r, order[k], order[k - 1]); k--) {
            int x = order[k];
            order[k] = order[k - 1];
            order[k - 1] = x;
        }
    printf("ratings of %d players from %ld games; anchor %s at %g; +/- is the 95%% interval "
           "of the difference to the anchor\n",
           t->nplayers, t->ngames, t->names[anchor], anchor_elo);
    printf("%4s  %-*s  %8s  %7s  %6s  %6s\n", "rank", width, "name", "elo", "+/-", "games",
           "score");
    for (int k = 0; k < t->nplayers; k++) {
        int i = order[k];
        printf("%4d  %-*s  %8.1f  %7.1f  %6ld  %5.1f%%\n", k + 1, width, t->names[i], r[i].elo,
               r[i].err95, r[i].games, 100 * r[i].score);
    }
}

int cmd_ratings(int argc, char **argv)
{
    static const char help[] =
        "usage: maxtune ratings [--anchor NAME] [--elo X] [--draws D] PGNFILE...\n"
        "Joint maximum-likelihood ratings of every player of the games in the PGN files (the\n"
        "games.pgn of several matches make a tournament): the logistic Elo model, draws as half\n"
        "points, as Ordo and BayesElo compute them. One line per player, best first: rank,\n"
        "name, Elo, the half-width of the 95% interval of its difference to the anchor (robust\n"
        "to draws), games and score. --anchor: the player held at --elo X (default: the first\n"
        "player read, at 0). --draws D: D virtual draws between every two players who met (a\n"
        "prior for players who won or lost every game; default 0, pure maximum likelihood).\n"
        "Exit code: 0, 1 when the games give no finite ratings (the reason printed), 2 for bad\n"
        "arguments or unreadable files.\n";
    if (cli_wants_help(argc, argv)) {
        fputs(help, stdout);
        return EXIT_OK;
    }
    RatingsArgs a = {NULL, 0, 0, 0};
    Table t = {0};
    int status = read_args(argc, argv, help, &a, &t);
    if (status == EXIT_OK && a.nfiles == 0) {
        fputs(help, stderr);
        status = EXIT_USAGE;
    }
    int anchor = 0;
    if (status == EXIT_OK && a.anchor_name) {
        while (anchor < t.nplayers && strcmp(t.names[anchor], a.anchor_name))
            anchor++;
        if (anchor == t.nplayers) {
            fprintf(stderr, "maxtune ratings: --anchor %s: no such player in the games\n",
                    a.anchor_name);
            status = EXIT_USAGE;
        }
    }
    if (status == EXIT_OK && t.nplayers < 2) {
        fprintf(stderr, "maxtune ratings: the files hold %s\n",
                t.ngames ? "games of one player" : "no finished game");
        status = EXIT_USAGE;
    }
    Rating *r = status == EXIT_OK ? calloc((size_t)t.nplayers, sizeof *r) : NULL;
    int *order = status == EXIT_OK ? malloc((size_t)t.nplayers * sizeof *order) : NULL;
    char err[256];
    if (status == EXIT_OK && (!r || !order)) {
        fprintf(stderr, "maxtune ratings: out of memory\n");
        status = EXIT_FAIL;
    } else if (status == EXIT_OK && !rating_fit(t.nplayers, t.games, t.ngames, anchor, a.anchor_elo,
                                                a.draws, r, err, sizeof err)) {
        fprintf(stderr, "maxtune ratings: %s\n", err);
        status = EXIT_FAIL;
    }
    if (status == EXIT_OK)
        print_ratings(&t, r, order, anchor, a.anchor_elo);
    free(r);
    free(order);
    free(t.names);
    free(t.games);
    return status;
}
