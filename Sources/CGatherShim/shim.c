#define _GNU_SOURCE
#include "CGatherShim.h"

#include <grp.h>
#include <malloc.h>
#include <pwd.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <sys/socket.h>

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
