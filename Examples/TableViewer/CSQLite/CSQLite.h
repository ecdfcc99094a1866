/* CSQLite: the system's libsqlite3 (libsqlite3-dev) for `tv`'s SQLite reader (TableViewerSQLite), and only for it:
 * no toolkit target imports it.
 *
 * Swift cannot import SQLITE_TRANSIENT (a cast-built macro); it is given a small static inline accessor here. */
#ifndef CSQLITE_H
#define CSQLITE_H

#include <sqlite3.h>

/* SQLITE_TRANSIENT: sqlite3_bind_text copies the bytes before it returns. */
static inline sqlite3_destructor_type csqlite_transient(void) { return SQLITE_TRANSIENT; }

#endif
