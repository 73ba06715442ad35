import CMosquitto
import CoreMetrics
import Glibc
import Logging

/// The client's thread: one `poll` over the broker's socket and the inbox's eventfd, with a timeout that is the
/// next thing due (an attempt to connect, the attempt's deadline, or the keep-alive). Everything libmosquitto
/// does happens here, so it is never called from two threads.
/// Unchecked `Sendable`: its state is touched on the client's own thread only, which libmosquitto requires.
final class MQTTLoop: @unchecked Sendable {
  /// Where the connection stands.
  enum Phase {
    /// Not connected; the next attempt is due at `until`.
    case waiting(until: ContinuousClock.Instant)
    /// An attempt in progress since `since`; `tcpUp` once the TCP connection is made.
    case connecting(since: ContinuousClock.Instant, tcpUp: Bool)
    /// The broker accepted the connection.
    case connected
  }

  let library: MosquittoLibrary
  let configuration: MQTTClient.Configuration
  let logger: Logger
  let handle: MosquittoLibrary.Client
  let inbox: MQTTInbox
  let onConnect: MQTTClient.ConnectHandler
  let onMessage: MQTTClient.MessageHandler
  let clock = ContinuousClock()
  var phase: Phase
  var backoff = ReconnectBackoff()
  /// MQTT 5 unless the broker turns it down; then 3.1.1.
  var protocolVersion = MQTT_PROTOCOL_V5
  /// The keep-alive the broker asked for in its CONNACK, if it did.
  var serverKeepAlive: Duration?
  /// When the current outage began and whether the broker had been reached before it; nil while connected or
  /// before the first attempt.
  var outage: (since: ContinuousClock.Instant, wasConnected: Bool)?
  var everConnected = false
  /// When `mosquitto_loop_misc` last ran: libmosquitto counts whole seconds, so it runs at most once a second.
  var lastMisc: ContinuousClock.Instant
  /// What libmosquitto's callbacks reported during the call in progress.
  var connack: Int32?
  /// The farewell's message id, and whether the broker has acknowledged it (PUBACK).
  var farewell: (mid: Int32, acknowledged: Bool)?
  /// libmosquitto's last error message (OpenSSL's reason for a TLS failure, say), for the journal's line.
  var libraryError: String?
  var received: [MQTTReceivedMessage] = []
  let connectedGauge = Gauge(label: "gatherd_mqtt_connected")
  let publishedCounter = Counter(label: "gatherd_mqtt_messages_published_total")

  init(
    library: MosquittoLibrary, configuration: MQTTClient.Configuration, inbox: MQTTInbox, logger: Logger,
    onConnect: @escaping MQTTClient.ConnectHandler, onMessage: @escaping MQTTClient.MessageHandler
  ) throws(MQTTError) {
    self.library = library
    self.configuration = configuration
    self.inbox = inbox
    self.logger = logger
    self.onConnect = onConnect
    self.onMessage = onMessage
    let now = clock.now
    phase = .waiting(until: now)
    lastMisc = now
    guard let handle = library.new(configuration.clientID, true, nil) else {
      throw MQTTError("libmosquitto could not make a client")
    }
    self.handle = handle
    connectedGauge.record(0)
    try configure()
  }

  deinit { library.destroy(handle) }

  /// Runs until the inbox asks it to stop.
  func run() {
    // A write to a broker that has gone must fail with EPIPE, not end gatherd.
    signal(SIGPIPE, SIG_IGN)
    gatherd_mqtt_name_thread("gatherd-mqtt")
    while true {
      if case .waiting(let until) = phase, clock.now >= until { attempt() }
      var descriptors = [pollfd(fd: inbox.wakeDescriptor, events: Int16(POLLIN), revents: 0)]
      let socket = currentSocket
      if let socket { descriptors.append(pollfd(fd: socket, events: events(), revents: 0)) }
      if poll(&descriptors, nfds_t(descriptors.count), milliseconds(until: nextDeadline())) < 0, errno != EINTR {
        logger.error("MQTT: poll failed: \(String(cString: strerror(errno))); the client stops.")
        return
      }
      let contents = descriptors[0].revents != 0 ? inbox.take() : MQTTInbox.Contents()
      if socket != nil, descriptors[1].revents != 0 { serviceSocket(descriptors[1].revents) }
      runTimers()
      let link = MQTTLink(loop: self)
      for work in contents.work { work(link) }
      if contents.stopping { return finish(farewell: contents.farewell) }
    }
  }

  /// The socket to poll: the attempt's or the connection's.
  var currentSocket: Int32? {
    if case .waiting = phase { return nil }
    let socket = library.socket(handle)
    return socket >= 0 ? socket : nil
  }

  var isConnected: Bool { if case .connected = phase { true } else { false } }

  /// The keep-alive in force: the broker's if it set one, else ours.
  var keepAlive: Duration { serverKeepAlive ?? configuration.keepAlive }

  /// When the keep-alive is next due: a period after data last went out or came in, whichever was earlier, as
  /// libmosquitto reckons it (a PINGREQ when nothing was sent, or nothing heard, for a period). The times are
  /// the kernel's (TCP_INFO), which sees every byte libmosquitto writes or reads, acknowledgements and
  /// messages it sends by itself included. Nil if the broker turned the keep-alive off.
  var keepAliveDue: ContinuousClock.Instant? {
    guard keepAlive > .zero, let socket = currentSocket else { return nil }
    var info = tcp_info()
    var length = socklen_t(MemoryLayout<tcp_info>.size)
    guard getsockopt(socket, Int32(IPPROTO_TCP), TCP_INFO, &info, &length) == 0 else { return lastMisc + keepAlive }
    let quiet = Duration.milliseconds(max(info.tcpi_last_data_sent, info.tcpi_last_data_recv))
    return max(clock.now - quiet + keepAlive, lastMisc + .seconds(1))
  }

  private func nextDeadline() -> ContinuousClock.Instant {
    switch phase {
    case .waiting(let until): until
    case .connecting(let since, _): since + configuration.connectTimeout
    // libmosquitto keeps whole seconds: a little after the period, its check sees it has passed.
    case .connected: keepAliveDue.map { $0 + .milliseconds(10) } ?? clock.now + .seconds(3600)
    }
  }

  private func milliseconds(until deadline: ContinuousClock.Instant) -> Int32 {
    let wait = clock.now.duration(to: deadline)
    guard wait > .zero else { return 0 }
    let (seconds, attoseconds) = wait.components
    return Int32(min(seconds * 1000 + (attoseconds + 999_999_999_999_999) / 1_000_000_000_000_000, 3_600_000))
  }

  private func runTimers() {
    let now = clock.now
    switch phase {
    case .waiting: break
    case .connecting(let since, _):
      if since.duration(to: now) >= configuration.connectTimeout {
        lost("no CONNACK within \(configuration.connectTimeout)")
      }
    case .connected:
      if let due = keepAliveDue, now >= due {
        // libmosquitto sends a PINGREQ now, or drops a connection whose last one went unanswered.
        lastMisc = now
        call(library.loopMisc(handle))
      }
    }
  }

  /// Publishes the farewell if connected and waits for the broker's PUBACK, then says DISCONNECT, within a
  /// second: the broker has the farewell before the connection ends, and nothing is left unread when it does.
  private func finish(farewell message: MQTTMessage?) {
    guard isConnected else { return }
    var mid: Int32 = 0
    if let message, MQTTLink(loop: self).publish(message, mid: &mid) { farewell = (mid, false) }
    let deadline = clock.now + .seconds(1)
    while farewell?.acknowledged == false, let socket = currentSocket, clock.now < deadline {
      exchange(on: socket, until: deadline)
    }
    _ = library.disconnect(handle)
    // What the socket did not take at once (rarely anything) goes out before the deadline.
    while let socket = currentSocket, clock.now < deadline { exchange(on: socket, until: deadline) }
    connectedGauge.record(0)
    logger.info("MQTT: disconnected from the broker at \(configuration.broker).")
  }

  /// Waits for the socket, then lets libmosquitto read and write.
  private func exchange(on socket: Int32, until deadline: ContinuousClock.Instant) {
    var descriptor = pollfd(fd: socket, events: events(), revents: 0)
    _ = poll(&descriptor, 1, milliseconds(until: deadline))
    _ = library.loopRead(handle, 1)
    _ = library.loopWrite(handle, 1)
  }
}
