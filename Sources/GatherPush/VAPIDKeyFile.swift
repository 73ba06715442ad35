import Crypto
import FoundationEssentials
import Glibc
import Synchronization

/// The VAPID key kept in a file beside the database (`push.key`): made the first time it is needed and read back
/// at every later start, so that the subscriptions browsers made with its public key keep working.
///
/// The file holds the private key in PEM (PKCS #8), mode 0600. It is written whole to a temporary file, synced,
/// and renamed into place, so a crash leaves either no key or the whole key.
public final class VAPIDKeyFile: Sendable {
  /// Where the key is kept.
  public let path: String
  private let key = Mutex<VAPIDKey?>(nil)

  /// The key file at `path`; nothing is read or made until the key is first asked for.
  public init(path: String) { self.path = path }

  /// The file's name beside the database at `databasePath`.
  public static func path(besideDatabase databasePath: String) -> String {
    guard let slash = databasePath.lastIndex(of: "/") else { return "push.key" }
    return String(databasePath[...slash]) + "push.key"
  }

  /// The key: read from the file, or made and saved there the first time.
  public func load() throws(PushError) -> VAPIDKey {
    let result = key.withLock { cached -> Result<VAPIDKey, PushError> in
      if let cached { return .success(cached) }
      let loaded = Result { () throws(PushError) -> VAPIDKey in
        if let kept = try readFile() { return kept }
        return try create()
      }
      if case .success(let made) = loaded { cached = made }
      return loaded
    }
    return try result.get()
  }

  private func readFile() throws(PushError) -> VAPIDKey? {
    let descriptor = open(path, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else {
      if errno == ENOENT { return nil }
      throw PushError("cannot read \(path): \(String(cString: strerror(errno)))")
    }
    defer { close(descriptor) }
    var bytes: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 4096)
    while bytes.count <= 16384 {
      let count = Glibc.read(descriptor, &buffer, buffer.count)
      if count < 0, errno == EINTR { continue }
      guard count > 0 else { break }
      bytes += buffer[..<count]
    }
    do {
      return VAPIDKey(try P256.Signing.PrivateKey(pemRepresentation: String(decoding: bytes, as: UTF8.self)))
    } catch {
      throw PushError("\(path) holds no P-256 private key in PEM; move it away to make a new one")
    }
  }

  private func create() throws(PushError) -> VAPIDKey {
    let made = VAPIDKey()
    let text = Array((made.signing.pemRepresentation + "\n").utf8)
    let temporary = path + ".new"
    unlink(temporary)
    let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
    guard descriptor >= 0 else { throw PushError("cannot write \(temporary): \(String(cString: strerror(errno)))") }
    let written = text.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
    let synced = fsync(descriptor) == 0
    close(descriptor)
    guard written == text.count, synced, rename(temporary, path) == 0 else {
      let reason = String(cString: strerror(errno))
      unlink(temporary)
      throw PushError("cannot write \(path): \(reason)")
    }
    let folder = path.lastIndex(of: "/").map { String(path[..<$0]) } ?? "."
    let directory = open(folder.isEmpty ? "/" : folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    if directory >= 0 {
      fsync(directory)
      close(directory)
    }
    return made
  }
}
