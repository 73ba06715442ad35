import FoundationEssentials
import NIOCore
import Testing

@testable import GatherDaemon

/// The page's files: SHA-256 from libgcrypt, strong ETags, If-None-Match, the page's CSP hash, and the caps'
/// arithmetic.
@Suite struct WebAssetTests {
  @Test func sha256IsLibcryptos() {
    #expect(
      Digest.hex(Digest.sha256(Array("abc".utf8))) == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"
    )
    #expect(Digest.hex(Digest.sha256([])) == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
  }

  @Test func theETagFollowsTheBytesAndAnswersIfNoneMatch() {
    let asset = WebAsset(path: "/a.js", contentType: "text/javascript", bytes: Array("one".utf8))
    let other = WebAsset(path: "/a.js", contentType: "text/javascript", bytes: Array("two".utf8))
    #expect(asset.etag != other.etag)
    #expect(asset.etag.hasPrefix("\"") && asset.etag.hasSuffix("\"") && asset.etag.count == 34)
    #expect(asset.isCurrent(ifNoneMatch: [asset.etag]))
    #expect(asset.isCurrent(ifNoneMatch: ["\"x\", W/\(asset.etag)"]))
    #expect(asset.isCurrent(ifNoneMatch: ["*"]))
    #expect(!asset.isCurrent(ifNoneMatch: [other.etag]))
    #expect(!asset.isCurrent(ifNoneMatch: []))
  }

  @Test func thePolicyNamesExactlyTheInlineScripts() {
    let page = Array(
      "<p><script>alert(1)</script><script type=\"module\" src=\"js/x.js\"></script><script>\n2\n</script>".utf8)
    let policy = ContentSecurityPolicy(page: page)
    let hash = { (text: String) in "'sha256-" + Data(Digest.sha256(Array(text.utf8))).base64EncodedString() + "'" }
    #expect(policy.scriptHashes == [hash("alert(1)"), hash("\n2\n")])
    #expect(policy.header.contains("script-src 'self' \(hash("alert(1)")) \(hash("\n2\n"));"))
    #expect(!policy.header.contains("unsafe-inline"))
    #expect(policy.header.contains("style-src 'self';"))
  }

  @Test func everyAssetIsServedOnceAndThePageAllowsItsBootstrap() throws {
    #expect(Set(WebAssets.all.map(\.path)).count == WebAssets.all.count)
    let page = try #require(WebAssets.byPath["/"])
    let policy = try #require(page.headers.first { $0.0 == "Content-Security-Policy" }?.1)
    #expect(ContentSecurityPolicy.inlineScripts(in: page.bytes).count == 1, "one inline script: the bootstrap")
    #expect(policy.contains("'sha256-"))
    for path in ["/scoreboard.css", "/js/scoreboard.js", "/js/connection.js", "/js/clock.js", "/js/board.js"] {
      #expect(WebAssets.byPath[path] != nil, "\(path)")
    }
  }

  /// A module the service worker does not keep breaks the page opened offline (the import fails, nothing runs).
  @Test func theServiceWorkerKeepsEveryFileOfTheShell() throws {
    let worker = String(decoding: try #require(WebAssets.byPath["/sw.js"]).bytes, as: UTF8.self)
    for asset in WebAssets.all where asset.path != "/sw.js" {
      let kept = asset.path == "/" ? "\"./\"" : "\"\(asset.path.dropFirst())\""
      #expect(worker.contains(kept), "sw.js keeps \(asset.path)")
    }
  }

  @Test func webConnectionsTakeAtMostHalfTheDescriptors() {
    #expect(ConnectionQuota.cap(configured: 256, descriptors: 1_048_576) == 256)
    #expect(ConnectionQuota.cap(configured: 256, descriptors: 256) == 128)
    #expect(ConnectionQuota.cap(configured: 256, descriptors: 1) == 1)
  }

  @Test func theQuotaCountsInAllAndPerAddress() throws {
    let loop = NIOSingletons.posixEventLoopGroup.next()
    let quota = ConnectionQuota(loop: loop, maxConnections: 3, maxPerAddress: 2)
    let one = WebClient(try SocketAddress(ipAddress: "192.168.1.50", port: 1))
    let two = WebClient(try SocketAddress(ipAddress: "192.168.1.51", port: 1))
    let proxy = WebClient(try SocketAddress(unixDomainSocketPath: "/run/gatherd/http.sock"))
    try loop.submit {
      #expect(quota.admit(one) == nil && quota.admit(one) == nil)
      #expect(quota.admit(one) == .addressFull(limit: 2))
      #expect(quota.admit(two) == nil)
      #expect(quota.admit(two) == .full(limit: 3))
      quota.release(one)
      #expect(quota.admit(proxy) == nil, "a proxy on the Unix socket is not counted per address")
      #expect(quota.admit(proxy) == .full(limit: 3))
      quota.release(one)
      quota.release(two)
      quota.release(proxy)
      #expect(quota.count == 0)
    }.wait()
  }
}
