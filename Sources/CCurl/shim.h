// libcurl's declarations, without linking it: GatherPush loads libcurl.so.4 with dlopen the first time it posts
// (Sources/GatherPush/CurlLibrary.swift). curl_easy_setopt and curl_easy_getinfo take their value through C's
// variadic arguments, which Swift cannot pass: these call the looked-up functions with one argument of each type.
#include <curl/curl.h>
#include <sys/socket.h>
#include <sys/prctl.h>
#include <netinet/in.h>

typedef CURLcode (*gatherd_curl_setopt_fn)(CURL *, CURLoption, ...);
typedef CURLcode (*gatherd_curl_getinfo_fn)(CURL *, CURLINFO, ...);

/// curl_easy_setopt with a long.
static inline CURLcode gatherd_curl_setopt_long(void *fn, CURL *handle, CURLoption option, long value) {
  return ((gatherd_curl_setopt_fn)fn)(handle, option, value);
}

/// curl_easy_setopt with a pointer: a string, a list, a callback or its data.
static inline CURLcode gatherd_curl_setopt_pointer(void *fn, CURL *handle, CURLoption option, const void *value) {
  return ((gatherd_curl_setopt_fn)fn)(handle, option, value);
}

/// curl_easy_setopt with a curl_off_t.
static inline CURLcode gatherd_curl_setopt_offset(void *fn, CURL *handle, CURLoption option, curl_off_t value) {
  return ((gatherd_curl_setopt_fn)fn)(handle, option, value);
}

/// curl_easy_getinfo of a long.
static inline CURLcode gatherd_curl_getinfo_long(void *fn, CURL *handle, CURLINFO info, long *value) {
  return ((gatherd_curl_getinfo_fn)fn)(handle, info, value);
}

/// curl_easy_getinfo of a curl_off_t.
static inline CURLcode gatherd_curl_getinfo_offset(void *fn, CURL *handle, CURLINFO info, curl_off_t *value) {
  return ((gatherd_curl_getinfo_fn)fn)(handle, info, value);
}

/// curl_easy_getinfo of a pointer (CURLINFO_PRIVATE).
static inline CURLcode gatherd_curl_getinfo_pointer(void *fn, CURL *handle, CURLINFO info, void **value) {
  return ((gatherd_curl_getinfo_fn)fn)(handle, info, value);
}

/// Names the calling thread (15 characters at most), as `top -H` and /proc/PID/task/TID/comm show it.
static inline void gatherd_push_name_thread(const char *name) { prctl(PR_SET_NAME, name, 0, 0, 0); }
