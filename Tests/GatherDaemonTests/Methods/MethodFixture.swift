import Clocks
import Foundation
import GatherModel
import GatherPush
import GatherRPC
import GatherStore
import Glibc
import Logging
import NIOCore
import NIOPosix
import Synchronization
import Testing

@testable import GatherDaemon

/// JSON-RPC in process, for the method tests: a session on a test clock and an in-memory store, served by the
/// daemon's own dispatcher from connections as gatherd makes them. A change takes the session's turn on its
/// loop, a query runs on a thread pool and a read on the connections' loop, exactly as on a socket; each
/// connection's events are written to a real socket, whose other end the test reads line by line.
///
/// The tests see requests and replies as JSON only, through ``call(_:_:as:)`` and its helpers.
final class MethodFixture: Sendable {
  /// The control token of the fixture's web page (served at ``publicURL``).
  static let token = "fixture-control-token-0123456789"
  /// The address the web page's links use.
  static let publicURL = "https://gather.example/"
  /// A week after the fixture's wall clock starts (2027-01-15T08:00:00Z), at 19:00 in UTC+1: a plan's start.
  static let nextWeek = "2027-01-22T19:00+01:00"

  /// The match clock's time, moved on only by ``advance(by:)``.
  private let clock = TestClock()
  private let session: GatherSession
  /// The dispatcher and the ways to the session and the query pool, as gatherd builds them once for every
  /// listener.
  private let gateway: RPCGateway
  /// The last request id or web client address used.
  private let nextID = Mutex<Int64>(0)
  /// A local controller: the daemon's own user on its control socket.
  let controller: Connection

  /// A fresh daemon with an empty roster; with `web`, its page is served at ``publicURL`` with ``token``. Its
  /// server's time zone is UTC, and a man-of-the-match vote closes as `voteWindow` says. With `push`, it takes
  /// phones' subscriptions for the browsers' push services, as gatherd does by default (its key in a file of its
  /// own; nothing is sent: the fixture runs no notifier). Late drop-outs and no-shows are fined and held against
  /// players as `attendance` says.
  init(
    web: Bool = true, voteWindow: VoteWindow = .standard, push: Bool = false,
    attendance: AttendanceRules = AttendanceRules()
  ) async throws {
    let loops = MultiThreadedEventLoopGroup.singleton
    let (sessionLoop, connectionsLoop) = (loops.next(), loops.next())
    let (clock, origin) = (clock, clock.now)
    session = try GatherSession(
      store: .inMemory(), clock: clock, loop: sessionLoop,
      wallClock: { Date(timeIntervalSince1970: 1_800_000_000 + origin.duration(to: clock.now).inSeconds) },
      hub: EventHub(subscriberLoop: connectionsLoop), voteWindow: voteWindow, localOffset: { _ in 0 },
      attendance: attendance)
    try await session.perform { $0.start() }
    let access = web ? WebAccess(token: Self.token, publicURL: try PublicURL(parsing: Self.publicURL)) : nil
    gateway = RPCGateway(
      session: session, loop: connectionsLoop, queryPool: .singleton, stats: DaemonStats(), maxLineBytes: 1 << 20,
      access: try AccessPolicy(controlGroupName: nil), web: access, logger: Logger(label: "gatherd.tests"),
      push: push ? Self.webPush(web: access) : nil)
    controller = try await Connection.open(
      gateway.localCaller(PeerCredentials(pid: getpid(), uid: getuid(), gid: getgid()), readOnly: false),
      on: connectionsLoop)
  }

  /// Web Push for the browsers' push services, its key in a new file under the temporary directory.
  private static func webPush(web: WebAccess?) -> WebPush {
    let logger = Logger(label: "gatherd.tests")
    let keyPath = FileManager.default.temporaryDirectory.appendingPathComponent("gatherd-\(UUID()).push.key").path
    return WebPush(
      settings: PushSettings(), keyPath: keyPath,
      courier: HTTPCourier(configuration: .init(userAgent: "gatherd-tests"), logger: logger), web: web, logger: logger)
  }

  /// The kinds of connection a test can open besides ``controller``.
  enum Peer {
    /// The read-only status socket: any local user may read and watch there, nobody may change anything.
    case statusSocket
    /// Another local user on the control socket, who is not a controller.
    case localUser
    /// A web client that has presented no token.
    case web
    /// A request published on gatherd's MQTT command topic: a controller.
    case mqtt
  }

  /// Opens a connection of that kind; each web client comes from an address of its own.
  func connect(_ peer: Peer) async throws -> Connection {
    let loop = gateway.loop
    switch peer {
    case .statusSocket, .localUser:
      let credentials = PeerCredentials(pid: 4242, uid: 4242, gid: 4242)
      return try await Connection.open(gateway.localCaller(credentials, readOnly: peer == .statusSocket), on: loop)
    case .web:
      let client = WebClient(try SocketAddress(ipAddress: "192.168.7.\(nextNumber() % 250 + 1)", port: 50000))
      return try await Connection.open(gateway.webCaller(client, controller: false), on: loop)
    case .mqtt:
      return try await Connection.open(gateway.mqttCaller(topic: "gatherd/main/rpc"), on: loop)
    }
  }

  /// Sends one request from `connection` (the controller by default) and returns the whole reply.
  func call(_ method: String, _ params: JSONObject? = nil, as connection: Connection? = nil) async -> JSONValue {
    await call(method, params: params.map { .object($0) }, as: connection)
  }

  /// Sends one request whose params are any JSON (positional ones, say) and returns the whole reply.
  func call(_ method: String, params: JSONValue?, as connection: Connection? = nil) async -> JSONValue {
    let id = nextNumber()
    var request: JSONObject = ["jsonrpc": "2.0", "id": .int(id), "method": .string(method)]
    if let params { request["params"] = params }
    let reply = await send(.object(request), as: connection)
    #expect(reply?["id"] == .int(id), "the reply to \(method) echoes its id")
    return reply ?? .null
  }

  /// Answers any message (a batch, a notification, an invalid request) as a connection's line; nil when
  /// nothing is sent back.
  func send(_ message: JSONValue, as connection: Connection? = nil) async -> JSONValue? {
    await answer(.success(message), as: connection ?? controller)
  }

  /// Answers a line of text as a connection reads it: not JSON is a parse error.
  func send(line: String, as connection: Connection? = nil) async -> JSONValue? {
    await answer(
      Result { () throws(JSONParser.SyntaxError) in try JSONParser.parse(Array(line.utf8)) },
      as: connection ?? controller)
  }

  /// Answers a line through the dispatcher with the daemon's own runner, never the inline one: a change must take
  /// the session's turn, which publishes its view and its events before the reply.
  private func answer(
    _ line: Result<JSONValue, JSONParser.SyntaxError>, as connection: Connection
  ) async -> JSONValue? {
    let (gateway, caller, loop) = (gateway, connection.caller, gateway.loop)
    return await withCheckedContinuation { continuation in
      // On the connections' loop, as RPCConnection answers a line: reads at once, changes in the session's turn.
      loop.execute {
        gateway.dispatcher.respond(to: line, from: caller, runner: gateway.runner(replyingOn: loop)) { reply in
          caller.events.replyWritten()
          continuation.resume(returning: reply)
        }
      }
    }
  }

  /// The result of a request that must succeed.
  func result(
    _ method: String, _ params: JSONObject? = nil, as connection: Connection? = nil,
    sourceLocation: SourceLocation = #_sourceLocation
  ) async throws -> JSONValue {
    let reply = await call(method, params, as: connection)
    let result = try #require(reply["result"], "\(method) failed: \(reply)", sourceLocation: sourceLocation)
    Self.checkWire(method, result, sourceLocation: sourceLocation)
    return result
  }

  /// Checks a result against its method's definition, as clients read it: it matches the result schema the OpenRPC
  /// document gives, and decodes as the API type gatherctl decodes it into.
  static func checkWire(_ method: String, _ result: JSONValue, sourceLocation: SourceLocation) {
    guard let definition = MethodCatalog.definition(method), let components = OpenRPCDocument.json["components"] else {
      return
    }
    let problems = SchemaCheck(components: components).problems(result, definition.doc.result.schema.json)
    #expect(problems.isEmpty, "\(method)'s result breaks its schema: \(problems)", sourceLocation: sourceLocation)
    func decode<T: Decodable>(_ type: T.Type) throws {
      _ = try JSONDecoder().decode(type, from: Data(JSONWriter.bytes(result)))
    }
    do {
      try decode(definition.resultType)
    } catch {
      Issue.record(
        "\(method)'s result does not decode as \(definition.resultType): \(error)", sourceLocation: sourceLocation)
    }
  }

  /// The error of a request that must fail; its message must read as a sentence.
  func error(
    _ method: String, _ params: JSONObject? = nil, as connection: Connection? = nil,
    sourceLocation: SourceLocation = #_sourceLocation
  ) async throws -> Refusal {
    let reply = await call(method, params, as: connection)
    let error = try #require(reply["error"], "\(method) succeeded: \(reply)", sourceLocation: sourceLocation)
    let message = error["message"]?.stringValue ?? ""
    #expect(
      Refusal.isSentence(message), "\(method)'s error message is not a sentence: \(message)",
      sourceLocation: sourceLocation)
    return Refusal(error)
  }

  /// Moves the match clock on by `duration`; the alarm then rings for what fell due.
  func advance(by duration: Duration) async { await clock.advance(by: duration) }

  /// A number not used before: a request's id, a web client's address.
  private func nextNumber() -> Int64 {
    nextID.withLock {
      $0 += 1
      return $0
    }
  }
}

extension MethodFixture {
  /// One connection to the fixture's daemon: its caller, and the events written to its socket, read from the
  /// socket's other end.
  final class Connection: @unchecked Sendable {
    /// The peer, as the dispatcher and the controllers see it.
    fileprivate let caller: Caller
    /// The daemon's end of the socket pair and the test's.
    private let channels: [any Channel]
    /// The event lines the test's end has read.
    private let lines: AsyncStream<JSONValue>

    private init(_ caller: Caller, channels: [any Channel], lines: AsyncStream<JSONValue>) {
      (self.caller, self.channels, self.lines) = (caller, channels, lines)
    }

    /// A connection served on `loop` for `caller`, whose events go to a socket pair, as RPCConnection writes them.
    fileprivate static func open(_ caller: Caller, on loop: any EventLoop) async throws -> Connection {
      var ends: [CInt] = [-1, -1]
      try #require(socketpair(AF_UNIX, CInt(SOCK_STREAM.rawValue), 0, &ends) == 0)
      let (daemonEnd, peerEnd) = (ends[0], ends[1])
      let (lines, continuation) = AsyncStream.makeStream(of: JSONValue.self)
      let served = try await ClientBootstrap(group: loop).channelInitializer { channel in
        channel.eventLoop.makeCompletedFuture {
          try channel.pipeline.syncOperations.addHandler(OutputAttacher(caller: caller, socket: daemonEnd))
        }
      }.withConnectedSocket(daemonEnd).get()
      let reader = try await ClientBootstrap(group: loop).channelInitializer { channel in
        channel.eventLoop.makeCompletedFuture {
          try channel.pipeline.syncOperations.addHandler(LineReader(continuation))
        }
      }.withConnectedSocket(peerEnd).get()
      return Connection(caller, channels: [served, reader], lines: lines)
    }

    // A connection that goes ends its subscriptions, as RPCConnection's does when its channel closes.
    deinit {
      let (caller, channels) = (caller, channels)
      channels[0].eventLoop.execute {
        caller.events.close()
        for channel in channels { channel.close(promise: nil) }
      }
    }

    /// The next event notification written to this connection, whole; waits for it.
    func nextEvent() async -> JSONValue? {
      // One reader at a time: the stream's iterators share its buffer, so each call takes the next line.
      var iterator = lines.makeAsyncIterator()
      return await iterator.next()
    }

    /// The next event as "topic:change" ("score:goal", "plan:joined"), or "tick:DISPLAY" for a tick.
    func nextChange() async -> String? {
      guard let event = await nextEvent(), let topic = event["method"]?.stringValue else { return nil }
      let params = event["params"]
      return "\(topic):\(params?["change"]?.stringValue ?? params?["display"]?.stringValue ?? "?")"
    }

    /// Gives the connection's events a ConnectionOutput on the daemon's end of the socket pair.
    private final class OutputAttacher: ChannelInboundHandler {
      typealias InboundIn = ByteBuffer
      let caller: Caller
      let socket: CInt

      init(caller: Caller, socket: CInt) { (self.caller, self.socket) = (caller, socket) }

      func handlerAdded(context: ChannelHandlerContext) {
        caller.events.attach(ConnectionOutput(context: context, socket: socket))
      }
    }

    /// Splits what the peer's end reads into lines, each a JSON message.
    private final class LineReader: ChannelInboundHandler {
      typealias InboundIn = ByteBuffer
      let continuation: AsyncStream<JSONValue>.Continuation
      var pending: [UInt8] = []

      init(_ continuation: AsyncStream<JSONValue>.Continuation) { self.continuation = continuation }

      func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        pending += unwrapInboundIn(data).readableBytesView
        while let end = pending.firstIndex(of: UInt8(ascii: "\n")) {
          let line = Array(pending[..<end])
          pending.removeFirst(end + 1)
          if let message = try? JSONParser.parse(line) { continuation.yield(message) }
        }
      }

      func channelInactive(context: ChannelHandlerContext) { continuation.finish() }
    }
  }
}
