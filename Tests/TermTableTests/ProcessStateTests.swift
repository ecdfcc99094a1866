import Testing

/// Tests of process-wide state: ncurses (one current screen per process), the locale,
/// the environment, child processes on a pseudo-terminal. Everything under this suite
/// runs one test at a time, never alongside another test of it.
@Suite(.serialized)
enum ProcessStateTests {}
