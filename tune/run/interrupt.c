/* interrupt.c: the job-wide stop request (see interrupt.h). */
#include "interrupt.h"

#include <signal.h>
#include <string.h>
#include <unistd.h>

/* Set by the signal handler; the only state of this module. */
static volatile sig_atomic_t requested;

/* Signal handler: the first signal asks the job to stop cleanly, a second one (not SIGUSR1)
 * exits at once. Only async-signal-safe calls. */
static void on_signal(int sig)
{
    static const char first[] =
        "\nmaxtune: stopping: games in progress are abandoned, finished ones "
        "are saved (send the signal again, e.g. Ctrl-C, to stop at once)\n";
    static const char again[] = "\nmaxtune: stopped at once; run the same command to resume\n";
    if (sig == SIGUSR1) {
        requested = 1;
        return;
    }
    if (requested) {
        ssize_t w = write(STDERR_FILENO, again, sizeof again - 1);
        (void)w;
        _exit(130);
    }
    requested = 1;
    ssize_t w = write(STDERR_FILENO, first, sizeof first - 1);
    (void)w;
}

void interrupt_install(void)
{
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_signal;
    sigaction(SIGINT, &sa, NULL);
    sigaction(SIGTERM, &sa, NULL);
    sigaction(SIGHUP, &sa, NULL);
    sigaction(SIGUSR1, &sa, NULL); /* mpirun forwards SIGUSR1 to the ranks without killing them */
}

bool interrupt_requested(void) { return requested != 0; }

void interrupt_request(void) { requested = 1; }

const volatile sig_atomic_t *interrupt_flag(void) { return &requested; }
