/* match_report.c: the match job's report.md: the headline figures, the SPRT, the plot and the
 * files. */
#include <string.h>

#include "tune/pages/html.h"
#include "tune/jobs/common/job.h"
#include "tune/jobs/match/match_report.h"
#include "tune/play/game.h"
#include "tune/play/match.h"
#include "tune/play/players.h"
#include "tune/stats/stats.h"
#include "tune/play/player_config.h"
#include "tune/play/match_config.h"

bool match_write_report(FILE *out, void *data)
{
    const MatchReport *r = data;
    const Config *cfg = r->cfg;
    MatchSummary s = match_summary(r->match);
    const MatchCounts *c = &s.counts;
    EloEstimate e = stats_estimate(c), ep = stats_estimate_pentanomial(c);
    char pa[3072], pb[3072];
    player_describe(player_config(cfg, 0), PLAYER_PROSE, pa, sizeof pa);
    player_describe(player_config(cfg, 1), PLAYER_PROSE, pb, sizeof pb);
    fprintf(out, "# Match `%s`\n\n", cfg->name);
    job_report_game(out, cfg);
    fprintf(out,
            "`%s` (%s) against `%s` (%s): %ld game pairs, each opening played twice with "
            "colours swapped; openings: %s%s, seed %llu. Figures are for `%s`.\n\n",
            s.name_a, pa, s.name_b, pb, s.pairs,
            strcmp(match_config(cfg)->openings, "random") ? match_config(cfg)->openings
                                                          : "random, ",
            strcmp(match_config(cfg)->openings, "random") ? "" : "generated from the seed",
            cfg->seed, s.name_a);
    fprintf(out, "| figure | value |\n|---|---|\n");
    fprintf(out, "| games (W-L-D) | %ld (+%ld -%ld =%ld) |\n", 2 * s.pairs, c->wins, c->losses,
            c->draws);
    fprintf(out, "| score | %.3f |\n", e.score);
    fprintf(out, "| **Elo difference** | **%.1f +/- %.1f** (95%% interval [%.1f, %.1f]) |\n", e.elo,
            e.elo_err, e.elo_lo, e.elo_hi);
    fprintf(out, "| Elo from the pentanomial counts | %.1f +/- %.1f |\n", ep.elo, ep.elo_err);
    fprintf(out, "| LOS | %.1f%% |\n| draw ratio | %.1f%% |\n", 100 * e.los, 100 * e.draw_ratio);
    fprintf(out, "| pentanomial [LL, LD+DL, LW+DD+WL, WD+DW, WW] | [%ld, %ld, %ld, %ld, %ld] |\n",
            c->penta[0], c->penta[1], c->penta[2], c->penta[3], c->penta[4]);
    fprintf(out, "| normalized Elo | %.1f +/- %.1f |\n", e.nelo, e.nelo_err);
    if (match_config(cfg)->sprt) {
        fprintf(out,
                "| SPRT [%g, %g] (%s, alpha %g, beta %g) | LLR %.2f, bounds [%.2f, %.2f]: "
                "%s |\n",
                s.sprt.elo0, s.sprt.elo1, match_config(cfg)->sprt_model, s.sprt.alpha, s.sprt.beta,
                s.llr, s.lower, s.upper,
                s.verdict == SPRT_ACCEPT_H1   ? "**H1 accepted**"
                : s.verdict == SPRT_ACCEPT_H0 ? "**H0 accepted**"
                                              : "no decision");
    } else {
        fprintf(out, "| SPRT | off (fixed number of pairs) |\n");
    }
    fprintf(out, "| terminations |");
    for (int t = 0, first = 1; t < TERM_NB; t++)
        if (s.term[t]) {
            fprintf(out, "%s %s %ld", first ? "" : ",",
                    game_termination_text((Termination)t, config_variant(cfg)), s.term[t]);
            first = 0;
        }
    fprintf(out, " |\n");
    if (player_config(cfg, 0)->tc[0] || player_config(cfg, 1)->tc[0])
        fprintf(out,
                "| time control | `%s`: %s, `%s`: %s (margin %ld ms) |\n| **time forfeits** | "
                "**%ld** |\n",
                s.name_a, player_config(cfg, 0)->tc[0] ? player_config(cfg, 0)->tc : "none",
                s.name_b, player_config(cfg, 1)->tc[0] ? player_config(cfg, 1)->tc : "none",
                match_config(cfg)->tc_margin_ms, s.term[TERM_TIME_FORFEIT]);
    fprintf(out, "\n");
    fprintf(out,
            "![Elo difference over the games](elo_progress.png)\n\n*The Elo difference "
            "of `%s` against `%s` after each game pair (line) with its 95%% interval "
            "(band), which narrows as games accumulate.*\n\n",
            s.name_a, s.name_b);
    fprintf(out, "Files: `games.pgn` (every game, readable by Ordo and BayesElo), "
                 "`elo_progress.csv` (the Elo after each pair), `elo_progress.png`, "
                 "`summary.json` (these figures), `config.ini`, `run.txt` and `timing.json` "
                 "(speed; the only files that change from run to run with `run.txt`).\n");
    return true;
}

const HtmlSpec match_html = {
    .figures = {{"elo", "Elo difference", "elo_error95", NULL},
                {"games", "games", NULL, NULL},
                {"score", "score", NULL, NULL},
                {"los", "LOS (likelihood of superiority)", NULL, NULL},
                {"sprt.llr", "SPRT log-likelihood ratio", NULL, "sprt.enabled"},
                {"sprt.verdict", "SPRT verdict", NULL, "sprt.enabled"}},
    .charts = {{.png = "elo_progress.png",
                .csv = "elo_progress.csv",
                .title = "Elo difference over the games, with its 95% interval",
                .x = "games",
                .y = "elo:elo_low:elo_high",
                .xlabel = "games",
                .ylabel = "Elo",
                .yclamp = 1000}},
    .games = {"games.pgn"},
};
