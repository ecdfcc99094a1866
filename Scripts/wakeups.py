"""Wake-ups and CPU of a running process, from /proc: shared by Scripts/idle-and-latency.py and
Scripts/logs-compare.sh, so both count the same way. Standard library only.

A wake-up is a run of a thread: the scheduler's "times run" counter (/proc/PID/task/*/schedstat, third
field), summed over the process's threads.
"""
import os


def sched_counts(pid):
    """The scheduler's "times run" counter of every thread, by thread id."""
    counts = {}
    for tid in os.listdir(f"/proc/{pid}/task"):
        try:
            with open(f"/proc/{pid}/task/{tid}/schedstat") as f:
                counts[tid] = int(f.read().split()[2])
        except OSError:
            pass
    return counts


def wakeups(before, after):
    """Runs between two samples: threads present in both, plus all runs of threads started meanwhile; and how
    many threads ended and started meanwhile.

    A thread that exited meanwhile took its counter with it; it is reported, not guessed."""
    runs = sum(after[t] - before[t] for t in after if t in before) + sum(after[t] for t in after if t not in before)
    return runs, len([t for t in before if t not in after]), len([t for t in after if t not in before])


def cpu_ticks(pid):
    """User and system CPU time of the process, in clock ticks."""
    with open(f"/proc/{pid}/stat") as f:
        fields = f.read().rsplit(")", 1)[1].split()
    return int(fields[11]) + int(fields[12])


def cpu_seconds(pid):
    """User and system CPU time of the process, in seconds."""
    return cpu_ticks(pid) / os.sysconf("SC_CLK_TCK")
