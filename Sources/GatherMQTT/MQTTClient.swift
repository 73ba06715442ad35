import CMosquitto
import Glibc
import Logging
import Synchronization

/// A connection to an MQTT broker that keeps itself up, on one thread of its own.
///
/// libmosquitto speaks the protocol; this thread drives its socket with `poll`, wakes only when the socket is
/// ready, when work is handed to it, when the keep-alive is due or when the next attempt to connect is, and
/// reconnects with a backoff capped at 30 seconds after any failure, including those on which libmosquitto's
/// own loop gives up (DNS, TLS, a refused password). Nothing here ever blocks the caller: work is queued and
/// runs on the client's thread, where ``MQTTLink`` publishes and subscribes.
public final class MQTTClient: Sendable {
  /// What the client connects to, and as whom.
  public struct Configuration: Sendable {
    /// Where the broker is.
    public var broker: MQTTBroker
    /// The password for the broker's user, if any.
    public var password: String?
    /// The certificate authorities that sign the broker's certificate (PEM); nil trusts the system's.
    public var caFile: String?
    /// The client id the broker knows gatherd by; a second client with the same id replaces the first.
    public var clientID: String
    /// What the broker publishes when the connection drops without a DISCONNECT.
    public var will: MQTTMessage
    /// How often the client shows it is alive when it has nothing to say.
    public var keepAlive: Duration = .seconds(60)
    /// How long an attempt may take, from the TCP connect to the broker's CONNACK.
    public var connectTimeout: Duration = .seconds(10)

    /// A configuration with the default keep-alive (60 s) and connect timeout (10 s).
    public init(broker: MQTTBroker, password: String?, caFile: String?, clientID: String, will: MQTTMessage) {
      self.broker = broker
      self.password = password
      self.caFile = caFile
      self.clientID = clientID
      self.will = will
    }
  }

  /// Runs on the client's thread each time the broker accepts the connection: subscribe and publish here.
  public typealias ConnectHandler = @Sendable (MQTTLink) -> Void
  /// Runs on the client's thread for each message the broker delivers.
  public typealias MessageHandler = @Sendable (MQTTReceivedMessage, MQTTLink) -> Void

  private let loop: MQTTLoop
  private let started = Atomic<Bool>(false)
  private let inbox: MQTTInbox
  private let exited = Mutex<(done: Bool, waiter: CheckedContinuation<Void, Never>?)>((false, nil))

  /// Makes sure libmosquitto can be loaded; the error says why not. Call it at startup, so that a missing
  /// library is a startup error rather than a failure later.
  public static func loadLibrary() throws(MQTTError) -> String {
    try MosquittoLibrary.shared.get().version
  }

  /// A client that connects once ``start()`` is called.
  public init(
    configuration: Configuration, logger: Logger, onConnect: @escaping ConnectHandler,
    onMessage: @escaping MessageHandler
  ) throws(MQTTError) {
    let library = try MosquittoLibrary.shared.get()
    inbox = try MQTTInbox()
    loop = try MQTTLoop(
      library: library, configuration: configuration, inbox: inbox, logger: logger, onConnect: onConnect,
      onMessage: onMessage)
  }

  /// Starts the client's thread, which connects at once.
  public func start() {
    guard !started.exchange(true, ordering: .acquiringAndReleasing) else { return }
    let context = Unmanaged.passRetained(ThreadContext(loop: loop, client: self)).toOpaque()
    var thread = pthread_t()
    let created = pthread_create(
      &thread, nil,
      { argument in
        let context = Unmanaged<ThreadContext>.fromOpaque(argument!).takeRetainedValue()
        context.loop.run()
        context.client.threadExited()
        return nil
      }, context)
    if created == 0 {
      pthread_detach(thread)
    } else {
      Unmanaged<ThreadContext>.fromOpaque(context).release()
      threadExited()
    }
  }

  /// Runs `work` on the client's thread, after what was handed over before it.
  public func execute(_ work: @escaping @Sendable (MQTTLink) -> Void) { inbox.post(work) }

  /// Publishes `farewell` if connected, disconnects cleanly, and returns once the thread has ended (within a
  /// second, unless it is waiting for a DNS answer), or once ``stopWaiting()`` is called.
  public func stop(farewell: MQTTMessage?) async {
    inbox.stop(farewell: farewell)
    await withCheckedContinuation { continuation in
      let done = exited.withLock { state in
        if state.done { return true }
        state.waiter = continuation
        return false
      }
      if done { continuation.resume() }
    }
  }

  /// Lets ``stop(farewell:)`` return before the thread has ended: shutdown does not wait for a DNS answer.
  public func stopWaiting() { threadExited() }

  private func threadExited() {
    let waiter = exited.withLock { state in
      state.done = true
      defer { state.waiter = nil }
      return state.waiter
    }
    waiter?.resume()
  }

  /// What the new thread starts from.
  private final class ThreadContext {
    let loop: MQTTLoop
    let client: MQTTClient
    init(loop: MQTTLoop, client: MQTTClient) {
      self.loop = loop
      self.client = client
    }
  }
}
