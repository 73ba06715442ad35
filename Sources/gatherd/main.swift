import ArgumentParser

// Swift concurrency only starts and stops gatherd's services; every request, commit and tick runs on NIO event
// loops (see Daemon), so the dev build and the installed static binary behave the same.
do {
  var command = try Gatherd.parseAsRoot()
  if let daemon = command as? Gatherd {
    try await daemon.serve()
  } else {
    try command.run()
  }
} catch {
  Gatherd.exit(withError: error)
}
