#include <errno.h>
#include <fcntl.h>
#include <unistd.h>

/* Standard input, output and error closed at start (`prog <&-`) are opened on /dev/null before
 * main and before any thread starts.
 *
 * Otherwise the first descriptor any thread opens becomes "standard input": the runtime's
 * eventfd, a file a library reads. An app that then makes the terminal its standard input
 * (`dup2(tty, 0)`) replaces that thread's descriptor, and the thread's `close` later closes the
 * terminal: `news <&-` failed now and then with "must be a terminal" on a loaded machine.
 * Output written to a closed standard output would likewise land in whatever file took
 * descriptor 1. Descriptors that are open are left alone. */
__attribute__((constructor, used)) static void ctg_open_closed_standard_descriptors(void) {
    for (int fd = 0; fd <= 2; fd++) {
        if (fcntl(fd, F_GETFD) != -1 || errno != EBADF) continue;
        int null = open("/dev/null", fd == 0 ? O_RDONLY : O_WRONLY);
        if (null < 0) return;
        if (null != fd) {
            dup2(null, fd);
            close(null);
        }
    }
}
