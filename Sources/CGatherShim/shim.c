#define _GNU_SOURCE
#include "CGatherShim.h"

#include <errno.h>
#include <fcntl.h>
#include <grp.h>
#include <malloc.h>
#include <stddef.h>
#include <pwd.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <sys/socket.h>
#include <sys/timerfd.h>
#include <sys/un.h>
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

ssize_t gatherd_send_datagram(int socket, const char *address, const void *bytes, size_t count, const int *fds,
                              size_t fd_count) {
  struct sockaddr_un destination = {.sun_family = AF_UNIX};
  size_t length = strlen(address);
  // A path needs room for its closing NUL byte; an abstract name has none.
  size_t room = address[0] == '@' ? sizeof(destination.sun_path) : sizeof(destination.sun_path) - 1;
  if (length == 0 || length > room) {
    errno = ENAMETOOLONG;
    return -1;
  }
  memcpy(destination.sun_path, address, length);
  socklen_t destination_length = (socklen_t)(offsetof(struct sockaddr_un, sun_path) + length);
  // An abstract name starts with a NUL byte and is exactly as long as given; a path ends with one.
  if (address[0] == '@') destination.sun_path[0] = 0;
  else destination_length += 1;
  struct iovec payload = {.iov_base = (void *)bytes, .iov_len = count};
  struct msghdr message = {
      .msg_name = &destination, .msg_namelen = destination_length, .msg_iov = &payload, .msg_iovlen = 1};
  // Room for up to 16 descriptors, aligned as a cmsghdr must be.
  union {
    struct cmsghdr align;
    char bytes[CMSG_SPACE(sizeof(int) * 16)];
  } control;
  if (fd_count > 16) {
    errno = EINVAL;
    return -1;
  }
  if (fd_count > 0) {
    memset(&control, 0, sizeof(control));
    message.msg_control = control.bytes;
    message.msg_controllen = CMSG_SPACE(sizeof(int) * fd_count);
    struct cmsghdr *header = CMSG_FIRSTHDR(&message);
    header->cmsg_level = SOL_SOCKET;
    header->cmsg_type = SCM_RIGHTS;
    header->cmsg_len = CMSG_LEN(sizeof(int) * fd_count);
    memcpy(CMSG_DATA(header), fds, sizeof(int) * fd_count);
  }
  ssize_t sent;
  do sent = sendmsg(socket, &message, MSG_NOSIGNAL);
  while (sent < 0 && errno == EINTR);
  return sent;
}

int gatherd_sealed_memfd(const char *name, const void *bytes, size_t count) {
  int fd = memfd_create(name, MFD_CLOEXEC | MFD_ALLOW_SEALING);
  if (fd < 0) return -1;
  const char *next = bytes;
  size_t left = count;
  while (left > 0) {
    ssize_t written = write(fd, next, left);
    if (written < 0 && errno == EINTR) continue;
    if (written <= 0) goto failed;
    next += written;
    left -= (size_t)written;
  }
  if (fcntl(fd, F_ADD_SEALS, F_SEAL_SHRINK | F_SEAL_GROW | F_SEAL_WRITE | F_SEAL_SEAL) < 0) goto failed;
  return fd;
failed: {
  int saved = errno;
  close(fd);
  errno = saved;
  return -1;
}
}

void gatherd_limit_malloc_arenas(int count) { mallopt(M_ARENA_MAX, count); }
