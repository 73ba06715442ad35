import Crypto
import GatherPush
import Testing

/// A push message's encryption (RFC 8291, aes128gcm), against the RFC's own example. (That a browser's side
/// decrypts what gatherd sends is checked with the independent http_ece library in Tests/e2e/test_push.py.)
@Suite struct WebPushEncryptionTests {
  /// RFC 8291, Appendix A: the keys, salt and secret of its example, and the body it gives.
  enum Example {
    static let plaintext = "When I grow up, I want to be a watermelon"
    static let senderPrivate = "yfWPiYE-n46HLnH0KqZOF1fJJU3MYrct3AELtAQ-oRw"
    static let senderPublic = "BP4z9KsN6nGRTbVYI_c7VJSPQTBtkgcy27mlmlMoZIIgDll6e3vCYLocInmYWAmS6TlzAC8wEqKK6PBru3jl7A8"
    static let receiverPublic =
      "BCVxsr7N_eNgVRqvHtD0zTZsEc6-VV-JvLexhqUzORcxaOzi6-AYWXvTBHm4bjyPjs7Vd8pZGH6SRpkNtoIAiw4"
    static let salt = "DGv6ra1nlYgDCS1FRnbzlw"
    static let auth = "BTBZMqHH6r4Tts7J_aSIgg"
    static let body =
      "DGv6ra1nlYgDCS1FRnbzlwAAEABBBP4z9KsN6nGRTbVYI_c7VJSPQTBtkgcy27mlmlMoZIIgDll6e3vCYLocInmYWAmS6TlzAC8wEqKK6PBru3jl7A_"
      + "yl95bQpu6cVPTpK4Mqgkf1CXztLVBSt2Ks3oZwbuwXPXLWyouBWLVWGNWQexSgSxsj_Qulcy4a-fN"
  }

  private func bytes(_ text: String) throws -> [UInt8] { try #require(Base64URL.decode(text)) }

  @Test func theRFCExampleEncryptsToTheRFCBody() throws {
    let sender = try P256.KeyAgreement.PrivateKey(rawRepresentation: bytes(Example.senderPrivate))
    #expect(Base64URL.encode(sender.publicKey.x963Representation) == Example.senderPublic)
    let body = try WebPushEncryption.encrypt(
      Array(Example.plaintext.utf8), p256dh: bytes(Example.receiverPublic), auth: bytes(Example.auth),
      senderKey: sender, salt: bytes(Example.salt))
    #expect(Base64URL.encode(body) == Example.body)
  }

  @Test func eachMessageHasItsOwnKeyAndSalt() throws {
    let (p256dh, auth) = (try bytes(Example.receiverPublic), try bytes(Example.auth))
    let first = try WebPushEncryption.encrypt(Array("hello".utf8), p256dh: p256dh, auth: auth)
    let second = try WebPushEncryption.encrypt(Array("hello".utf8), p256dh: p256dh, auth: auth)
    #expect(first.count == WebPushEncryption.headerSize + 5 + 1 + 16)
    // The record size is 4096 and the key id is the sender's uncompressed point.
    #expect(Array(first[16..<21]) == [0, 0, 0x10, 0, 65])
    #expect(first[21] == 4)
    #expect(first[0..<16] != second[0..<16])
    #expect(first[21..<86] != second[21..<86])
  }

  @Test func aSubscriptionThatIsNotAKeyOrAMessageTooLongIsRefused() throws {
    let (p256dh, auth) = (try bytes(Example.receiverPublic), try bytes(Example.auth))
    #expect(throws: PushError.self) {
      try WebPushEncryption.encrypt([1], p256dh: [4] + [UInt8](repeating: 7, count: 64), auth: auth)
    }
    #expect(throws: PushError.self) { try WebPushEncryption.encrypt([1], p256dh: p256dh, auth: Array(auth.prefix(8))) }
    let longest = [UInt8](repeating: 65, count: WebPushEncryption.maxPlaintext)
    #expect(try WebPushEncryption.encrypt(longest, p256dh: p256dh, auth: auth).count == WebPushEncryption.recordSize)
    #expect(throws: PushError.self) { try WebPushEncryption.encrypt(longest + [65], p256dh: p256dh, auth: auth) }
  }

  @Test func base64urlRoundTripsAndRefusesOtherText() throws {
    for count in 0..<8 {
      let data = (0..<count).map { UInt8(truncatingIfNeeded: $0 * 97 + 250) }
      #expect(Base64URL.decode(Base64URL.encode(data)) == data)
    }
    #expect(Base64URL.encode([0xFB, 0xFF]) == "-_8")
    #expect(Base64URL.decode("-_8=") == [0xFB, 0xFF])
    #expect(Base64URL.decode("+/8") == [0xFB, 0xFF])
    #expect(Base64URL.decode("a b") == nil)
    #expect(Base64URL.decode("abcde") == nil)
  }
}
