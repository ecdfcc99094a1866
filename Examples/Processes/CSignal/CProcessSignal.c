// pidfd_open and pidfd_send_signal through syscall(2): Swift cannot call the variadic syscall().
#include "CProcessSignal.h"
#include <errno.h>
#include <stddef.h>
#include <sys/syscall.h>
#include <unistd.h>

// The same numbers on every architecture (the unified syscall table since Linux 5.1).
#ifndef SYS_pidfd_send_signal
#define SYS_pidfd_send_signal 424
#endif
#ifndef SYS_pidfd_open
#define SYS_pidfd_open 434
#endif

int procs_pidfd_open(int pid) {
    long fd = syscall(SYS_pidfd_open, pid, 0);
    return fd < 0 ? -errno : (int)fd;
}

int procs_pidfd_send_signal(int fd, int signal) {
    return syscall(SYS_pidfd_send_signal, fd, signal, NULL, 0) < 0 ? errno : 0;
}
