/*
 * The restore state of the ncurses adapter, defined exactly once (see include/CNcurses.h).
 */

#include "CNcurses.h"

/* Whether a screen is up, so that every restore path calls endwin at most once. */
static volatile sig_atomic_t cn_screen_active = 0;
/* The dispositions the signals had before cn_install_restore_hooks, indexed by signal. */
static struct sigaction cn_previous_actions[NSIG];
static int cn_hooks_installed = 0;
/* Whether SIGTSTP was ignored when the hooks were installed: then nothing may stop us. */
static int cn_tstp_ignored = 0;

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
    struct sigaction tstp;
    if (sigaction(SIGTSTP, NULL, &tstp) == 0 && tstp.sa_handler == SIG_IGN) {
        cn_tstp_ignored = 1;
    }
    struct sigaction action;
    action.sa_handler = cn_restore_and_reraise;
    action.sa_flags = 0;
    sigemptyset(&action.sa_mask);
    for (size_t i = 0; i < sizeof(signals) / sizeof(signals[0]); ++i) {
        sigaction(signals[i], &action, &cn_previous_actions[signals[i]]);
    }
    atexit(cn_restore_at_exit);
}

int cn_suspend(int fd) {
    if (cn_tstp_ignored || !cn_screen_active) {
        return 0;
    }
    cn_screen_active = 0;
    endwin();
    /* The default action stops us; ncurses' own SIGTSTP handler, if any, is put back after. */
    struct sigaction stop, previous;
    stop.sa_handler = SIG_DFL;
    stop.sa_flags = 0;
    sigemptyset(&stop.sa_mask);
    sigaction(SIGTSTP, &stop, &previous);
    sigset_t tstp, mask;
    sigemptyset(&tstp);
    sigaddset(&tstp, SIGTSTP);
    sigprocmask(SIG_UNBLOCK, &tstp, &mask);
    /* The whole foreground group, as the tty's Ctrl-Z would: the shell then sees the job stop. */
    kill(0, SIGTSTP);
    /* Here after SIGCONT. */
    sigprocmask(SIG_SETMASK, &mask, NULL);
    sigaction(SIGTSTP, &previous, NULL);
    struct winsize size;
    if (ioctl(fd, TIOCGWINSZ, &size) == 0 && size.ws_row > 0 && size.ws_col > 0
        && is_term_resized(size.ws_row, size.ws_col)) {
        resizeterm(size.ws_row, size.ws_col);
    }
    clearok(curscr, TRUE);
    doupdate();
    cn_screen_active = 1;
    return 1;
}
