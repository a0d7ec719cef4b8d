/* cmd_replay.c: `replay PGNFILE...`, an independent check of the PGN files maxtune writes.
 *
 * Every game is replayed through the rules core from its FEN tag: each move must be legal and
 * written in full MAXIMA.md notation (captures included), move numbers must fit, PlyCount must
 * count the moves, and the ending must agree with the position reached: the {reason} comment,
 * the Termination tag ("normal" for endings by the rules and repetition, "adjudication"
 * otherwise) and the result. Problems are printed as "file:line: problem"; the exit code is 0
 * when there are none, 1 when a game disagrees with itself and 2 when a file cannot be read or
 * is not PGN as maxtune writes it. */
#include <errno.h>
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

enum { TOKEN_MAX = 256 };

/* The kinds of token of PGN movetext and tag pairs. */
typedef enum TokenKind { TOK_EOF, TOK_TAG, TOK_COMMENT, TOK_WORD, TOK_ERROR } TokenKind;

/* One token: a tag pair (name, value), a {comment} (value) or a word (value), and the line it
 * starts on; for TOK_ERROR, value holds the message. */
typedef struct Token {
    TokenKind kind;
    int line;
    char name[TOKEN_MAX];
    char value[TOKEN_MAX];
} Token;

/* A PGN file held in memory, read token by token. */
typedef struct Reader {
    const char *path;
    const char *text;
    size_t len, pos;
    int line;
} Reader;

/* What one file's replay found, added up over the files. */
typedef struct Tally {
    long games;
    long errors;
    bool malformed; /* some error means the file is unreadable or not maxtune's PGN */
} Tally;

/* A tag of the game being read, with its line (0: absent). */
typedef struct Tag {
    int line;
    char value[TOKEN_MAX];
} Tag;

/* The game being read: its tags, the position reached and the keys of every position. */
typedef struct Game {
    int first_line;
    Tag result, fen, termination, plycount;
    bool started;           /* movetext has begun: the position is set up */
    bool dead;              /* a bad FEN or an illegal move: the rest is not checked */
    Position pos;
    uint64_t *keys;         /* keys[i]: the position after i plies */
    int nplies, keys_cap;
    char reason[TOKEN_MAX]; /* the last {comment} */
    int reason_line;
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

/* Reads a whole file into a malloc'd buffer; NULL with errno set on failure. */
static char *read_file(const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return NULL;
    size_t cap = 1 << 16, n = 0;
    char *buf = malloc(cap);
    errno = 0;
    while (buf) {
        n += fread(buf + n, 1, cap - n, f);
        if (n < cap)
            break;
        cap *= 2;
        char *bigger = realloc(buf, cap);
        if (!bigger)
            free(buf);
        buf = bigger;
    }
    if (!buf) {
        errno = ENOMEM;
    } else if (ferror(f)) {
        free(buf);
        buf = NULL;
        errno = errno ? errno : EIO;
    }
    fclose(f);
    *len = n;
    return buf;
}

/* Character at the reader's position, or -1 at the end. */
static int peek(const Reader *r)
{
    return r->pos < r->len ? (unsigned char)r->text[r->pos] : -1;
}

/* Moves past one character, counting lines. */
static void advance(Reader *r)
{
    if (r->text[r->pos++] == '\n')
        r->line++;
}

/* True for the characters that end a word of movetext. */
static bool is_delimiter(int c)
{
    return c == -1 || c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == '\f' || c == '\v' ||
           strchr("{}[]();", c) != NULL;
}

/* Sets tok to an error token with message msg. */
static TokenKind token_error(Token *tok, const char *msg)
{
    tok->kind = TOK_ERROR;
    snprintf(tok->value, sizeof tok->value, "%s", msg);
    return TOK_ERROR;
}

/* Reads a tag pair `[Name "value"]`, the reader standing on '['. */
static TokenKind read_tag(Reader *r, Token *tok)
{
    advance(r);
    while (peek(r) == ' ' || peek(r) == '\t')
        advance(r);
    size_t n = 0;
    int c;
    while ((c = peek(r)) != -1 && (c == '_' || (c >= '0' && c <= '9') || (c >= 'A' && c <= 'Z') ||
                                   (c >= 'a' && c <= 'z'))) {
        if (n + 1 >= sizeof tok->name)
            return token_error(tok, "tag name too long");
        tok->name[n++] = (char)c;
        advance(r);
    }
    tok->name[n] = '\0';
    if (n == 0)
        return token_error(tok, "malformed tag: expected [Name \"value\"]");
    while (peek(r) == ' ' || peek(r) == '\t')
        advance(r);
    if (peek(r) != '"')
        return token_error(tok, "malformed tag: expected [Name \"value\"]");
    advance(r);
    n = 0;
    while ((c = peek(r)) != '"') {
        if (c == -1 || c == '\n')
            return token_error(tok, "malformed tag: unterminated value");
        if (c == '\\') {
            advance(r);
            c = peek(r);
            if (c != '\\' && c != '"')
                return token_error(tok, "malformed tag: bad escape in value");
        }
        if (n + 1 >= sizeof tok->value)
            return token_error(tok, "tag value too long");
        tok->value[n++] = (char)c;
        advance(r);
    }
    tok->value[n] = '\0';
    advance(r);
    while (peek(r) == ' ' || peek(r) == '\t')
        advance(r);
    if (peek(r) != ']')
        return token_error(tok, "malformed tag: expected ']'");
    advance(r);
    tok->kind = TOK_TAG;
    return TOK_TAG;
}

/* Reads a {comment}, the reader standing on '{'; keeps it with its outer spaces trimmed.
 * tok->line is the line of the '{'. */
static TokenKind read_comment(Reader *r, Token *tok)
{
    advance(r);
    size_t n = 0;
    int c;
    while ((c = peek(r)) != '}') {
        /* A tag line inside a comment means its '}' is missing (maxtune writes one-line
         * comments); reading on would swallow the next games. */
        if (c == -1 || (c == '[' && r->text[r->pos - 1] == '\n'))
            return token_error(tok, "unterminated {comment}");
        if (n + 1 < sizeof tok->value && !(n == 0 && (c == ' ' || c == '\n' || c == '\r')))
            tok->value[n++] = (char)(c == '\n' || c == '\r' || c == '\t' ? ' ' : c);
        advance(r);
    }
    advance(r);
    while (n > 0 && tok->value[n - 1] == ' ')
        n--;
    tok->value[n] = '\0';
    tok->kind = TOK_COMMENT;
    return TOK_COMMENT;
}

/* Reads the next token, skipping white space, ';' comments, '%' escape lines and NAGs. */
static TokenKind next_token(Reader *r, Token *tok)
{
    for (;;) {
        int c = peek(r);
        tok->line = r->line;
        tok->name[0] = tok->value[0] = '\0';
        if (c == -1) {
            tok->kind = TOK_EOF;
            return TOK_EOF;
        }
        if (c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == '\f' || c == '\v') {
            advance(r);
        } else if (c == ';' || (c == '%' && (r->pos == 0 || r->text[r->pos - 1] == '\n'))) {
            while (peek(r) != -1 && peek(r) != '\n')
                advance(r);
        } else if (c == '[') {
            return read_tag(r, tok);
        } else if (c == '{') {
            return read_comment(r, tok);
        } else if (c == '(' || c == ')') {
            return token_error(tok, "variations ( ... ) are not supported");
        } else if (c == '}' || c == ']') {
            return token_error(tok, c == '}' ? "unexpected '}'" : "unexpected ']'");
        } else if (c == '\0') {
            return token_error(tok, "NUL byte: not a text file");
        } else {
            size_t n = 0;
            while (!is_delimiter(peek(r)) && peek(r) != '\0') {
                if (n + 1 >= sizeof tok->value)
                    return token_error(tok, "token too long");
                tok->value[n++] = (char)peek(r);
                advance(r);
            }
            tok->value[n] = '\0';
            if (tok->value[0] == '$')
                continue; /* a NAG: annotation, no move */
            tok->kind = TOK_WORD;
            return TOK_WORD;
        }
    }
}

/* Resets a game for the next one (keeps the key buffer). */
static void game_reset(Game *g)
{
    uint64_t *keys = g->keys;
    int cap = g->keys_cap;
    memset(g, 0, sizeof *g);
    g->keys = keys;
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
    char err[256], full[MOVE_STR_LEN];
    Move m = notation_parse(&g->pos, text, err, sizeof err);
    if (m == MOVE_NONE) {
        report(t, path, line, false, "ply %d: %s", g->nplies + 1, err);
        g->dead = true;
        return;
    }
    notation_move(&g->pos, m, full, sizeof full);
    if (strcmp(full, text) != 0)
        report(t, path, line, false, "ply %d: '%s' should be written '%s' (with its captures)",
               g->nplies + 1, text, full);
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
            report(t, path, g->plycount.line, false, "PlyCount %ld, but the game has %d plies",
                   n, g->nplies);
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
    bool normal = game_termination_is_normal((Termination)term);
    if (!g->termination.line)
        report(t, path, line, true, "game has no [Termination] tag");
    else if (strcmp(g->termination.value, normal ? "normal" : "adjudication") != 0)
        report(t, path, g->termination.line, false,
               "[Termination \"%s\"] does not fit the ending {%s}", g->termination.value,
               g->reason);

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
        if (term != TERM_ADJ_RESIGN)
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

/* Stores a tag of interest. */
static void game_tag(Game *g, const Token *tok)
{
    Tag *tag = !strcmp(tok->name, "Result")        ? &g->result
               : !strcmp(tok->name, "FEN")         ? &g->fen
               : !strcmp(tok->name, "Termination") ? &g->termination
               : !strcmp(tok->name, "PlyCount")    ? &g->plycount
                                                   : NULL;
    if (tag) {
        tag->line = tok->line;
        snprintf(tag->value, sizeof tag->value, "%s", tok->value);
    }
}

/* Replays every game of one file into the tally. */
static void replay_file(const char *path, Tally *t, Game *g)
{
    size_t len;
    char *text = read_file(path, &len);
    if (!text) {
        fprintf(stderr, "%s: cannot read: %s\n", path, strerror(errno));
        t->errors++;
        t->malformed = true;
        return;
    }
    Reader r = {path, text, len, 0, 1};
    if (len >= 3 && !memcmp(text, "\xEF\xBB\xBF", 3))
        r.pos = 3; /* UTF-8 byte order mark */
    long games_before = t->games;
    bool in_game = false;
    Token tok;
    game_reset(g);
    for (;;) {
        TokenKind kind = next_token(&r, &tok);
        if (kind == TOK_ERROR) {
            report(t, path, tok.line, true, "%s", tok.value);
            break;
        }
        if (kind == TOK_EOF) {
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
        if (kind == TOK_TAG) {
            if (g->started) {
                report(t, path, tok.line, true,
                       "tag [%s] inside the moves: the game before has no result token",
                       tok.name);
                break;
            }
            game_tag(g, &tok);
            continue;
        }
        if (!g->started)
            game_start(g, t, path, tok.line);
        if (kind == TOK_COMMENT) {
            snprintf(g->reason, sizeof g->reason, "%s", tok.value);
            g->reason_line = tok.line;
        } else if (is_result(tok.value)) {
            game_finish(g, t, path, tok.line, tok.value);
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

/* `maxtune replay PGNFILE...`: replays the files and prints the tally; see the help text. */
int cmd_replay(int argc, char **argv)
{
    static const char help[] =
        "usage: maxtune replay PGNFILE...\n"
        "Replays every game of PGN files written by maxtune (games.pgn of a run) through the\n"
        "rules and checks that every move is legal and written with its captures, that move\n"
        "numbers and PlyCount fit, and that the ending agrees with the final position: the\n"
        "{reason} comment, the Termination tag and the result (checkmate, bare king, invasion:\n"
        "the side to move lost; stalemate, repetition and the draw adjudications: a draw).\n"
        "Prints \"replayed N games, M errors\"; each error as file:line: problem.\n"
        "Exit code: 0 no errors, 1 games that disagree with the rules, 2 unreadable or\n"
        "malformed files.\n";
    if (cli_wants_help(argc, argv)) {
        fputs(help, stdout);
        return EXIT_OK;
    }
    if (argc < 2) {
        fputs(help, stderr);
        return EXIT_USAGE;
    }
    Tally t = {0};
    Game *g = calloc(1, sizeof *g);
    if (!g) {
        fprintf(stderr, "maxtune replay: out of memory\n");
        return EXIT_FAIL;
    }
    for (int i = 1; i < argc; i++)
        replay_file(argv[i], &t, g);
    free(g->keys);
    free(g);
    printf("replayed %ld games, %ld errors\n", t.games, t.errors);
    return t.malformed ? EXIT_USAGE : t.errors ? EXIT_FAIL : EXIT_OK;
}
