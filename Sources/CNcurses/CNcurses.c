/*
 * The restore state of the ncurses adapter, defined exactly once (see include/CNcurses.h).
 */

#include "CNcurses.h"

/* Whether a screen is up, so that every restore path calls endwin at most once. */
static volatile sig_atomic_t cn_screen_active = 0;
/* The dispositions the signals had before cn_install_restore_hooks, indexed by signal. */
static struct sigaction cn_previous_actions[NSIG];
static int cn_hooks_installed = 0;

void cn_set_screen_active(int active) { cn_screen_active = active ? 1 : 0; }

int cn_is_screen_active(void) { return cn_screen_active; }

void cn_restore_terminal(void) {
    if (cn_screen_active) {
        cn_screen_active = 0;
        endwin();
    }
}

/*
 * Restores the terminal, puts back the disposition the signal had before us (the default
 * action, or Swift's crash reporter) and raises the signal again, so the process ends the way
 * it would have without us, on a usable terminal. endwin is not strictly async-signal-safe;
 * ncurses' own handlers make the same call, and the process is about to end either way.
 */
static void cn_restore_and_reraise(int signal_number) {
    cn_restore_terminal();
    sigaction(signal_number, &cn_previous_actions[signal_number], NULL);
    raise(signal_number);
}

static void cn_restore_at_exit(void) { cn_restore_terminal(); }

void cn_install_restore_hooks(void) {
    static const int signals[] = {
        SIGTERM, SIGHUP, SIGINT, SIGQUIT, SIGSEGV, SIGABRT, SIGBUS, SIGILL, SIGFPE, SIGTRAP
    };
    if (cn_hooks_installed) {
        return;
    }
    cn_hooks_installed = 1;
    struct sigaction action;
    action.sa_handler = cn_restore_and_reraise;
    action.sa_flags = 0;
    sigemptyset(&action.sa_mask);
    for (size_t i = 0; i < sizeof(signals) / sizeof(signals[0]); ++i) {
        sigaction(signals[i], &action, &cn_previous_actions[signals[i]]);
    }
    atexit(cn_restore_at_exit);
}
