/* tournament_report.c: the tournament job's files: games.pgn, pairings.csv, ratings.csv and
 * ratings.png, summary.json, report.md (rating table, crosstable, pairings) and what its
 * report.html shows. */
#include <string.h>

#include "tune/pages/html.h"
#include "tune/jobs/common/job.h"
#include "tune/jobs/common/match_output.h"
#include "tune/jobs/tournament/tournament_report.h"
#include "tune/play/pairs.h"
#include "tune/play/players.h"
#include "tune/run/plot.h"
#include "tune/stats/stats.h"
#include "tune/play/player_config.h"
#include "tune/play/match_config.h"
#include "tune/jobs/tournament/tournament_config.h"

/* The players in rating order (best first; ties and an unrated tournament: config order). */
static void rank_order(const Tournament *t, int *order)
{
    for (int i = 0; i < t->nplayers; i++)
        order[i] = i;
    for (int i = 1; i < t->nplayers && t->rated; i++) /* insertion sort: few players */
        for (int k = i; k > 0 && t->ratings[order[k]].elo > t->ratings[order[k - 1]].elo; k--) {
            int x = order[k];
            order[k] = order[k - 1];
            order[k - 1] = x;
        }
}

/* The name of player i. */
static const char *player_name(const Tournament *t, int i)
{
    return player_config(t->cfg, i)->name;
}

/* Points and games of player a against player b over their pairing (0 games when they did not
 * meet). */
static void head_to_head(const Tournament *t, int a, int b, double *points, long *games)
{
    *points = 0;
    *games = 0;
    for (int k = 0; k < t->npairings; k++) {
        int first = t->pairing[k][0] == a && t->pairing[k][1] == b;
        if (!first && !(t->pairing[k][0] == b && t->pairing[k][1] == a))
            continue;
        MatchSummary s = match_summary(t->matches[k]);
        double own = s.counts.wins + 0.5 * s.counts.draws;
        *games = stats_games(&s.counts);
        *points = first ? own : *games - own;
    }
}

bool tournament_write_pgn(FILE *out, void *data)
{
    const Tournament *t = data;
    for (int k = 0; k < t->npairings; k++)
        if (!match_write_pgn(out, t->matches[k]))
            return false;
    return true;
}

bool tournament_write_pairings(FILE *out, void *data)
{
    const Tournament *t = data;
    fprintf(out, "player_a,player_b,games,wins,losses,draws,score,elo,elo_low,elo_high\n");
    for (int k = 0; k < t->npairings; k++) {
        MatchSummary s = match_summary(t->matches[k]);
        EloEstimate e = stats_estimate(&s.counts);
        fprintf(out, "%s,%s,%ld,%ld,%ld,%ld,%.4f,%.2f,%.2f,%.2f\n", s.name_a, s.name_b,
                stats_games(&s.counts), s.counts.wins, s.counts.losses, s.counts.draws, e.score,
                e.elo, e.elo_lo, e.elo_hi);
    }
    return true;
}

bool tournament_write_ratings(FILE *out, void *data)
{
    const Tournament *t = data;
    int order[PLAYER_MAX];
    rank_order(t, order);
    fprintf(out, "rank,player,elo,elo_low,elo_high,error95,games,score\n");
    for (int k = 0; k < t->nplayers && t->rated; k++) {
        const Rating *r = &t->ratings[order[k]];
        fprintf(out, "%d,%s,%.2f,%.2f,%.2f,%.2f,%ld,%.4f\n", k + 1, player_name(t, order[k]),
                r->elo, r->elo - r->err95, r->elo + r->err95, r->err95, r->games, r->score);
    }
    return true;
}

/* Writes the "elo" and "elo_error95" objects of summary.json (player name: value) and the
 * ranked "ratings" list; null without ratings. */
static void summary_ratings(FILE *out, const Tournament *t)
{
    if (!t->rated) {
        fprintf(out, "  \"elo\": null,\n  \"elo_error95\": null,\n  \"ratings\": null,\n");
        return;
    }
    int order[PLAYER_MAX];
    rank_order(t, order);
    for (int part = 0; part < 2; part++) {
        fprintf(out, "  \"%s\": {", part ? "elo_error95" : "elo");
        for (int k = 0; k < t->nplayers; k++)
            fprintf(out, "%s\"%s\": %.2f", k ? ", " : "", player_name(t, order[k]),
                    part ? t->ratings[order[k]].err95 : t->ratings[order[k]].elo);
        fprintf(out, "},\n");
    }
    fprintf(out, "  \"ratings\": [");
    for (int k = 0; k < t->nplayers; k++) {
        const Rating *r = &t->ratings[order[k]];
        fprintf(out,
                "%s\n    {\"rank\": %d, \"player\": \"%s\", \"elo\": %.2f, \"error95\": %.2f, "
                "\"games\": %ld, \"score\": %.4f}",
                k ? "," : "", k + 1, player_name(t, order[k]), r->elo, r->err95, r->games,
                r->score);
    }
    fprintf(out, "\n  ],\n");
}

/* Writes the "pairings" list of summary.json. */
static void summary_pairings(FILE *out, const Tournament *t)
{
    fprintf(out, "  \"pairings\": [");
    for (int k = 0; k < t->npairings; k++) {
        MatchSummary s = match_summary(t->matches[k]);
        EloEstimate e = stats_estimate(&s.counts);
        fprintf(out,
                "%s\n    {\"player_a\": \"%s\", \"player_b\": \"%s\", \"games\": %ld, "
                "\"wins\": %ld, \"losses\": %ld, \"draws\": %ld, \"score\": %.6f, \"elo\": %.2f, "
                "\"elo_error95\": %.2f}",
                k ? "," : "", s.name_a, s.name_b, stats_games(&s.counts), s.counts.wins,
                s.counts.losses, s.counts.draws, e.score, e.elo, e.elo_err);
    }
    fprintf(out, "\n  ],\n");
}

/* Games by termination over every pairing. */
static void count_terminations(const Tournament *t, long *term)
{
    memset(term, 0, TERM_NB * sizeof *term);
    for (int k = 0; k < t->npairings; k++) {
        MatchSummary s = match_summary(t->matches[k]);
        for (int i = 0; i < TERM_NB; i++)
            term[i] += s.term[i];
    }
}

/* Games counted over every pairing. */
static long total_games(const Tournament *t)
{
    long games = 0;
    for (int k = 0; k < t->npairings; k++) {
        MatchSummary s = match_summary(t->matches[k]);
        games += stats_games(&s.counts);
    }
    return games;
}

bool tournament_write_summary(FILE *out, void *data)
{
    const Tournament *t = data;
    const TournamentConfig *tc = tournament_config(t->cfg);
    fprintf(out, "{\n  \"job\": \"tournament\",\n  \"run\": \"%s\",\n  \"seed\": %llu,\n",
            t->cfg->name, t->cfg->seed);
    job_summary_game(out, t->cfg);
    fprintf(out,
            "  \"format\": \"%s\",\n  \"players\": %d,\n  \"pairings\": %d,\n"
            "  \"pairs_per_pairing\": %ld,\n  \"games\": %ld,\n",
            tc->format, t->nplayers, t->npairings, tc->pairs, total_games(t));
    fprintf(out, "  \"anchor\": \"%s\",\n  \"anchor_elo\": %g,\n  \"virtual_draws\": %g,\n",
            player_name(t, t->anchor), tc->anchor_elo, tc->draws);
    fprintf(out, "  \"rating_error\": ");
    if (t->rated)
        fprintf(out, "null,\n");
    else
        fprintf(out, "\"%s\",\n", t->rating_error); /* rating.c's messages hold no quote */
    summary_ratings(out, t);
    summary_pairings(out, t);
    long term[TERM_NB];
    count_terminations(t, term);
    fprintf(out, "  \"terminations\": {");
    for (int i = 0, first = 1; i < TERM_NB; i++)
        if (game_termination_in_game((Termination)i, config_variant(t->cfg))) {
            fprintf(out, "%s\"%s\": %ld", first ? "" : ", ", game_termination_name((Termination)i),
                    term[i]);
            first = 0;
        }
    fprintf(out, "}\n}\n");
    return true;
}

bool tournament_write_timing(FILE *out, void *data)
{
    const Tournament *t = data;
    fprintf(out, "{\n  \"threads\": %d,\n  \"seconds\": %.3f\n}\n", config_threads(t->cfg),
            t->seconds);
    return true;
}

bool tournament_plot(void *data)
{
    const Tournament *t = data;
    if (!t->rated)
        return true; /* nothing to draw; report.md says why */
    static const char script[] =
        "set ylabel 'Elo'\nset xrange [0.4:*]\nset offsets 0, 0.6, 0, 0\n"
        "set xtics rotate by -30\nset key below horizontal\n"
        "plot 'ratings.csv' skip 1 using 1:3:4:5:xtic(2) with yerrorbars pt 7 ps 1.4 lw 2 "
        "lc rgb '#1f4e9c' title 'rating with its 95% interval (difference to the anchor)'\n";
    char title[200];
    snprintf(title, sizeof title, "%s: joint ratings, anchor %s at %g", t->cfg->name,
             player_name(t, t->anchor), tournament_config(t->cfg)->anchor_elo);
    return plot_draw(t->rd, "ratings.png", title, script);
}

void tournament_print(void *data)
{
    const Tournament *t = data;
    int order[PLAYER_MAX];
    rank_order(t, order);
    if (!t->rated)
        printf("no ratings: %s\n", t->rating_error);
    for (int k = 0; k < t->nplayers && t->rated; k++) {
        const Rating *r = &t->ratings[order[k]];
        printf("%2d  %-24s %8.1f +/- %5.1f  %5ld games  %5.1f%%\n", k + 1, player_name(t, order[k]),
               r->elo, r->err95, r->games, 100 * r->score);
    }
    printf("Results in %s/ (report.md, report.html)\n", t->rd->path);
}

/* Writes what plays for player i and its limits (player_describe), as table cells. */
static void report_player(FILE *out, const Tournament *t, int i)
{
    char text[3072];
    player_describe(player_config(t->cfg, i), PLAYER_CELLS, text, sizeof text);
    fprintf(out, "| %s | %s |\n", player_config(t->cfg, i)->name, text);
}

/* The rating table (or why there is none) and the plot. */
static void report_ratings(FILE *out, const Tournament *t, const int *order)
{
    if (!t->rated) {
        fprintf(out,
                "No joint ratings: %s (players are numbered as in the table above; "
                "`[tournament] draws = D` adds D virtual draws between players who met).\n\n",
                t->rating_error);
        return;
    }
    fprintf(out, "| rank | player | Elo | 95%% interval | games | score |\n"
                 "|---:|---|---:|---|---:|---:|\n");
    for (int k = 0; k < t->nplayers; k++) {
        const Rating *r = &t->ratings[order[k]];
        if (order[k] == t->anchor)
            fprintf(out, "| %d | **%s** | %.1f | (anchor) | %ld | %.1f%% |\n", k + 1,
                    player_name(t, order[k]), r->elo, r->games, 100 * r->score);
        else
            fprintf(out, "| %d | %s | %.1f | +/- %.1f [%.1f, %.1f] | %ld | %.1f%% |\n", k + 1,
                    player_name(t, order[k]), r->elo, r->err95, r->elo - r->err95,
                    r->elo + r->err95, r->games, 100 * r->score);
    }
    fprintf(out,
            "\n![Joint ratings](ratings.png)\n\n*Each player's rating (points) with the 95%% "
            "interval of its difference to the anchor `%s`, best first.*\n\n",
            player_name(t, t->anchor));
}

/* The crosstable: the row player's points against the column player, in rating order. */
static void report_crosstable(FILE *out, const Tournament *t, const int *order)
{
    fprintf(out, "## Crosstable\n\nPoints of the row's player against the column's, of the "
                 "games they played.\n\n| |");
    for (int c = 0; c < t->nplayers; c++)
        fprintf(out, " %s |", player_name(t, order[c]));
    fprintf(out, " total |\n|---|");
    for (int c = 0; c <= t->nplayers; c++)
        fprintf(out, "---:|");
    fprintf(out, "\n");
    for (int r = 0; r < t->nplayers; r++) {
        double sum = 0;
        long all = 0;
        fprintf(out, "| **%s** |", player_name(t, order[r]));
        for (int c = 0; c < t->nplayers; c++) {
            double pts;
            long games;
            head_to_head(t, order[r], order[c], &pts, &games);
            sum += pts;
            all += games;
            if (games)
                fprintf(out, " %g/%ld |", pts, games);
            else
                fprintf(out, " %s |", r == c ? "x" : "");
        }
        fprintf(out, " %g/%ld |\n", sum, all);
    }
    fprintf(out, "\n");
}

/* The pairings with their match figures, and the terminations. */
static void report_pairings(FILE *out, const Tournament *t)
{
    fprintf(out, "## Pairings\n\n| pairing | games (W-L-D) | score | Elo of the first |\n"
                 "|---|---|---:|---|\n");
    for (int k = 0; k < t->npairings; k++) {
        MatchSummary s = match_summary(t->matches[k]);
        EloEstimate e = stats_estimate(&s.counts);
        fprintf(out, "| %s vs %s | %ld (+%ld -%ld =%ld) | %.3f | %.1f +/- %.1f |\n", s.name_a,
                s.name_b, stats_games(&s.counts), s.counts.wins, s.counts.losses, s.counts.draws,
                e.score, e.elo, e.elo_err);
    }
    long term[TERM_NB];
    count_terminations(t, term);
    fprintf(out, "\nTerminations:");
    for (int i = 0, first = 1; i < TERM_NB; i++)
        if (term[i]) {
            fprintf(out, "%s %s %ld", first ? "" : ",",
                    game_termination_text((Termination)i, config_variant(t->cfg)), term[i]);
            first = 0;
        }
    fprintf(out, ".\n\n");
}

bool tournament_write_report(FILE *out, void *data)
{
    const Tournament *t = data;
    const Config *cfg = t->cfg;
    int order[PLAYER_MAX];
    rank_order(t, order);
    fprintf(out, "# Tournament `%s`\n\n", cfg->name);
    job_report_game(out, cfg);
    fprintf(out,
            "%d players, %s (%d pairings), %ld game pairs per pairing (each opening played "
            "twice with colours swapped; every pairing plays the same openings: %s%s, seed "
            "%llu): %ld games.\n\n| player | engine | limits |\n|---|---|---|\n",
            t->nplayers,
            !strcmp(tournament_config(cfg)->format, "gauntlet") ? "a gauntlet" : "round robin",
            t->npairings, tournament_config(cfg)->pairs,
            strcmp(match_config(cfg)->openings, "random") ? match_config(cfg)->openings
                                                          : "random, ",
            strcmp(match_config(cfg)->openings, "random") ? "" : "generated from the seed",
            cfg->seed, total_games(t));
    for (int i = 0; i < t->nplayers; i++)
        report_player(out, t, i);
    fprintf(out,
            "\n## Joint ratings\n\nMaximum likelihood over all %ld games at once (the logistic "
            "Elo model of the match figures, P = 1 / (1 + 10^(-diff/400)), draws as half "
            "points, as Ordo computes it); anchor `%s` at %g%s. The 95%% intervals are those "
            "of each player's difference to the anchor (sandwich covariance).\n\n",
            total_games(t), player_name(t, t->anchor), tournament_config(cfg)->anchor_elo,
            tournament_config(cfg)->draws > 0 ? ", with virtual draws between players who met"
                                              : "");
    report_ratings(out, t, order);
    report_crosstable(out, t, order);
    report_pairings(out, t);
    fprintf(out, "Files: `games.pgn` (every game, pairing by pairing; `maxtune ratings "
                 "games.pgn`, Ordo and BayesElo read it), `ratings.csv`, `ratings.png`, "
                 "`pairings.csv`, `summary.json` (these figures), `config.ini`, `run.txt` and "
                 "`timing.json` (speed; the only files that change from run to run with "
                 "`run.txt`).\n");
    return true;
}

const HtmlSpec tournament_html = {
    .figures = {{"players", "players", NULL, NULL},
                {"games", "games", NULL, NULL},
                {"anchor", "anchor (Elo 0)", NULL, NULL}},
    .charts = {{.png = "ratings.png",
                .csv = "ratings.csv",
                .title = "Joint ratings with 95% intervals",
                .x = "player",
                .y = "elo:elo_low:elo_high",
                .xlabel = "player",
                .ylabel = "Elo",
                .categories = true}},
    .games = {"games.pgn"},
};
