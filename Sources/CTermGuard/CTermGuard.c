#include "CTermGuard.h"

#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <termios.h>
#include <unistd.h>

static volatile sig_atomic_t active = 0;
static int guard_fd = -1;
static struct termios saved_modes;
static char restore_bytes[512];
static volatile size_t restore_length = 0;
static int atexit_registered = 0;

static const int guarded_signals[] = {SIGINT, SIGTERM, SIGHUP, SIGQUIT,
                                      SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGABRT, SIGTRAP};
#define GUARDED_COUNT (sizeof guarded_signals / sizeof guarded_signals[0])
static struct sigaction previous[GUARDED_COUNT];

void ttg_restore(void) {
    if (!active) return;
    active = 0;
    size_t n = restore_length;
    size_t off = 0;
    while (off < n) {
        ssize_t w = write(guard_fd, restore_bytes + off, n - off);
        if (w <= 0) break;
        off += (size_t)w;
    }
    tcsetattr(guard_fd, TCSADRAIN, &saved_modes);
}

static void on_signal(int sig) {
    ttg_restore();
    /* Take the default action so the parent sees "killed by sig". */
    signal(sig, SIG_DFL);
    raise(sig);
}

static void at_exit(void) { ttg_restore(); }

int ttg_install(int fd) {
    if (!isatty(fd) || tcgetattr(fd, &saved_modes) != 0) return -1;
    guard_fd = fd;
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_signal;
    sigemptyset(&sa.sa_mask);
    for (size_t i = 0; i < GUARDED_COUNT; i++) {
        sigaction(guarded_signals[i], &sa, &previous[i]);
        /* A signal the parent set to be ignored (nohup) stays ignored. */
        if (previous[i].sa_handler == SIG_IGN) sigaction(guarded_signals[i], &previous[i], NULL);
    }
    if (!atexit_registered) {
        atexit(at_exit);
        atexit_registered = 1;
    }
    active = 1;
    return 0;
}

void ttg_set_restore_sequence(const char *bytes, size_t length) {
    if (length >= sizeof restore_bytes) length = sizeof restore_bytes - 1;
    restore_length = 0;
    memcpy(restore_bytes, bytes, length);
    restore_length = length;
}

void ttg_uninstall(void) {
    if (guard_fd < 0) return;
    active = 0;
    for (size_t i = 0; i < GUARDED_COUNT; i++) sigaction(guarded_signals[i], &previous[i], NULL);
    guard_fd = -1;
}

int ttg_is_active(void) { return active ? 1 : 0; }
