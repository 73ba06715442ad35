import Testing

@testable import GatherDaemon

/// `Folders.parent(of:)`: the folder gatherd creates for a socket or database path given on the command line.
@Suite struct FoldersTests {
  @Test(arguments: [
    ("/run/gatherd/gatherd.sock", "/run/gatherd"),
    ("/var/lib/gatherd//gather.sqlite", "/var/lib/gatherd"),
    ("/gather.sqlite", "/"),
    ("state/gather.sqlite", "state"),
    ("gather.sqlite", ""),
    ("/run/gatherd/", "/run"),
    ("/", "/"),
  ])
  func theParentIsWhatDirnameGivesAndNothingForABareName(path: String, parent: String) {
    #expect(Folders.parent(of: path) == parent)
  }
}
