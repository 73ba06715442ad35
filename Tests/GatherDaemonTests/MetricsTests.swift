import CoreMetrics
import FoundationEssentials
import GatherModel
import GatherRPC
import Testing

@testable import GatherDaemon
@testable import GatherStore

/// The metrics the daemon's own path bumps, read back from the scrape as Prometheus reads it: each test binds
/// a registry of its own (swift-metrics' task-local factory) while the parts it measures are made.
@Suite(.timeLimit(.minutes(1))) struct MetricsTests {
  let exporter = MetricsExporter()
  var factory: GatherMetricsFactory { GatherMetricsFactory(registry: exporter.registry) }

  /// The scrape's lines, and the value of one series (name with its labels, exactly as written).
  func scrape() -> [Substring] { String(decoding: exporter.scrape(), as: UTF8.self).split(separator: "\n") }
  func value(_ series: String) -> Double? {
    scrape().first { $0.hasPrefix(series + " ") }.flatMap { Double($0.dropFirst(series.count + 1)) }
  }

  @Test func everyFamilyHasItsHelpAndTypeAndTheProcessIsDescribed() throws {
    withMetricsFactory(factory) {
      // As the MQTT client reports its own, and as a library might report one gatherd does not know.
      Meter(label: "gatherd_mqtt_connected").set(1)
      Counter(label: "gatherd_mqtt_messages_published_total").increment(by: 3)
      Counter(label: "somelibrary_things_total").increment()
      _ = DaemonStats()
      _ = RequestMetrics(methods: ["daemon.ping"])
    }
    let lines = scrape()
    let typed = lines.filter { $0.hasPrefix("# TYPE ") }.map { $0.split(separator: " ")[2] }
    let helped = Set(lines.filter { $0.hasPrefix("# HELP ") }.map { $0.split(separator: " ")[2] })
    #expect(Set(typed).count == typed.count, "one TYPE line per family")
    for name in typed { #expect(helped.contains(name), "\(name) has a HELP line") }
    for family in ["gatherd_mqtt_connected", "gatherd_mqtt_messages_published_total", "gatherd_build_info"] {
      #expect(typed.contains(Substring(family)))
    }
    #expect(value("gatherd_mqtt_connected") == 1)
    #expect(value("gatherd_mqtt_messages_published_total") == 3)
    #expect(value(#"gatherd_build_info{version="\#(GatherVersion.current)"}"#) == 1)
    #expect(value("gatherd_fdstore_connections") == 0)
    #expect(value(#"gatherd_open_connections{transport="unix"}"#) == 0)
    #expect(try #require(value("process_resident_memory_bytes")) > 1_000_000)
    #expect(try #require(value("process_virtual_memory_bytes")) > 1_000_000)
    #expect(try #require(value("process_open_fds")) >= 3)
    #expect(try #require(value("process_max_fds")) >= 64)
    #expect(try #require(value("process_cpu_seconds_total")) > 0)
    let started = try #require(value("process_start_time_seconds"))
    let now = Date().timeIntervalSince1970
    #expect(started <= now + 1 && started > now - 24 * 3600, "started \(now - started) s ago")
  }

  @Test func requestsCountByMethodAndOutcomeAndErrorsByReason() async throws {
    let fixture = try await withMetricsFactory(factory) { try await SessionFixture() }
    let dispatcher = withMetricsFactory(factory) {
      MethodTable.dispatcher(
        fixture.session,
        services: MethodServices(
          web: nil, stats: DaemonStats(), hub: fixture.session.hub, repeats: RepeatedRequests()),
        logger: .init(label: "t"),
        refusals: RefusalReporter(logger: .init(label: "t"), loop: fixture.session.loop))
    }
    let caller = Caller(
      peer: .local(PeerCredentials(pid: 2, uid: 1000, gid: 1000)),
      capabilities: Capabilities(control: false, whyNotControl: "a test"),
      events: EventOutbox(table: fixture.session.hub.subscribers))
    let lines = [
      #"{"jsonrpc":"2.0","id":1,"method":"daemon.ping"}"#, #"{"jsonrpc":"2.0","id":2,"method":"daemon.ping"}"#,
      #"{"jsonrpc":"2.0","id":3,"method":"players.get","params":{"id":"x"}}"#,
      #"{"jsonrpc":"2.0","id":4,"method":"players.create","params":{"name":"Carla"}}"#,
      #"{"jsonrpc":"2.0","id":5,"method":"no.such"}"#, #"{"jsonrpc":"2.0","id":6,"method":7}"#, "{not json",
    ]
    for line in lines {
      let parsed = Result { () throws(JSONParser.SyntaxError) in try JSONParser.parse(Array(line.utf8)) }
      _ = await dispatcher.respond(to: parsed, from: caller)
    }
    dispatcher.reportRefusal(.lineTooLong(limit: 256))
    #expect(value(#"gatherd_rpc_requests_total{method="daemon.ping",outcome="ok"}"#) == 2)
    #expect(value(#"gatherd_rpc_requests_total{method="players.get",outcome="error"}"#) == 1)
    #expect(value(#"gatherd_rpc_requests_total{method="players.create",outcome="error"}"#) == 1)
    #expect(value(#"gatherd_rpc_requests_total{method="players.create",outcome="ok"}"#) == 0)
    #expect(value(#"gatherd_rpc_errors_total{reason="invalid_params"}"#) == 1)
    #expect(value(#"gatherd_rpc_errors_total{reason="forbidden"}"#) == 1)
    #expect(value(#"gatherd_rpc_errors_total{reason="method_not_found"}"#) == 1)
    #expect(value(#"gatherd_rpc_errors_total{reason="invalid_request"}"#) == 1)
    #expect(value(#"gatherd_rpc_errors_total{reason="parse_error"}"#) == 1)
    #expect(value(#"gatherd_rpc_errors_total{reason="line_too_long"}"#) == 1)
    // An unknown method's name never becomes a label: a peer cannot make the scrape grow.
    #expect(!scrape().contains { $0.contains("no.such") })
  }

  @Test func commitsStorageEventsSubscriptionsAndTicks() async throws {
    let store = try GatherStore.inMemory()
    let fixture = try await withMetricsFactory(factory) { try await SessionFixture(store: store) }
    let session = fixture.session
    // The fixture created two players: two commits, two players events.
    #expect(value("gatherd_store_commit_seconds_count") == 2)
    #expect(value(#"gatherd_events_total{topic="players"}"#) == 2)
    #expect(value("gatherd_storage_available") == 1)

    try store.database.writeWithoutTransaction { db in try db.execute("PRAGMA query_only = true") }
    await #expect(throws: StorageUnavailable.self) {
      _ = try await session.perform { try $0.createPlayer(.init(name: "X")) }
    }
    #expect(value("gatherd_storage_available") == 0)
    #expect(value("gatherd_store_commit_seconds_count") == 2, "a failed write is not a commit")
    try store.database.writeWithoutTransaction { db in try db.execute("PRAGMA query_only = false") }
    _ = try await session.perform { try $0.startGather(teamA: [1], teamB: [2], bench: [], seconds: 5) }
    #expect(value("gatherd_storage_available") == 1)
    #expect(value("gatherd_store_commit_seconds_count") == 3)

    try await fixture.subscribe([.tick])
    #expect(value("gatherd_subscriptions") == 1)
    _ = try await session.perform { try $0.timer(.start) }
    var ticks = 0
    // A millisecond past each second: the alarm's task may reach its sleep only after the clock moved, and a
    // test clock holds a sleep whose deadline is exactly now until the clock moves again.
    while ticks < 2 {
      await fixture.clock.advance(by: .milliseconds(1001))
      ticks += try await fixture.nextEvents().filter { $0.method == "tick" }.count
    }
    // On a test clock the alarm rings as soon as the clock passes its time: the lateness is the overshoot.
    #expect(try #require(value("gatherd_tick_lateness_seconds_count")) >= 2)
    #expect(try #require(value("gatherd_tick_lateness_seconds_sum")) < 0.01)
    #expect(try #require(value(#"gatherd_events_total{topic="tick"}"#)) >= 2)
    #expect(value(#"gatherd_events_total{topic="timer"}"#) == 1)
  }
}
