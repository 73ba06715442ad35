import Foundation

/// A fresh directory under the system's temporary directory, removed when the test is done with it.
final class TemporaryDirectory {
  let url: URL

  init() throws {
    url = FileManager.default.temporaryDirectory.appendingPathComponent("gatherd-test-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
  }

  deinit { try? FileManager.default.removeItem(at: url) }

  /// The path of a file in the directory.
  func path(_ name: String) -> String { url.appendingPathComponent(name).path }
}
