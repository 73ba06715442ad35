#ifndef CGATHERSHIM_H
#define CGATHERSHIM_H

#include <stddef.h>
#include <sys/types.h>

/// The credentials of the process at the other end of a Unix socket, as SO_PEERCRED reports them (the layout of
/// `struct ucred`, which needs _GNU_SOURCE).
typedef struct gatherd_peer_credentials {
  pid_t pid;
  uid_t uid;
  gid_t gid;
} gatherd_peer_credentials;

/// The SO_PEERCRED socket option's number.
int gatherd_so_peercred(void);

/// Whether the user `uid`, whose primary group is `gid`, belongs to group `group` by /etc/group or NSS.
int gatherd_user_in_group(uid_t uid, gid_t gid, gid_t group);

/// Where the Swift runtime looks for a hook that takes over its global executor (`swift_task_enqueueGlobal_hook`).
/// Referenced at link time, so that it is found even where the runtime is linked in statically and `dlsym`
/// cannot see it.
void *gatherd_swift_task_enqueue_global_hook(void);

/// Creates an anonymous memory file (memfd_create with MFD_CLOEXEC). Returns its descriptor, or -1 with errno.
int gatherd_memfd_create(const char *name);

/// Gives the memory malloc holds free back to the system (glibc's malloc_trim(0)): after a burst of web
/// connections has closed, so that what they used leaves the resident set. Returns 1 if any was given back.
int gatherd_release_free_memory(void);

/// Arms `fd` (0 to make a new one) as systemd's timers watch the wall clock: a CLOCK_REALTIME timerfd set for the
/// end of time with TFD_TIMER_ABSTIME and TFD_TIMER_CANCEL_ON_SET, so that it becomes readable, and a read fails
/// with ECANCELED, whenever the wall clock is set (stepped) rather than slewed. Returns the descriptor (close on
/// exec, non-blocking), or -1 with errno.
int gatherd_wall_clock_watch(int fd);

/// Sends `count` bytes as one datagram from `socket` (an AF_UNIX SOCK_DGRAM socket) to `address`: a file path, or
/// "@name" for a name in the abstract namespace. `fd_count` descriptors from `fds` travel with it (SCM_RIGHTS).
/// This is how the service manager's notify socket and journald's native socket are spoken to. Returns the bytes
/// sent, or -1 with errno (ENAMETOOLONG when the address does not fit a socket address, EMSGSIZE when the datagram
/// is too large for the socket).
ssize_t gatherd_send_datagram(int socket, const char *address, const void *bytes, size_t count, const int *fds,
                              size_t fd_count);

/// Copies `count` bytes into a new memory file and seals it against every change (memfd_create with
/// MFD_ALLOW_SEALING, then F_SEAL_SHRINK, F_SEAL_GROW, F_SEAL_WRITE and F_SEAL_SEAL), as journald wants an entry
/// too large for one datagram. Returns its descriptor (close on exec), or -1 with errno.
int gatherd_sealed_memfd(const char *name, const void *bytes, size_t count);

/// Names the calling thread (at most 15 bytes), as `top -H`, `ps -L`, debuggers and core dumps show it.
void gatherd_name_this_thread(const char *name);

/// Limits glibc's malloc to `count` arenas (mallopt M_ARENA_MAX); call it before any thread starts.
void gatherd_limit_malloc_arenas(int count);

/// Asks the processor to bring the memory at `address` into its cache, for reading soon, without waiting for it
/// (a prefetch: it never faults, whatever the address).
static inline void gatherd_prefetch(const void *address) { __builtin_prefetch(address); }

#endif
