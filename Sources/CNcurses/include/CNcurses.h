#ifndef CNCURSES_H
#define CNCURSES_H

/*
 * The C side of the ncurses adapter (Sources/todo-tui/Terminal/NcursesTerminal.swift, the only
 * Swift file that imports this module).
 *
 * Swift imports plain integer macros (KEY_UP, KEY_RESIZE, KEY_MOUSE, KEY_CODE_YES, OK, ERR,
 * COLOR_RED, ...) by itself. What it cannot import is exposed here as static inline functions:
 * the globals LINES, COLS and stdscr (rejected by Swift 6 as not concurrency-safe) and the
 * function-like attribute and mouse macros. Only wide-character calls are used (mvadd_wch,
 * winnwstr, wget_wch); the variadic printw family is unusable from Swift.
 *
 * The restore hooks and their state are defined once, in CNcurses.c: a header holds no state.
 */

#ifndef _XOPEN_SOURCE_EXTENDED
#define _XOPEN_SOURCE_EXTENDED 1
#endif
#ifndef NCURSES_WIDECHAR
#define NCURSES_WIDECHAR 1
#endif
#include <locale.h>
#include <signal.h>
#include <sys/ioctl.h>
#include <stdlib.h>
#include <wchar.h>
#include <ncursesw/curses.h>

/* ---- Globals ---------------------------------------------------------------------------- */

static inline int cn_lines(void) { return LINES; }
static inline int cn_cols(void) { return COLS; }
static inline WINDOW *cn_stdscr(void) { return stdscr; }

/* ---- Attributes and colours ------------------------------------------------------------- */

static inline attr_t cn_attr_normal(void) { return A_NORMAL; }
static inline attr_t cn_attr_bold(void) { return A_BOLD; }
static inline attr_t cn_attr_dim(void) { return A_DIM; }
static inline attr_t cn_attr_reverse(void) { return A_REVERSE; }
static inline attr_t cn_attr_underline(void) { return A_UNDERLINE; }
static inline attr_t cn_attr_italic(void) { return A_ITALIC; }
static inline attr_t cn_color_pair(short pair) { return (attr_t)COLOR_PAIR(pair); }
/* How many colours and colour pairs the terminal has, once start_color ran (globals Swift 6 rejects). */
static inline int cn_colors(void) { return COLORS; }
static inline int cn_color_pairs(void) { return COLOR_PAIRS; }

/* ---- Mouse ------------------------------------------------------------------------------- */

static inline mmask_t cn_button1_clicked(void) { return BUTTON1_CLICKED; }
/* xterm-style wheels arrive as presses of buttons 4 (up) and 5 (down). */
static inline mmask_t cn_wheel_up(void) { return BUTTON4_PRESSED; }
static inline mmask_t cn_wheel_down(void) { return BUTTON5_PRESSED; }

/* ---- Character widths ------------------------------------------------------------------ */

/* glibc declares wcwidth only for X/Open builds; ncurses measures every cell with it. */
extern int wcwidth(wchar_t character);
static inline int cn_wcwidth(wchar_t character) { return wcwidth(character); }

/* ---- Cells ------------------------------------------------------------------------------- */

/*
 * Puts one cell: `text` is a NUL-terminated wide string of one spacing character followed by
 * at most CCHARW_MAX - 1 non-spacing ones, drawn with `attrs` and colour pair `pair`.
 * Returns OK or ERR (ERR also when the cursor cannot advance past the bottom-right corner,
 * after the cell was written, which callers ignore).
 */
static inline int cn_put_cell(int row, int column, const wchar_t *text, attr_t attrs, short pair) {
    cchar_t cell;
    if (setcchar(&cell, text, attrs, pair, NULL) == ERR) {
        return ERR;
    }
    return mvwadd_wch(stdscr, row, column, &cell);
}

/* Reads up to `capacity - 1` characters of a row into `buffer` (NUL-terminated). */
static inline int cn_read_row(int row, wchar_t *buffer, int capacity) {
    if (wmove(stdscr, row, 0) == ERR) {
        return ERR;
    }
    return winnwstr(stdscr, buffer, capacity - 1);
}

/* ---- Restoring the terminal -------------------------------------------------------------- */

/*
 * The restore state (whether a screen is up, the signal dispositions found before us) lives in
 * CNcurses.c, the one translation unit that defines it, so every caller shares one copy. It
 * once lived in static variables of this header, and the optimiser gave the release build
 * several copies: shutdown() saw "no screen", skipped endwin, and the shell got the terminal
 * back in raw mode on the alternate screen.
 */

/* Records whether a screen is up (1) or not (0). */
void cn_set_screen_active(int active);
/* Whether a screen is up. */
int cn_is_screen_active(void);

/* Leaves curses mode if a screen is up; safe to call any number of times. */
void cn_restore_terminal(void);

/*
 * Installs, once per process, the handlers that restore the terminal on termination signals
 * (SIGTERM, SIGHUP, SIGINT, SIGQUIT) and crashes (SIGSEGV, SIGABRT, SIGBUS, SIGILL, SIGFPE,
 * SIGTRAP), and an atexit hook for exit() calls that bypass the adapter. Installed before
 * newterm, they also keep ncurses from installing its own SIGINT/SIGTERM handlers.
 */
void cn_install_restore_hooks(void);

/*
 * Suspends the app as Ctrl-Z does in a shell with job control: leaves curses mode, stops the
 * foreground process group with SIGTSTP (default action), and when continued (fg) takes the
 * terminal again, at its possibly new size read from `fd`, with the whole screen to be redrawn.
 * Returns 0 and does nothing when SIGTSTP was ignored when the screen opened (no job control,
 * so nobody could continue the process), 1 after a stop and continue.
 */
int cn_suspend(int fd);

#endif
