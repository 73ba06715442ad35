import GatherDaemon

/// Reads the secrets gatherd is given in files: the web control token and the MQTT password. Each file must be
/// a regular file of at most 4 KiB (``FileText``); a refusal names the setting and the path, never the secret.
enum SecretFile {
  /// The most bytes a token or password file may hold.
  static let limit = 4096

  /// The web control token in the file `path` names (``WebAccess/token(inFile:)``).
  static func token(_ path: SettingValue) throws(SettingsError) -> String {
    let bytes = try read(path, holding: "the token")
    do { return try WebAccess.token(inFile: bytes) } catch {
      throw path.refuse("\(error); make one with: head -c 24 /dev/urandom | base64 > \(path.text)")
    }
  }

  /// The MQTT password in the file `path` names: its first line, without its line end; not empty, UTF-8, and
  /// with no NUL byte anywhere in the file.
  static func password(_ path: SettingValue) throws(SettingsError) -> String {
    let bytes = try read(path, holding: "the password")
    let line = bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).first ?? []
    let text = line.last == UInt8(ascii: "\r") ? line.dropLast() : line
    guard !bytes.contains(0) else { throw path.refuse("the file holds a NUL byte; put the password on its first line") }
    guard let password = String(validating: text, as: UTF8.self) else {
      throw path.refuse("the password is not valid UTF-8")
    }
    guard !password.isEmpty else { throw path.refuse("its first line is empty; put the password there") }
    return password
  }

  private static func read(_ path: SettingValue, holding secret: String) throws(SettingsError) -> [UInt8] {
    do { return try FileText.read(path.text, limit: limit, holding: secret) } catch { throw path.refuse(error) }
  }
}
