import FoundationEssentials
import Glibc

/// A folder of dated copies of the database (`gatherd backup --dated`, which the daily timer runs), of which
/// the newest few are kept. A copy is named by when it was taken, in UTC, so that names sort in time order:
/// `gather-2026-11-25T031500.123Z.sqlite`. Files of other names in the folder are never touched.
public struct BackupFolder: Sendable {
  /// The most copies a folder keeps.
  public static let keepRange = 1...10_000
  /// The folder.
  public let path: String

  /// The folder at `path`, which ``add(databaseAt:at:keep:)`` makes if it is missing.
  public init(path: String) { self.path = path }

  /// The file name of a copy taken at `date`.
  public static func name(at date: Date) -> String {
    let milliseconds = Int64((date.timeIntervalSince1970 * 1000).rounded(.down))
    var seconds = time_t(milliseconds / 1000)
    var parts = tm()
    gmtime_r(&seconds, &parts)
    let two = { (value: Int32) in value < 10 ? "0\(value)" : "\(value)" }
    let fraction = String(1000 + milliseconds % 1000).dropFirst()
    return "gather-\(parts.tm_year + 1900)-\(two(parts.tm_mon + 1))-\(two(parts.tm_mday))T"
      + "\(two(parts.tm_hour))\(two(parts.tm_min))\(two(parts.tm_sec)).\(fraction)Z.sqlite"
  }

  /// Whether a file name is one of the copies' names.
  public static func isCopy(_ name: String) -> Bool {
    let shape = Array("gather-0000-00-00T000000.000Z.sqlite".utf8)
    let bytes = Array(name.utf8)
    guard bytes.count == shape.count else { return false }
    return zip(bytes, shape).allSatisfy { byte, expected in
      expected == UInt8(ascii: "0") ? (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) : byte == expected
    }
  }

  /// The copies in the folder, oldest first, by file name; none if the folder does not exist.
  public func copies() throws -> [String] {
    guard let folder = opendir(path) else {
      if errno == ENOENT { return [] }
      throw DatabaseFileError.system("cannot read the folder \(path)", errno)
    }
    defer { closedir(folder) }
    var names: [String] = []
    while let entry = readdir(folder) {
      let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
        String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
      }
      if Self.isCopy(name) { names.append(name) }
    }
    return names.sorted()
  }

  /// Copies the database at `source` into the folder (made, mode 0700, if it is missing) as the copy taken at
  /// `date`, then deletes the oldest other copies until `keep` are left, the new one included. Returns the new
  /// copy's path and the paths deleted. The new copy is whole on disk before any old one is deleted, and is never
  /// deleted itself, even when other copies are named later than it (a clock that was once ahead).
  public func add(databaseAt source: String, at date: Date, keep: Int) throws -> (copy: String, removed: [String]) {
    precondition(Self.keepRange.contains(keep), "keep must be in \(Self.keepRange)")
    if mkdir(path, 0o700) != 0, errno != EEXIST {
      throw DatabaseFileError.system("cannot make the folder \(path)", errno)
    }
    let name = Self.name(at: date)
    let copy = path + "/" + name
    try DatabaseBackup.copy(databaseAt: source, to: copy)
    var removed: [String] = []
    for name in try copies().filter({ $0 != name }).dropLast(keep - 1) {
      let old = path + "/" + name
      guard unlink(old) == 0 else { throw DatabaseFileError.system("cannot delete the old copy \(old)", errno) }
      removed.append(old)
    }
    return (copy, removed)
  }
}
