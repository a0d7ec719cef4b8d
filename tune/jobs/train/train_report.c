/* train_report.c: the train job's files, page and printed result (see train_report.h). */
#include "tune/jobs/train/train_report.h"

#include <math.h>
#include <string.h>

#include "search/nnue.h"
#include "tune/jobs/common/job.h"
#include "tune/jobs/train/train_config.h"
#include "tune/pages/html.h"
#include "tune/play/player_config.h"
#include "tune/run/plot.h"

/* A loss as JSON: null when it is not a number (no held-out positions). */
static void json_loss(FILE *out, double x)
{
    if (isfinite(x))
        fprintf(out, "%.8f", x);
    else
        fprintf(out, "null");
}

bool train_write_losses(FILE *out, void *data)
{
    const TrainJob *j = data;
    fprintf(out, "epoch,lr,train_loss,held_out_loss\n");
    for (int e = 0; e < j->epochs; e++) {
        const TrainEpoch *r = &j->epoch[e];
        fprintf(out, "%d,%.6g,%.8f,", e + 1, r->lr, r->train_loss);
        if (isfinite(r->valid_loss))
            fprintf(out, "%.8f", r->valid_loss);
        fprintf(out, "\n");
    }
    return true;
}

/* The trained positions per second over the epochs this run trained (not the resumed ones),
 * the median epoch's; 0 when it trained none. */
static double positions_rate(const TrainJob *j)
{
    double rate[TRAIN_MAX_EPOCHS];
    int n = 0;
    for (int e = j->resumed; e < j->epochs; e++) {
        int k = n++;
        for (; k > 0 && rate[k - 1] > j->epoch[e].positions_s; k--)
            rate[k] = rate[k - 1];
        rate[k] = j->epoch[e].positions_s;
    }
    return n ? rate[n / 2] : 0;
}

bool train_write_timing(FILE *out, void *data)
{
    const TrainJob *j = data;
    double seconds = 0;
    for (int e = j->resumed; e < j->epochs; e++)
        seconds += j->epoch[e].seconds;
    fprintf(out,
            "{\n  \"threads\": %d,\n  \"epochs_timed\": %d,\n  \"train_seconds\": %.3f,\n"
            "  \"positions_per_second\": %.0f,\n  \"positions_per_second_per_thread\": %.0f\n}\n",
            j->nc.threads, j->epochs - j->resumed, seconds, positions_rate(j),
            j->nc.threads > 0 ? positions_rate(j) / j->nc.threads : positions_rate(j));
    return true;
}

/* The last epoch's row (the run's result). */
static const TrainEpoch *last_epoch(const TrainJob *j) { return &j->epoch[j->epochs - 1]; }

bool train_write_summary(FILE *out, void *data)
{
    const TrainJob *j = data;
    const TrainConfig *tc = train_config(j->cfg);
    fprintf(out, "{\n  \"job\": \"train\",\n  \"run\": \"%s\",\n  \"seed\": %llu,\n", j->cfg->name,
            j->cfg->seed);
    job_summary_game(out, j->cfg);
    fprintf(out,
            "  \"network\": \"network.nnue\",\n  \"network_bytes\": %zu,\n  \"features\": %d,\n"
            "  \"hidden\": %ld,\n  \"positions\": %ld,\n  \"train_positions\": %ld,\n"
            "  \"held_out_positions\": %ld,\n  \"epochs\": %d,\n  \"blend\": %g,\n  \"k\": %g,\n"
            "  \"base\": \"%s\",\n  \"train_loss\": %.8f,\n  \"held_out_loss\": ",
            j->net_len, nnue_feature_count(j->set.variant), tc->hidden, j->set.n,
            nn_trainer_train_count(j->trainer), nn_trainer_valid_count(j->trainer), j->epochs,
            tc->blend, tc->k, tc->base, last_epoch(j)->train_loss);
    json_loss(out, last_epoch(j)->valid_loss);
    fprintf(out, ",\n  \"weights_train_loss\": %.8f,\n  \"weights_held_out_loss\": ",
            j->weights_train_loss);
    json_loss(out, j->weights_valid_loss);
    fprintf(out,
            ",\n  \"quantisation\": {\"positions\": %ld, \"mean_abs_cp\": %.4f, "
            "\"max_abs_cp\": %.4f}\n}\n",
            j->compared, j->quant_mean, j->quant_max);
    return true;
}

bool train_write_report(FILE *out, void *data)
{
    const TrainJob *j = data;
    const TrainConfig *tc = train_config(j->cfg);
    fprintf(out, "# Network `%s`\n\n", j->cfg->name);
    job_report_game(out, j->cfg);
    fprintf(out,
            "A network of %d features (piece, square, from each team's view%s) into %ld hidden "
            "units a view, SCReLU, one output (search/nnue.h), trained on `%s`: %ld positions, "
            "%ld trained on and %ld held out (the last games, never trained on)%s.\n\n",
            nnue_feature_count(j->set.variant),
            nnue_feature_set(j->set.variant) == NNUE_FEATURES_STATE
                ? "; and the state the board does not show: the points lead, the clock"
                : "",
            tc->hidden, j->data, j->set.n, nn_trainer_train_count(j->trainer),
            nn_trainer_valid_count(j->trainer),
            tc->mirror_files ? "; each trained position also as its file mirror image" : "");
    if (!strcmp(tc->base, "weights"))
        fprintf(out,
                "The network adds to the evaluation of `[engine_a]`'s weights (`%s`): it "
                "learned what they miss, and plays as their evaluation plus its own.\n\n",
                player_config(j->cfg, 0)->weights);
    fprintf(out,
            "Target: %g x sigma(K score) + %g x result, K = %g; loss (sigma(K eval) - "
            "target)^2. Adam, %ld epochs of batches of %ld, learning rate %g times %g every %ld "
            "epochs; seed %llu, %d threads (the same data, config and thread count give the same "
            "network bytes).\n\n",
            tc->blend, 1 - tc->blend, tc->k, tc->epochs, tc->batch, tc->lr, tc->gamma, tc->lr_step,
            j->cfg->seed, j->nc.threads);
    fprintf(out,
            "| epoch | learning rate | training loss | held-out loss |\n|---:|---:|---:|---:|\n");
    for (int e = 0; e < j->epochs; e++) {
        const TrainEpoch *r = &j->epoch[e];
        fprintf(out, "| %d | %.3g | %.6f | ", e + 1, r->lr, r->train_loss);
        if (isfinite(r->valid_loss))
            fprintf(out, "%.6f |\n", r->valid_loss);
        else
            fprintf(out, "- |\n");
    }
    fprintf(out, "| weights alone | | %.6f | ", j->weights_train_loss);
    if (isfinite(j->weights_valid_loss))
        fprintf(out, "%.6f |\n", j->weights_valid_loss);
    else
        fprintf(out, "- |\n");
    fprintf(out,
            "\nThe last row is the evaluation of `[engine_a]`'s weights (`%s`) without a network, "
            "on the same positions and target: the loss a network has to beat.\n",
            player_config(j->cfg, 0)->weights);
    fprintf(out, "\n![the loss by epoch](loss.png)\n\n");
    fprintf(out,
            "The quantised network (`network.nnue`, %zu bytes: int16 first layer, int16 output "
            "weights) against the float one on %ld held-out positions: |difference| %.3f cp on "
            "average, %.3f at most.\n\n",
            j->net_len, j->compared, j->quant_mean, j->quant_max);
    fprintf(out,
            "Play it with `[engine_a] net = %s/%s/network.nnue` (or `maxtune uci`'s EvalFile, "
            "`maxtune bench --net`).\n",
            j->cfg->results_dir, j->cfg->name);
    return true;
}

bool train_plot(void *data)
{
    const TrainJob *j = data;
    const char *script = "set datafile separator ','\nset key autotitle columnhead\n"
                         "set xlabel 'epoch'\nset ylabel 'loss'\n"
                         "plot 'loss.csv' using 1:3 with linespoints lw 2, "
                         "'' using 1:4 with linespoints lw 2\n";
    return plot_draw(j->rd, "loss.png", "Training and held-out loss", script);
}

void train_print(void *data)
{
    const TrainJob *j = data;
    printf("Network of %ld hidden units trained on %ld positions, %d epochs: loss %.6f, held out "
           "%.6f (the weights alone: %.6f, %.6f)\nResults in %s/ (network.nnue, report.md)\n",
           train_config(j->cfg)->hidden, j->set.n, j->epochs, last_epoch(j)->train_loss,
           last_epoch(j)->valid_loss, j->weights_train_loss, j->weights_valid_loss, j->rd->path);
}

const HtmlSpec train_html = {
    .figures = {{"held_out_loss", "held-out loss", NULL, NULL},
                {"weights_held_out_loss", "held out, the weights alone", NULL, NULL},
                {"train_loss", "training loss", NULL, NULL},
                {"positions", "positions", NULL, NULL},
                {"hidden", "hidden units", NULL, NULL}},
    .charts = {{.png = "loss.png",
                .csv = "loss.csv",
                .title = "Training and held-out loss",
                .x = "epoch",
                .y = "train_loss held_out_loss",
                .xlabel = "epoch",
                .ylabel = "loss"}},
};
