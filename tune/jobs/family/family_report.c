/* family_report.c: the family study's family.csv, report.md, summary.json, plot and printed
 * result, made from its parts' games.pgn (see family_job.h). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tune/jobs/family/family_report.h"
#include "tune/pages/html.h"
#include "tune/play/match_config.h"
#include "tune/run/plot.h"
#include "tune/run/text.h"

/* The half-width of a 95% interval in standard errors. */
#define Z95 STATS_Z95

/* series_read hook: counts a finished game into the cell (data: the FamilyCell). */
static bool tally_game(void *data, const PgnGame *g, int white, Termination term)
{
    FamilyCell *c = data;
    bool a_white = !strcmp(g->white.value, "A") || !strcmp(g->white.value, "defensive");
    long a = a_white ? white : 2 - white;
    c->games++;
    c->white_wins += white == 2;
    c->draws += white == 1;
    c->black_wins += white == 0;
    c->a_half_points += a;
    c->a_half_sq += a * a;
    c->plies += g->nplies;
    c->plies_sq += (long)g->nplies * g->nplies;
    if (g->nplies > c->plies_max)
        c->plies_max = g->nplies;
    c->term[term]++;
    return true;
}

/* Reads part <dir>/games.pgn of game g into c, which must hold `games` games. */
static bool read_part(const FamilyResult *r, int g, int k, long games, FamilyCell *c, char *err,
                      size_t errlen)
{
    char dir[64], path[1100];
    family_part_dir(r->fc, g, k, dir, sizeof dir);
    snprintf(path, sizeof path, "%s/%s/games.pgn", r->rd->path, dir);
    return series_read(path, variant_get((VariantId)g), games, tally_game, c, err, errlen);
}

bool family_read(FamilyResult *r, char *err, size_t errlen)
{
    const FamilyConfig *fc = r->fc;
    for (int g = 0; g < FAMILY_GAMES; g++) {
        for (int k = 0; k < fc->ndepths; k++)
            if (!read_part(r, g, k, fc->games, &r->self[g][k], err, errlen))
                return false;
        if (fc->defence > 100 &&
            !read_part(r, g, -1, fc->defence_games, &r->defensive[g], err, errlen))
            return false;
    }
    return true;
}

FamilyRate family_draw_rate(const FamilyCell *c) { return series_wilson(c->draws, c->games); }

/* A mean score (half points over n games, sum of squares sq) with a normal 95% interval. */
static FamilyRate score_of(long half, long sq, long n)
{
    return series_mean((double)half / 2.0, (double)sq / 4.0, n);
}

/* White's score in the cell's games. */
static FamilyRate white_score(const FamilyCell *c)
{
    return score_of(2 * c->white_wins + c->draws, 4 * c->white_wins + c->draws, c->games);
}

/* Player A's score (the defensive player's in defensive-<game>). */
static FamilyRate a_score(const FamilyCell *c)
{
    return score_of(c->a_half_points, c->a_half_sq, c->games);
}

/* The games' mean length in plies with its 95% interval. */
static FamilyRate mean_plies(const FamilyCell *c)
{
    return series_mean((double)c->plies, (double)c->plies_sq, c->games);
}

/* The standard error of a draw rate for the trend: from (draws + 1) / (games + 2). */
static double draw_se(const FamilyCell *c)
{
    double q = ((double)c->draws + 1) / ((double)c->games + 2);
    return sqrt(q * (1 - q) / (double)c->games);
}

bool family_trend(const FamilyResult *r, int g, StatsTrend *t)
{
    double x[FAMILY_MAX_DEPTHS], y[FAMILY_MAX_DEPTHS], se[FAMILY_MAX_DEPTHS];
    int n = r->fc->ndepths;
    for (int k = 0; k < n; k++) {
        const FamilyCell *c = &r->self[g][k];
        x[k] = log2((double)r->fc->node[k]);
        y[k] = family_draw_rate(c).p;
        se[k] = draw_se(c);
    }
    return stats_trend(x, y, se, n, t);
}

/* The difference of the two games' trends (Ultima's slope minus Maxima's), its standard error,
 * z and two-sided p; false when either trend is missing. */
static bool trend_difference(const FamilyResult *r, double *diff, double *se, double *z, double *p)
{
    StatsTrend m, u;
    if (!family_trend(r, VARIANT_MAXIMA, &m) || !family_trend(r, VARIANT_ULTIMA, &u))
        return false;
    *diff = u.slope - m.slope;
    *se = sqrt(m.se * m.se + u.se * u.se);
    *z = *diff / *se;
    *p = erfc(fabs(*z) / sqrt(2.0));
    return true;
}

/* An Elo figure as "+12" ("0" for one that rounds to 0, never "-0"). */
static void elo_text(double elo, char *buf, size_t len)
{
    if (isinf(elo))
        snprintf(buf, len, "%s", elo > 0 ? "+inf" : "-inf");
    else if (fabs(elo) < 0.5)
        snprintf(buf, len, "0");
    else
        snprintf(buf, len, "%+.0f", elo);
}

/* A rate as "12.3% [10.1, 14.8]". */
static void rate_text(FamilyRate x, char *buf, size_t len)
{
    snprintf(buf, len, "%.1f%% [%.1f, %.1f]", 100 * x.p, 100 * x.lo, 100 * x.hi);
}

/* One family.csv row. */
static void table_row(FILE *out, int g, const char *kind, long nodes, const FamilyCell *c)
{
    FamilyRate d = family_draw_rate(c), dec = series_wilson(c->games - c->draws, c->games);
    FamilyRate w = white_score(c), a = a_score(c), len = mean_plies(c);
    fprintf(out,
            "%s,%s,%ld,%ld,%ld,%ld,%ld,%.6f,%.6f,%.6f,%.6f,%.6f,%.6f,%.6f,%.6f,%.6f,%.6f,%.2f,"
            "%d,%.6f,%.6f,%.6f",
            variant_get((VariantId)g)->name, kind, nodes, c->games, c->white_wins, c->draws,
            c->black_wins, d.p, d.lo, d.hi, dec.p, dec.lo, dec.hi, w.p, w.lo, w.hi, len.p,
            len.hi - len.p, c->plies_max, a.p, a.lo, a.hi);
    for (int t = 0; t < TERM_NB; t++)
        fprintf(out, ",%ld", c->term[t]);
    fprintf(out, "\n");
}

bool family_write_table(FILE *out, void *data)
{
    const FamilyResult *r = data;
    fprintf(out, "game,kind,nodes,games,white_wins,draws,black_wins,draw_rate,draw_lo,draw_hi,"
                 "decisive_rate,decisive_lo,decisive_hi,white_score,white_lo,white_hi,"
                 "mean_plies,mean_plies_error95,max_plies,a_score,a_lo,a_hi");
    for (int t = 0; t < TERM_NB; t++) {
        char name[64];
        snprintf(name, sizeof name, "%s", game_termination_name((Termination)t));
        for (char *s = name; *s; s++)
            if (*s == ' ' || *s == ':')
                *s = '_';
        fprintf(out, ",%s", name);
    }
    fprintf(out, "\n");
    for (int g = 0; g < FAMILY_GAMES; g++) {
        for (int k = 0; k < r->fc->ndepths; k++)
            table_row(out, g, "selfplay", r->fc->node[k], &r->self[g][k]);
        if (r->fc->defence > 100)
            table_row(out, g, "defensive", r->fc->defence_nodes, &r->defensive[g]);
    }
    return true;
}

/* The report's table of the self-play series: rates, White's score, length. */
static void report_series(FILE *out, const FamilyResult *r)
{
    fprintf(out, "| game | nodes | games | White-draw-Black | draw rate | decisive | White's score "
                 "| plies after the opening (mean) | longest "
                 "|\n|---|---:|---:|---|---:|---:|---:|---:|---:|\n");
    for (int g = 0; g < FAMILY_GAMES; g++)
        for (int k = 0; k < r->fc->ndepths; k++) {
            const FamilyCell *c = &r->self[g][k];
            char d[64], dec[64], w[64];
            rate_text(family_draw_rate(c), d, sizeof d);
            rate_text(series_wilson(c->games - c->draws, c->games), dec, sizeof dec);
            rate_text(white_score(c), w, sizeof w);
            FamilyRate len = mean_plies(c);
            fprintf(out, "| %s | %ld | %ld | %ld-%ld-%ld | %s | %s | %s | %.1f +/- %.1f | %d |\n",
                    variant_get((VariantId)g)->title, r->fc->node[k], c->games, c->white_wins,
                    c->draws, c->black_wins, d, dec, w, len.p, len.hi - len.p, c->plies_max);
        }
    fprintf(out, "\n*95%% intervals: Wilson's for the rates, normal for White's score (its share "
                 "of the points) and the mean length.*\n\n");
}

/* One row of the endings table: the part's label and each termination's count. */
static void ending_row(FILE *out, const char *game, const char *label, const FamilyCell *c)
{
    fprintf(out, "| %s | %s |", game, label);
    for (int t = 0; t < TERM_NB; t++)
        if (t < TERM_TIME_FORFEIT)
            fprintf(out, " %ld |", c->term[t]);
    fprintf(out, "\n");
}

/* The report's table of how the games ended. */
static void report_endings(FILE *out, const FamilyResult *r)
{
    fprintf(out, "| game | games of |");
    for (int t = 0; t < TERM_TIME_FORFEIT; t++)
        fprintf(out, " %s |", game_termination_name((Termination)t));
    fprintf(out, "\n|---|---|");
    for (int t = 0; t < TERM_TIME_FORFEIT; t++)
        fprintf(out, "---:|");
    fprintf(out, "\n");
    for (int g = 0; g < FAMILY_GAMES; g++) {
        const char *title = variant_get((VariantId)g)->title;
        for (int k = 0; k < r->fc->ndepths; k++) {
            char label[64];
            snprintf(label, sizeof label, "self-play, %ld nodes", r->fc->node[k]);
            ending_row(out, title, label, &r->self[g][k]);
        }
        if (r->fc->defence > 100)
            ending_row(out, title, "defensive against normal", &r->defensive[g]);
    }
    fprintf(out, "\n*Checkmate, stalemate (a loss in Ultima, a draw in Maxima), bare king and "
                 "invasion (Maxima) end by the rules; repetition, the maximum game length and "
                 "the draw and resign adjudications are the match's ([match]).*\n\n");
}

/* The report's trend section: each game's slope and the test of their difference. */
static void report_trends(FILE *out, const FamilyResult *r)
{
    fprintf(out, "| game | draw rate per doubling of the nodes | 95%% interval | p (no trend) | "
                 "Birge ratio |\n|---|---:|---|---:|---:|\n");
    for (int g = 0; g < FAMILY_GAMES; g++) {
        StatsTrend t;
        if (!family_trend(r, g, &t))
            continue;
        fprintf(out, "| %s | %+.2f points | [%+.2f, %+.2f] | %.3g | %.2f |\n",
                variant_get((VariantId)g)->title, 100 * t.slope, 100 * (t.slope - Z95 * t.se),
                100 * (t.slope + Z95 * t.se), t.p, t.birge);
    }
    double diff, se, z, p;
    if (!trend_difference(r, &diff, &se, &z, &p))
        return;
    const char *verdict =
        p >= 0.05  ? "**no difference detected** between the two games' trends"
        : diff > 0 ? "the draw rate **climbs faster with depth in Ultima** than in Maxima"
                   : "the draw rate **climbs faster with depth in Maxima** than in Ultima";
    fprintf(out,
            "\nUltima's slope minus Maxima's: **%+.2f points per doubling** [%+.2f, %+.2f], "
            "z = %.2f, p = %.3g: %s (5%% level).\n\n",
            100 * diff, 100 * (diff - Z95 * se), 100 * (diff + Z95 * se), z, p, verdict);
}

/* The report's defensive-player section. */
static void report_defensive(FILE *out, const FamilyResult *r)
{
    const FamilyConfig *fc = r->fc;
    fprintf(out, "## The defensive player\n\n");
    if (fc->defence <= 100) {
        fprintf(out, "Not played (`[family] defence = 100`).\n\n");
        return;
    }
    fprintf(out,
            "Each game's engine with its own pieces lost, its King's freezing and the enemy's "
            "threats to its King weighed at %ld%% (`[engine_a] defence`), against the same "
            "engine as it is, %ld games at %ld nodes per move, colours alternating.\n\n"
            "| game | defensive player's score | Elo | draw rate | self-play draw rate at %ld "
            "nodes |\n|---|---:|---:|---:|---:|\n",
            fc->defence, fc->defence_games, fc->defence_nodes, fc->defence_nodes);
    for (int g = 0; g < FAMILY_GAMES; g++) {
        const FamilyCell *c = &r->defensive[g];
        FamilyRate s = a_score(c);
        char score[64], d[64], self[64] = "(not measured)";
        rate_text(s, score, sizeof score);
        rate_text(family_draw_rate(c), d, sizeof d);
        for (int k = 0; k < fc->ndepths; k++)
            if (fc->node[k] == fc->defence_nodes)
                rate_text(family_draw_rate(&r->self[g][k]), self, sizeof self);
        char elo[3][16];
        elo_text(stats_elo_from_score(s.p), elo[0], sizeof elo[0]);
        elo_text(s.lo > 0 ? stats_elo_from_score(s.lo) : -INFINITY, elo[1], sizeof elo[1]);
        elo_text(s.hi < 1 ? stats_elo_from_score(s.hi) : INFINITY, elo[2], sizeof elo[2]);
        fprintf(out, "| %s | %s | %s [%s, %s] | %s | %s |\n", variant_get((VariantId)g)->title,
                score, elo[0], elo[1], elo[2], d, self);
    }
    fprintf(out, "\n*A defence that \"cannot be broken\" scores near 50%% with many draws; one "
                 "that can be broken loses.*\n\n");
}

/* Writes the link to part (g, k)'s report, after *sep. */
static void part_link(FILE *out, const FamilyConfig *fc, int g, int k, const char **sep)
{
    char dir[64];
    family_part_dir(fc, g, k, dir, sizeof dir);
    fprintf(out, "%s [%s](%s/report.md)", *sep, dir, dir);
    *sep = ",";
}

bool family_write_report(FILE *out, void *data)
{
    const FamilyResult *r = data;
    const FamilyConfig *fc = r->fc;
    const MatchConfig *mc = match_config(r->cfg);
    fprintf(out, "# Family study `%s`\n\n", r->cfg->name);
    fprintf(out,
            "Abbott's \"What's wrong with Ultima?\": (1) defence is far stronger than attack, so "
            "that a defensive player cannot be broken. Measured here in Ultima and in Maxima "
            "(Lavieri's mended Ultima): each game's engine (Maxima: weights `%s`; Ultima: `%s`) "
            "against itself, %ld games at each of",
            fc->maxima_weights, fc->ultima_weights, fc->games);
    for (int k = 0; k < fc->ndepths; k++)
        fprintf(out, "%s %ld", k ? (k + 1 == fc->ndepths ? " and" : ",") : "", fc->node[k]);
    fprintf(out,
            " nodes per move, each game from a random opening of %ld plies (the same openings "
            "at every depth, seed %llu); games longer than %ld plies are drawn; draw "
            "adjudication %s, resign adjudication %s. Each part is a run of its own:",
            mc->opening_plies, r->cfg->seed, mc->max_plies, mc->draw_move_count ? "on" : "off",
            mc->resign_move_count ? "on" : "off");
    const char *sep = "";
    for (int g = 0; g < FAMILY_GAMES; g++)
        for (int k = 0; k < fc->ndepths; k++)
            part_link(out, fc, g, k, &sep);
    for (int g = 0; g < FAMILY_GAMES && fc->defence > 100; g++)
        part_link(out, fc, g, -1, &sep);
    fprintf(out, ".\n\n");
    fprintf(out, "## Self-play by depth\n\n");
    report_series(out, r);
    fprintf(out, "![Draw rate against nodes per move](draw_rate.png)\n\n*The draw rate of each "
                 "game's self-play against the nodes per move (log scale), with 95%% "
                 "intervals.*\n\n## How the games end\n\n");
    report_endings(out, r);
    fprintf(out, "## Does the draw rate climb with depth faster in Ultima?\n\n"
                 "A weighted least-squares line of each game's draw rate against log2(nodes) "
                 "(each rate's error from (draws + 1) / (games + 2), so that a rate of 0 has "
                 "one; the slope's error scaled up by the Birge ratio when the points scatter "
                 "beyond their errors), then the difference of the two slopes with the errors "
                 "combined (the games are independent).\n\n");
    report_trends(out, r);
    report_defensive(out, r);
    fprintf(out, "Files: `family.csv` (every part: its counts, rates with 95%% intervals, White's "
                 "score, lengths, endings; `a_score` is the defensive player's score in its "
                 "rows), `summary.json`, `draw_rate.png`; each part's folder holds its own "
                 "`config.ini` (which re-runs that part alone) and `games.pgn`.\n");
    return true;
}

/* One cell of summary.json. */
static void summary_cell(FILE *out, const char *key, const FamilyCell *c)
{
    FamilyRate d = family_draw_rate(c), w = white_score(c), a = a_score(c);
    fprintf(out,
            "\"%s\": {\"games\": %ld, \"white_wins\": %ld, \"draws\": %ld, \"black_wins\": %ld, "
            "\"draw_rate\": [%.6f, %.6f, %.6f], \"white_score\": [%.6f, %.6f, %.6f], "
            "\"a_score\": [%.6f, %.6f, %.6f], \"mean_plies\": %.2f, \"max_plies\": %d}",
            key, c->games, c->white_wins, c->draws, c->black_wins, d.p, d.lo, d.hi, w.p, w.lo, w.hi,
            a.p, a.lo, a.hi, mean_plies(c).p, c->plies_max);
}

bool family_write_summary(FILE *out, void *data)
{
    const FamilyResult *r = data;
    fprintf(out, "{\n  \"job\": \"family\",\n  \"run\": \"%s\",\n  \"seed\": %llu,\n  \"games\": {",
            r->cfg->name, r->cfg->seed);
    for (int g = 0; g < FAMILY_GAMES; g++) {
        fprintf(out, "%s\n    \"%s\": {", g ? "," : "", variant_get((VariantId)g)->name);
        for (int k = 0; k < r->fc->ndepths; k++) {
            char key[32];
            snprintf(key, sizeof key, "%ld", r->fc->node[k]);
            summary_cell(out, key, &r->self[g][k]);
            fprintf(out, ", ");
        }
        if (r->fc->defence > 100) {
            summary_cell(out, "defensive", &r->defensive[g]);
            fprintf(out, ", ");
        }
        StatsTrend t;
        bool have = family_trend(r, g, &t);
        fprintf(out, "\"draw_trend_per_doubling\": {\"slope\": %.6f, \"se\": %.6f, \"p\": %.6g}}",
                have ? t.slope : NAN, have ? t.se : NAN, have ? t.p : NAN);
    }
    double diff = NAN, se = NAN, z = NAN, p = NAN;
    trend_difference(r, &diff, &se, &z, &p);
    fprintf(out,
            "\n  },\n  \"ultima_minus_maxima_trend\": {\"slope\": %.6f, \"se\": %.6f, \"z\": %.4f, "
            "\"p\": %.6g}\n}\n",
            diff, se, z, p);
    return true;
}

void family_print(void *data)
{
    const FamilyResult *r = data;
    printf("\nFamily study %s: self-play draw rates (95%% intervals)\n", r->cfg->name);
    for (int g = 0; g < FAMILY_GAMES; g++) {
        printf("%-7s", variant_get((VariantId)g)->title);
        for (int k = 0; k < r->fc->ndepths; k++) {
            char d[64];
            rate_text(family_draw_rate(&r->self[g][k]), d, sizeof d);
            printf("  %ld nodes %s", r->fc->node[k], d);
        }
        if (r->fc->defence > 100)
            printf("  defensive player's score %.1f%%", 100 * a_score(&r->defensive[g]).p);
        printf("\n");
    }
    double diff, se, z, p;
    if (trend_difference(r, &diff, &se, &z, &p))
        printf("Ultima's draw-rate slope minus Maxima's: %+.2f points per doubling +- %.2f "
               "(p %.3g)\n",
               100 * diff, 100 * Z95 * se, p);
    printf("Report: %s/report.md\n", r->rd->path);
}

bool family_plot(void *data)
{
    const FamilyResult *r = data;
    char title[160];
    snprintf(title, sizeof title, "%s: self-play draw rate against nodes per move", r->cfg->name);
    return plot_draw(r->rd, "draw_rate.png", title,
                     "set datafile separator ','\nset key top left\nset logscale x 2\n"
                     "set xlabel 'nodes per move'\nset ylabel 'draw rate (%)'\n"
                     "set offsets graph 0.05, graph 0.05, graph 0.05, graph 0.05\n"
                     "plot for [g in 'maxima ultima'] 'family.csv' skip 1 using "
                     "(strcol(1) eq g && strcol(2) eq 'selfplay' ? $3 : 1/0):(100*$8):"
                     "(100*$9):(100*$10) with yerrorlines pt 7 lw 2 title g\n");
}

const HtmlSpec family_html = {0};
