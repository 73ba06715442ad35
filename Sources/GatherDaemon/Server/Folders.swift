import FoundationEssentials
import Glibc

/// Creating the folders gatherd keeps its socket and database in, with errors that say which folder and why.
public enum Folders {
  /// Creates `path` and any missing parents with `mode` (like `mkdir -p`); throws a sentence naming the folder
  /// that could not be made and the system's reason.
  public static func create(_ path: String, mode: mode_t) throws {
    var current = path.hasPrefix("/") ? "" : "."
    for component in path.split(separator: "/") {
      current += "/" + component
      var info = stat()
      if stat(current, &info) == 0 {
        guard info.st_mode & S_IFMT == S_IFDIR else { throw FolderError(current, "it exists and is not a folder") }
        continue
      }
      guard mkdir(current, mode) == 0 || errno == EEXIST else {
        throw FolderError(current, String(cString: strerror(errno)))
      }
    }
  }

  /// The folder that holds `path`, as `dirname` gives it but "" for a bare name: "/a/b" → "/a", "/a" → "/",
  /// "b" → "".
  public static func parent(of path: String) -> String {
    var trimmed = Substring(path)
    while trimmed.count > 1, trimmed.hasSuffix("/") { trimmed = trimmed.dropLast() }
    guard let slash = trimmed.lastIndex(of: "/") else { return "" }
    var parent = trimmed[..<slash]
    while parent.hasSuffix("/") { parent = parent.dropLast() }
    return parent.isEmpty ? "/" : String(parent)
  }
}

/// A folder could not be created.
public struct FolderError: Error, CustomStringConvertible {
  /// The folder, and why.
  public let description: String

  init(_ folder: String, _ reason: String) { description = "cannot create the folder \(folder): \(reason)" }
}
