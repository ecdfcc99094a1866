/* CTermGuard: gives the terminal back on every way out of the process.
 *
 * Signal handlers may only call async-signal-safe functions, which Swift
 * code cannot promise; this small C target does the work: it saves the
 * terminal modes before curses changes them, and on exit() or any signal
 * whose default action ends the process it writes the saved modes back
 * (tcsetattr) and writes the "leave full-screen mode" byte sequence, then
 * lets the signal take its default action so the exit status stays the
 * conventional 128 + signal.
 *
 * Signals: INT, TERM, HUP, QUIT and the crashes SEGV, BUS, ILL, FPE, ABRT, TRAP,
 * SYS (these replace an earlier handler, the Swift backtracer's included); and
 * USR1, USR2, ALRM, PIPE, XCPU, XFSZ, VTALRM, PROF, STKFLT, PWR, IO (only where
 * the disposition is still the default: a signal that is ignored, or that the
 * program handles itself, does not end the process). SIGKILL and SIGSTOP cannot
 * be caught: after `kill -9` the terminal stays in full-screen mode (`reset`
 * or `stty sane; tput rmcup` gives it back). Real-time signals are left alone.
 *
 * The handlers run on an alternate signal stack (sigaltstack) installed on the
 * thread that calls ttg_install, so a stack overflow on that thread (the main
 * thread, where the UI runs) still restores the terminal. A stack overflow on
 * another thread without an alternate stack of its own kills the process
 * before any handler can run.
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
