import ArgumentParser
import FoundationEssentials
import GatherDaemon
import GatherRPC
import GatherStore
import GatherSystemd
import Glibc
import Logging
import ServiceLifecycle

/// The gatherd command line.

struct Gatherd: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "gatherd",
    abstract: "Run the Football Gather daemon: roster, teams, live score and match clock over JSON-RPC.",
    discussion: """
      gatherd owns one Football Gather session and serves JSON-RPC 2.0 on a Unix socket, one JSON message per \
      line. Clients (gatherctl, scripts, status bars) send commands and subscribe to tick and score events. See \
      docs/protocol.md.

      DEFAULT PATHS
        As a user: socket $XDG_RUNTIME_DIR/gatherd/gatherd.sock, database $XDG_STATE_HOME/gatherd/gather.sqlite. \
      When XDG_RUNTIME_DIR is unset or empty (cron, ssh without logind), it is /run/user/UID, as for gatherctl \
      and every client; XDG_STATE_HOME defaults to ~/.local/state.
        As root:   socket /run/gatherd/gatherd.sock, database /var/lib/gatherd/gather.sqlite.
        Missing directories are created. A stale socket file is replaced; gatherd refuses to start when another \
      daemon answers on the socket.

      ENVIRONMENT
        GATHERD_SOCKET, GATHERD_DATABASE, GATHERD_SOCKET_MODE, GATHERD_STATUS_SOCKET, GATHERD_STATUS_SOCKET_MODE, \
      GATHERD_CONTROL_GROUP, GATHERD_MAX_LINE_BYTES, GATHERD_HTTP, GATHERD_HTTP_TOKEN_FILE, GATHERD_PUBLIC_URL, \
      GATHERD_ALLOWED_HOSTS (comma-separated), GATHERD_HTTP_MAX_CONNECTIONS, GATHERD_HTTP_MAX_CONNECTIONS_PER_ADDRESS, \
      GATHERD_HTTP_HEADER_TIMEOUT, GATHERD_HTTP_IDLE_TIMEOUT, GATHERD_METRICS, \
      GATHERD_MQTT, GATHERD_MQTT_PASSWORD_FILE, GATHERD_MQTT_CA_FILE, GATHERD_MQTT_TOPIC, \
      GATHERD_MQTT_DISCOVERY_PREFIX, GATHERD_MQTT_CONTROL (on/off), GATHERD_MQTT_TICKS, \
      GATHERD_BACKUP_DIRECTORY, GATHERD_BACKUP_KEEP, GATHERD_PLAN_EXPIRY, GATHERD_PLAN_REMINDERS, \
      GATHERD_VOTE_CLOSES, GATHERD_QUIET_HOURS, GATHERD_FINE_LATE_DROP_OUT, GATHERD_FINE_NO_SHOW, GATHERD_STRIKES, \
      GATHERD_STRIKE_DAYS, GATHERD_PUSH_CONTACT, GATHERD_PUSH_SERVICES, GATHERD_PUSH_CA_FILE, GATHERD_WEBHOOKS \
      (comma-separated), GATHERD_WEBHOOK_SECRET_FILE, GATHERD_CONFIG and \
      GATHERD_LOG_LEVEL set the option of the same name; a command-line option wins over its \
      variable, and a variable over the configuration file. Without --http-token-file, the token is read from \
      $CREDENTIALS_DIRECTORY/http-token when systemd passes one (LoadCredential=; gatherd.service loads \
      /etc/credstore/gatherd.http-token). Under systemd, STATE_DIRECTORY (StateDirectory=) and \
      RUNTIME_DIRECTORY (RuntimeDirectory=) supply the default database and socket directories, and \
      CONFIGURATION_DIRECTORY (ConfigurationDirectory=) the configuration file's.

      CONFIGURATION FILE
        Every option is also a key of a configuration file, named without its dashes, one per line: \
      "http-token-file = /etc/gatherd/token"; lines that start with # are comments. Precedence: the command line, \
      then the environment, then the file. gatherd reads the file --config (or GATHERD_CONFIG) names, which must \
      exist; otherwise the first of these that applies, if it exists: $CONFIGURATION_DIRECTORY/gatherd.conf under \
      systemd (gatherd.service: /etc/gatherd/gatherd.conf, a conffile of the Debian package), \
      /etc/gatherd/gatherd.conf as root, $XDG_CONFIG_HOME/gatherd/gatherd.conf (~/.config/gatherd/gatherd.conf) as \
      a user. --config /dev/null reads none. An unknown key, a key set twice or a bad value stops gatherd with \
      exit status 1, naming the file and the line. Secrets are read from the files named, never from the file \
      itself, and never logged.

      SYSTEMD
        With socket activation (LISTEN_FDS), gatherd adopts the inherited sockets instead of binding: the one \
      named "control" (or an unnamed one) serves everything, and one named "status" is read-only. It reports \
      READY=1 once it accepts, a STATUS= line that follows the match, STOPPING=1 at shutdown, and pets the \
      watchdog when WatchdogSec= is set. When stderr is the journal, records go to the journal with fields \
      (PEER_UID, RPC_METHOD, GATHER_ID, …).
        When the unit keeps file descriptors (FileDescriptorStoreMax=, announced by $FDSTORE), client \
      connections and their subscriptions survive a restart or a crash: gatherd stores each connection with \
      FDSTORE=1, and takes them back at start; a subscriber then gets an events.resumed notice. See \
      docs/systemd.md.

      ACCESS
        Any peer that can open the socket may read and subscribe. Changes need a controller: root, the user \
      gatherd runs as, or a member of --control-group. The socket file's mode (default 0660) decides who can open it.
        Web clients (--http, or a socket systemd passes as "http") may only watch unless they present the \
      control token: Authorization: Bearer on POST /rpc, or auth.token over the WebSocket. gatherctl web link \
      prints the page's control link. A plan's sign-up code (plan.link, gatherctl plan link), presented the same \
      way, lets its holder join or leave that plan, or add a guest to it, and nothing else; plan.cancel voids it. \
      See docs/scoreboard.md.

      THE SCOREBOARD
        GET / is the scoreboard page (its stylesheet, scripts, manifest, icons and service worker beside it); GET \
      /rpc is JSON-RPC over a WebSocket \
      (one message per text frame); POST /rpc takes one request or batch; GET /healthz answers {"status":"ok"}; GET /metrics is the \
      metrics.
        Only requests for the listener's own names are answered (421 otherwise; two Host headers get 400): its \
      addresses (for a wildcard address, the machine's), the host name and NAME.local, localhost, --public-url's \
      host and each --allowed-host. A browser's Origin must be the page's own (scheme, host and port) or \
      --public-url's. X-Forwarded-* headers are never trusted. Behind a reverse proxy, set --public-url.
        Links (web.link, web.share, gatherctl web link and the page's QR codes) name --public-url; otherwise the \
      listener's address, and for a wildcard address this machine's network addresses, never 0.0.0.0 or [::].
        Limits: --http-max-connections (default 256, never more than half the open-file limit, so the Unix \
      sockets always have descriptors) and --http-max-connections-per-address (32) turn further connections away \
      with 503; a request's headers must arrive within --http-header-timeout (10 s); silence closes a request, \
      or a WebSocket that watches nothing, after --http-idle-timeout (30 s), and a subscriber that leaves a ping \
      unanswered as long. Answers wait while a client does not read them, and nothing more is read from it. \
      Frames that break RFC 6455 close the WebSocket (1002, 1007, 1009). Refused web requests are logged once a \
      minute per client address, with a count; after 5 wrong tokens, an address's guesses go unchecked for 12 s \
      each (auth.token: -32003 too_many_attempts, then the connection closes; POST: 429).

      PLANS
        A weekly schedule (plan.schedule) opens each week's plan by itself; an open plan whose start passed by \
      more than --plan-expiry (6h) closes by itself (expired); reminders go out --plan-reminders (48h,3h) before \
      each plan unless its schedule says. GET /calendar.ics?code=CODE on the scoreboard's listener is the plans' \
      calendar feed; plan.calendarLink gives its link to controllers. See docs/protocol.md, "Who's coming".

      METRICS
        GET /metrics answers Prometheus' text format (0.0.4) on the --http listener, and on --metrics ADDRESS, a \
      listener that serves nothing else (or a socket systemd passes as "metrics": gatherd-metrics.socket): \
      requests, errors, connections, subscriptions, events, tick lateness, commit time, storage, the fd store, \
      MQTT (connected, messages published), the build and the process_* metrics. gatherd counts them only while one of these listeners serves them. See \
      docs/monitoring.md.

      MQTT AND HOME ASSISTANT
        With --mqtt, gatherd publishes to the broker under PREFIX (default gatherd/INSTANCE; GATHERD_INSTANCE, \
      which the template unit sets to its instance name, else main): PREFIX/availability (online/offline, \
      retained; also the last will), PREFIX/state (the match as JSON, retained, on every change), PREFIX/tick \
      (each second while the clock runs), PREFIX/event (goals, undos, corrections, period ends, full time, \
      a gather's start and end) and PREFIX/plan (sign-ups and plan changes, with the places left; the state's \
      nextPlan is the soonest open plan), and Home Assistant discovery for one device "gatherd (INSTANCE)". With \
      --mqtt-control, a JSON-RPC request on PREFIX/rpc is answered on PREFIX/rpc/reply (or its MQTT 5 response \
      topic) as a controller's, and HA gets buttons: the broker's ACL is then the access control. A broker \
      that is down or refuses the login never stops gatherd from serving; it retries, at most every 30 s. \
      Without --mqtt-password-file, the password is read from $CREDENTIALS_DIRECTORY/mqtt-password when \
      systemd passes one (gatherd.service loads /etc/credstore/gatherd.mqtt-password). The service's sandbox \
      allows no network: enable the drop-in mqtt.conf (see docs/mqtt.md and docs/systemd.md).

      SIGNALS AND EXIT STATUS
        SIGTERM or SIGINT: stop accepting, finish the requests in hand, close every connection, exit 0 (kept \
      connections stay open in the service manager's store for the next gatherd).
        Exit status 1: gatherd could not start (the message says why). Exit status 64: the command line is wrong.
      """,
    version: "gatherd \(GatherVersion.current)",
    // Consistent copies of the database while gatherd runs, putting one back while it is stopped, and the API.
    subcommands: [BackupCommand.self, RestoreCommand.self, OpenRPCCommand.self])

  @Option(name: .long, help: ArgumentHelp("The Unix socket to listen on.", valueName: "path"))
  var socket: String?

  @Option(name: .long, help: ArgumentHelp("The SQLite database file.", valueName: "path"))
  var database: String?

  @Option(
    name: .customLong("socket-mode"),
    help: ArgumentHelp("The socket file's mode, in octal (default 0660).", valueName: "mode"))
  var socketMode: String?

  @Option(
    name: .customLong("status-socket"),
    help: ArgumentHelp("Also listen here read-only: mutating methods are refused for everyone.", valueName: "path"))
  var statusSocket: String?

  @Option(
    name: .customLong("status-socket-mode"),
    help: ArgumentHelp("The status socket file's mode, in octal (default 0666).", valueName: "mode"))
  var statusSocketMode: String?

  @Option(
    name: .customLong("control-group"),
    help: ArgumentHelp("A group whose members may change the match.", valueName: "group"))
  var controlGroup: String?

  @Option(
    name: .customLong("max-line-bytes"),
    help: ArgumentHelp(
      "The longest message accepted, in bytes: 256 to 67108864 (64 MiB; default 1048576).", valueName: "bytes"))
  var maxLineBytes: Int?

  @Option(
    name: .customLong("http"),
    help: ArgumentHelp(
      "Also serve the scoreboard page and JSON-RPC over HTTP and WebSocket here: HOST:PORT (127.0.0.1:8080, [::]:8080) or unix:PATH (off by default).",
      valueName: "address"))
  var http: String?

  @Option(
    name: .customLong("http-token-file"),
    help: ArgumentHelp(
      "A file holding the web control token (one line, at least 16 characters); without it, web clients may only watch.",
      valueName: "path"))
  var httpTokenFile: String?

  @OptionGroup
  var web: WebOptions

  @OptionGroup(title: "MQTT and Home Assistant") var mqtt: MQTTOptions

  @OptionGroup(title: "Backups (gatherd backup --dated)") var backups: BackupOptions

  @OptionGroup(title: "Plans") var plans: PlanOptions

  @OptionGroup(title: "Offered places, drop-outs and strikes") var attendance: AttendanceOptions

  @OptionGroup(title: "Web Push and webhooks") var push: PushOptions

  @Option(
    name: .customLong("metrics"),
    help: ArgumentHelp(
      "Also serve Prometheus metrics (GET /metrics) on a listener of its own: HOST:PORT or unix:PATH (off by default; --http serves them too).",
      valueName: "address"))
  var metrics: String?

  @Option(
    name: .customLong("config"),
    help: ArgumentHelp(
      "Read settings from this file: key = value lines named after these options (default: /etc/gatherd/gatherd.conf for root and gatherd.service, $XDG_CONFIG_HOME/gatherd/gatherd.conf for a user, each read if it exists).",
      valueName: "path"))
  var config: String?

  @Option(
    name: .customLong("vote-closes"),
    help: ArgumentHelp(
      "When a gather's man-of-the-match vote closes: HH:MM, the next day at that time in the server's time zone (default 12:00), or a time after the gather ends, 1m to 7d (90m, 3h, 2d).",
      valueName: "when"))
  var voteCloses: String?

  @Option(
    name: .customLong("log-level"),
    help: ArgumentHelp("trace, debug, info, notice, warning, error or critical (default info).", valueName: "level"))
  var logLevel: String?

  func run() async throws { try await serve(concurrencyOnEventLoops: false) }

  /// Runs the daemon until SIGTERM or SIGINT.
  func serve(concurrencyOnEventLoops: Bool) async throws {
    let settings: Settings
    do {
      settings = try Settings(self, environment: ProcessInfo.processInfo.environment)
    } catch {
      let message = Array("gatherd: \(error)\n".utf8)
      _ = message.withUnsafeBytes { write(STDERR_FILENO, $0.baseAddress, $0.count) }
      throw ExitCode(1)
    }
    JournalLogHandler.bootstrap(level: settings.logLevel)
    let logger = Logger(label: "gatherd")
    if !concurrencyOnEventLoops {
      logger.warning("Swift concurrency could not move onto NIO's event loops; services start on libdispatch's pool.")
    }
    do {
      try await Daemon(settings: settings, logger: logger).run()
    } catch {
      logger.critical("gatherd could not run: \(error)")
      throw ExitCode(1)
    }
  }
}
