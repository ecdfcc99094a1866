/* The process-level helpers of CTermGuard.h that are not the guard itself: the SIGWINCH wake-up,
 * epoll's reach, a wake-up pipe, glibc's text width. None of them is ncurses. */
#define _GNU_SOURCE 1  /* pipe2 */
#include "CTermGuard.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdatomic.h>
#include <string.h>
#include <sys/epoll.h>
#include <unistd.h>
#include <wchar.h>

/* The one copy of the SIGWINCH chain's state (a header's statics would give every object file its own).
 * The descriptor is atomic: the handler reads it on whichever thread the signal lands, while the thread
 * that closes the screen clears it (ThreadSanitizer reported the plain variable as a data race). A lock-free
 * atomic int is async-signal-safe. */
static atomic_int winch_fd = -1;
static struct sigaction winch_previous;
static int winch_installed = 0;

static void on_winch(int sig, siginfo_t *info, void *context) {
    int saved = errno;
    /* ncurses' handler first: the signal may run on another thread, and the run loop, woken by the
     * byte, must find ncurses' resize flag already set, or wget_wch misses the KEY_RESIZE. */
    if (winch_previous.sa_flags & SA_SIGINFO) {
        if (winch_previous.sa_sigaction) winch_previous.sa_sigaction(sig, info, context);
    } else if (winch_previous.sa_handler != SIG_DFL && winch_previous.sa_handler != SIG_IGN) {
        winch_previous.sa_handler(sig);
    }
    int fd = atomic_load(&winch_fd);
    if (fd >= 0) { char byte = 'w'; ssize_t n = write(fd, &byte, 1); (void)n; }
    errno = saved;
}

int ttg_winch_chain(int fd) {
    if (winch_installed) { atomic_store(&winch_fd, fd); return 0; }
    struct sigaction sa;
    if (sigaction(SIGWINCH, NULL, &winch_previous) != 0) return -1;
    memset(&sa, 0, sizeof sa);
    sigemptyset(&sa.sa_mask);
    /* Keep the previous handler's restart behaviour: ncurses relies on it to see a resize in wgetch. */
    sa.sa_flags = SA_SIGINFO | (winch_previous.sa_flags & SA_RESTART);
    sa.sa_sigaction = on_winch;
    atomic_store(&winch_fd, fd);
    if (sigaction(SIGWINCH, &sa, NULL) != 0) { atomic_store(&winch_fd, -1); return -1; }
    winch_installed = 1;
    return 0;
}

void ttg_winch_unchain(void) {
    if (!winch_installed) return;
    /* The descriptor first: a handler that runs from now on writes nothing to a pipe about to be closed. */
    atomic_store(&winch_fd, -1);
    sigaction(SIGWINCH, &winch_previous, NULL);
    winch_installed = 0;
}

int ttg_winch_is_chained(void) { return winch_installed; }

int ttg_can_epoll(int fd) {
    int ep = epoll_create1(EPOLL_CLOEXEC);
    if (ep < 0) return 0;
    struct epoll_event event;
    memset(&event, 0, sizeof event);
    event.events = EPOLLIN;
    int ok = epoll_ctl(ep, EPOLL_CTL_ADD, fd, &event) == 0;
    close(ep);
    return ok;
}

int ttg_wake_pipe(int fds[2]) { return pipe2(fds, O_CLOEXEC | O_NONBLOCK); }

int ttg_wcwidth(unsigned int c) { return wcwidth((wchar_t)c); }

int ttg_wcswidth(const wchar_t *s, size_t n) { return wcswidth(s, n); }
