/// A table as CSV (RFC 4180): a header row, then one row per record, fields separated by commas, lines ended by
/// CRLF. A field holding a comma, a quote or a line break is quoted, its quotes doubled. A text cell that a
/// spreadsheet would run as a formula (it starts with =, +, -, @, a tab or a carriage return) is written with a
/// leading apostrophe, which spreadsheets show as text and ``CSVReader/plainText(_:)`` takes off again.
struct CSVWriter {
  private(set) var text: String

  /// A table with these column names.
  init(header: [String]) {
    text = ""
    append(header.map { .text($0) })
  }

  /// One cell: text from people (names, places, notes) or a value gatherd made (a number, a date, a code).
  enum Cell {
    case text(String)
    case value(String)
  }

  /// Appends a row; it should have as many cells as the header.
  mutating func append(_ cells: [Cell]) {
    text += cells.map(Self.field).joined(separator: ",") + "\r\n"
  }

  private static func field(_ cell: Cell) -> String {
    var field: String
    switch cell {
    case .value(let value): field = value
    case .text(let value):
      field = value
      if let first = value.unicodeScalars.first, CSVReader.formulaStarts.contains(first) { field = "'" + value }
    }
    guard field.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" || $0 == "\r\n" }) else {
      return field
    }
    return "\"" + field.replacing("\"", with: "\"\"") + "\""
  }
}
