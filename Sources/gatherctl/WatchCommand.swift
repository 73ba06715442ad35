import ArgumentParser
import FoundationEssentials
import GatherAPI
import GatherRPC
import Glibc

extension WatchState.Format: ExpressibleByArgument {}

/// `gatherctl watch`: one line per change, for status bars and terminals.
struct WatchCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "watch", abstract: "Print one line per change of the match, for status bars.",
    discussion: """
      The current state is printed first, then a line for every change, flushed at once. When gatherd goes \
      away, watch prints an offline line and reconnects with backoff; it never exits on its own, and exits 0 \
      on SIGTERM, SIGINT or SIGPIPE. --json is --format json: one JSON object per line. With --format \
      i3blocks, a left click on the block (button 1 arriving on stdin) toggles the clock, if you may control it.

      The line reads "07:32 · 2-1": in added time "00:00 +0:30 · 2-1", in the break between periods \
      "HT 04:12 · 2-1", at full time "FT · 2-1", as the board and MQTT read the clock; when the gather named its \
      teams, "07:32 · Bibs 2-1 Colours" and "FT · Bibs 2-1 Colours". waybar's class is running, paused (also a \
      clock waiting to start), break, finished, \
      idle (no gather) or offline, and its percentage is how much of the period, with its added time, or of \
      the break is over.
      """)

  @OptionGroup(visibility: .hidden) var global: GlobalOptions
  @Option(help: "plain, json, waybar, i3blocks or polybar.") var format: WatchState.Format = .plain
  @Option(help: "The topics to follow, comma-separated: tick, score, timer, gather, players.")
  var topics = "tick,score,timer,gather"

  static let knownTopics: Set<String> = ["tick", "score", "timer", "gather", "players"]

  func validate() throws {
    let unknown = topics.split(separator: ",").map(String.init).filter { !Self.knownTopics.contains($0) }
    if let topic = unknown.first {
      throw ValidationError("There is no topic \"\(topic)\"; choose from tick, score, timer, gather, players.")
    }
  }

  func run() throws {
    for signalNumber in [SIGTERM, SIGINT, SIGPIPE] { signal(signalNumber) { _ in _exit(0) } }
    let topicList = topics.split(separator: ",").map { JSONValue.string(String($0)) }
    let format = global.json ? WatchState.Format.json : self.format
    var state = WatchState()
    state.followsTimer = topics.split(separator: ",").contains("timer")
    var printed: String?
    func emit(_ state: WatchState) {
      let line = state.line(format)
      guard line != printed else { return }
      printed = line
      // Written at once, unbuffered; a reader that went away ends the watch cleanly.
      if !writeAll(line + "\n", to: STDOUT_FILENO) { _exit(0) }
    }
    var backoff = 0.5
    while true {
      do throws(CtlError) {
        let connection = try Connection(path: resolveSocket(global.socket))
        let subscribed = try connection.call(.eventsSubscribe, ["topics": .array(topicList)])
        backoff = 0.5
        state.load(snapshot: subscribed.snapshot)
        emit(state)
        try follow(connection, state: &state, emit: emit)
      } catch {
        // A refusal, or a gatherd whose words this gatherctl does not read, is not an outage: retrying would
        // only show "offline" forever.
        switch error {
        case .refused, .unreadable: throw error
        case .declined, .usage, .unreachable: break
        }
      }
      state.online = false
      emit(state)
      usleep(useconds_t(backoff * 1_000_000))
      backoff = min(backoff * 2, 5)
    }
  }

  /// Applies events until the connection ends; with i3blocks, turns clicks on stdin into `timer.toggle`.
  private func follow(
    _ connection: Connection, state: inout WatchState, emit: (WatchState) -> Void
  ) throws(CtlError) {
    var watchStdin = format == .i3blocks
    var pending: [UInt8] = []
    while true {
      if !connection.hasBufferedMessage {
        var fds = [pollfd(fd: connection.fd, events: Int16(POLLIN), revents: 0)]
        if watchStdin { fds.append(pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0)) }
        guard poll(&fds, nfds_t(fds.count), -1) >= 0 || errno == EINTR else { return }
        if watchStdin, fds.count > 1, fds[1].revents != 0 {
          var chunk = [UInt8](repeating: 0, count: 256)
          let count = read(STDIN_FILENO, &chunk, chunk.count)
          if count <= 0 { watchStdin = false } else { pending += chunk[..<count] }
          while let newline = pending.firstIndex(of: UInt8(ascii: "\n")) {
            let click = String(decoding: pending[..<newline], as: UTF8.self)
            pending.removeSubrange(...newline)
            if Self.button(of: click) == 1 { try connection.send(API.Method<API.Timer>.timerToggle.name) }
          }
        }
        guard fds[0].revents != 0 else { continue }
      }
      guard let message = try connection.readMessage() else { return }
      // Replies (to the clicks' timer.toggle) say nothing the events do not.
      guard message.envelope.method != nil else { continue }
      let event = try message.event()
      if case .overflow = event { return }
      state.apply(event)
      emit(state)
    }
  }

  /// The mouse button of an i3blocks click: a bare number, or the `button` of a JSON click.
  static func button(of click: String) -> Int? {
    if let number = Int(click.filter { !$0.isWhitespace }) { return number }
    return (try? JSONDecoder().decode(Click.self, from: Data(click.utf8)))?.button
  }

  /// A click as i3blocks writes it in JSON: `{"button": 1, "x": 1890, …}`.
  private struct Click: Decodable {
    /// The mouse button: 1 for the left one.
    var button: Int
  }
}
