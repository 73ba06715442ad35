#define _GNU_SOURCE
#include "CGatherShim.h"

#include <grp.h>
#include <malloc.h>
#include <pwd.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <sys/socket.h>
#include <sys/timerfd.h>
#include <time.h>
#include <unistd.h>

_Static_assert(sizeof(struct ucred) == sizeof(gatherd_peer_credentials), "ucred layout");

int gatherd_so_peercred(void) { return SO_PEERCRED; }

int gatherd_user_in_group(uid_t uid, gid_t gid, gid_t group) {
  if (gid == group) return 1;
  struct passwd entry;
  struct passwd *user = NULL;
  char buffer[4096];
  if (getpwuid_r(uid, &entry, buffer, sizeof(buffer), &user) != 0 || user == NULL) return 0;
  int count = 64;
  for (int attempt = 0; attempt < 4; attempt++) {
    gid_t *groups = malloc(sizeof(gid_t) * (size_t)count);
    if (groups == NULL) return 0;
    int found = count;
    int result = getgrouplist(user->pw_name, gid, groups, &found);
    if (result >= 0) {
      int member = 0;
      for (int i = 0; i < found; i++) if (groups[i] == group) member = 1;
      free(groups);
      return member;
    }
    free(groups);
    count = found > count ? found : count * 4;
  }
  return 0;
}

extern void *swift_task_enqueueGlobal_hook;

void *gatherd_swift_task_enqueue_global_hook(void) { return &swift_task_enqueueGlobal_hook; }

int gatherd_memfd_create(const char *name) { return memfd_create(name, MFD_CLOEXEC); }

int gatherd_release_free_memory(void) { return malloc_trim(0); }

int gatherd_wall_clock_watch(int fd) {
  int watch = fd > 0 ? fd : timerfd_create(CLOCK_REALTIME, TFD_CLOEXEC | TFD_NONBLOCK);
  if (watch < 0) return -1;
  // Far past the end of the kernel's time (2262), which it keeps the timer at, so it never fires; short of the
  // end of time_t, so that a library that moves it by an offset (libfaketime) does not overflow.
  struct itimerspec end = {.it_value = {.tv_sec = (time_t)1 << 62}};
  if (timerfd_settime(watch, TFD_TIMER_ABSTIME | TFD_TIMER_CANCEL_ON_SET, &end, NULL) < 0) {
    if (watch != fd) close(watch);
    return -1;
  }
  return watch;
}

void gatherd_name_this_thread(const char *name) { prctl(PR_SET_NAME, name, 0, 0, 0); }
