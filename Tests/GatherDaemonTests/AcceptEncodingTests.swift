import Testing

@testable import GatherDaemon

/// Which encoding a request's Accept-Encoding gets (RFC 9110, 12.5.3): brotli, gzip or the bytes as they are.
@Suite struct AcceptEncodingTests {
  private let all: [ContentCoding] = [.identity, .br, .gzip]

  private func best(_ values: [String], of available: [ContentCoding]? = nil) -> ContentCoding {
    AcceptEncoding(values).best(of: available ?? all)
  }

  @Test func aBrowserGetsBrotliAndAnOlderOneGzip() {
    #expect(best(["gzip, deflate, br, zstd"]) == .br)
    #expect(best(["gzip, deflate"]) == .gzip)
    #expect(best(["gzip, deflate, br"], of: [.identity, .gzip]) == .gzip, "a file with no brotli encoding")
    #expect(best(["gzip, br"], of: [.identity]) == .identity, "a PNG")
  }

  @Test func noHeaderOrAnEmptyOneGetsTheBytesAsTheyAre() {
    #expect(best([]) == .identity)
    #expect(best([""]) == .identity)
    #expect(best(["deflate, zstd"]) == .identity)
  }

  @Test func weightsDecideAndTiesGoToTheSmaller() {
    #expect(best(["br;q=0.5, gzip;q=0.8"]) == .gzip)
    #expect(best(["br;q=0.8, gzip;q=0.8"]) == .br)
    #expect(best(["gzip;q=1.0, br;q=0.999"]) == .gzip)
    #expect(best(["br ; q=0.2", "gzip;q=0.1"]) == .br, "two headers, spaces around the parameter")
  }

  @Test func aZeroWeightRefusesACoding() {
    #expect(best(["br;q=0, gzip"]) == .gzip)
    #expect(best(["br;q=0.000, gzip;q=0"]) == .identity)
    #expect(best(["*;q=0"]) == .identity, "nothing acceptable: the bytes as they are, rather than a 406")
    #expect(best(["identity;q=0, gzip;q=0"]) == .identity)
  }

  @Test func theWildcardStandsForCodingsNotNamed() {
    #expect(best(["*"]) == .br)
    #expect(best(["br;q=0, *"]) == .gzip)
    #expect(best(["gzip;q=0.5, *;q=0.1"]) == .gzip)
  }

  @Test func namesAreCaseInsensitiveAndXGzipIsGzip() {
    #expect(best(["GZIP"]) == .gzip)
    #expect(best(["Br;Q=1"]) == .br)
    #expect(best(["x-gzip"]) == .gzip)
  }

  @Test func aWeightThatIsNoQvalueRefusesItsCoding() {
    #expect(best(["br;q=2, gzip"]) == .gzip)
    #expect(best(["br;q=0.5000, gzip;q=0.1"]) == .gzip, "four decimals")
    #expect(best(["br;q=abc, gzip;q=0.1"]) == .gzip)
    #expect(best(["br;q=1.001, gzip;q=0.1"]) == .gzip)
    #expect(best(["br;level=5"]) == .br, "other parameters are not weights")
  }
}
