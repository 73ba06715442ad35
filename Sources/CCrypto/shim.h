// OpenSSL's libcrypto, for SHA-256 (EVP_Digest): the scoreboard's ETags and its inline script's CSP hash.
#include <openssl/evp.h>
