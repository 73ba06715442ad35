import Foundation

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
}

/// A folder could not be created.
public struct FolderError: Error, CustomStringConvertible {
  /// The folder, and why.
  public let description: String

  init(_ folder: String, _ reason: String) { description = "cannot create the folder \(folder): \(reason)" }
}
