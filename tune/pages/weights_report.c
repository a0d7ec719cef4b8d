/* weights_report.c: tables and heat maps of a weights vector (weights_report.h). */
#include "weights_report.h"

#include <string.h>

#include "tune/run/plot.h"

int weights_report_published(const Variant *v, const PublishedTable **tables)
{
    /* Order: pincer, coordinator, long leaper, chameleon, withdrawer, immobilizer, mage, guard. */
    static const PublishedTable MAXIMA[] = {{"vchess", {1, 2, 5, 4, 2, 5, 7, 4}}};
    static const PublishedTable ULTIMA[] = {
        {"ChessV", {1, 2.9, 5.3, 4.3, 3.1, 8.2, 0, 0}},
        {"Jocly", {1, 3, 3, 2.5, 2.5, 4, 0, 0}},
        {"vchess", {1, 2, 5, 3, 3, 5, 0, 0}},
    };
    /* Martian Chess: the points a capture scores (docs/rules/martian.md 4.1), pawn 1, drone 2, queen 3. */
    static const PublishedTable MARTIAN[] = {
        {"official", {[T_PAWN] = 1, [T_DRONE] = 2, [T_QUEEN] = 3}}};
    if (variant_zoned(v)) {
        *tables = MARTIAN;
        return 1;
    }
    bool ultima = v->id == VARIANT_ULTIMA;
    *tables = ultima ? ULTIMA : MAXIMA;
    return ultima ? (int)(sizeof ULTIMA / sizeof ULTIMA[0]) : 1;
}

double weights_report_reference(const Variant *v, int t)
{
    const PublishedTable *tables;
    weights_report_published(v, &tables);
    return tables[0].value[t];
}

const char *weights_report_reference_name(const Variant *v)
{
    const PublishedTable *tables;
    weights_report_published(v, &tables);
    return tables[0].name;
}

static const char *const type_names[TYPE_NB] = {
    "",     "pincer", "coordinator", "long leaper", "chameleon", "withdrawer", "immobilizer",
    "mage", "guard",  "king",        "pawn",        "drone",     "queen"};
static const char *const phase_names[] = {"middle game", "end game"};

/* The board of a game's piece-square tables: its piece types, files and relative ranks. */
typedef struct PstBoard {
    int first_type, last_type; /* PINCER..KING, or a zoned game's PAWN..QUEEN */
    int files;                 /* 8 from a, or a zoned game's 4 (a..d from the owner's side) */
    int first_rank, last_rank; /* Maxima's 0..10 (with the palace rows), Ultima's 1..8, a zoned
                                 * game's 1..4 (the owner's half, from his edge) */
    bool zoned;
} PstBoard;

/* The board of game v's piece-square tables (weights.h). */
static PstBoard pst_board(const Variant *v)
{
    if (variant_zoned(v))
        return (PstBoard){PAWN, QUEEN, ZPST_FILE_NB, 1, ZPST_RANK_NB, true};
    int first = weights_term_in_game(v, weight_pst_rank(PINCER, 0)) ? 0 : 1;
    return (PstBoard){PINCER, KING, FILE_NB, first, first + v->fen_rows - 1, false};
}

/* The piece-square value of piece type t on file f and rank r (the owner's view) in phase ph
 * (0 mg, 1 eg) on board b: the file entry plus the rank entry. */
static int square_value(const PstBoard *b, const Weights *w, int t, int f, int r, int ph)
{
    int x = b->zoned ? weight_zpst_file(t, f) : weight_pst_file(t, f);
    int y = b->zoned ? weight_zpst_rank(t, r - 1) : weight_pst_rank(t, r);
    return ph ? w->v[weight_eg(x)] + w->v[weight_eg(y)] : w->v[weight_mg(x)] + w->v[weight_mg(y)];
}

/* True when square (f, r) exists on board b: a palace row (ranks 0 and 10 of a board with them)
 * only has files d and e. */
static bool square_real(const PstBoard *b, int f, int r)
{
    return b->first_rank > 0 || (r > 0 && r < RANK_NB - 1) || f == 3 || f == 4;
}

bool weights_report_write_squares(FILE *out, void *data)
{
    const WeightsView *v = data;
    PstBoard b = pst_board(v->game);
    fprintf(out, "# piece-square values (file + rank entries), centipawns; blocks: type x phase\n");
    for (int t = b.first_type; t <= b.last_type; t++)
        for (int ph = 0; ph < 2 && variant_has_type(v->game, t); ph++) {
            fprintf(out, "# %s, %s\n", type_names[t], phase_names[ph]);
            for (int r = b.first_rank; r <= b.last_rank; r++) {
                for (int f = 0; f < b.files; f++)
                    if (square_real(&b, f, r))
                        fprintf(out, "%d %d %d\n", f, r, square_value(&b, v->w, t, f, r, ph));
                    else
                        fprintf(out, "%d %d NaN\n", f, r);
                fprintf(out, "\n");
            }
            fprintf(out, "\n");
        }
    return !ferror(out);
}

/* The table of the scalar terms of the view's game: middle game and end game, with the start
 * values. */
static void scalar_table(FILE *out, const WeightsView *v)
{
    fprintf(out, "| term | group | mg | eg |%s\n|---|---|---:|---:|%s\n",
            v->start ? " start mg | start eg |" : "", v->start ? "---:|---:|" : "");
    for (int t = 0; t < T_PST_FIRST; t++) {
        const WeightDef *d = &weight_defs[weight_mg(t)];
        if (!weights_term_in_game(v->game, t))
            continue;
        int n = (int)(strlen(d->name) - 3);
        fprintf(out, "| %.*s | %s | %d | %d |", n, d->name, d->group, v->w->v[weight_mg(t)],
                v->w->v[weight_eg(t)]);
        if (v->start)
            fprintf(out, " %d | %d |", v->start->v[weight_mg(t)], v->start->v[weight_eg(t)]);
        fprintf(out, "\n");
    }
}

/* The table of the single weights of the view's game: game-phase weights and search
 * parameters. */
static void single_table(FILE *out, const WeightsView *v)
{
    fprintf(out, "\n| weight | value |%s meaning |\n|---|---:|%s---|\n", v->start ? " start |" : "",
            v->start ? "---:|" : "");
    for (int i = W_PHASE_FIRST; i < W_NB; i++) {
        if (!weights_in_game(v->game, i))
            continue;
        fprintf(out, "| %s | %d |", weight_defs[i].name, v->w->v[i]);
        if (v->start)
            fprintf(out, " %d |", v->start->v[i]);
        fprintf(out, " %s |\n", weights_doc(v->game, i));
    }
}

/* One piece type's table in one phase on board b: its ranks, the top (10, 8 or 4) first, its
 * files (a..h, or a..d). */
static void square_table(FILE *out, const PstBoard *b, const Weights *w, int t, int ph)
{
    fprintf(out, "\n%s, %s (%s):\n\n| rank |", type_names[t], phase_names[ph],
            b->zoned ? "South's half; North's squares are these turned through half a turn"
                     : "rank from the piece's own side");
    for (int f = 0; f < b->files; f++)
        fprintf(out, " %c |", 'a' + f);
    fprintf(out, "\n|---|");
    for (int f = 0; f < b->files; f++)
        fprintf(out, "---:|");
    fprintf(out, "\n");
    for (int r = b->last_rank; r >= b->first_rank; r--) {
        fprintf(out, "| %d |", r);
        for (int f = 0; f < b->files; f++)
            if (square_real(b, f, r))
                fprintf(out, " %d |", square_value(b, w, t, f, r, ph));
            else
                fprintf(out, " |");
        fprintf(out, "\n");
    }
}

/* True when any piece-square weight of w is not 0. */
static bool has_squares(const Weights *w)
{
    for (int i = weight_mg(T_PST_FIRST); i < W_PHASE_FIRST; i++)
        if (w->v[i])
            return true;
    return false;
}

void weights_report_markdown(FILE *out, const WeightsView *v)
{
    fprintf(out, "Evaluation terms (centipawns; the evaluation blends mg and eg by the game "
                 "phase):\n\n");
    scalar_table(out, v);
    single_table(out, v);
    if (!has_squares(v->w)) {
        fprintf(out, "\nPiece-square tables: all 0.\n");
        return;
    }
    fprintf(out, "\nPiece-square tables: a square's value is its file entry plus its rank "
                 "entry (every weight is in the weights file).\n");
    if (v->png)
        fprintf(out, "\n![piece-square values](%s)\n", v->png);
    fprintf(out, "\n<details><summary>The tables as numbers</summary>\n");
    PstBoard b = pst_board(v->game);
    for (int t = b.first_type; t <= b.last_type; t++)
        for (int ph = 0; ph < 2 && variant_has_type(v->game, t); ph++)
            square_table(out, &b, v->w, t, ph);
    fprintf(out, "\n</details>\n");
}

void weights_report_signs(FILE *out, const Weights *w, const Weights *start, const Variant *v,
                          const char *whose)
{
    int fixed = 0;
    for (int i = 0; i < W_NB; i++)
        fixed += weights_in_game(v, i) && weight_defs[i].sign != SIGN_FREE;
    int n = weights_sign_contradictions(w, v, NULL, 0);
    fprintf(out, "## Signs that contradict their meaning\n\n");
    if (n == 0) {
        fprintf(out,
                "None: in %s, each of the %d weights whose meaning fixes a sign (a reward is never "
                "below 0, a penalty never above 0: `search/weights.h`) has it.\n\n",
                whose, fixed);
        return;
    }
    int idx[W_NB];
    weights_sign_contradictions(w, v, idx, W_NB);
    fprintf(out,
            "In %s, %d of the %d weights whose meaning fixes a sign (a reward is never below 0, a "
            "penalty never above 0: `search/weights.h`) have the other one: the evaluation "
            "rewards what the weight's meaning calls bad, or penalises what it calls good. "
            "Self-play does not show such a flaw (both sides share it); games against other "
            "weights can.\n\n"
            "| weight | value |%s its meaning wants | meaning |\n|---|---:|%s---|---|\n",
            whose, n, fixed, start ? " start |" : "", start ? "---:|" : "");
    for (int k = 0; k < n; k++) {
        int i = idx[k];
        fprintf(out, "| %s | %d |", weight_defs[i].name, w->v[i]);
        if (start)
            fprintf(out, " %d |", start->v[i]);
        fprintf(out, " %s | %s |\n",
                weight_defs[i].sign == SIGN_REWARD ? ">= 0 (a reward)" : "<= 0 (a penalty)",
                weights_doc(v, i));
    }
    fprintf(out, "\n");
}

bool weights_report_plot(const RunDir *rd, const char *squares, const WeightsView *v)
{
    if (!v->png || !has_squares(v->w))
        return true;
    PstBoard b = pst_board(v->game);
    int first = b.first_rank, last = b.last_rank, ntypes = 0, last_type = b.first_type;
    for (int t = b.first_type; t <= b.last_type; t++)
        if (variant_has_type(v->game, t)) {
            ntypes++;
            last_type = t;
        }
    int nranks = last - first + 1;
    char xtics[128];
    size_t n = 0;
    for (int f = 0; f < b.files; f++)
        n += (size_t)snprintf(xtics + n, sizeof xtics - n, "%s'%c' %d", f ? ", " : "", 'a' + f, f);
    char script[8192];
    size_t k = (size_t)snprintf(
        script, sizeof script,
        "set terminal pngcairo size %d,560 font 'Sans,9' noenhanced\nset datafile separator "
        "whitespace\nunset grid\nset size ratio %d.0/%d\nunset key\nset palette defined (-1 "
        "'#b2182b', 0 '#f7f7f7', 1 "
        "'#2166ac')\nset cbrange [-100:100]\nset xrange [-0.5:%d.5]\nset yrange [%g:%g]\n"
        "set xtics (%s) font ',7'\n"
        "set ytics %d, %d, %d font ',7' nomirror\nset xtics nomirror\nset multiplot layout 2, "
        "%d margins 0.03, 0.92, 0.05, 0.9 "
        "spacing 0.01, 0.08\n",
        ntypes > 3 ? 1500 : 1000, nranks, b.files, b.files - 1, first - 0.5, last + 0.5, xtics,
        first, nranks > 8 ? 2 : 1, last, ntypes);
    for (int ph = 0; ph < 2; ph++)
        for (int t = b.first_type, i = 0; t <= b.last_type; t++) {
            if (!variant_has_type(v->game, t))
                continue;
            int block = i++ * 2 + ph;
            k += (size_t)snprintf(script + k, sizeof script - k,
                                  "set title '%s %s' font ',8'\n%s\nplot '%s' index %d using "
                                  "1:2:3 with image\n",
                                  type_names[t], ph ? "eg" : "mg",
                                  t == last_type ? "set colorbox" : "unset colorbox", squares,
                                  block);
        }
    snprintf(script + k, sizeof script - k, "unset multiplot\n");
    return plot_draw(rd, v->png, "piece-square values (file + rank), centipawns", script);
}
