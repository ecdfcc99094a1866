#ifndef CMAPGUARD_H
#define CMAPGUARD_H

#include <stddef.h>

/// Registers the mapping [start, start + length) with the SIGBUS guard (installing the guard's handler on first
/// use); returns a slot number for `tv_map_guard_remove`, or -1 when all slots are taken (the mapping is then
/// unguarded and the caller should copy the file instead of mapping it).
int tv_map_guard_add(const void *start, size_t length);

/// Puts the guard's handler in front again when another was installed since (the toolkit's terminal guard takes
/// SIGBUS over when a screen starts): faults that are not a mapping's go on to that one.
void tv_map_guard_reinstall(void);

/// Forgets slot `slot` (before the mapping is unmapped).
void tv_map_guard_remove(int slot);

/// True once a read in slot `slot`'s mapping faulted past the end of its file (the file shrank while mapped)
/// and was given a page of zeros.
int tv_map_guard_faulted(int slot);

/// Gives the heap's free memory back to the system (`malloc_trim`): after a sort of millions of rows, its key
/// columns and buffers (freed) would otherwise stay in the process's resident memory.
void tv_trim_heap(void);

#endif
