import FoundationEssentials
import NIOCore
import Testing

@testable import GatherDaemon

/// The page's files as built (Plugins/PageBundle): SHA-256 from swift-crypto, a strong ETag per encoding,
/// If-None-Match, what is kept how long, the page's CSP hash, the service worker's list, and the caps' arithmetic.
@Suite struct WebAssetTests {
  @Test func sha256IsLibcryptos() {
    #expect(
      Digest.hex(Digest.sha256(Array("abc".utf8))) == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"
    )
    #expect(Digest.hex(Digest.sha256([])) == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
  }

  @Test func eachEncodingHasItsOwnETagAndAnswersIfNoneMatchForItself() throws {
    let page = try #require(WebAssets.byPath["/"])
    #expect(page.representations.map(\.coding) == [.identity, .br, .gzip])
    let identity = page.identity
    let brotli = page.representation(accepting: ["gzip, deflate, br"])
    let gzip = page.representation(accepting: ["gzip"])
    #expect((brotli.coding, gzip.coding) == (.br, .gzip))
    #expect(Set([identity.etag, brotli.etag, gzip.etag]).count == 3)
    #expect(identity.etag.hasPrefix("\"") && identity.etag.hasSuffix("\"") && identity.etag.count == 34)
    #expect(brotli.etag == identity.etag.dropLast() + "-br\"")
    #expect(gzip.etag == identity.etag.dropLast() + "-gzip\"")
    #expect(brotli.bytes.count < gzip.bytes.count && gzip.bytes.count < identity.bytes.count)
    #expect(gzip.bytes.starts(with: [0x1f, 0x8b]), "gzip's magic number")
    #expect(brotli.isCurrent(ifNoneMatch: [brotli.etag]))
    #expect(brotli.isCurrent(ifNoneMatch: ["\"x\", W/\(brotli.etag)"]))
    #expect(brotli.isCurrent(ifNoneMatch: ["*"]))
    #expect(!brotli.isCurrent(ifNoneMatch: [identity.etag, gzip.etag]), "another encoding's copy is not this one")
    #expect(!identity.isCurrent(ifNoneMatch: [brotli.etag]))
    #expect(!brotli.isCurrent(ifNoneMatch: []))
  }

  @Test func theIdentityETagIsTheBytesHash() throws {
    for asset in WebAssets.all {
      let hash = Digest.hex(Digest.sha256(asset.identity.bytes).prefix(16))
      #expect(asset.identity.etag == "\"\(hash)\"", "\(asset.path)")
    }
  }

  @Test func onlyFilesWhoseNamesFollowTheirBytesAreImmutable() throws {
    let hashed = /^\/([A-Za-z0-9_.-]+\/)*[A-Za-z0-9_.-]+-[A-Z0-9]{8}\.(js|css)$/
    for asset in WebAssets.all {
      #expect((asset.caching == .immutable) == (asset.path.wholeMatch(of: hashed) != nil), "\(asset.path)")
    }
    #expect(WebAssets.byPath["/"]?.caching == .revalidated)
    #expect(WebAssets.byPath["/sw.js"]?.caching == .revalidated)
    #expect(WebAsset.Caching.immutable.header == "public, max-age=31536000, immutable")
  }

  /// PNGs are compressed already; every text file over 1 kB comes in both encodings.
  @Test func pngsAreServedAsTheyAreAndTextCompressed() throws {
    for asset in WebAssets.all {
      let codings = asset.representations.map(\.coding)
      if asset.contentType == "image/png" {
        #expect(codings == [.identity] && !asset.isNegotiated, "\(asset.path)")
      } else if asset.identity.bytes.count > 1024 {
        #expect(codings == [.identity, .br, .gzip] && asset.isNegotiated, "\(asset.path)")
      }
    }
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
    #expect(ContentSecurityPolicy.inlineScripts(in: page.identity.bytes).count == 1, "one inline script: the bootstrap")
    #expect(policy.contains("'sha256-"))
    for path in ["/sw.js", "/manifest.webmanifest", "/icons/icon.svg"] {
      #expect(WebAssets.byPath[path] != nil, "\(path)")
    }
  }

  /// The page names its bundle (hashed files), each of which is served, and preloads its entry module.
  @Test func everyFileThePageLinksIsServed() throws {
    let page = String(decoding: try #require(WebAssets.byPath["/"]).identity.bytes, as: UTF8.self)
    let links = page.matches(of: /(?:src|href)="([^"#:]+)"/).map { "/" + $0.output.1 }
    #expect(links.contains { $0.wholeMatch(of: /\/js\/scoreboard-[A-Z0-9]{8}\.js/) != nil })
    #expect(links.contains { $0.wholeMatch(of: /\/scoreboard-[A-Z0-9]{8}\.css/) != nil })
    for link in links { #expect(WebAssets.byPath[link] != nil, "\(link)") }
    let entry = try #require(page.firstMatch(of: /<script type="module" src="([^"]+)">/)?.output.1)
    #expect(page.contains("<link rel=\"modulepreload\" href=\"\(entry)\">"))
    #expect(!page.contains("#include"), "the parts are in the page")
  }

  /// The service worker lists every file (and so keeps the app), with the revision its ETags start with.
  @Test func theServiceWorkerListsEveryFileWithItsRevision() throws {
    let worker = String(decoding: try #require(WebAssets.byPath["/sw.js"]).identity.bytes, as: UTF8.self)
    #expect(worker.hasPrefix("self.GATHERD_APP = {\"version\":\""))
    for asset in WebAssets.all where asset.path != "/sw.js" {
      let url = asset.path == "/" ? "./" : String(asset.path.dropFirst())
      let revision = asset.identity.etag.dropFirst().dropLast()
      #expect(worker.contains("{\"url\":\"\(url)\",\"revision\":\"\(revision)\""), "sw.js lists \(asset.path)")
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
