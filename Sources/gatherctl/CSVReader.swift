/// Reads CSV as RFC 4180 writes it: fields separated by commas, records by CRLF or LF, a quoted field may hold
/// commas, line breaks and doubled quotes. A UTF-8 byte-order mark at the start (a spreadsheet's "CSV UTF-8")
/// is skipped. Each record keeps the line it starts on, so that errors can name it.
struct CSVReader {
  /// One record: its fields and the line (from 1) it starts on.
  struct Record {
    let line: Int
    let fields: [String]
  }

  /// The first characters of a text cell that a spreadsheet would run as a formula.
  static let formulaStarts: Set<Unicode.Scalar> = ["=", "+", "-", "@", "\t", "\r"]

  /// A malformed file: the line and what is wrong there.
  struct Malformed: Error {
    let line: Int
    let message: String
  }

  /// The records of `text`; blank lines between records are skipped.
  static func records(_ text: String) throws(Malformed) -> [Record] {
    var scalars = Substring(text).unicodeScalars
    if scalars.first == "\u{FEFF}" { scalars = scalars.dropFirst() }
    var records: [Record] = []
    var fields: [String] = []
    var field = String.UnicodeScalarView()
    var line = 1
    var start = 1
    var quoted = false
    var wasQuoted = false
    var index = scalars.startIndex
    func endField() {
      fields.append(String(field))
      field = String.UnicodeScalarView()
      wasQuoted = false
    }
    func endRecord() {
      endField()
      if !(fields.count == 1 && fields[0].isEmpty) { records.append(Record(line: start, fields: fields)) }
      fields = []
    }
    while index < scalars.endIndex {
      let scalar = scalars[index]
      index = scalars.index(after: index)
      if quoted {
        if scalar == "\"" {
          if index < scalars.endIndex, scalars[index] == "\"" {
            field.append("\"")
            index = scalars.index(after: index)
          } else {
            quoted = false
          }
        } else {
          if scalar == "\n" { line += 1 }
          field.append(scalar)
        }
        continue
      }
      switch scalar {
      case "\"" where field.isEmpty && !wasQuoted:
        quoted = true
        wasQuoted = true
      case "\"":
        throw Malformed(
          line: line, message: "a quote inside an unquoted field; quote the whole field and double the quote")
      case ",":
        endField()
      case "\r" where index < scalars.endIndex && scalars[index] == "\n":
        break
      case "\n":
        endRecord()
        line += 1
        start = line
      default:
        if wasQuoted {
          throw Malformed(line: line, message: "text after a quoted field's closing quote")
        }
        field.append(scalar)
      }
    }
    if quoted { throw Malformed(line: start, message: "a quoted field is not closed") }
    endRecord()
    return records
  }

  /// A text cell as written: a leading apostrophe before a formula's first character, which ``CSVWriter`` adds
  /// so that spreadsheets do not run it, is taken off.
  static func plainText(_ cell: String) -> String {
    let scalars = cell.unicodeScalars
    guard scalars.first == "'", let second = scalars.dropFirst().first, formulaStarts.contains(second) else {
      return cell
    }
    return String(cell.dropFirst())
  }
}
