/// JSON for people to read: one member or element per line, indented by two spaces, as documents are kept in a
/// repository (the OpenRPC document), so that a change shows as a change of its own lines.
extension JSONWriter {
  /// The value as indented JSON text, ending with a line break.
  public static func pretty(_ value: JSONValue) -> String {
    var output: [UInt8] = []
    writePretty(value, depth: 0, into: &output)
    output.append(UInt8(ascii: "\n"))
    return String(decoding: output, as: UTF8.self)
  }

  private static func writePretty(_ value: JSONValue, depth: Int, into output: inout [UInt8]) {
    switch value {
    case .array(let elements) where !elements.isEmpty:
      output.append(UInt8(ascii: "["))
      for (offset, element) in elements.enumerated() {
        output.append(contentsOf: offset > 0 ? ",\n".utf8 : "\n".utf8)
        indent(depth + 1, into: &output)
        writePretty(element, depth: depth + 1, into: &output)
      }
      output.append(UInt8(ascii: "\n"))
      indent(depth, into: &output)
      output.append(UInt8(ascii: "]"))
    case .object(let object) where !object.storage.isEmpty:
      output.append(UInt8(ascii: "{"))
      for (offset, member) in object.storage.enumerated() {
        output.append(contentsOf: offset > 0 ? ",\n".utf8 : "\n".utf8)
        indent(depth + 1, into: &output)
        writeString(member.key, into: &output)
        output.append(contentsOf: ": ".utf8)
        writePretty(member.value, depth: depth + 1, into: &output)
      }
      output.append(UInt8(ascii: "\n"))
      indent(depth, into: &output)
      output.append(UInt8(ascii: "}"))
    default: write(value, into: &output)
    }
  }

  private static func indent(_ depth: Int, into output: inout [UInt8]) {
    output.append(contentsOf: repeatElement(UInt8(ascii: " "), count: depth * 2))
  }
}
