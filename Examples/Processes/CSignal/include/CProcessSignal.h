#ifndef CPROCESSSIGNAL_H
#define CPROCESSSIGNAL_H

/// Opens a pidfd on `pid` (a handle that stays on that process even if its pid is reused);
/// returns the descriptor, or -errno (-ENOSYS on a kernel without pidfd_open).
int procs_pidfd_open(int pid);

/// Sends `signal` to the process behind the pidfd `fd`; returns 0 or errno.
int procs_pidfd_send_signal(int fd, int signal);

#endif
