/* train_job.c: the train job's run (see train.h). */
#include "train_job.h"
#include "tune/jobs/train/train_report.h"

#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "search/eval.h"
#include "search/nnue.h"
#include "tune/jobs/common/job.h"
#include "tune/jobs/common/parts.h"
#include "tune/jobs/train/train_config.h"
#include "tune/play/players.h"
#include "tune/run/interrupt.h"
#include "tune/run/status.h"
#include "tune/stats/nnnet.h"

/* The epochs' rows of a run that may be resumed, beside the checkpoint (one line an epoch:
 * lr, train loss, held-out loss, positions/s, seconds, as %a hexadecimal floats: exact). */
#define TRAIN_EPOCHS_FILE "train.epochs"

/* Held-out positions compared between the quantised network and the float one (the first of
 * the held-out tail). */
enum { TRAIN_COMPARE_MAX = 20000 };

bool train_check(const Config *cfg, char *err, size_t errlen)
{
    const char *path = train_config(cfg)->data;
    if (train_config_generates(train_config(cfg))) {
        Config pc = *cfg; /* the datagen part: its own check */
        snprintf(pc.job, sizeof pc.job, "datagen");
        const JobDef *dg = job_find("datagen");
        return !dg || !dg->check || dg->check(&pc, err, errlen);
    }
    if (!path[0]) {
        snprintf(err, errlen, "[train] data: no positions file given (job = datagen writes one)");
        return false;
    }
    PackedSet s;
    char why[700];
    if (!packed_load(&s, path, why, sizeof why)) {
        snprintf(err, errlen, "[train] data: %s", why);
        return false;
    }
    bool ok = s.variant == config_variant(cfg);
    if (!ok)
        snprintf(err, errlen, "[train] data: %s holds positions of %s, the run plays %s", path,
                 s.variant->name, config_variant(cfg)->name);
    packed_free(&s);
    return ok;
}

/* The path of file name in the run folder into out; false when it does not fit. */
static bool run_file(const TrainJob *j, const char *name, char *out, size_t len)
{
    return snprintf(out, len, "%s/%s", j->rd->path, name) < (int)len;
}

/* Writer of train.epochs (data: the TrainJob). */
static bool write_epochs(FILE *out, void *data)
{
    const TrainJob *j = data;
    for (int e = 0; e < j->epochs; e++) {
        const TrainEpoch *r = &j->epoch[e];
        fprintf(out, "%a %a %a %a %a\n", r->lr, r->train_loss, r->valid_loss, r->positions_s,
                r->seconds);
    }
    return true;
}

/* Reads the first `want` rows of train.epochs into j; false with the problem in err. */
static bool read_epochs(TrainJob *j, int want, char *err, size_t errlen)
{
    char path[1024];
    run_file(j, TRAIN_EPOCHS_FILE, path, sizeof path);
    FILE *f = fopen(path, "r");
    if (!f) {
        snprintf(err, errlen, "%s: cannot open: %s (the checkpoint's epochs are missing)", path,
                 strerror(errno));
        return false;
    }
    int n = 0;
    char line[512];
    while (n < want && fgets(line, sizeof line, f)) {
        TrainEpoch *r = &j->epoch[n];
        if (sscanf(line, "%la %la %la %la %la", &r->lr, &r->train_loss, &r->valid_loss,
                   &r->positions_s, &r->seconds) != 5) {
            snprintf(err, errlen, "%s:%d: not an epoch's row", path, n + 1);
            fclose(f);
            return false;
        }
        n++;
    }
    fclose(f);
    if (n < want) {
        snprintf(err, errlen, "%s: %d epochs, but the checkpoint has %d", path, n, want);
        return false;
    }
    j->epochs = n;
    return true;
}

/* nn_train's callback: keeps the epoch's row, saves the rows and the checkpoint, prints the
 * progress line; false (stop) once an interrupt is asked for. */
static bool on_epoch(const NnEpoch *e, void *data)
{
    TrainJob *j = data;
    TrainEpoch *r = &j->epoch[e->epoch - 1];
    *r = (TrainEpoch){e->lr, e->train_loss, e->valid_loss, e->positions_s, e->seconds};
    j->epochs = e->epoch;
    char err[2200], path[1024];
    if (!rundir_write(j->rd, TRAIN_EPOCHS_FILE, write_epochs, j, err, sizeof err) ||
        !run_file(j, TRAIN_CHECKPOINT, path, sizeof path) ||
        !nn_checkpoint_save(j->trainer, path, err, sizeof err)) {
        fprintf(stderr, "maxtune: %s\n", err);
        return false;
    }
    fprintf(stderr, "train: epoch %d/%d  lr %.3g  loss %.6f  held out %.6f  %.0f positions/s\n",
            e->epoch, e->epochs, e->lr, e->train_loss, e->valid_loss, e->positions_s);
    return !interrupt_requested();
}

/* Compares the quantised network (j->net) with the float one on the first held-out positions:
 * the mean and largest |difference| of their evaluations. */
static bool compare_quantised(TrainJob *j, char *err, size_t errlen)
{
    Network *q = nnue_load_bytes(j->net, j->net_len, "network.nnue", err, errlen);
    Accumulator *acc = aligned_alloc(64, sizeof *acc);
    if (!q || !acc) {
        nnue_free(q);
        free(acc);
        if (q)
            snprintf(err, errlen, "out of memory");
        return false;
    }
    const NnNet *f = nn_trainer_net(j->trainer);
    long first = j->set.n - nn_trainer_valid_count(j->trainer);
    if (nn_trainer_valid_count(j->trainer) == 0)
        first = 0; /* nothing held out: the training positions then */
    double sum = 0, top = 0;
    long n = 0;
    for (long i = first; i < j->set.n && n < TRAIN_COMPARE_MAX; i++, n++) {
        Position pos;
        packed_decode(&j->set.rec[i], j->set.variant, &pos, NULL);
        nnue_refresh(q, &pos, acc);
        double d = fabs(nnue_evaluate(q, acc, &pos) - nn_forward(f, &j->set.rec[i]));
        sum += d;
        top = d > top ? d : top;
    }
    j->quant_mean = n ? sum / (double)n : 0;
    j->quant_max = top;
    j->compared = n;
    nnue_free(q);
    free(acc);
    return true;
}

/* Each record's evaluation by [engine_a]'s weights (j->base): the base the network adds to when
 * [train] base = weights, and the loss to beat either way; false with the problem in err. */
static bool base_evaluations(TrainJob *j, char *err, size_t errlen)
{
    Weights w;
    if (!player_weights(j->cfg, 0, &w, err, errlen))
        return false;
    j->base = malloc((size_t)(j->set.n ? j->set.n : 1) * sizeof *j->base);
    if (!j->base) {
        snprintf(err, errlen, "out of memory for %ld base evaluations", j->set.n);
        return false;
    }
#pragma omp parallel for schedule(static) num_threads(config_threads(j->cfg))
    for (long i = 0; i < j->set.n; i++) {
        Position pos;
        packed_decode(&j->set.rec[i], j->set.variant, &pos, NULL);
        j->base[i] = (float)eval_evaluate(&pos, &w);
    }
    return true;
}

/* Writer of network.nnue (data: the TrainJob). */
static bool write_net(FILE *out, void *data)
{
    const TrainJob *j = data;
    return fwrite(j->net, 1, j->net_len, out) == j->net_len;
}

/* Trains (resuming from a checkpoint when there is one) and quantises; an ExitStatus. */
static int train_work(TrainJob *j)
{
    char err[2200], path[1024];
    run_file(j, TRAIN_CHECKPOINT, path, sizeof path);
    FILE *probe = fopen(path, "rb");
    if (probe) {
        fclose(probe);
        if (!nn_checkpoint_load(j->trainer, path, err, sizeof err) ||
            !read_epochs(j, nn_trainer_epoch(j->trainer), err, sizeof err)) {
            fprintf(stderr, "maxtune: %s\n", err);
            return EXIT_USAGE;
        }
        j->resumed = j->epochs;
        fprintf(stderr, "train: resumed after epoch %d\n", j->epochs);
    }
    int done = nn_train(j->trainer, on_epoch, j);
    if (done < j->nc.epochs)
        return interrupt_requested() ? EXIT_INTERRUPTED : EXIT_FAIL;
    j->net = nn_nnue_bytes(nn_trainer_net(j->trainer), &j->net_len);
    if (!j->net || !compare_quantised(j, err, sizeof err)) {
        fprintf(stderr, "maxtune: %s\n", j->net ? err : "out of memory");
        return EXIT_FAIL;
    }
    return EXIT_OK;
}

/* Removes the checkpoint and its rows once the run has finished. */
static void remove_checkpoint(const TrainJob *j)
{
    char path[1024];
    if (run_file(j, TRAIN_CHECKPOINT, path, sizeof path))
        remove(path);
    if (run_file(j, TRAIN_EPOCHS_FILE, path, sizeof path))
        remove(path);
}

/* [train] data = datagen: runs (or keeps, when it finished with the same config) the datagen
 * part into data/ and writes the path of its positions into path. Its config is the run's with
 * the [train] section at its defaults, so that it is the datagen run a config of the same
 * [run] seed and variant, [engine_a], [match] and [datagen] makes, named data. */
static int generate(const Config *cfg, const RunDir *rd, char *path, size_t len)
{
    Config pc, defaults;
    char err[1024];
    if (!parts_config(cfg, rd, "datagen", TRAIN_DATA_DIR, &pc, err, sizeof err)) {
        fprintf(stderr, "maxtune: %s\n", err);
        return EXIT_USAGE;
    }
    config_defaults(&defaults);
    *train_config_edit(&pc) = *train_config(&defaults);
    int status = rd->force ? parts_clear(&pc, rd) : EXIT_OK; /* --force: the positions too */
    if (status == EXIT_OK)
        status = parts_run(&pc, rd, "train: part", 1, 2, "the positions");
    if (snprintf(path, len, "%s/%s/positions.bin", rd->path, TRAIN_DATA_DIR) >= (int)len) {
        fprintf(stderr, "maxtune: %s: folder name too long\n", rd->path);
        return EXIT_USAGE;
    }
    return status;
}

int train_run(const Config *cfg, RunDir *rd)
{
    char err[1024], data[1024];
    const TrainConfig *tc = train_config(cfg);
    snprintf(data, sizeof data, "%s", tc->data);
    if (train_config_generates(tc)) {
        int status = generate(cfg, rd, data, sizeof data);
        if (status != EXIT_OK)
            return status;
    }
    TrainJob *j = calloc(1, sizeof *j);
    if (!j) {
        fprintf(stderr, "maxtune: out of memory\n");
        return EXIT_FAIL;
    }
    j->cfg = cfg;
    j->rd = rd;
    snprintf(j->data, sizeof j->data, "%s", data);
    if (!packed_load(&j->set, data, err, sizeof err)) {
        fprintf(stderr, "maxtune: [train] data: %s\n", err);
        free(j);
        return EXIT_USAGE;
    }
    nn_config_default(&j->nc);
    j->nc.hidden = (int)tc->hidden;
    j->nc.epochs = (int)tc->epochs;
    j->nc.batch = (int)tc->batch;
    j->nc.lr = tc->lr;
    j->nc.gamma = tc->gamma;
    j->nc.lr_step = (int)tc->lr_step;
    j->nc.k = tc->k;
    j->nc.blend = tc->blend;
    j->nc.validation = tc->validation;
    j->nc.mirror_files = tc->mirror_files;
    j->nc.seed = cfg->seed;
    j->nc.threads = config_threads(cfg);
    if (!base_evaluations(j, err, sizeof err)) {
        fprintf(stderr, "maxtune: [train] the weights' evaluations: %s\n", err);
        packed_free(&j->set);
        free(j->base);
        free(j);
        return EXIT_FAIL;
    }
    j->nc.base = strcmp(tc->base, "weights") ? NULL : j->base;
    j->trainer = nn_trainer_new(&j->set, &j->nc, err, sizeof err);
    if (!j->trainer) {
        fprintf(stderr, "maxtune: [train]: %s\n", err);
        packed_free(&j->set);
        free(j->base);
        free(j);
        return EXIT_USAGE;
    }
    nn_base_losses(j->trainer, j->base, &j->weights_train_loss, &j->weights_valid_loss);
    Job job;
    int status = job_begin(&job, cfg, rd, NULL, NULL);
    if (status == EXIT_OK)
        status = train_work(j);
    JobOutputs out = {.plot = train_plot,
                      .plot_data = j,
                      .report = {"report.md", train_write_report, j},
                      .summary = {RUNDIR_SUMMARY, train_write_summary, j},
                      .print = train_print,
                      .print_data = j};
    job_add_file(&out, "network.nnue", write_net, j);
    job_add_file(&out, "loss.csv", train_write_losses, j);
    job_add_file(&out, "timing.json", train_write_timing, j);
    /* Trained and quantised: the checkpoint goes before the page lists the folder's files (a
     * failure to write the outputs now trains again, to the same bytes). */
    if (status == EXIT_OK)
        remove_checkpoint(j);
    status = job_end(&job, status, &out);
    nn_trainer_free(j->trainer);
    packed_free(&j->set);
    free(j->base);
    free(j->net);
    free(j);
    return status;
}
