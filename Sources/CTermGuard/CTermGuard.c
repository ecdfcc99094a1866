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

/* Every signal whose default action ends the process and that can be caught (SIGKILL and
 * SIGSTOP cannot). The real-time signals are left alone: glibc keeps some for itself. */
static const int guarded_signals[] = {
    /* Asked to stop. */
    SIGINT, SIGTERM, SIGHUP, SIGQUIT,
    /* Crashes (synchronous: the faulting instruction runs again with the default action). */
    SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGABRT, SIGTRAP, SIGSYS,
    /* Default-terminating signals a program may receive without handling them. */
    SIGUSR1, SIGUSR2, SIGALRM, SIGPIPE, SIGXCPU, SIGXFSZ, SIGVTALRM, SIGPROF,
#ifdef SIGSTKFLT
    SIGSTKFLT,
#endif
#ifdef SIGPWR
    SIGPWR,
#endif
    SIGIO,
};
#define GUARDED_COUNT (sizeof guarded_signals / sizeof guarded_signals[0])
static struct sigaction previous[GUARDED_COUNT];
static int installed[GUARDED_COUNT];

/* The stack the handlers run on: a stack overflow leaves no room on the thread's own stack,
 * and a handler that cannot run leaves the terminal in full-screen mode. 64 KiB covers
 * write() and tcsetattr() with room to spare, whatever MINSIGSTKSZ the kernel asks for. */
static char alternate_stack[64 * 1024] __attribute__((aligned(16)));

/* True for the requests to stop and the signals a crash raises: these replace any handler
 * installed before (the Swift runtime's backtracer claims QUIT and the crash signals), since the
 * terminal must be given back first. */
static int takes_over(int sig) {
    return sig == SIGINT || sig == SIGTERM || sig == SIGHUP || sig == SIGQUIT
        || sig == SIGSEGV || sig == SIGBUS || sig == SIGILL || sig == SIGFPE || sig == SIGABRT
        || sig == SIGTRAP || sig == SIGSYS;
}

/* Gives this thread an alternate signal stack unless it has one already. */
static void install_alternate_stack(void) {
    stack_t current;
    if (sigaltstack(NULL, &current) == 0 && !(current.ss_flags & SS_DISABLE)
        && current.ss_size >= MINSIGSTKSZ) return;
    stack_t stack;
    memset(&stack, 0, sizeof stack);
    stack.ss_sp = alternate_stack;
    stack.ss_size = sizeof alternate_stack;
    stack.ss_flags = 0;
    sigaltstack(&stack, NULL);
}

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
    install_alternate_stack();
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_signal;
    sa.sa_flags = SA_ONSTACK;
    sigemptyset(&sa.sa_mask);
    for (size_t i = 0; i < GUARDED_COUNT; i++) {
        installed[i] = 0;
        if (sigaction(guarded_signals[i], NULL, &previous[i]) != 0) continue;
        /* A signal the parent set to be ignored (nohup) stays ignored; a handler the program
         * installed itself (say for SIGUSR1) is its own: the signal does not end the process. */
        int is_default = !(previous[i].sa_flags & SA_SIGINFO) && previous[i].sa_handler == SIG_DFL;
        int ignored = !(previous[i].sa_flags & SA_SIGINFO) && previous[i].sa_handler == SIG_IGN;
        if (ignored) continue;
        if (!is_default && !takes_over(guarded_signals[i])) continue;
        if (sigaction(guarded_signals[i], &sa, NULL) == 0) installed[i] = 1;
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
    for (size_t i = 0; i < GUARDED_COUNT; i++) {
        if (installed[i]) sigaction(guarded_signals[i], &previous[i], NULL);
        installed[i] = 0;
    }
    /* The alternate stack stays: the runtime or the program may rely on a handler running on
     * it, and it costs nothing while unused. */
    guard_fd = -1;
}

int ttg_is_active(void) { return active ? 1 : 0; }
