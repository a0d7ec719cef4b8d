/* match_output.c: the files and printed result made of a match (see match_output.h). Each is
 * written from the pairs counted in order (match_summary, match_pair), so none depends on the
 * number of threads or ranks. */
#include "match_output.h"

#include <math.h>

#include "tune/jobs/common/job.h"
#include "tune/play/match_config.h"
#include "tune/play/pgn.h"
#include "tune/run/plot.h"
#include "tune/stats/stats.h"

/* JSON string escape of a plain name (config names have no quotes or backslashes). */
static const char *json_name(const char *s) { return s; }

/* Writer for games.pgn: every counted pair in order. */
bool match_write_pgn(FILE *out, void *data)
{
    const Match *m = data;
    MatchSummary s = match_summary(m);
    const char *names[2] = {s.name_a, s.name_b};
    for (long i = 0; i < s.pairs; i++) {
        Position opening;
        match_opening(m, i, &opening);
        for (int g = 0; g < 2; g++) {
            const GameResult *r = &match_pair(m, i)->game[g];
            char round[48];
            snprintf(round, sizeof round, "%ld.%d", i + 1, g + 1);
            pgn_write_game(out, match_run_config(m)->name, round, names[g], names[!g], &opening,
                           r->moves, r->nmoves, r->result, (Termination)r->term);
        }
    }
    return true;
}

/* The verdict of summary.json's "sprt" member. */
static const char *verdict_name(const Config *cfg, SprtVerdict v)
{
    return !match_config(cfg)->sprt ? "none"
           : v == SPRT_ACCEPT_H1    ? "H1"
           : v == SPRT_ACCEPT_H0    ? "H0"
                                    : "inconclusive";
}

/* Writer for summary.json: everything reproducible about the result (no timing). */
bool match_write_summary(FILE *out, void *data)
{
    const Match *m = data;
    const Config *cfg = match_run_config(m);
    MatchSummary s = match_summary(m);
    const MatchCounts *c = &s.counts;
    EloEstimate e = stats_estimate(c), ep = stats_estimate_pentanomial(c);
    char llr[32] = "null"; /* NAN: fishtest's LLR is undefined on these counts */
    if (!isnan(s.llr))
        snprintf(llr, sizeof llr, "%.4f", s.llr);
    fprintf(out, "{\n  \"job\": \"match\",\n  \"run\": \"%s\",\n  \"seed\": %llu,\n",
            json_name(cfg->name), cfg->seed);
    job_summary_game(out, cfg);
    fprintf(out, "  \"player_a\": \"%s\",\n  \"player_b\": \"%s\",\n", json_name(s.name_a),
            json_name(s.name_b));
    fprintf(out,
            "  \"pairs\": %ld,\n  \"games\": %ld,\n  \"wins\": %ld,\n  \"losses\": %ld,\n"
            "  \"draws\": %ld,\n",
            s.pairs, 2 * s.pairs, c->wins, c->losses, c->draws);
    fprintf(out, "  \"pentanomial\": [%ld, %ld, %ld, %ld, %ld],\n", c->penta[0], c->penta[1],
            c->penta[2], c->penta[3], c->penta[4]);
    fprintf(out,
            "  \"score\": %.6f,\n  \"elo\": %.2f,\n  \"elo_error95\": %.2f,\n"
            "  \"elo_pentanomial\": %.2f,\n  \"elo_pentanomial_error95\": %.2f,\n"
            "  \"los\": %.6f,\n  \"draw_ratio\": %.6f,\n  \"nelo\": %.2f,\n"
            "  \"nelo_error95\": %.2f,\n",
            e.score, e.elo, e.elo_err, ep.elo, ep.elo_err, e.los, e.draw_ratio, e.nelo, e.nelo_err);
    fprintf(out,
            "  \"sprt\": {\"enabled\": %s, \"elo0\": %g, \"elo1\": %g, \"alpha\": %g, "
            "\"beta\": %g, \"model\": \"%s\", \"llr\": %s, \"lower\": %.4f, "
            "\"upper\": %.4f, \"verdict\": \"%s\"},\n",
            match_config(cfg)->sprt ? "true" : "false", s.sprt.elo0, s.sprt.elo1, s.sprt.alpha,
            s.sprt.beta, match_config(cfg)->sprt_model, llr, s.lower, s.upper,
            verdict_name(cfg, s.verdict));
    fprintf(out, "  \"terminations\": {");
    for (int t = 0, first = 1; t < TERM_NB; t++)
        if (game_termination_in_game((Termination)t, config_variant(cfg))) {
            fprintf(out, "%s\"%s\": %ld", first ? "" : ", ", game_termination_name((Termination)t),
                    s.term[t]);
            first = 0;
        }
    fprintf(out, "}\n}\n");
    return true;
}

bool match_write_timing(FILE *out, void *data)
{
    MatchTiming t = match_timing(data);
    double elapsed = t.seconds;
    double busy = elapsed > 0 ? t.search_seconds / (t.players * elapsed) : 0;
    fprintf(out,
            "{\n  \"threads\": %d,\n  \"seconds\": %.3f,\n  \"games_played_now\": %ld,\n"
            "  \"games_per_second\": %.4f,\n  \"resumed_games\": %ld,\n"
            "  \"search_seconds\": %.3f,\n  \"fraction_outside_search\": %.4f\n}\n",
            t.players, elapsed, 2 * t.played, elapsed > 0 ? 2 * t.played / elapsed : 0,
            2 * t.resumed, t.search_seconds, 1 - busy);
    return true;
}

void match_write_verification_json(FILE *out, const Match *m)
{
    if (!m) {
        fprintf(out, "  \"verification\": null\n");
        return;
    }
    MatchCounts c = match_counts(m);
    EloEstimate e = stats_estimate(&c);
    fprintf(out,
            "  \"verification\": {\"games\": %ld, \"wins\": %ld, \"losses\": %ld, "
            "\"draws\": %ld, \"elo\": %.2f, \"elo_error95\": %.2f, \"elo_low\": %.2f, "
            "\"elo_high\": %.2f, \"los\": %.6f}\n",
            stats_games(&c), c.wins, c.losses, c.draws, e.elo, e.elo_err, e.elo_lo, e.elo_hi,
            e.los);
}

bool match_write_progress(FILE *out, void *data)
{
    const Match *m = data;
    const PairResult *p;
    MatchCounts mc = {0};
    fprintf(out, "games,elo,elo_low,elo_high,score\n");
    for (long i = 0; (p = match_pair(m, i)); i++) {
        stats_add_pair(&mc, pair_score(p, 0), pair_score(p, 1));
        EloEstimate e = stats_estimate(&mc);
        fprintf(out, "%ld,%.2f,%.2f,%.2f,%.4f\n", 2 * (i + 1), e.elo, e.elo_lo, e.elo_hi, e.score);
    }
    return true;
}

/* Draws the Elo over the games with its band. The y range grows with the data up to +-1250,
 * beyond the +-1199.8 where Elo saturates, so that the first games' wide intervals are drawn
 * whole instead of clipped (it was +-1000). */
bool match_plot_progress(const Match *m, const RunDir *rd, const char *csv, const char *png)
{
    char script[1024], title[256];
    MatchSummary s = match_summary(m);
    snprintf(title, sizeof title, "%s vs %s: Elo difference with its 95%% interval", s.name_a,
             s.name_b);
    snprintf(script, sizeof script,
             "set xlabel 'games'\nset ylabel 'Elo'\nset yrange [-1250<*<0:0<*<1250]\n"
             "plot '%s' using 1:3:4 with filledcurves lc rgb '#c8d8f0' title '95%% interval', "
             "'' using 1:2 with lines lw 2 lc rgb '#1f4e9c' title 'Elo', 0 with lines lc rgb "
             "'#888888' notitle\n",
             csv);
    return plot_draw(rd, png, title, script);
}

/* Prints the cutechess-style result block. */
void match_print_result(const Match *m)
{
    MatchSummary s = match_summary(m);
    const MatchCounts *c = &s.counts;
    EloEstimate e = stats_estimate(c);
    printf("Score of %s vs %s: %ld - %ld - %ld  [%.3f] %ld\n", s.name_a, s.name_b, c->wins,
           c->losses, c->draws, e.score, 2 * s.pairs);
    printf("Elo difference: %.1f +/- %.1f, LOS: %.1f %%, DrawRatio: %.1f %%\n", e.elo, e.elo_err,
           100 * e.los, 100 * e.draw_ratio);
    printf("Pentanomial [LL, LD+DL, LW+DD+WL, WD+DW, WW]: [%ld, %ld, %ld, %ld, %ld]\n", c->penta[0],
           c->penta[1], c->penta[2], c->penta[3], c->penta[4]);
    printf("Normalized Elo: %.1f +/- %.1f\n", e.nelo, e.nelo_err);
    if (match_config(match_run_config(m))->sprt)
        printf("SPRT: llr %.2f (%.1f%%), lbound %.2f, ubound %.2f - %s\n", s.llr,
               100 * s.llr / s.upper, s.lower, s.upper,
               s.verdict == SPRT_ACCEPT_H1   ? "H1 was accepted"
               : s.verdict == SPRT_ACCEPT_H0 ? "H0 was accepted"
                                             : "no decision");
}
