import ArgumentParser
import Foundation

// Exit statuses: 0 ok, 1 refused by the daemon, 2 usage, 3 cannot reach the daemon.
do {
  var command = try GatherCtl.parseAsRoot()
  try command.run()
} catch let error as CtlError {
  FileHandle.standardError.write(Data("gatherctl: \(error)\n".utf8))
  exit(error.exitStatus)
} catch {
  let status = GatherCtl.exitCode(for: error)
  if status == .success {
    GatherCtl.exit(withError: error)  // --help, --version, completion scripts
  }
  let message = GatherCtl.fullMessage(for: error)
  FileHandle.standardError.write(Data((message.hasSuffix("\n") ? message : message + "\n").utf8))
  exit(status == .validationFailure ? 2 : status.rawValue)
}
