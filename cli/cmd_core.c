/* cmd_core.c: subcommands over the rules core: perft, moves, show. */
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "core/attack.h"
#include "core/fen.h"
#include "core/gamestate.h"
#include "core/makemove.h"
#include "core/movegen.h"
#include "core/notation.h"
#include "core/perft.h"

bool cli_wants_help(int argc, char **argv)
{
    for (int i = 1; i < argc; i++)
        if (!strcmp(argv[i], "--help") || !strcmp(argv[i], "-h"))
            return true;
    return false;
}

int cli_usage(int argc, char **argv, const char *help, int min_argc, int max_argc)
{
    if (cli_wants_help(argc, argv)) {
        fputs(help, stdout);
        return EXIT_OK;
    }
    if (argc < min_argc || argc > max_argc) {
        fputs(help, stderr);
        return EXIT_USAGE;
    }
    return -1;
}

bool cli_take_variant(const char *cmd, int *argc, char **argv, bool any_game, const Variant **out)
{
    const char *names = any_game ? variant_names() : variant_engine_names();
    *out = NULL;
    for (int i = 1; i < *argc; i++) {
        const char *name = NULL;
        int used = 0;
        if (!strcmp(argv[i], "--variant") && i + 1 < *argc)
            name = argv[i + 1], used = 2;
        else if (!strncmp(argv[i], "--variant=", 10))
            name = argv[i] + 10, used = 1;
        else if (!strcmp(argv[i], "--variant")) {
            fprintf(stderr, "maxtune %s: --variant needs a game (%s)\n", cmd, names);
            return false;
        }
        if (!used)
            continue;
        *out = any_game ? variant_find(name) : variant_find_engine(name);
        if (!*out) {
            fprintf(stderr, "maxtune %s: unknown variant '%s' (%s)\n", cmd, name, names);
            return false;
        }
        memmove(argv + i, argv + i + used, (size_t)(*argc - i - used + 1) * sizeof *argv);
        *argc -= used;
        i--;
    }
    return true;
}

int cli_usage_variant(const char *cmd, int *argc, char **argv, const char *help, int min_argc,
                      int max_argc, bool any_game, const Variant **variant)
{
    if (!cli_take_variant(cmd, argc, argv, any_game, variant))
        return EXIT_USAGE;
    return cli_usage(*argc, argv, help, min_argc, max_argc);
}

bool cli_engine_plays(const char *cmd, const Position *pos)
{
    if (pos->variant->engine)
        return true;
    fprintf(stderr, "maxtune %s: the engine does not play %s yet (its rules: perft, moves, show)\n",
            cmd, pos->variant->title);
    return false;
}

bool cli_parse_fen(const char *cmd, const char *fen, const Variant *v, Position *pos)
{
    char err[256];
    if (fen_parse_variant(pos, fen, v, err, sizeof err))
        return true;
    fprintf(stderr, "maxtune %s: %s\n", cmd, err);
    return false;
}

int cli_play_moves(const char *cmd, Position *pos, int argc, char **argv, int *i, Move *moves,
                   int nmoves, int max)
{
    while (*i + 1 < argc && strncmp(argv[*i + 1], "--", 2) != 0) {
        char err[256];
        Move m = notation_parse(pos, argv[++*i], err, sizeof err);
        if (m == MOVE_NONE) {
            fprintf(stderr, "maxtune %s: move %d: %s\n", cmd, nmoves + 1, err);
            return -1;
        }
        if (nmoves == max) {
            fprintf(stderr, "maxtune %s: too many moves\n", cmd);
            return -1;
        }
        Undo u;
        move_do(pos, m, &u);
        moves[nmoves++] = m;
    }
    return nmoves;
}

bool cli_parse_long(const char *cmd, const char *what, const char *text, long lo, long hi,
                    long *out)
{
    char *end;
    errno = 0;
    long v = strtol(text, &end, 10);
    if (errno || end == text || *end || v < lo || v > hi) {
        fprintf(stderr, "maxtune %s: %s must be an integer in [%ld, %ld], got '%s'\n", cmd, what,
                lo, hi, text);
        return false;
    }
    *out = v;
    return true;
}

/* qsort comparator for strings. */
static int compare_strings(const void *a, const void *b)
{
    return strcmp((const char *)a, (const char *)b);
}

/* The legal moves of pos in notation, sorted in byte order; returns their number. */
static int sorted_move_strings(Position *pos, char (*text)[MOVE_STR_LEN])
{
    Move moves[MAX_MOVES];
    int n = movegen_legal(pos, moves);
    for (int i = 0; i < n; i++)
        notation_move(pos, moves[i], text[i], MOVE_STR_LEN);
    qsort(text, (size_t)n, MOVE_STR_LEN, compare_strings);
    return n;
}

int cmd_perft(int argc, char **argv)
{
    static const char help[] =
        "usage: maxtune perft FEN DEPTH [--divide] [--variant maxima|ultima|martian|martian4]\n"
        "Counts the leaves of the legal move tree (docs/rules/maxima.md 10, ultima.md 8,\n"
        "martian.md 8 and 10.11). The last line printed ends with the node count; --divide first\n"
        "prints one line per root move with its count. The FEN's shape says the game (rows, row\n"
        "width, fields, side to move); --variant makes 'start' that game's (martian4: Martian\n"
        "Chess for four players).\n";
    const Variant *variant;
    int rc = cli_usage_variant("perft", &argc, argv, help, 3, 4, true, &variant);
    if (rc >= 0)
        return rc;
    bool divide = false;
    const char *args[2];
    int nargs = 0;
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--divide"))
            divide = true;
        else if (nargs < 2)
            args[nargs++] = argv[i];
        else {
            fprintf(stderr, "maxtune perft: unexpected argument '%s'\n%s", argv[i], help);
            return EXIT_USAGE;
        }
    }
    if (nargs != 2) {
        fputs(help, stderr);
        return EXIT_USAGE;
    }
    Position pos;
    long depth;
    if (!cli_parse_fen("perft", args[0], variant, &pos) ||
        !cli_parse_long("perft", "DEPTH", args[1], 0, 20, &depth))
        return EXIT_USAGE;
    uint64_t total;
    if (divide && depth > 0) {
        static char text[MAX_MOVES][MOVE_STR_LEN];
        int n = sorted_move_strings(&pos, text);
        total = n ? 0 : 1;
        for (int i = 0; i < n; i++) {
            char err[256];
            Move m = notation_parse(&pos, text[i], err, sizeof err);
            Undo u;
            move_do(&pos, m, &u);
            uint64_t c = perft(&pos, (int)depth - 1);
            move_undo(&pos, m, &u);
            printf("%s %" PRIu64 "\n", text[i], c);
            total += c;
        }
    } else {
        total = perft(&pos, (int)depth);
    }
    printf("nodes %" PRIu64 "\n", total);
    return EXIT_OK;
}

/* Reads "FEN [--moves M1 M2 ...]" of the moves and show commands into pos (the moves
 * played); false with the error printed. */
static bool fen_and_moves(const char *cmd, int argc, char **argv, const char *help,
                          const Variant *variant, Position *pos)
{
    if (!cli_parse_fen(cmd, argv[1], variant, pos))
        return false;
    static Move played[1024];
    int n = 0;
    for (int i = 2; i < argc; i++) {
        if (strcmp(argv[i], "--moves") != 0) {
            fprintf(stderr, "maxtune %s: unknown option '%s'\n%s", cmd, argv[i], help);
            return false;
        }
        n = cli_play_moves(cmd, pos, argc, argv, &i, played, n, 1024);
        if (n < 0)
            return false;
    }
    return true;
}

int cmd_moves(int argc, char **argv)
{
    static const char help[] =
        "usage: maxtune moves FEN [--moves M1 M2 ...] [--variant maxima|ultima|martian|martian4]\n"
        "Prints the legal moves of FEN ('start' for the initial position; of --variant's game,\n"
        "Maxima by default) after playing the --moves, one per line, sorted in byte order, in\n"
        "the game's notation (docs/rules/maxima.md 9, martian.md 5 and 10.10).\n";
    const Variant *variant;
    int rc = cli_usage_variant("moves", &argc, argv, help, 2, argc, true, &variant);
    if (rc >= 0)
        return rc;
    Position pos;
    if (!fen_and_moves("moves", argc, argv, help, variant, &pos))
        return EXIT_USAGE;
    static char text[MAX_MOVES][MOVE_STR_LEN];
    int n = sorted_move_strings(&pos, text);
    for (int i = 0; i < n; i++)
        puts(text[i]);
    return EXIT_OK;
}

/* Writes who won a finished zoned game and why (docs/rules/martian.md 7). */
static void show_zoned_result(const Position *pos, GameState state, char *buf, size_t len)
{
    const char *const *team = pos->variant->team_names;
    int winner = gamestate_winner(pos, state);
    char score[64];
    snprintf(score, sizeof score, "score %d-%d", (int)pos->score[WHITE], (int)pos->score[BLACK]);
    const char *why = state == GAME_EMPTY_ZONE ? "a zone is empty"
                      : state == GAME_CLOCK    ? "the clock ran out"
                                               : "the side to move has no legal move";
    if (winner < 0)
        snprintf(buf, len, "draw: %s, %s (a tie, %s)", why, score, pos->variant->no_move_rule);
    else
        snprintf(buf, len, "%s wins: %s, %s%s (%s)", team[winner], why, score,
                 pos->score[WHITE] == pos->score[BLACK]
                     ? (pos->variant->players == 2 ? ", the tie going to the player who "
                                                     "emptied his zone"
                                                   : ", the tie going to the team of the player "
                                                     "who emptied his zone")
                     : "",
                 pos->variant->no_move_rule);
}

/* Writes who won a finished game and why (docs/rules/maxima.md 8: the rule is checked for the side to
 * move), or "" while it goes on. */
static void show_result(const Position *pos, GameState state, char *buf, size_t len)
{
    if (variant_zoned(pos->variant) && state != GAME_ONGOING) {
        show_zoned_result(pos, state, buf, len);
        return;
    }
    const char *mover = pos->side == WHITE ? "White" : "Black";
    const char *other = pos->side == WHITE ? "Black" : "White";
    const char *rule = pos->variant->no_move_rule;
    switch (state) {
    case GAME_CHECKMATE:
        snprintf(buf, len, "%s wins: %s has no legal move and its King is attacked (checkmate, %s)",
                 other, mover, rule);
        break;
    case GAME_STALEMATE:
        if (pos->variant->stalemate_loses)
            snprintf(buf, len,
                     "%s wins: %s has no legal move and its King is not attacked (stalemate, "
                     "a loss in %s: %s)",
                     other, mover, pos->variant->title, rule);
        else
            snprintf(buf, len,
                     "draw: %s has no legal move and its King is not attacked (stalemate, %s)",
                     mover, rule);
        break;
    case GAME_BARE_KING:
        snprintf(buf, len,
                 "%s wins: %s has nothing left but its King (bare king, docs/rules/maxima.md 8.2)",
                 other, mover);
        break;
    case GAME_INVASION:
        snprintf(buf, len,
                 "%s wins: both of %s's palace squares hold %s pieces (invasion,"
                 " docs/rules/maxima.md 8.3)",
                 other, mover, other);
        break;
    default:
        snprintf(buf, len, "%s", "");
    }
}

int cmd_show(int argc, char **argv)
{
    static const char help[] =
        "usage: maxtune show FEN [--moves M1 M2 ...] [--variant maxima|ultima|martian|martian4]\n"
        "Draws the board (after playing the --moves) (upper case White, lower case Black) with a "
        "legend of the letters, the\n"
        "side to move, check and game state (ongoing, checkmate, stalemate, bare king,\n"
        "invasion); when the game is over, who won and why (docs/rules/maxima.md 8, ultima.md\n"
        "7). A Martian Chess board is drawn with its canal, the scores, the last crossing and the\n"
        "clock (states: empty zone, clock, no moves; docs/rules/martian.md 7); a four-player one\n"
        "(martian4) with both canals, the player to move and his team, and the team scores\n"
        "(martian.md 10.8).\n";
    const Variant *variant;
    int rc = cli_usage_variant("show", &argc, argv, help, 2, argc, true, &variant);
    if (rc >= 0)
        return rc;
    Position pos;
    if (!fen_and_moves("show", argc, argv, help, variant, &pos))
        return EXIT_USAGE;
    char diagram[2048], fen[256];
    position_diagram(&pos, diagram, sizeof diagram);
    fen_write(&pos, fen, sizeof fen);
    Move moves[MAX_MOVES];
    int n = movegen_legal(&pos, moves);
    fputs(diagram, stdout);
    if (variant_zoned(pos.variant) && pos.variant->players == 4)
        printf(
            "\nLegend:      P pawn (1 point), D drone (2), Q queen (3); a piece belongs to the\n"
            "             player whose quadrant it stands in: player 1 a1-d4, 2 a5-d8, 3 e5-h8,\n"
            "             4 e1-h4 (teams 1+3 and 2+4); '.' an empty square, '~' and '|' the\n"
            "             canals\n");
    else if (variant_zoned(pos.variant))
        printf("\nLegend:      P pawn (1 point), D drone (2), Q queen (3); a piece belongs to the\n"
               "             player whose zone it stands in: South ranks 1-4, North ranks 5-8;\n"
               "             '.' an empty square, '~' the canal\n");
    else if (pos.variant->id == VARIANT_MAXIMA)
        printf(
            "\nLegend:      K King, P Pincer, R Coordinator, N Long leaper, B Chameleon,\n"
            "             Q Withdrawer, M Immobilizer, G Mage, D Guard; upper case White, lower\n"
            "             case Black, '.' an empty square; ranks 0 and 10 hold only the palaces\n"
            "             (d and e)\n");
    else
        printf("\nLegend:      K King, P Pincer, R Coordinator, N Long leaper, B Chameleon,\n"
               "             Q Withdrawer, M Immobilizer; upper case White, lower case Black,\n"
               "             '.' an empty square\n");
    printf("Game:        %s\n", pos.variant->title);
    printf("\nFEN:         %s\n", fen);
    if (variant_zoned(pos.variant)) {
        char last[16] = "none", clock[48] = "not called";
        if (pos.last_from != NO_SQ)
            snprintf(last, sizeof last, "%s-%s", square_name(pos.last_from),
                     square_name(pos.last_to));
        if (pos.clock != CLOCK_OFF)
            snprintf(clock, sizeof clock, "%d capture-less moves left", pos.clock);
        const Variant *v = pos.variant;
        if (v->players == 2)
            printf("Side to move: %s\n", v->team_names[pos.side]);
        else
            printf("Side to move: player %c (%s)\n", v->player_letters[pos.side],
                   v->team_names[v->team[pos.side]]);
        printf("Scores:       %s %d, %s %d\n", v->team_names[WHITE], (int)pos.score[WHITE],
               v->team_names[BLACK], (int)pos.score[BLACK]);
        if (v->no_undo)
            printf("Last crossing: %s\n", last);
        printf("Clock:        %s\n", clock);
    } else {
        printf("Side to move: %s\n", pos.side == WHITE ? "White" : "Black");
        printf("In check:     %s\n", attack_king_attacked(&pos, pos.side) ? "yes" : "no");
    }
    printf("Legal moves:  %d\n", n);
    GameState state = gamestate_from_count(&pos, n);
    char result[256];
    show_result(&pos, state, result, sizeof result);
    printf("Game state:   %s\n", gamestate_name(state));
    if (*result)
        printf("Result:       %s\n", result);
    return EXIT_OK;
}
