/* cmd_replay.c: `replay [--rewrite] PGNFILE...`, an independent check of the PGN files maxtune
 * writes.
 *
 * Every game is replayed through the rules core from its FEN tag, in the game its Variant tag
 * (or the FEN's row count) names (tune/play/pgn_replay.h): each move must be legal and
 * written in full (captures included), in the PGN form (h6-c1xd2xf4) or the old one with
 * docs/rules/maxima.md's commas (h6-c1xd2,f4), move numbers must fit, PlyCount must count the moves, and
 * the ending must agree with the position reached: the {reason} comment, the Termination tag
 * ("normal" for endings by the rules, "adjudication" otherwise, repetition included; files of
 * the old form said "normal" for repetition, which is accepted as the old form) and the result.
 * Problems are printed as "file:line: problem"; the exit code is 0 when there are none, 1 when a
 * game disagrees with itself and 2 when a file cannot be read or is not PGN as maxtune writes
 * it. Games in the old form are counted and named on the summary line.
 *
 * --rewrite writes each file that replays without an error again as maxtune writes PGN now
 * (tune/play/pgn.c: the PGN move form, the tags in export order, repetition an adjudication),
 * into a temporary file that must replay without an error and give the same games (positions,
 * results, endings, players, rounds: a hash over them is compared) before it replaces the file.
 * A file with tags maxtune does not write is left alone. */
#include <errno.h>
#include <stdint.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "core/gamestate.h"
#include "tune/play/game.h"
#include "tune/play/pgn.h"
#include "tune/play/pgn_replay.h"
#include "tune/run/text.h"

/* What one file's replay found, added up over the files. */
typedef struct Tally {
    long games;
    long errors;
    long old_form;        /* games with a comma move or repetition as Termination "normal" */
    bool malformed;       /* some error means the file is unreadable or not maxtune's PGN */
    bool foreign_tags;    /* a tag maxtune does not write, or one with another value */
    uint64_t fingerprint; /* FNV-1a over every game's positions, result, ending and names */
} Tally;

/* One file's replay: the tally it adds to, where problems are reported, and the game's
 * ending once it is checked. */
typedef struct Replay {
    Tally *t;
    const char *path;
    FILE *rewrite;    /* the games are written again here (NULL: not) */
    Termination term; /* the ending the comment names, once the game is checked */
    bool finished;    /* checked up to its ending: it can be written again */
} Replay;

/* Prints "file:line: problem" and counts it; malformed marks a file-format error (exit 2). */
static void report(Tally *t, const char *path, int line, bool malformed, const char *fmt, ...)
    __attribute__((format(printf, 5, 6)));
static void report(Tally *t, const char *path, int line, bool malformed, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    fprintf(stderr, "%s:%d: ", path, line);
    vfprintf(stderr, fmt, ap);
    fputc('\n', stderr);
    va_end(ap);
    t->errors++;
    t->malformed = t->malformed || malformed;
}

/* Number of earlier positions with the final position's key and side to move. */
static int earlier_occurrences(const PgnGame *g)
{
    int count = 0;
    for (int i = g->nplies - 2; i >= 0; i -= 2)
        count += g->keys[i] == g->keys[g->nplies];
    return count;
}

/* Checks a finished game against its result token; line is the token's line. */
static void game_finish(PgnGame *g, Replay *rp, int line, const char *result)
{
    Tally *t = rp->t;
    const char *path = rp->path;
    t->games++;
    if (!g->result.line)
        report(t, path, line, true, "game has no [Result] tag");
    else if (strcmp(g->result.value, result) != 0)
        report(t, path, line, false, "result %s differs from the [Result \"%s\"] tag", result,
               g->result.value);
    if (!strcmp(result, "*")) {
        report(t, path, line, false, "unfinished game ('*')");
        return;
    }
    if (g->dead)
        return;
    if (!g->plycount.line) {
        report(t, path, line, true, "game has no [PlyCount] tag");
    } else {
        char *end;
        long n = strtol(g->plycount.value, &end, 10);
        if (end == g->plycount.value || *end)
            report(t, path, g->plycount.line, true, "PlyCount \"%s\" is not a number",
                   g->plycount.value);
        else if (n != g->nplies)
            report(t, path, g->plycount.line, false, "PlyCount %ld, but the game has %d plies", n,
                   g->nplies);
    }
    if (!g->reason_line) {
        report(t, path, line, true, "no {reason} comment before the result");
        return;
    }
    int term = 0;
    while (term < TERM_NB &&
           strcmp(game_termination_text((Termination)term, g->pos.variant), g->reason))
        term++;
    if (term == TERM_NB) {
        report(t, path, g->reason_line, false, "unknown game ending {%s}", g->reason);
        return;
    }
    if (!g->termination.line)
        report(t, path, line, true, "game has no [Termination] tag");
    else if (term == TERM_REPETITION && !strcmp(g->termination.value, "normal"))
        g->old_form = true; /* before repetition counted as an adjudication */
    else if (strcmp(g->termination.value, game_termination_pgn((Termination)term)) != 0)
        report(t, path, g->termination.line, false,
               "[Termination \"%s\"] does not fit the ending {%s}", g->termination.value,
               g->reason);
    rp->term = (Termination)term;
    rp->finished = true;

    /* What the final position and the ending say the result must be. */
    GameState st = gamestate_of(&g->pos), rule = game_termination_state((Termination)term);
    /* The side to move's team (in four-player Martian Chess player 3's is team 1+3, White). */
    int team = position_team(&g->pos);
    const char *mover_lost = team == WHITE ? "0-1" : "1-0";
    char mover[48];
    if (g->pos.variant->players > 2)
        snprintf(mover, sizeof mover, "player %c (%s)", g->pos.variant->player_letters[g->pos.side],
                 g->pos.variant->team_names[team]);
    else
        snprintf(mover, sizeof mover, "%s", team == WHITE ? "White" : "Black");
    const char *want = NULL;
    if (rule != GAME_ONGOING) { /* an end by the rules: gamestate_winner says the result */
        if (st != rule)
            report(t, path, g->reason_line, false,
                   "the game says {%s}, but the final position is %s", g->reason,
                   gamestate_name(st));
        int winner = gamestate_winner(&g->pos, rule);
        want = winner < 0 ? "1/2-1/2" : winner == WHITE ? "1-0" : "0-1";
    } else {
        if (st != GAME_ONGOING)
            report(t, path, g->reason_line, false,
                   "the game says {%s}, but the final position is already %s", g->reason,
                   gamestate_name(st));
        if (term == TERM_REPETITION && earlier_occurrences(g) == 0)
            report(t, path, g->reason_line, false,
                   "the game says {repetition}, but the final position did not occur before");
        static const char *const by_result[] = {"0-1", "1/2-1/2", "1-0"};
        if (term > TERM_ADJ_RESIGN) /* an engine's fault: the engine to move loses */
            want = mover_lost;
        else if (term != TERM_ADJ_RESIGN) /* cut short: a draw, or by the points */
            want = by_result[game_cut_short_result(&g->pos)];
        else if (!strcmp(result, "1/2-1/2"))
            report(t, path, line, false, "a resignation cannot end in a draw");
    }
    if (want && strcmp(result, want) != 0)
        report(t, path, line, false, "result %s, but {%s} with %s to move means %s", result,
               g->reason, mover, want);
}

/* Notes in the tally a tag maxtune does not write as it is (a PgnReplayHooks tag hook). */
static void replay_tag(void *data, PgnGame *g, const PgnToken *tok)
{
    static const char *const fixed[][2] = {
        {"Site", "maxtune"}, {"Date", "????.??.??"}, {"SetUp", "1"}};
    static const char *const kept[] = {"Result", "FEN",   "Termination", "PlyCount",
                                       "Event",  "Round", "White",       "Black"};
    Tally *t = ((Replay *)data)->t;
    (void)g;
    for (size_t i = 0; i < sizeof kept / sizeof kept[0]; i++)
        if (!strcmp(tok->name, kept[i]))
            return;
    if (!strcmp(tok->name, "Variant")) { /* maxtune writes the game's title: "Maxima" */
        const Variant *v = pgn_variant(tok->value);
        t->foreign_tags = t->foreign_tags || !v || strcmp(tok->value, v->title) != 0;
        return;
    }
    for (size_t i = 0; i < sizeof fixed / sizeof fixed[0]; i++)
        if (!strcmp(tok->name, fixed[i][0])) {
            t->foreign_tags = t->foreign_tags || strcmp(tok->value, fixed[i][1]) != 0;
            return;
        }
    t->foreign_tags = true;
}

/* Adds n bytes to an FNV-1a 64 hash. */
static uint64_t fnv_add(uint64_t h, const void *data, size_t n)
{
    const unsigned char *p = data;
    for (size_t i = 0; i < n; i++)
        h = (h ^ p[i]) * 1099511628211ULL;
    return h;
}

/* Folds a checked game into the file's fingerprint: names, opening, every position, result
 * and ending (what a rewrite must keep). */
static void game_fingerprint(const PgnGame *g, const Replay *rp, const char *result)
{
    const PgnTag *names[] = {&g->event, &g->round, &g->white, &g->black, &g->fen};
    Tally *t = rp->t;
    uint64_t h = t->fingerprint ? t->fingerprint : 14695981039346656037ULL;
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
        h = fnv_add(h, names[i]->value, strlen(names[i]->value) + 1);
    h = fnv_add(h, g->keys, (size_t)(g->nplies + 1) * sizeof g->keys[0]);
    h = fnv_add(h, result, strlen(result) + 1);
    h = fnv_add(h, &rp->term, sizeof rp->term);
    t->fingerprint = h;
}

/* Writes a checked game as maxtune writes PGN now. */
static void game_write(const PgnGame *g, const Replay *rp, const char *result)
{
    int half = !strcmp(result, "1-0") ? 2 : !strcmp(result, "0-1") ? 0 : 1;
    pgn_write_game(rp->rewrite, g->event.value, g->round.value, g->white.value, g->black.value,
                   &g->opening, g->moves, g->nplies, half, rp->term);
}

/* Reports a problem of the replay (a PgnReplayHooks problem hook); the file is malformed when
 * it is not maxtune's PGN or a game cannot be set up. */
static bool replay_problem(void *data, int line, PgnProblem kind, const char *msg)
{
    Replay *rp = data;
    report(rp->t, rp->path, line, kind == PGN_NOT_PGN || kind == PGN_BAD_SETUP, "%s", msg);
    return true;
}

/* Checks a game at its result, and folds it into the fingerprint (and the rewritten file)
 * when it has no error (a PgnReplayHooks finished hook). */
static bool replay_finished(void *data, PgnGame *g, int line, const char *result)
{
    Replay *rp = data;
    long errors = rp->t->errors;
    rp->finished = false;
    game_finish(g, rp, line, result);
    rp->t->old_form += g->old_form;
    if (rp->finished && rp->t->errors == errors) {
        game_fingerprint(g, rp, result);
        if (rp->rewrite)
            game_write(g, rp, result);
    }
    return true;
}

/* Replays every game of one file into the tally; writes them again to rewrite if not NULL. */
static void replay_file(const char *path, Tally *t, PgnGame *g, FILE *rewrite)
{
    size_t len;
    char *text = text_read_file(path, &len);
    if (!text) {
        fprintf(stderr, "%s: cannot read: %s\n", path, strerror(errno));
        t->errors++;
        t->malformed = true;
        return;
    }
    Replay rp = {t, path, rewrite, TERM_CHECKMATE, false};
    PgnReplayHooks hooks = {
        .data = &rp, .problem = replay_problem, .tag = replay_tag, .finished = replay_finished};
    pgn_replay(g, text, len, &hooks);
    free(text);
}

/* Rewrites one file in the current PGN form through a checked temporary file; returns false
 * (after saying why) when it is left as it was. */
static bool rewrite_file(const char *path, PgnGame *g)
{
    char tmp[4096];
    snprintf(tmp, sizeof tmp, "%s.rewrite", path);
    FILE *out = fopen(tmp, "w");
    if (!out) {
        fprintf(stderr, "%s: cannot write: %s\n", tmp, strerror(errno));
        return false;
    }
    Tally before = {0}, after = {0};
    replay_file(path, &before, g, out);
    bool written = !ferror(out);
    written = fclose(out) == 0 && written;
    const char *why = !written              ? "write error"
                      : before.errors       ? "it does not replay cleanly"
                      : before.foreign_tags ? "it has tags maxtune does not write"
                                            : NULL;
    if (!why) {
        replay_file(tmp, &after, g, NULL);
        if (after.errors || after.old_form)
            why = "the rewritten file does not replay cleanly";
        else if (after.games != before.games || after.fingerprint != before.fingerprint)
            why = "the rewritten games differ";
    }
    if (!why && rename(tmp, path) != 0)
        why = strerror(errno);
    if (why) {
        remove(tmp);
        fprintf(stderr, "%s: not rewritten: %s\n", path, why);
        return false;
    }
    printf("rewrote %s: %ld games (%ld of them in the old form), replayed again: same games\n",
           path, before.games, before.old_form);
    return true;
}

/* `maxtune replay [--rewrite] PGNFILE...`: replays the files and prints the tally; see the
 * help text. */
int cmd_replay(int argc, char **argv)
{
    static const char help[] =
        "usage: maxtune replay [--rewrite] PGNFILE...\n"
        "Replays every game of PGN files written by maxtune (games.pgn of a run) through the\n"
        "rules and checks that every move is legal and written with its captures, that move\n"
        "numbers and PlyCount fit, and that the ending agrees with the final position: the\n"
        "{reason} comment, the Termination tag and the result (checkmate, bare king, invasion:\n"
        "the side to move lost; stalemate, repetition and the draw adjudications: a draw;\n"
        "in Ultima a stalemate loses too; in Martian Chess the empty zone, the clock and no\n"
        "moves go to the higher score, and so do repetition, the maximum length and the draw\n"
        "adjudication). Each game's Variant tag (Maxima, Ultima, Martian\n"
        "Chess) says its game; without one, its FEN tag's shape does. Moves may be in the PGN\n"
        "form (h6-c1xd2xf4, c3-d4*) or the old one (h6-c1xd2,f4).\n"
        "Prints \"replayed N games, M errors\" (and how many games are in the old form); each\n"
        "error as file:line: problem.\n"
        "--rewrite: writes each file again as maxtune writes PGN now (moves in the PGN form, tags\n"
        "in export order, repetition an adjudication), after checking that the rewritten file\n"
        "replays to the same games; a file with errors or foreign tags is left alone.\n"
        "Exit code: 0 no errors, 1 games that disagree with the rules (or files not rewritten),\n"
        "2 unreadable or malformed files.\n";
    if (cli_wants_help(argc, argv)) {
        fputs(help, stdout);
        return EXIT_OK;
    }
    bool rewrite = argc >= 2 && !strcmp(argv[1], "--rewrite");
    int first = rewrite ? 2 : 1;
    if (argc <= first) {
        fputs(help, stderr);
        return EXIT_USAGE;
    }
    Tally t = {0};
    PgnGame *g = calloc(1, sizeof *g);
    if (!g) {
        fprintf(stderr, "maxtune replay: out of memory\n");
        return EXIT_FAIL;
    }
    int failed = 0;
    for (int i = first; i < argc; i++) {
        if (rewrite)
            failed += !rewrite_file(argv[i], g);
        else
            replay_file(argv[i], &t, g, NULL);
    }
    pgn_game_free(g);
    free(g);
    if (rewrite)
        return failed ? EXIT_FAIL : EXIT_OK;
    printf("replayed %ld games, %ld errors", t.games, t.errors);
    if (t.old_form)
        printf(", %ld games in the old form (maxtune replay --rewrite writes them anew)",
               t.old_form);
    printf("\n");
    return t.malformed ? EXIT_USAGE : t.errors ? EXIT_FAIL : EXIT_OK;
}
