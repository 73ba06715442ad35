// libgcrypt, for SHA-256 (gcry_md_hash_buffer): the scoreboard's ETags and its inline script's CSP hash. gatherd
// loads it anyway, as a dependency of libsystemd, so hashing with it maps no library of its own.
#include <gcrypt.h>
