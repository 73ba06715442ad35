// libmosquitto's declarations, without linking it: GatherMQTT loads libmosquitto.so.1 with dlopen when MQTT is
// configured (Sources/GatherMQTT/MosquittoLibrary.swift). Also what its thread needs from libc: dlopen, poll
// and an eventfd to be woken with.
#include <mosquitto.h>
#include <mqtt_protocol.h>
#include <dlfcn.h>
#include <poll.h>
#include <sys/eventfd.h>
#include <sys/socket.h>
#include <netdb.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <sys/prctl.h>

/// Names the calling thread (15 characters at most), as `top -H` and /proc/PID/task/TID/comm show it.
static inline void gatherd_mqtt_name_thread(const char *name) { prctl(PR_SET_NAME, name, 0, 0, 0); }
