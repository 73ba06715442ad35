import ArgumentParser
import Glibc

// Exit statuses: 0 ok, 1 refused by the daemon, 2 usage, 3 cannot reach the daemon.
do {
  var command = try GatherCtl.parseAsRoot()
  try command.run()
} catch let error as CtlError {
  writeAll("gatherctl: \(error)\n", to: STDERR_FILENO)
  exit(error.exitStatus)
} catch {
  let status = GatherCtl.exitCode(for: error)
  if status == .success {
    GatherCtl.exit(withError: error)  // --help, --version, completion scripts
  }
  // A word where a subcommand goes that is none of them: say so, and what it may have meant.
  if status == .validationFailure,
    let unknown = UnknownSubcommand.message(for: Array(CommandLine.arguments.dropFirst()))
  {
    writeAll(unknown + "\n", to: STDERR_FILENO)
    exit(2)
  }
  let message = GatherCtl.fullMessage(for: error)
  writeAll(message.hasSuffix("\n") ? message : message + "\n", to: STDERR_FILENO)
  exit(status == .validationFailure ? 2 : status.rawValue)
}
