import GatherQR
import Testing

/// The QR piece over libqrencode: sizes, the finder patterns every reader looks for, and the two drawings.
/// (That a real reader decodes them back is checked with zbarimg in Tests/e2e/test_web_link.py and
/// Tests/browser/test_touchline.py.)
@Suite struct QRCodeTests {
  @Test func aLinkTakesTheSmallestVersionThatHoldsIt() throws {
    // The same sizes as Debian's qrencode -l M gives: version 2 (25 modules) for a LAN address, version 4 (33)
    // for a control link with its token.
    #expect(try QRCode(encoding: "http://192.168.1.20:8080/").size == 25)
    #expect(try QRCode(encoding: "http://pitch.example.org:8080/#token=abcdefghijklmnopqrstuvwx").size == 33)
  }

  @Test func theThreeCornersHoldFinderPatterns() throws {
    let code = try QRCode(encoding: "http://pitch.local:8080/#token=abcdefghijklmnop")
    let last = code.size - 7
    for (left, top) in [(0, 0), (last, 0), (0, last)] {
      for y in 0..<7 {
        for x in 0..<7 {
          let ring = max(abs(x - 3), abs(y - 3))
          #expect(
            code.isDark(x: left + x, y: top + y) == (ring != 2), "finder at (\(left), \(top)) module (\(x), \(y))")
        }
      }
    }
    #expect(!code.isDark(x: -1, y: 0) && !code.isDark(x: 0, y: code.size), "outside the code is the quiet zone")
  }

  @Test func textThatCannotBeACodeIsRefusedWithAReason() {
    #expect(throws: QRCodeError.self) { try QRCode(encoding: "") }
    let tooLong = String(repeating: "x", count: 3000)
    #expect { try QRCode(encoding: tooLong) } throws: { "\($0)".contains("too long") }
  }

  @Test func theSVGDrawsEveryDarkModuleInsideTheQuietZone() throws {
    let code = try QRCode(encoding: "http://10.0.0.2:8080/")
    let svg = code.svg(quietZone: 4)
    #expect(
      svg.hasPrefix("<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 \(code.size + 8) \(code.size + 8)\""))
    #expect(svg.hasSuffix("</svg>"))
    // Each run is "Mx yhNv1h-Nz": the runs' lengths add up to the dark modules.
    var dark = 0
    for y in 0..<code.size { for x in 0..<code.size where code.isDark(x: x, y: y) { dark += 1 } }
    let runs = svg.split(separator: "M").dropFirst().map { part in
      Int(part.split(separator: "h")[1].split(separator: "v")[0])!
    }
    #expect(runs.reduce(0, +) == dark)
    #expect(svg.contains("M4 4h7v1h-7z"), "the top-left finder's first row starts after the quiet zone")
  }

  @Test func halfBlocksDrawTwoRowsPerLineWithLightModulesAsBlocks() throws {
    let code = try QRCode(encoding: "http://10.0.0.2:8080/")
    let lines = code.halfBlocks(quietZone: 4)
    let side = code.size + 8
    #expect(lines.count == (side + 1) / 2)
    #expect(lines.allSatisfy { $0.count == side })
    #expect(lines[0] == String(repeating: "█", count: side), "the quiet zone is light")
    // Rows 4 and 5 of the drawing: the finders' dark top edge (row 4) over their light-and-dark second row.
    let finderRow = Array(lines[2])
    #expect(finderRow[4] == " " && finderRow[5] == "▄" && finderRow[3] == "█")
    let coloured = code.halfBlocks(colours: true)
    #expect(coloured.allSatisfy { $0.hasPrefix("\u{1B}[37;40m") && $0.hasSuffix("\u{1B}[0m") })
  }
}
