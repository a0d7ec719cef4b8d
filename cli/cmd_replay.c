/* cmd_replay.c: `replay [--rewrite] PGNFILE...`, an independent check of the PGN files maxtune
 * writes.
 *
 * Every game is replayed through the rules core from its FEN tag: each move must be legal and
 * written in full (captures included), in the PGN form (h6-c1xd2xf4) or the old one with
 * MAXIMA.md's commas (h6-c1xd2,f4), move numbers must fit, PlyCount must count the moves, and
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
#include "core/fen.h"
#include "core/gamestate.h"
#include "core/makemove.h"
#include "core/notation.h"
#include "tune/play/game.h"
#include "tune/play/pgn.h"
#include "tune/play/pgn_read.h"
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

/* A tag of the game being read, with its line (0: absent). */
typedef struct Tag {
    int line;
    char value[PGN_TOKEN_MAX];
} Tag;

/* The game being read: its tags, the position reached and the keys of every position. */
typedef struct Game {
    int first_line;
    Tag result, fen, termination, plycount, event, round, white, black;
    bool started; /* movetext has begun: the position is set up */
    bool dead;    /* a bad FEN or an illegal move: the rest is not checked */
    Position pos, opening;
    uint64_t *keys; /* keys[i]: the position after i plies */
    Move *moves;    /* moves[i]: ply i + 1 */
    int nplies, keys_cap;
    bool old_form;              /* a move written with commas, or repetition as "normal" */
    char reason[PGN_TOKEN_MAX]; /* the last {comment} */
    int reason_line;
    Termination term; /* the ending the comment names, once the game is checked */
    bool finished;    /* checked up to its ending: it can be written again */
} Game;

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

/* Resets a game for the next one (keeps the key and move buffers). */
static void game_reset(Game *g)
{
    uint64_t *keys = g->keys;
    Move *moves = g->moves;
    int cap = g->keys_cap;
    memset(g, 0, sizeof *g);
    g->keys = keys;
    g->moves = moves;
    g->keys_cap = cap;
}

/* Appends the current position's key; false when out of memory. */
static bool game_push_key(Game *g)
{
    if (g->nplies + 1 >= g->keys_cap) {
        int cap = g->keys_cap ? 2 * g->keys_cap : 512;
        uint64_t *k = realloc(g->keys, (size_t)cap * sizeof *k);
        if (!k)
            return false;
        g->keys = k;
        Move *m = realloc(g->moves, (size_t)cap * sizeof *m);
        if (!m)
            return false;
        g->moves = m;
        g->keys_cap = cap;
    }
    g->keys[g->nplies] = g->pos.key;
    return true;
}

/* Sets up the starting position from the FEN tag (or the initial position) at the first
 * movetext token. */
static void game_start(Game *g, Tally *t, const char *path, int line)
{
    g->started = true;
    char why[256];
    const char *fen = g->fen.line ? g->fen.value : "start";
    if (!fen_parse(&g->pos, fen, why, sizeof why)) {
        report(t, path, g->fen.line, true, "bad FEN tag: %s", why);
        g->dead = true;
        return;
    }
    g->opening = g->pos;
    if (!game_push_key(g)) {
        report(t, path, line, true, "out of memory");
        g->dead = true;
    }
}

/* Parses a leading move number "12." or "12..." of word; checks it against the game and
 * returns the rest of the word, or NULL after reporting a problem. */
static const char *strip_move_number(Game *g, Tally *t, const char *path, int line,
                                     const char *word)
{
    if (word[0] < '0' || word[0] > '9')
        return word;
    char *end;
    long number = strtol(word, &end, 10);
    size_t dots = strspn(end, ".");
    if (dots != 1 && dots != 3) {
        report(t, path, line, true, "unexpected token '%s'", word);
        return NULL;
    }
    if (g->started && !g->dead) {
        /* Numbers start at 1 (whichever side moves first) and advance after Black's moves. */
        int side = g->pos.side;
        int first_side = g->nplies % 2 == 0 ? side : !side;
        long expected = 1 + (g->nplies + first_side) / 2;
        if (number != expected || (dots == 1) != (side == WHITE))
            report(t, path, line, false, "move number '%.*s' does not fit: %s's move %ld",
                   (int)(end + dots - word), word, side == WHITE ? "White" : "Black", expected);
    }
    return end + dots;
}

/* Plays the move written as text, checking that it is legal and fully written. */
static void game_move(Game *g, Tally *t, const char *path, int line, const char *text)
{
    if (g->dead)
        return;
    GameState st = gamestate_of(&g->pos);
    if (st != GAME_ONGOING) {
        report(t, path, line, false, "move '%s' after the game ended (%s)", text,
               gamestate_name(st));
        g->dead = true;
        return;
    }
    char err[256], full[MOVE_STR_LEN], pgn[MOVE_STR_LEN];
    Move m = notation_parse(&g->pos, text, err, sizeof err);
    if (m == MOVE_NONE) {
        report(t, path, line, false, "ply %d: %s", g->nplies + 1, err);
        g->dead = true;
        return;
    }
    notation_move(&g->pos, m, full, sizeof full);
    notation_move_pgn(&g->pos, m, pgn, sizeof pgn);
    if (strcmp(pgn, text) != 0 && strcmp(full, text) != 0)
        report(t, path, line, false, "ply %d: '%s' should be written '%s' (with its captures)",
               g->nplies + 1, text, pgn);
    else if (strcmp(pgn, text) != 0)
        g->old_form = true;
    g->moves[g->nplies] = m;
    Undo u;
    move_do(&g->pos, m, &u);
    g->nplies++;
    if (!game_push_key(g)) {
        report(t, path, line, true, "out of memory");
        g->dead = true;
    }
}

/* Number of earlier positions with the final position's key and side to move. */
static int earlier_occurrences(const Game *g)
{
    int count = 0;
    for (int i = g->nplies - 2; i >= 0; i -= 2)
        count += g->keys[i] == g->keys[g->nplies];
    return count;
}

/* Checks a finished game against its result token; line is the token's line. */
static void game_finish(Game *g, Tally *t, const char *path, int line, const char *result)
{
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
    while (term < TERM_NB && strcmp(game_termination_name((Termination)term), g->reason))
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
    g->term = (Termination)term;
    g->finished = true;

    /* What the final position and the ending say the result must be. */
    GameState st = gamestate_of(&g->pos);
    static const GameState rule_state[] = {GAME_CHECKMATE, GAME_STALEMATE, GAME_BARE_KING,
                                           GAME_INVASION};
    const char *mover_lost = g->pos.side == WHITE ? "0-1" : "1-0";
    const char *want = NULL;
    if (term <= TERM_INVASION) {
        if (st != rule_state[term])
            report(t, path, g->reason_line, false,
                   "the game says {%s}, but the final position is %s", g->reason,
                   gamestate_name(st));
        want = term == TERM_STALEMATE ? "1/2-1/2" : mover_lost;
    } else {
        if (st != GAME_ONGOING)
            report(t, path, g->reason_line, false,
                   "the game says {%s}, but the final position is already %s", g->reason,
                   gamestate_name(st));
        if (term == TERM_REPETITION && earlier_occurrences(g) == 0)
            report(t, path, g->reason_line, false,
                   "the game says {repetition}, but the final position did not occur before");
        if (term > TERM_ADJ_RESIGN) /* an engine's fault: the engine to move loses */
            want = mover_lost;
        else if (term != TERM_ADJ_RESIGN)
            want = "1/2-1/2";
        else if (!strcmp(result, "1/2-1/2"))
            report(t, path, line, false, "a resignation cannot end in a draw");
    }
    if (want && strcmp(result, want) != 0)
        report(t, path, line, false, "result %s, but {%s} with %s to move means %s", result,
               g->reason, g->pos.side == WHITE ? "White" : "Black", want);
}

/* True for a PGN game termination marker. */
static bool is_result(const char *w)
{
    return !strcmp(w, "1-0") || !strcmp(w, "0-1") || !strcmp(w, "1/2-1/2") || !strcmp(w, "*");
}

/* Stores a tag of interest; notes in the tally a tag maxtune does not write as it is. */
static void game_tag(Game *g, Tally *t, const PgnToken *tok)
{
    static const char *const fixed[][2] = {
        {"Site", "maxtune"}, {"Date", "????.??.??"}, {"SetUp", "1"}, {"Variant", "Maxima"}};
    Tag *tag = !strcmp(tok->name, "Result")        ? &g->result
               : !strcmp(tok->name, "FEN")         ? &g->fen
               : !strcmp(tok->name, "Termination") ? &g->termination
               : !strcmp(tok->name, "PlyCount")    ? &g->plycount
               : !strcmp(tok->name, "Event")       ? &g->event
               : !strcmp(tok->name, "Round")       ? &g->round
               : !strcmp(tok->name, "White")       ? &g->white
               : !strcmp(tok->name, "Black")       ? &g->black
                                                   : NULL;
    if (tag) {
        tag->line = tok->line;
        snprintf(tag->value, sizeof tag->value, "%s", tok->value);
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
static void game_fingerprint(const Game *g, Tally *t, const char *result)
{
    const Tag *names[] = {&g->event, &g->round, &g->white, &g->black, &g->fen};
    uint64_t h = t->fingerprint ? t->fingerprint : 14695981039346656037ULL;
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
        h = fnv_add(h, names[i]->value, strlen(names[i]->value) + 1);
    h = fnv_add(h, g->keys, (size_t)(g->nplies + 1) * sizeof g->keys[0]);
    h = fnv_add(h, result, strlen(result) + 1);
    h = fnv_add(h, &g->term, sizeof g->term);
    t->fingerprint = h;
}

/* Writes a checked game as maxtune writes PGN now. */
static void game_write(const Game *g, FILE *out, const char *result)
{
    int half = !strcmp(result, "1-0") ? 2 : !strcmp(result, "0-1") ? 0 : 1;
    pgn_write_game(out, g->event.value, g->round.value, g->white.value, g->black.value, &g->opening,
                   g->moves, g->nplies, half, g->term);
}

/* Replays every game of one file into the tally; writes them again to rewrite if not NULL. */
static void replay_file(const char *path, Tally *t, Game *g, FILE *rewrite)
{
    size_t len;
    char *text = text_read_file(path, &len);
    if (!text) {
        fprintf(stderr, "%s: cannot read: %s\n", path, strerror(errno));
        t->errors++;
        t->malformed = true;
        return;
    }
    PgnReader r;
    pgn_reader_start(&r, text, len);
    long games_before = t->games;
    bool in_game = false;
    PgnToken tok;
    game_reset(g);
    for (;;) {
        PgnTokenKind kind = pgn_read_token(&r, &tok);
        if (kind == PGN_ERROR) {
            report(t, path, tok.line, true, "%s", tok.value);
            break;
        }
        if (kind == PGN_EOF) {
            if (in_game)
                report(t, path, g->first_line, true, "game has no result token at its end");
            else if (t->games == games_before)
                report(t, path, 1, true, "no games in the file");
            break;
        }
        if (!in_game) {
            game_reset(g);
            in_game = true;
            g->first_line = tok.line;
        }
        if (kind == PGN_TAG) {
            if (g->started) {
                report(t, path, tok.line, true,
                       "tag [%s] inside the moves: the game before has no result token", tok.name);
                break;
            }
            game_tag(g, t, &tok);
            continue;
        }
        if (!g->started)
            game_start(g, t, path, tok.line);
        if (kind == PGN_COMMENT) {
            snprintf(g->reason, sizeof g->reason, "%s", tok.value);
            g->reason_line = tok.line;
        } else if (is_result(tok.value)) {
            long errors = t->errors;
            game_finish(g, t, path, tok.line, tok.value);
            t->old_form += g->old_form;
            if (g->finished && t->errors == errors) {
                game_fingerprint(g, t, tok.value);
                if (rewrite)
                    game_write(g, rewrite, tok.value);
            }
            in_game = false;
        } else {
            const char *move = strip_move_number(g, t, path, tok.line, tok.value);
            if (!move)
                break;
            if (*move)
                game_move(g, t, path, tok.line, move);
        }
    }
    free(text);
}

/* Rewrites one file in the current PGN form through a checked temporary file; returns false
 * (after saying why) when it is left as it was. */
static bool rewrite_file(const char *path, Game *g)
{
    char tmp[4096];
    snprintf(tmp, sizeof tmp, "%s.rewrite", path);
    FILE *out = fopen(tmp, "w");
    if (!out) {
        fprintf(stderr, "%s: cannot write: %s\n", tmp, strerror(errno));
        return false;
    }
    Tally before = {0}, after = {0};
    game_reset(g);
    replay_file(path, &before, g, out);
    bool written = !ferror(out);
    written = fclose(out) == 0 && written;
    const char *why = !written              ? "write error"
                      : before.errors       ? "it does not replay cleanly"
                      : before.foreign_tags ? "it has tags maxtune does not write"
                                            : NULL;
    if (!why) {
        game_reset(g);
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
        "the side to move lost; stalemate, repetition and the draw adjudications: a draw).\n"
        "Moves may be in the PGN form (h6-c1xd2xf4) or the old one (h6-c1xd2,f4).\n"
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
    Game *g = calloc(1, sizeof *g);
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
    free(g->keys);
    free(g->moves);
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
