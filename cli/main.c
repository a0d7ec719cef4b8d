/* main.c: bin/maxtune, one program with subcommands. */
#include <stdio.h>
#include <string.h>

#include "cli.h"
#include "cmd_view.h"
#include "search/eval.h"
#include "tune/jobs/catalog.h"
#include "tune/play/dist.h"
#include "tune/run/version.h"

typedef struct Command {
    const char *name;
    int (*run)(int argc, char **argv);
    const char *summary;
} Command;

static const Command COMMANDS[] = {
    {"perft", cmd_perft, "count move paths: perft FEN DEPTH [--divide]"},
    {"moves", cmd_moves, "list the legal moves of a position: moves FEN"},
    {"show", cmd_show, "draw a position with its check and game state: show FEN"},
    {"search", cmd_search, "search a position: search FEN [--depth D|--nodes N|--movetime MS]"},
    {"bench", cmd_bench, "search speed and node-count signature: bench [DEPTH]"},
    {"weights", cmd_weights, "print a weights file (the defaults): weights [FILE]"},
    {"uci", cmd_uci, "UCI-style protocol on stdin/stdout"},
    {"run", cmd_run, "run the job a config describes: run CONFIG [--set k=v] [--force]"},
    {"config", cmd_config, "list config keys (config --doc) or check a config"},
    {"replay", cmd_replay, "check the games of a PGN maxtune wrote: replay PGNFILE..."},
    {"ratings", cmd_ratings, "joint Elo ratings of the players of PGN files: ratings PGN..."},
    {"view", cmd_view, "a page to step through the games of a PGN: view PGN [-o FILE]"},
    {"report", cmd_report, "write report.html again from a finished run: report FOLDER..."},
};

/* Prints the list of subcommands. */
static void usage(FILE *out)
{
    fprintf(out, "usage: maxtune <command> [args]   (maxtune <command> --help for details)\n\n");
    for (size_t i = 0; i < sizeof COMMANDS / sizeof COMMANDS[0]; i++)
        fprintf(out, "  %-8s %s\n", COMMANDS[i].name, COMMANDS[i].summary);
    fprintf(
        out,
        "\nWherever a FEN is taken, 'start' means the initial position.\n"
        "maxtune --version prints the version and the commit it was built from.\n"
        "maxtune help COMMAND prints a command's help; maxtune help keys every config key.\n"
        "The manual: man maxtune (in the sources: man ./docs/maxtune.1, and docs/README.md).\n");
}

/* maxtune help [COMMAND|keys]: the list of commands, one command's help, or every config key. */
static int help(int argc, char **argv)
{
    if (argc < 3) {
        usage(stdout);
        return EXIT_OK;
    }
    if (argc > 3) {
        fprintf(stderr, "maxtune help: one topic at most (a command or 'keys')\n");
        return EXIT_USAGE;
    }
    if (!strcmp(argv[2], "keys")) {
        char *doc[] = {"config", "--doc", NULL};
        return cmd_config(2, doc);
    }
    for (size_t i = 0; i < sizeof COMMANDS / sizeof COMMANDS[0]; i++)
        if (!strcmp(argv[2], COMMANDS[i].name)) {
            char *args[] = {argv[2], "--help", NULL};
            return COMMANDS[i].run(2, args);
        }
    fprintf(stderr, "maxtune help: no topic '%s' (a command of 'maxtune help', or 'keys')\n",
            argv[2]);
    return EXIT_USAGE;
}

/* Runs the subcommand argv[1]. */
static int dispatch(int argc, char **argv)
{
    if (argc < 2) {
        usage(stderr);
        return EXIT_USAGE;
    }
    if (!strcmp(argv[1], "--help") || !strcmp(argv[1], "-h")) {
        usage(stdout);
        return EXIT_OK;
    }
    if (!strcmp(argv[1], "help"))
        return help(argc, argv);
    if (!strcmp(argv[1], "--version") || !strcmp(argv[1], "-V")) {
        if (argc > 2) {
            fprintf(stderr, "maxtune: %s takes no arguments\n", argv[1]);
            return EXIT_USAGE;
        }
        printf("maxtune %s (built from commit %s)\n", version_number(), version_commit());
        return EXIT_OK;
    }
    for (size_t i = 0; i < sizeof COMMANDS / sizeof COMMANDS[0]; i++)
        if (!strcmp(argv[1], COMMANDS[i].name))
            return COMMANDS[i].run(argc - 1, argv + 1);
    fprintf(stderr, "maxtune: unknown command '%s'\n", argv[1]);
    usage(stderr);
    return EXIT_USAGE;
}

/* Under MPI (bin/maxtune-mpi launched by mpirun or srun) every rank starts here: rank 0 runs the
 * command, the others serve it game pairs until it ends (tune/play/dist.h). */
int main(int argc, char **argv)
{
    core_init();
    eval_init();
    if (!dist_init(&argc, &argv))
        return EXIT_USAGE;
    catalog_register();
    if (dist_rank() > 0) {
        dist_serve();
        dist_finish();
        return EXIT_OK;
    }
    int code = dispatch(argc, argv);
    dist_finish();
    return code;
}
