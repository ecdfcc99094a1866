#include <errno.h>
#include <fcntl.h>
#include <unistd.h>

/* Standard input, output and error closed at start (`prog <&-`, `prog >&-`) are held, before main
 * and before any thread starts, by /dev/null opened the wrong way round: input write-only, output
 * and error read-only. Reading or writing them still fails with EBADF, as on a closed descriptor
 * (`news --print >&-` still reports "cannot write output: Bad file descriptor"), but no other
 * file can take their numbers.
 *
 * Otherwise the first descriptor any thread opens becomes "standard input": the runtime's
 * eventfd, a file a library reads. An app that then makes the terminal its standard input
 * (`dup2(tty, 0)`) replaces that thread's descriptor, and the thread's `close` later closes the
 * terminal: `news <&-` failed now and then with "must be a terminal" on a loaded machine. Output
 * written to a closed standard output would likewise land in whatever file took descriptor 1.
 * Descriptors that are open are left alone. */
__attribute__((constructor, used)) static void ctg_hold_closed_standard_descriptors(void) {
    for (int fd = 0; fd <= 2; fd++) {
        if (fcntl(fd, F_GETFD) != -1 || errno != EBADF) continue;
        int null = open("/dev/null", fd == 0 ? O_WRONLY : O_RDONLY);
        if (null < 0) return;
        if (null != fd) {
            dup2(null, fd);
            close(null);
        }
    }
}
