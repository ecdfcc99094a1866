// The SIGBUS guard of TableViewerKit's mapped files (see MappedFile.swift for why).
//
// A read of a mapped page past the end of a file that shrank raises SIGBUS. The handler looks the faulting address
// up in a fixed table of guarded mappings; when it is in one, it maps a private page of zeros over the faulting page
// (mmap with MAP_FIXED is a plain system call; glibc's wrapper takes no lock) and returns, so the read is retried
// and sees zeros, and the slot is marked faulted. A fault anywhere else goes to the handler that was installed
// before, or to the default action (the process ends as it would have).
#define _GNU_SOURCE
#include <malloc.h>
#include "CMapGuard.h"

#include <pthread.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdint.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#define SLOTS 64

static _Atomic(uintptr_t) slot_start[SLOTS];
static _Atomic(uintptr_t) slot_end[SLOTS];
static atomic_int slot_faulted[SLOTS];
static struct sigaction previous;

static void on_sigbus(int sig, siginfo_t *info, void *context) {
    uintptr_t address = (uintptr_t)info->si_addr;
    for (int slot = 0; slot < SLOTS; slot++) {
        uintptr_t start = atomic_load(&slot_start[slot]);
        uintptr_t end = atomic_load(&slot_end[slot]);
        if (start != 0 && address >= start && address < end) {
            uintptr_t page = (uintptr_t)sysconf(_SC_PAGESIZE);
            void *base = (void *)(address & ~(page - 1));
            if (mmap(base, page, PROT_READ, MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED, -1, 0) != MAP_FAILED) {
                atomic_store(&slot_faulted[slot], 1);
                return;
            }
        }
    }
    if (previous.sa_flags & SA_SIGINFO) {
        if (previous.sa_sigaction) {
            previous.sa_sigaction(sig, info, context);
            return;
        }
    } else if (previous.sa_handler != SIG_DFL && previous.sa_handler != SIG_IGN) {
        previous.sa_handler(sig);
        return;
    }
    // The default action: put it back and return, so the fault happens again and ends the process.
    signal(SIGBUS, SIG_DFL);
}

static pthread_mutex_t install_lock = PTHREAD_MUTEX_INITIALIZER;

// Installs the handler unless it is the one in force: a handler installed since (the toolkit's terminal guard takes
// SIGBUS over) becomes the one this handler passes other faults to, so map files after the terminal guard is set.
static void install(void) {
    pthread_mutex_lock(&install_lock);
    struct sigaction current;
    if (sigaction(SIGBUS, NULL, &current) == 0 && (current.sa_flags & SA_SIGINFO)
        && current.sa_sigaction == on_sigbus) {
        pthread_mutex_unlock(&install_lock);
        return;
    }
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_sigaction = on_sigbus;
    action.sa_flags = SA_SIGINFO | SA_NODEFER;
    sigemptyset(&action.sa_mask);
    sigaction(SIGBUS, &action, &previous);
    pthread_mutex_unlock(&install_lock);
}

void tv_map_guard_reinstall(void) { install(); }

int tv_map_guard_add(const void *start, size_t length) {
    install();
    for (int slot = 0; slot < SLOTS; slot++) {
        uintptr_t expected = 0;
        // Claim the slot with its end first (a start of 0 means free to the handler), then publish the start.
        if (atomic_compare_exchange_strong(&slot_end[slot], &expected, (uintptr_t)start + length)) {
            atomic_store(&slot_faulted[slot], 0);
            atomic_store(&slot_start[slot], (uintptr_t)start);
            return slot;
        }
    }
    return -1;
}

void tv_map_guard_remove(int slot) {
    if (slot < 0 || slot >= SLOTS) return;
    atomic_store(&slot_start[slot], 0);
    atomic_store(&slot_end[slot], 0);
}

int tv_map_guard_faulted(int slot) {
    if (slot < 0 || slot >= SLOTS) return 0;
    return atomic_load(&slot_faulted[slot]);
}

// Gives the heap's free memory back to the system (glibc keeps large freed blocks once its mmap threshold has grown).
void tv_trim_heap(void) { malloc_trim(0); }
