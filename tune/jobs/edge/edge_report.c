/* edge_report.c: the edge job's reading of its parts (every game replayed with the rules core)
 * and its edge.csv, endings.csv, margins.csv, zoned.csv, report.md, summary.json, page and
 * printed result (see edge_report.h). */
#include "tune/jobs/edge/edge_report.h"

#include <ctype.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/makemove.h"
#include "core/movegen.h"
#include "tune/jobs/common/job.h"
#include "tune/pages/html.h"
#include "tune/play/match_config.h"
#include "tune/run/plot.h"

/* The half-width of a 95% interval in standard errors. */
#define Z95 STATS_Z95

/* The margins' labels, by EdgeCell.margin's index. */
static const char *const MARGIN_NAMES[EDGE_MARGINS] = {"0", "1", "2", "3", "4+"};

/* The callers' standings' labels, by EDGE_CALLER_*. */
static const char *const STANDING_NAMES[EDGE_STANDINGS] = {"ahead", "level", "behind"};

/* Whether the no-undo rule takes a legal move away in pos: its legal moves counted with and
 * without its last crossing (the key of the copy is left stale: only the moves are counted). */
static bool undo_removes(Position *pos)
{
    Move list[MAX_MOVES];
    if (pos->last_from == NO_SQ)
        return false;
    Position free_pos = *pos;
    free_pos.last_from = free_pos.last_to = NO_SQ;
    return movegen_legal(&free_pos, list) != movegen_legal(pos, list);
}

/* The standing of the side to move's team in pos by the scores (EDGE_CALLER_*). */
static int standing_of(const Position *pos)
{
    int team = pos->variant->team[pos->side];
    int32_t own = pos->score[team], other = pos->score[!team];
    return own > other ? EDGE_CALLER_AHEAD : own < other ? EDGE_CALLER_BEHIND : EDGE_CALLER_LEVEL;
}

/* Replays a zoned game from its opening into c: its merges, its clock call, the positions the
 * no-undo rule cuts, its final margin and tie (white: White's half points). */
static void tally_zoned(EdgeCell *c, const PgnGame *g, int white)
{
    Position pos = g->opening;
    long merges = 0, undo = 0, partner = 0;
    for (int i = 0; i < g->nplies; i++) {
        Move m = g->moves[i];
        Undo u;
        undo += undo_removes(&pos);
        merges += move_is_merge(m);
        if (move_takes_partner(&pos, m)) {
            partner++;
            c->partner_result[position_team(&pos) == WHITE ? white : 2 - white]++;
        }
        if (move_calls_clock(m)) {
            int s = standing_of(&pos);
            int caller = pos.variant->team[pos.side] == WHITE ? white : 2 - white;
            c->calls[s]++;
            c->call_wins[s] += caller == 2;
            c->call_draws[s] += caller == 1;
        }
        move_do(&pos, m, &u);
    }
    int margin = abs(pos.score[WHITE] - pos.score[BLACK]);
    c->ties += margin == 0;
    c->margin[margin < EDGE_MARGINS - 1 ? margin : EDGE_MARGINS - 1]++;
    c->margin_sum += margin;
    c->merges += merges;
    c->merge_games += merges > 0;
    c->positions += g->nplies;
    c->undo_positions += undo;
    c->undo_games += undo > 0;
    c->partner_captures += partner;
    c->partner_games += partner > 0;
}

/* series_read hook: counts a finished game into the cell (data: the EdgeCell). */
static bool tally_game(void *data, const PgnGame *g, int white, Termination term)
{
    EdgeCell *c = data;
    c->games++;
    c->wins += white == 2;
    c->draws += white == 1;
    c->losses += white == 0;
    c->half_sq += (long)white * white;
    c->term[term]++;
    c->plies += g->nplies;
    c->plies_sq += (long)g->nplies * g->nplies;
    if (g->nplies > c->plies_max)
        c->plies_max = g->nplies;
    c->plies_count[g->nplies <= GAME_MAX_PLIES ? g->nplies : GAME_MAX_PLIES]++;
    if (g->opening.zoned)
        tally_zoned(c, g, white);
    return true;
}

bool edge_read(EdgeResult *r, char *err, size_t errlen)
{
    for (int k = 0; k < r->ec->ndepths; k++) {
        char dir[64], path[1100];
        edge_part_dir(r, k, dir, sizeof dir);
        snprintf(path, sizeof path, "%s/%s/games.pgn", r->rd->path, dir);
        memset(&r->cell[k], 0, sizeof r->cell[k]);
        if (!series_read(path, r->game, r->ec->games, tally_game, &r->cell[k], err, errlen))
            return false;
    }
    return true;
}

/* The first player's score (his share of the points) with its normal 95% interval on the
 * per-game scores. */
static SeriesRate first_score(const EdgeCell *c)
{
    return series_mean((double)(2 * c->wins + c->draws) / 2.0, (double)c->half_sq / 4.0, c->games);
}

/* The first player's share of the decisive games (Wilson). */
static SeriesRate first_decisive(const EdgeCell *c)
{
    return series_wilson(c->wins, c->wins + c->losses);
}

/* The median length in plies (the lower middle of an even count). */
static int median_plies(const EdgeCell *c)
{
    long seen = 0, half = (c->games + 1) / 2;
    for (int n = 0; n <= GAME_MAX_PLIES; n++)
        if ((seen += c->plies_count[n]) >= half && c->games > 0)
            return n;
    return 0;
}

/* The standard error of the first player's score for the trend: the per-game scores' (0.5 /
 * sqrt(games), the largest there is, when they are all alike). */
static double score_se(const EdgeCell *c)
{
    double n = (double)c->games, m = (double)(2 * c->wins + c->draws) / (2 * n);
    double var = (double)c->half_sq / (4 * n) - m * m;
    return var > 1e-12 ? sqrt(var / n) : 0.5 / sqrt(n);
}

bool edge_trend(const EdgeResult *r, StatsTrend *t)
{
    double x[EDGE_MAX_DEPTHS], y[EDGE_MAX_DEPTHS], se[EDGE_MAX_DEPTHS];
    int n = r->ec->ndepths;
    for (int k = 0; k < n; k++) {
        if (r->cell[k].games <= 0)
            return false;
        x[k] = log2((double)r->ec->node[k]);
        y[k] = first_score(&r->cell[k]).p;
        se[k] = score_se(&r->cell[k]);
    }
    if (n >= 3)
        return stats_trend(x, y, se, n, t);
    if (n != 2)
        return false;
    double dx = x[1] - x[0];
    t->slope = (y[1] - y[0]) / dx;
    t->se = sqrt(se[0] * se[0] + se[1] * se[1]) / dx;
    t->z = t->slope / t->se;
    t->p = erfc(fabs(t->z) / sqrt(2.0));
    t->chi2 = 0;
    t->birge = 1;
    return true;
}

/* The report's words for the trend t. */
static const char *trend_verdict(const StatsTrend *t)
{
    return t->p >= 0.05 ? "shows no trend" : t->slope > 0 ? "grows" : "shrinks";
}

/* The trend in words ("shows no trend with strength: -0.10 points per doubling of the nodes
 * [-0.97, +0.77]"). */
static void trend_text(const StatsTrend *t, char *buf, size_t len)
{
    snprintf(buf, len, "%s with strength: %+.2f points per doubling of the nodes [%+.2f, %+.2f]",
             trend_verdict(t), 100 * t->slope, 100 * (t->slope - Z95 * t->se),
             100 * (t->slope + Z95 * t->se));
}

/* A rate as "12.3% [10.1, 14.8]" (percent). */
static void rate_text(SeriesRate x, char *buf, size_t len)
{
    snprintf(buf, len, "%.1f%% [%.1f, %.1f]", 100 * x.p, 100 * x.lo, 100 * x.hi);
}

/* Writes a number of summary.json (null when it is not finite). */
static void json_num(FILE *out, double x)
{
    if (isfinite(x))
        fprintf(out, "%.6g", x);
    else
        fprintf(out, "null");
}

/* Writes a SeriesRate as summary.json's [p, lo, hi]. */
static void json_rate(FILE *out, SeriesRate x)
{
    fprintf(out, "[");
    json_num(out, x.p);
    fprintf(out, ", ");
    json_num(out, x.lo);
    fprintf(out, ", ");
    json_num(out, x.hi);
    fprintf(out, "]");
}

/* Whether termination t is listed for the run's game (game_termination_in_game). */
static bool term_listed(const EdgeResult *r, int t)
{
    return game_termination_in_game((Termination)t, r->game);
}

/* Whether termination t has a column in the report's table of endings: listed for the game, and
 * not one of the ends an engine process brings (time forfeit, infraction, abandoned), which
 * self-play of the built-in engine never has. */
static bool term_tabled(const EdgeResult *r, int t)
{
    return term_listed(r, t) && (t < TERM_TIME_FORFEIT || t >= TERM_EMPTY_ZONE);
}

/* Whether termination t is drawn in the plot of endings: tabled and ended a game at some
 * strength (a share that is 0 everywhere is left out of the plot, not of the table). */
static bool term_plotted(const EdgeResult *r, int t)
{
    if (!term_tabled(r, t))
        return false;
    for (int k = 0; k < r->ec->ndepths; k++)
        if (r->cell[k].term[t] > 0)
            return true;
    return false;
}

/* A termination's name as a CSV column ("adjudication: draw" -> "adjudication_draw"). */
static void term_column(int t, char *buf, size_t len)
{
    snprintf(buf, len, "%s", game_termination_name((Termination)t));
    char *w = buf;
    for (const char *s = buf; *s; s++)
        if (*s != ':')
            *w++ = *s == ' ' ? '_' : *s;
    *w = 0;
}

/* The title of the first player ("White", "South"). */
static const char *first_name(const EdgeResult *r) { return r->game->team_names[WHITE]; }

/* The page's headline: the first player's score at the strongest setting, with its interval and
 * its Elo ("South (moving first) scores 61.7% [59.4, 63.9] at 8000 nodes (+83 Elo)"). */
static void headline_text(const EdgeResult *r, char *buf, size_t len)
{
    int k = r->ec->ndepths - 1;
    SeriesRate s = first_score(&r->cell[k]);
    char rate[64];
    rate_text(s, rate, sizeof rate);
    double elo = stats_elo_from_score(s.p);
    char elo_text[32] = ""; /* none at a score of 0 or 1 (an infinite Elo) */
    if (isfinite(elo))
        snprintf(elo_text, sizeof elo_text, " (%+.0f Elo)", fabs(elo) < 0.5 ? 0.0 : elo);
    snprintf(buf, len, "%s (moving first) scores %s at %ld nodes%s", first_name(r), rate,
             r->ec->node[k], elo_text);
    buf[0] = (char)toupper((unsigned char)buf[0]);
}

bool edge_write_table(FILE *out, void *data)
{
    const EdgeResult *r = data;
    fprintf(out, "nodes,games,first_wins,draws,first_losses,first_score,first_lo,first_hi,"
                 "draw_rate,draw_lo,draw_hi,first_decisive_share,decisive_lo,decisive_hi,"
                 "mean_plies,mean_plies_error95,median_plies,max_plies\n");
    for (int k = 0; k < r->ec->ndepths; k++) {
        const EdgeCell *c = &r->cell[k];
        SeriesRate s = first_score(c), d = series_wilson(c->draws, c->games);
        SeriesRate dec = first_decisive(c);
        SeriesRate len = series_mean((double)c->plies, (double)c->plies_sq, c->games);
        fprintf(out,
                "%ld,%ld,%ld,%ld,%ld,%.6f,%.6f,%.6f,%.6f,%.6f,%.6f,%.6f,%.6f,%.6f,%.2f,%.2f,%d,"
                "%d\n",
                r->ec->node[k], c->games, c->wins, c->draws, c->losses, s.p, s.lo, s.hi, d.p, d.lo,
                d.hi, dec.p, dec.lo, dec.hi, len.p, len.hi - len.p, median_plies(c), c->plies_max);
    }
    return true;
}

bool edge_write_endings(FILE *out, void *data)
{
    const EdgeResult *r = data;
    fprintf(out, "nodes,games");
    for (int t = 0; t < TERM_NB; t++)
        if (term_listed(r, t)) {
            char name[64];
            term_column(t, name, sizeof name);
            fprintf(out, ",%s", name);
        }
    fprintf(out, ",draws%s\n", variant_zoned(r->game) ? ",ties" : "");
    for (int k = 0; k < r->ec->ndepths; k++) {
        const EdgeCell *c = &r->cell[k];
        fprintf(out, "%ld,%ld", r->ec->node[k], c->games);
        for (int t = 0; t < TERM_NB; t++)
            if (term_listed(r, t))
                fprintf(out, ",%ld", c->term[t]);
        fprintf(out, ",%ld", c->draws);
        if (variant_zoned(r->game))
            fprintf(out, ",%ld", c->ties);
        fprintf(out, "\n");
    }
    return true;
}

bool edge_write_margins(FILE *out, void *data)
{
    const EdgeResult *r = data;
    fprintf(out, "nodes,games,mean_margin");
    for (int m = 0; m < EDGE_MARGINS; m++)
        fprintf(out, ",margin_%s", MARGIN_NAMES[m]);
    fprintf(out, "\n");
    for (int k = 0; k < r->ec->ndepths; k++) {
        const EdgeCell *c = &r->cell[k];
        fprintf(out, "%ld,%ld,%.4f", r->ec->node[k], c->games,
                c->games ? (double)c->margin_sum / (double)c->games : NAN);
        for (int m = 0; m < EDGE_MARGINS; m++)
            fprintf(out, ",%ld", c->margin[m]);
        fprintf(out, "\n");
    }
    return true;
}

bool edge_write_zoned(FILE *out, void *data)
{
    const EdgeResult *r = data;
    fprintf(out, "nodes,games,merges,merge_games,calls_ahead,calls_level,calls_behind,"
                 "caller_wins_ahead,caller_wins_level,caller_wins_behind,caller_draws_ahead,"
                 "caller_draws_level,caller_draws_behind,positions,undo_positions,undo_games,"
                 "partner_captures,partner_games,partner_taker_wins,partner_taker_draws,"
                 "partner_taker_losses\n");
    for (int k = 0; k < r->ec->ndepths; k++) {
        const EdgeCell *c = &r->cell[k];
        fprintf(out, "%ld,%ld,%ld,%ld", r->ec->node[k], c->games, c->merges, c->merge_games);
        for (int s = 0; s < EDGE_STANDINGS; s++)
            fprintf(out, ",%ld", c->calls[s]);
        for (int s = 0; s < EDGE_STANDINGS; s++)
            fprintf(out, ",%ld", c->call_wins[s]);
        for (int s = 0; s < EDGE_STANDINGS; s++)
            fprintf(out, ",%ld", c->call_draws[s]);
        fprintf(out, ",%ld,%ld,%ld,%ld,%ld,%ld,%ld,%ld\n", c->positions, c->undo_positions,
                c->undo_games, c->partner_captures, c->partner_games, c->partner_result[2],
                c->partner_result[1], c->partner_result[0]);
    }
    return true;
}

bool edge_write_shares(FILE *out, void *data)
{
    const EdgeResult *r = data;
    bool zoned = variant_zoned(r->game);
    fprintf(out, "nodes");
    for (int t = 0; t < TERM_NB; t++)
        if (term_plotted(r, t)) {
            char name[64];
            term_column(t, name, sizeof name);
            fprintf(out, ",%s", name);
        }
    fprintf(out, ",draws%s\n", zoned ? ",ties" : "");
    for (int k = 0; k < r->ec->ndepths; k++) {
        const EdgeCell *c = &r->cell[k];
        double n = c->games > 0 ? (double)c->games : NAN;
        fprintf(out, "%ld", r->ec->node[k]);
        for (int t = 0; t < TERM_NB; t++)
            if (term_plotted(r, t))
                fprintf(out, ",%.4f", (double)c->term[t] / n);
        fprintf(out, ",%.4f", (double)c->draws / n);
        if (zoned)
            fprintf(out, ",%.4f", (double)c->ties / n);
        fprintf(out, "\n");
    }
    return true;
}

/* The columns of endings.csv's shares (edge_write_shares): the nodes, the endings plotted, the
 * draws and, in a zoned game, the ties. */
static int shares_columns(const EdgeResult *r)
{
    int n = 2 + variant_zoned(r->game);
    for (int t = 0; t < TERM_NB; t++)
        n += term_plotted(r, t);
    return n;
}

bool edge_plot(void *data)
{
    const EdgeResult *r = data;
    char title[300], script[1200];
    snprintf(title, sizeof title, "%s: %s's score by strength (95%% intervals)", r->cfg->name,
             first_name(r));
    snprintf(script, sizeof script,
             "set key top right\nset xlabel 'nodes per move'\nset ylabel \"%s's score\"\n"
             "set offsets 0, 0, 0.02, 0.02\nset xrange [-0.5:%d.5]\n"
             "plot 'edge.csv' skip 1 using 0:6:7:8:xtic(1) with yerrorbars pt 7 ps 1.5 lw 2 "
             "title 'score', 0.5 with lines dt 2 lc rgb '#888888' title '50%%: no edge'\n",
             first_name(r), r->ec->ndepths - 1);
    if (!plot_draw(r->rd, "edge.png", title, script))
        return false;
    snprintf(title, sizeof title, "%s: how the games end, by strength", r->cfg->name);
    snprintf(script, sizeof script,
             "set key top right autotitle columnhead\nset style data histograms\n"
             "set style histogram clustered gap 1\nset style fill solid 0.8 border -1\n"
             "set xlabel 'nodes per move'\nset ylabel 'share of the games'\n"
             "set yrange [0:1]\nplot for [i=2:%d] 'endings_share.csv' using i:xtic(1)\n",
             shares_columns(r));
    return plot_draw(r->rd, "endings.png", title, script);
}

/* The sum of a standing-indexed count. */
static long standings_sum(const long *v) { return v[0] + v[1] + v[2]; }

/* The report's first table: the first player by strength, then the trend. */
static void report_edge(FILE *out, const EdgeResult *r)
{
    fprintf(out,
            "| nodes | games | %s W-D-L | %s's score | draw rate | %s's share of the decisive "
            "games |\n|---:|---:|---|---:|---:|---:|\n",
            first_name(r), first_name(r), first_name(r));
    for (int k = 0; k < r->ec->ndepths; k++) {
        const EdgeCell *c = &r->cell[k];
        char s[64], d[64], dec[64];
        rate_text(first_score(c), s, sizeof s);
        rate_text(series_wilson(c->draws, c->games), d, sizeof d);
        rate_text(first_decisive(c), dec, sizeof dec);
        fprintf(out, "| %ld | %ld | %ld-%ld-%ld | %s | %s | %s |\n", r->ec->node[k], c->games,
                c->wins, c->draws, c->losses, s, d, dec);
    }
    fprintf(out, "\n*95%% intervals: normal on the per-game scores (1, 1/2, 0) for the score; "
                 "Wilson's for the draw rate and the decisive share.*\n\n");
    fprintf(out,
            "![%s's score by strength](edge.png)\n\n*%s's score at each strength with its "
            "95%% interval; the dashed line is 50%%, no edge.*\n\n",
            first_name(r), first_name(r));
    StatsTrend t;
    if (!edge_trend(r, &t)) {
        fprintf(out, "No trend could be fitted.\n\n");
        return;
    }
    fprintf(out,
            "**The first player's edge %s with strength**: a weighted least-squares line of %s's "
            "score against log2(nodes) (weights 1 / se^2 of each score; %s) has a slope of "
            "**%+.2f points per doubling of the nodes** [%+.2f, %+.2f], p = %.3g (no trend: the "
            "interval holds 0, 5%% level).\n\n",
            trend_verdict(&t), first_name(r),
            r->ec->ndepths >= 3 ? "the error scaled up by the Birge ratio when the points "
                                  "scatter beyond their errors"
                                : "two strengths: the line through both",
            100 * t.slope, 100 * (t.slope - Z95 * t.se), 100 * (t.slope + Z95 * t.se), t.p);
}

/* The report's table of how the games end. */
static void report_endings(FILE *out, const EdgeResult *r)
{
    bool zoned = variant_zoned(r->game);
    fprintf(out, "| nodes |");
    int cols = 0;
    for (int t = 0; t < TERM_NB; t++)
        if (term_tabled(r, t)) {
            fprintf(out, " %s |", game_termination_name((Termination)t));
            cols++;
        }
    fprintf(out, " draws |%s\n|---:|", zoned ? " ties (scores level) |" : "");
    for (int i = 0; i < cols + 1 + zoned; i++)
        fprintf(out, "---:|");
    fprintf(out, "\n");
    for (int k = 0; k < r->ec->ndepths; k++) {
        const EdgeCell *c = &r->cell[k];
        double n = c->games > 0 ? (double)c->games : NAN;
        fprintf(out, "| %ld |", r->ec->node[k]);
        for (int t = 0; t < TERM_NB; t++)
            if (term_tabled(r, t))
                fprintf(out, " %.1f%% (%ld) |", 100 * (double)c->term[t] / n, c->term[t]);
        fprintf(out, " %.1f%% (%ld) |", 100 * (double)c->draws / n, c->draws);
        if (zoned)
            fprintf(out, " %.1f%% (%ld) |", 100 * (double)c->ties / n, c->ties);
        fprintf(out, "\n");
    }
    fprintf(out,
            "\n*Shares of the games. Repetition, the maximum game length and the draw and "
            "resign adjudications are the match's ([match]); the others end by the "
            "rules.%s*\n\n",
            !zoned ? ""
            : r->game->players == 4
                ? " A tie is a game whose scores end level: drawn by the clock, "
                  "won by the team of the player who emptied his quadrant."
                : " A tie is a game whose scores end level: drawn by the clock or "
                  "no moves, won by the player who emptied his half.");
    fprintf(out, "![How the games end, by strength](endings.png)\n\n*The shares of the table "
                 "by strength (`endings_share.csv`), endings that no game had left out.*\n\n");
    fprintf(out, "| nodes | plies after the opening: mean | median | longest |\n"
                 "|---:|---:|---:|---:|\n");
    for (int k = 0; k < r->ec->ndepths; k++) {
        const EdgeCell *c = &r->cell[k];
        SeriesRate len = series_mean((double)c->plies, (double)c->plies_sq, c->games);
        fprintf(out, "| %ld | %.1f +/- %.1f | %d | %d |\n", r->ec->node[k], len.p, len.hi - len.p,
                median_plies(c), c->plies_max);
    }
    fprintf(out, "\n");
}

/* The team game's table of captures of a partner's piece, and how the taker's team did. */
static void report_partners(FILE *out, const EdgeResult *r)
{
    fprintf(out, "## Taking a partner's piece\n\n| nodes | captures | per game | games with one | "
                 "the taker's team won | drew | lost |\n|---:|---:|---:|---:|---:|---:|---:|\n");
    for (int k = 0; k < r->ec->ndepths; k++) {
        const EdgeCell *c = &r->cell[k];
        char g[64], w[64];
        rate_text(series_wilson(c->partner_games, c->games), g, sizeof g);
        rate_text(series_wilson(c->partner_result[2], c->partner_captures), w, sizeof w);
        fprintf(out, "| %ld | %ld | %.3f | %s | %s | %ld | %ld |\n", r->ec->node[k],
                c->partner_captures, (double)c->partner_captures / (double)c->games, g, w,
                c->partner_result[1], c->partner_result[0]);
    }
    fprintf(out, "\n*Captures of a piece standing in the mover's partner's quadrant (legal, and "
                 "the points go to the team all the same), after the opening; the result is the "
                 "taker's team's in that game, counted once per capture; Wilson's 95%% "
                 "intervals.*\n\n");
}

/* The no-undo rule's section: how often it removed a legal move (two-player Martian Chess). */
static void report_no_undo(FILE *out, const EdgeResult *r)
{
    fprintf(out, "## The no-undo rule\n\n| nodes | positions | "
                 "where the rule removed a legal move | games with such a position "
                 "|\n|---:|---:|---:|---:|\n");
    for (int k = 0; k < r->ec->ndepths; k++) {
        const EdgeCell *c = &r->cell[k];
        char p[64], g[64];
        rate_text(series_wilson(c->undo_positions, c->positions), p, sizeof p);
        rate_text(series_wilson(c->undo_games, c->games), g, sizeof g);
        fprintf(out, "| %ld | %ld | %s | %s |\n", r->ec->node[k], c->positions, p, g);
    }
    fprintf(out, "\n*Every position a move was played from after the opening: its legal moves "
                 "with and without the last canal crossing; Wilson's 95%% intervals.*\n\n");
}

/* The zoned games' tables: the points margin, merges, clock calls, the no-undo rule (two players)
 * or the team game's partner captures (four). */
static void report_zoned(FILE *out, const EdgeResult *r)
{
    fprintf(out, "## The points margin at the end\n\n| nodes | mean |");
    for (int m = 0; m < EDGE_MARGINS; m++)
        fprintf(out, " %s |", MARGIN_NAMES[m]);
    fprintf(out, "\n|---:|---:|---:|---:|---:|---:|---:|\n");
    for (int k = 0; k < r->ec->ndepths; k++) {
        const EdgeCell *c = &r->cell[k];
        double n = (double)c->games;
        fprintf(out, "| %ld | %.2f |", r->ec->node[k], (double)c->margin_sum / n);
        for (int m = 0; m < EDGE_MARGINS; m++)
            fprintf(out, " %.1f%% |", 100 * (double)c->margin[m] / n);
        fprintf(out, "\n");
    }
    fprintf(out, "\n*The difference of the two scores in points when the game ended, as shares of "
                 "the games.*\n\n## Merges\n\n| nodes | merges per game | games with a merge "
                 "|\n|---:|---:|---:|\n");
    for (int k = 0; k < r->ec->ndepths; k++) {
        const EdgeCell *c = &r->cell[k];
        char g[64];
        rate_text(series_wilson(c->merge_games, c->games), g, sizeof g);
        fprintf(out, "| %ld | %.3f | %s |\n", r->ec->node[k], (double)c->merges / (double)c->games,
                g);
    }
    fprintf(out, "\n*Merges (field promotions) played after the opening.*\n\n## Who calls the "
                 "clock\n\n| nodes | games with a call | caller ahead | level | behind | "
                 "the caller wins | draws | wins when ahead | level | behind "
                 "|\n|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n");
    for (int k = 0; k < r->ec->ndepths; k++) {
        const EdgeCell *c = &r->cell[k];
        long calls = standings_sum(c->calls);
        char w[64];
        rate_text(series_wilson(standings_sum(c->call_wins), calls), w, sizeof w);
        fprintf(out, "| %ld | %ld (%.1f%%) |", r->ec->node[k], calls,
                100 * (double)calls / (double)c->games);
        for (int s = 0; s < EDGE_STANDINGS; s++)
            fprintf(out, " %ld |", c->calls[s]);
        fprintf(out, " %s | %ld |", w, standings_sum(c->call_draws));
        for (int s = 0; s < EDGE_STANDINGS; s++)
            fprintf(out, " %ld/%ld |", c->call_wins[s], c->calls[s]);
        fprintf(out, "\n");
    }
    fprintf(out, "\n*The caller's standing on points at the moment of the call; \"wins\": the "
                 "caller's side won the game.*\n\n");
    if (r->game->no_undo)
        report_no_undo(out, r);
    if (r->game->players == 4)
        report_partners(out, r);
}

bool edge_write_report(FILE *out, void *data)
{
    const EdgeResult *r = data;
    const EdgeConfig *ec = r->ec;
    const MatchConfig *mc = match_config(r->cfg);
    char headline[200];
    headline_text(r, headline, sizeof headline);
    fprintf(out, "# The first player's edge: `%s`\n\n**%s.**\n\n", r->cfg->name, headline);
    job_report_game(out, r->cfg);
    fprintf(out, "%s's engine (weights `%s`) against itself, %ld games at each of", r->game->title,
            ec->weights, ec->games);
    for (int k = 0; k < ec->ndepths; k++)
        fprintf(out, "%s %ld", k ? (k + 1 == ec->ndepths ? " and" : ",") : "", ec->node[k]);
    fprintf(out,
            " nodes per move, each game from a random opening of %ld plies (the same openings "
            "at every strength, seed %llu); games longer than %ld plies are %s; draw "
            "adjudication %s, resign adjudication %s. The first player is %s. Each strength is "
            "a run of its own:",
            mc->opening_plies, r->cfg->seed, mc->max_plies,
            r->game->scores ? "scored by the points" : "drawn", mc->draw_move_count ? "on" : "off",
            mc->resign_move_count ? "on" : "off", first_name(r));
    for (int k = 0; k < ec->ndepths; k++) {
        char dir[64];
        edge_part_dir(r, k, dir, sizeof dir);
        fprintf(out, "%s [%s](%s/report.md)", k ? "," : "", dir, dir);
    }
    fprintf(out, ".\n\n## The first player's edge by strength\n\n");
    report_edge(out, r);
    fprintf(out, "## How the games end\n\n");
    report_endings(out, r);
    if (variant_zoned(r->game))
        report_zoned(out, r);
    fprintf(out,
            "Files: `edge.csv` (the first player by strength), `endings.csv` (terminations, "
            "draws%s), `endings_share.csv` (their shares, plotted)%s, `summary.json` (every "
            "figure); each strength's folder holds its own `config.ini` and `games.pgn`.\n",
            variant_zoned(r->game) ? ", ties" : "",
            !variant_zoned(r->game) ? ""
            : r->game->no_undo
                ? ", `margins.csv` (the final margins), `zoned.csv` (merges, clock calls, the "
                  "no-undo rule)"
                : ", `margins.csv` (the final margins), `zoned.csv` (merges, clock calls, "
                  "partner captures)");
    return true;
}

/* One strength's member of summary.json's "strengths". */
static void summary_cell(FILE *out, const EdgeResult *r, int k)
{
    const EdgeCell *c = &r->cell[k];
    fprintf(out,
            "    {\"nodes\": %ld, \"games\": %ld, \"first_wins\": %ld, \"draws\": %ld, "
            "\"first_losses\": %ld, \"first_score\": ",
            r->ec->node[k], c->games, c->wins, c->draws, c->losses);
    json_rate(out, first_score(c));
    fprintf(out, ", \"draw_rate\": ");
    json_rate(out, series_wilson(c->draws, c->games));
    fprintf(out, ", \"first_decisive_share\": ");
    json_rate(out, first_decisive(c));
    fprintf(out, ",\n     \"terminations\": {");
    const char *sep = "";
    for (int t = 0; t < TERM_NB; t++)
        if (term_listed(r, t)) {
            fprintf(out, "%s\"%s\": {\"games\": %ld, \"share\": ", sep,
                    game_termination_name((Termination)t), c->term[t]);
            json_num(out, (double)c->term[t] / (double)c->games);
            fprintf(out, "}");
            sep = ", ";
        }
    SeriesRate len = series_mean((double)c->plies, (double)c->plies_sq, c->games);
    fprintf(out, "},\n     \"plies\": {\"mean\": ");
    json_rate(out, len);
    fprintf(out, ", \"median\": %d, \"max\": %d}", median_plies(c), c->plies_max);
    if (variant_zoned(r->game)) {
        double n = (double)c->games;
        fprintf(out, ",\n     \"ties\": %ld, \"margin\": {\"mean\": ", c->ties);
        json_num(out, (double)c->margin_sum / n);
        for (int m = 0; m < EDGE_MARGINS; m++)
            fprintf(out, ", \"%s\": %ld", MARGIN_NAMES[m], c->margin[m]);
        fprintf(out, "},\n     \"merges\": {\"total\": %ld, \"per_game\": ", c->merges);
        json_num(out, (double)c->merges / n);
        fprintf(out, ", \"games\": %ld, \"game_share\": ", c->merge_games);
        json_rate(out, series_wilson(c->merge_games, c->games));
        long calls = standings_sum(c->calls);
        fprintf(out,
                "},\n     \"clock\": {\"calls\": %ld, \"caller_wins\": %ld, "
                "\"caller_draws\": %ld, \"caller_win_rate\": ",
                calls, standings_sum(c->call_wins), standings_sum(c->call_draws));
        json_rate(out, series_wilson(standings_sum(c->call_wins), calls));
        for (int s = 0; s < EDGE_STANDINGS; s++)
            fprintf(out, ", \"%s\": {\"calls\": %ld, \"caller_wins\": %ld, \"caller_draws\": %ld}",
                    STANDING_NAMES[s], c->calls[s], c->call_wins[s], c->call_draws[s]);
        fprintf(out,
                "},\n     \"no_undo\": {\"positions\": %ld, \"removed\": %ld, "
                "\"position_share\": ",
                c->positions, c->undo_positions);
        json_rate(out, series_wilson(c->undo_positions, c->positions));
        fprintf(out, ", \"games\": %ld, \"game_share\": ", c->undo_games);
        json_rate(out, series_wilson(c->undo_games, c->games));
        fprintf(out, "}");
        if (r->game->players == 4)
            fprintf(out,
                    ",\n     \"partner_captures\": {\"captures\": %ld, \"games\": %ld, "
                    "\"taker_wins\": %ld, \"taker_draws\": %ld, \"taker_losses\": %ld}",
                    c->partner_captures, c->partner_games, c->partner_result[2],
                    c->partner_result[1], c->partner_result[0]);
    }
    fprintf(out, "}");
}

bool edge_write_summary(FILE *out, void *data)
{
    const EdgeResult *r = data;
    fprintf(out, "{\n  \"job\": \"edge\",\n  \"run\": \"%s\",\n  \"seed\": %llu,\n", r->cfg->name,
            r->cfg->seed);
    job_summary_game(out, r->cfg);
    fprintf(out,
            "  \"game\": \"%s\",\n  \"first_player\": \"%s\",\n  \"weights\": \"%s\",\n"
            "  \"opening_plies\": %ld,\n  \"games_per_strength\": %ld,\n  \"zoned\": %s,\n"
            "  \"strengths\": [\n",
            r->game->name, first_name(r), r->ec->weights, match_config(r->cfg)->opening_plies,
            r->ec->games, variant_zoned(r->game) ? "true" : "false");
    for (int k = 0; k < r->ec->ndepths; k++) {
        summary_cell(out, r, k);
        fprintf(out, "%s\n", k + 1 < r->ec->ndepths ? "," : "");
    }
    StatsTrend t;
    bool have = edge_trend(r, &t);
    char text[200];
    headline_text(r, text, sizeof text);
    fprintf(out, "  ],\n  \"headline\": \"%s\",\n", text);
    if (have)
        trend_text(&t, text, sizeof text);
    fprintf(out, "  \"trend\": {\"per\": \"doubling of the nodes\", \"text\": \"%s\", \"slope\": ",
            have ? text : "none fitted");
    json_num(out, have ? t.slope : NAN);
    fprintf(out, ", \"se\": ");
    json_num(out, have ? t.se : NAN);
    fprintf(out, ", \"lo\": ");
    json_num(out, have ? t.slope - Z95 * t.se : NAN);
    fprintf(out, ", \"hi\": ");
    json_num(out, have ? t.slope + Z95 * t.se : NAN);
    fprintf(out, ", \"p\": ");
    json_num(out, have ? t.p : NAN);
    fprintf(out, ", \"birge\": ");
    json_num(out, have ? t.birge : NAN);
    fprintf(out, ", \"verdict\": \"%s\"}\n}\n", have ? trend_verdict(&t) : "none");
    return true;
}

void edge_print(void *data)
{
    const EdgeResult *r = data;
    printf("\nEdge %s (%s): %s's score in self-play (95%% intervals)\n", r->cfg->name,
           r->game->title, first_name(r));
    for (int k = 0; k < r->ec->ndepths; k++) {
        char s[64];
        const EdgeCell *c = &r->cell[k];
        rate_text(first_score(c), s, sizeof s);
        printf("  %ld nodes: %s  W-D-L %ld-%ld-%ld\n", r->ec->node[k], s, c->wins, c->draws,
               c->losses);
    }
    char text[200];
    headline_text(r, text, sizeof text);
    printf("%s\n", text);
    StatsTrend t;
    if (edge_trend(r, &t)) {
        trend_text(&t, text, sizeof text);
        printf("The first player's edge %s (p %.3g)\n", text, t.p);
    }
    printf("Report: %s/report.md\n", r->rd->path);
}

const HtmlSpec edge_html = {
    .figures = {{"headline", "the first player's score at the strongest setting", NULL, NULL},
                {"trend.text", "the first player's edge", NULL, NULL},
                {"games_per_strength", "games at each strength", NULL, NULL}},
    .charts = {{.png = "edge.png",
                .csv = "edge.csv",
                .title = "The first player's score by strength (95% intervals)",
                .x = "nodes",
                .y = "first_score:first_lo:first_hi",
                .xlabel = "nodes per move",
                .ylabel = "first player's score",
                .categories = true,
                .yref = 0.5,
                .yref_label = "50%: no edge"},
               {.png = "endings.png",
                .csv = "endings_share.csv",
                .title = "How the games end, by strength",
                .x = "nodes",
                .y = "*",
                .xlabel = "nodes per move",
                .ylabel = "share of the games",
                .categories = true,
                .yref = 0,
                .yref_label = "0%"}},
};
