extension QRCode {
  /// The code as an SVG document: a light square with the quiet zone and the dark modules as one path, one unit
  /// per module (it scales to any size; `shape-rendering` keeps the edges crisp).
  public func svg(quietZone: Int = 4) -> String {
    let side = size + 2 * quietZone
    var path = ""
    for y in 0..<size {
      var x = 0
      while x < size {
        guard isDark(x: x, y: y) else {
          x += 1
          continue
        }
        var run = 1
        while isDark(x: x + run, y: y) { run += 1 }
        path += "M\(x + quietZone) \(y + quietZone)h\(run)v1h-\(run)z"
        x += run
      }
    }
    return "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 \(side) \(side)\" shape-rendering=\"crispEdges\">"
      + "<rect width=\"\(side)\" height=\"\(side)\" fill=\"#fff\"/><path fill=\"#000\" d=\"\(path)\"/></svg>"
  }

  /// The code for a terminal, two rows of modules per line of text with half blocks ("▀", "▄", "█"), as
  /// `qrencode -t UTF8` draws it: a block is a light module, so that it reads on a terminal with light text on
  /// a dark background. With `colours`, each line is drawn white on black (ANSI), so that it reads on any
  /// terminal. The quiet zone of `quietZone` modules is part of the drawing.
  public func halfBlocks(quietZone: Int = 4, colours: Bool = false) -> [String] {
    let range = -quietZone..<(size + quietZone)
    var lines: [String] = []
    var y = range.lowerBound
    while y < range.upperBound {
      var line = colours ? "\u{1B}[37;40m" : ""
      for x in range {
        let top = !isDark(x: x, y: y)
        let bottom = y + 1 < range.upperBound && !isDark(x: x, y: y + 1)
        line += top ? (bottom ? "█" : "▀") : (bottom ? "▄" : " ")
      }
      lines.append(colours ? line + "\u{1B}[0m" : line)
      y += 2
    }
    return lines
  }
}
