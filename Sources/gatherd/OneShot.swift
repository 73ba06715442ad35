import ArgumentParser
import FoundationEssentials
import Glibc

/// How gatherd's one-shot commands (`backup`, `restore`) run: with the same settings as the daemon (the command
/// line, the environment, the configuration file), what they did on stdout, and a failure as one line on stderr,
/// `gatherd NAME: reason`, with exit status 1.
enum OneShot {
  /// Runs `body` with the settings' sources and prints what it returns.
  static func run(_ name: String, config: String?, _ body: (SettingSources) throws -> String) throws {
    do {
      let sources = try SettingSources.load(
        configOption: config, environment: ProcessInfo.processInfo.environment, uid: geteuid(),
        keys: Gatherd.configKeys)
      print(try body(sources))
    } catch {
      let message = Array("gatherd \(name): \(error)\n".utf8)
      _ = message.withUnsafeBytes { write(STDERR_FILENO, $0.baseAddress, $0.count) }
      throw ExitCode(1)
    }
  }

  /// A size for people: "812 bytes", "1.4 MB".
  static func size(_ bytes: Int64) -> String {
    guard bytes >= 100_000 else { return "\(bytes) bytes" }
    let tenths = (bytes + 50_000) / 100_000
    return "\(tenths / 10).\(tenths % 10) MB"
  }
}
