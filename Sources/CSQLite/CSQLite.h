// The system's SQLite (libsqlite3-dev), for GatherStore's own SQLite layer.
#include <sqlite3.h>

// SQLITE_TRANSIENT is a macro of a cast that Swift cannot import: SQLite copies a bound text at once.
static inline sqlite3_destructor_type csqlite_transient(void) { return SQLITE_TRANSIENT; }

// Extended result codes are macro expressions that Swift cannot import either.
static const int CSQLITE_IOERR_WRITE = SQLITE_IOERR_WRITE;
static const int CSQLITE_IOERR_FSYNC = SQLITE_IOERR_FSYNC;
static const int CSQLITE_IOERR_NOMEM = SQLITE_IOERR_NOMEM;
static const int CSQLITE_READONLY_DBMOVED = SQLITE_READONLY_DBMOVED;
