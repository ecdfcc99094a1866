/* CTermGuard: gives the terminal back on every way out of the process.
 *
 * Signal handlers may only call async-signal-safe functions, which Swift
 * code cannot promise; this small C target does the work: it saves the
 * terminal modes before curses changes them, and on SIGINT, SIGTERM,
 * SIGHUP, SIGQUIT, a crash signal, or exit() it writes the saved modes back
 * (tcsetattr) and writes the "leave full-screen mode" byte sequence, then
 * lets the signal take its default action so the exit status stays the
 * conventional 128 + signal.
 */
#ifndef CTERMGUARD_H
#define CTERMGUARD_H

#include <stddef.h>

/* Saves the modes of `fd` and installs the handlers. Returns 0, or -1 when
 * `fd` is not a terminal (nothing is installed then). */
int ttg_install(int fd);

/* Sets the bytes written to the terminal when it is restored (at most 511). */
void ttg_set_restore_sequence(const char *bytes, size_t length);

/* Restores the terminal now if a guard is active; idempotent, signal-safe. */
void ttg_restore(void);

/* Restores and removes the handlers (normal shutdown). */
void ttg_uninstall(void);

/* 1 while a guard is installed. */
int ttg_is_active(void);

#endif
