import Crypto
import FoundationEssentials
import GatherPush
import Glibc
import Testing

/// The VAPID key (RFC 8292): its token, its Authorization header, and the file it is kept in.
@Suite struct VAPIDKeyTests {
  private func temporaryDirectory() throws -> String {
    var template = Array("/tmp/gatherd-vapid-XXXXXX".utf8CString)
    let made = template.withUnsafeMutableBufferPointer { mkdtemp($0.baseAddress!) }
    return String(cString: try #require(made))
  }

  @Test func theTokenIsAnES256JWTForTheAudienceSignedByThePublicKey() throws {
    let folder = try temporaryDirectory()
    let key = try VAPIDKeyFile(path: folder + "/push.key").load()
    let token = try key.token(
      audience: "https://push.example.net", contact: "mailto:ref@example.org", expires: 1_900_000_000)
    let parts = token.split(separator: ".").map(String.init)
    #expect(parts.count == 3)
    #expect(
      String(decoding: try #require(Base64URL.decode(parts[0])), as: UTF8.self) == #"{"typ":"JWT","alg":"ES256"}"#)
    let claims = String(decoding: try #require(Base64URL.decode(parts[1])), as: UTF8.self)
    #expect(claims == #"{"aud":"https://push.example.net","exp":1900000000,"sub":"mailto:ref@example.org"}"#)
    let publicKey = try P256.Signing.PublicKey(x963Representation: try #require(Base64URL.decode(key.publicKey)))
    let signature = try P256.Signing.ECDSASignature(rawRepresentation: try #require(Base64URL.decode(parts[2])))
    #expect(publicKey.isValidSignature(signature, for: Array((parts[0] + "." + parts[1]).utf8)))
    #expect(!publicKey.isValidSignature(signature, for: Array((parts[0] + "." + parts[0]).utf8)))
    let header = try key.authorization(audience: "https://push.example.net", contact: nil, expires: 1_900_000_000)
    #expect(header.hasPrefix("vapid t=ey") && header.hasSuffix(", k=" + key.publicKey))
    #expect(throws: PushError.self) { try key.token(audience: "https://x", contact: "mailto:\"a\"", expires: 1) }
  }

  @Test func theKeyIsMadeOnceAndKeptBesideTheDatabase() throws {
    let folder = try temporaryDirectory()
    let path = VAPIDKeyFile.path(besideDatabase: folder + "/gather.sqlite")
    #expect(path == folder + "/push.key")
    #expect(access(path, F_OK) != 0)
    let first = try VAPIDKeyFile(path: path).load()
    var status = stat()
    #expect(stat(path, &status) == 0)
    #expect(status.st_mode & 0o777 == 0o600)
    // Another gatherd (a restart) reads the same key.
    #expect(try VAPIDKeyFile(path: path).load().publicKey == first.publicKey)
    #expect(try #require(Base64URL.decode(first.publicKey)).count == 65)
  }

  @Test func aFileThatHoldsNoKeyIsRefusedNotReplaced() throws {
    let folder = try temporaryDirectory()
    let path = folder + "/push.key"
    let descriptor = open(path, O_WRONLY | O_CREAT, 0o600)
    _ = write(descriptor, "not a key\n", 10)
    close(descriptor)
    #expect(throws: PushError.self) { try VAPIDKeyFile(path: path).load() }
    var status = stat()
    #expect(stat(path, &status) == 0 && status.st_size == 10)
  }
}
