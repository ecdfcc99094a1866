/* CTermGuard: gives the terminal back on every way out of the process, and the other
 * process-level C the toolkit needs that is not ncurses (the resize wake-up, below).
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

/* Resize wake-up (ResizeWake.c): a SIGWINCH handler chained in front of the one there before
 * (ncurses'), which also writes one byte to `fd`, so a run loop waiting on the other end of that
 * pipe (and not inside wgetch) learns of the resize at once. The handler calls the previous one
 * first and makes only async-signal-safe calls. Chaining again only changes `fd`. 0, or -1 when
 * sigaction fails. The state is in one place for the whole process. */
int ttg_winch_chain(int fd);

/* Puts the previous SIGWINCH handler back; nothing when not chained. */
void ttg_winch_unchain(void);

/* 1 while the SIGWINCH handler is chained. */
int ttg_winch_is_chained(void);

/* 1 when epoll can wait on `fd` (terminals, pipes, sockets), 0 for regular files and /dev/null. */
int ttg_can_epoll(int fd);

/* A non-blocking, close-on-exec pipe; 0 on success. */
int ttg_wake_pipe(int fds[2]);

/* Text width as glibc sees it in the current locale (Swift's Glibc module does not expose wcwidth). */
int ttg_wcwidth(unsigned int c);
int ttg_wcswidth(const wchar_t *s, size_t n);

#endif
