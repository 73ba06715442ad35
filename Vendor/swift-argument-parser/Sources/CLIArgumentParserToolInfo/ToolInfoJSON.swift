//===----------------------------------------------------------------------===//
//
// gatherd: not part of upstream swift-argument-parser 1.8.2. It replaces
// FoundationEssentials' JSONEncoder for --experimental-dump-help (see
// ../CLIArgumentParser/Utilities/Foundation.swift and ../../README.md).
//
// Licensed under Apache License v2.0 with Runtime Library Exception, like the
// rest of this folder.
//
//===----------------------------------------------------------------------===//

/// The JSON for a `ToolInfoV0`, byte for byte what FoundationEssentials'
/// `JSONEncoder` writes with `[.prettyPrinted, .sortedKeys]` for the types'
/// synthesized `Encodable` conformances: optionals left out when nil, an enum
/// with associated values as `{"case" : {"label" : value}}`, keys sorted by
/// their UTF-8 bytes, two-space indentation, `"key" : value`, an empty
/// container as an opening and closing line with an empty line between,
/// and `/` escaped.
package enum ToolInfoJSON {
  enum Value {
    case string(String)
    case bool(Bool)
    case int(Int)
    case array([Value])
    case object([String: Value])

    static func strings(_ values: [String]) -> Value {
      .array(values.map(Value.string))
    }
  }

  package static func prettyPrinted(_ info: ToolInfoV0) -> String {
    var output = ""
    write(value(info), indent: 0, to: &output)
    return output
  }

  // MARK: The tool info's values, one function for each type.

  static func value(_ info: ToolInfoV0) -> Value {
    .object([
      "serializationVersion": .int(info.serializationVersion),
      "command": value(info.command),
    ])
  }

  static func value(_ command: CommandInfoV0) -> Value {
    var object: [String: Value] = [
      "shouldDisplay": .bool(command.shouldDisplay),
      "commandName": .string(command.commandName),
    ]
    object["superCommands"] = command.superCommands.map(Value.strings)
    object["aliases"] = command.aliases.map(Value.strings)
    object["abstract"] = command.abstract.map(Value.string)
    object["discussion"] = command.discussion.map(Value.string)
    object["defaultSubcommand"] = command.defaultSubcommand.map(Value.string)
    object["subcommands"] = command.subcommands.map { .array($0.map(value)) }
    object["arguments"] = command.arguments.map { .array($0.map(value)) }
    return .object(object)
  }

  static func value(_ argument: ArgumentInfoV0) -> Value {
    var object: [String: Value] = [
      "kind": .string(argument.kind.rawValue),
      "shouldDisplay": .bool(argument.shouldDisplay),
      "isOptional": .bool(argument.isOptional),
      "isRepeating": .bool(argument.isRepeating),
      "parsingStrategy": .string(argument.parsingStrategy.rawValue),
    ]
    object["sectionTitle"] = argument.sectionTitle.map(Value.string)
    object["names"] = argument.names.map { .array($0.map(value)) }
    object["preferredName"] = argument.preferredName.map(value)
    object["valueName"] = argument.valueName.map(Value.string)
    object["defaultValue"] = argument.defaultValue.map(Value.string)
    object["allValues"] = argument.allValues.map(Value.strings)
    object["allValueDescriptions"] = argument.allValueDescriptions.map {
      .object($0.mapValues(Value.string))
    }
    object["completionKind"] = argument.completionKind.map(value)
    object["abstract"] = argument.abstract.map(Value.string)
    object["discussion"] = argument.discussion.map(Value.string)
    return .object(object)
  }

  static func value(_ name: ArgumentInfoV0.NameInfoV0) -> Value {
    .object(["kind": .string(name.kind.rawValue), "name": .string(name.name)])
  }

  static func value(_ kind: ArgumentInfoV0.CompletionKindV0) -> Value {
    switch kind {
    case .list(let values):
      return .object(["list": .object(["values": .strings(values)])])
    case .file(let extensions):
      return .object(["file": .object(["extensions": .strings(extensions)])])
    case .directory:
      return .object(["directory": .object([:])])
    case .shellCommand(let command):
      return .object(["shellCommand": .object(["command": .string(command)])])
    case .custom:
      return .object(["custom": .object([:])])
    case .customAsync:
      return .object(["customAsync": .object([:])])
    default:
      // .customDeprecated, named here without using the deprecated case.
      return .object(["customDeprecated": .object([:])])
    }
  }

  // MARK: Writing

  static func write(_ value: Value, indent: Int, to output: inout String) {
    switch value {
    case .string(let string):
      writeString(string, to: &output)
    case .bool(let bool):
      output += bool ? "true" : "false"
    case .int(let int):
      output += String(int)
    case .array(let elements):
      output += "[\n"
      for (index, element) in elements.enumerated() {
        if index > 0 { output += ",\n" }
        output += String(repeating: "  ", count: indent + 1)
        write(element, indent: indent + 1, to: &output)
      }
      output += "\n" + String(repeating: "  ", count: indent) + "]"
    case .object(let members):
      output += "{\n"
      let sorted = members.sorted { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) }
      for (index, member) in sorted.enumerated() {
        if index > 0 { output += ",\n" }
        output += String(repeating: "  ", count: indent + 1)
        writeString(member.key, to: &output)
        output += " : "
        write(member.value, indent: indent + 1, to: &output)
      }
      output += "\n" + String(repeating: "  ", count: indent) + "}"
    }
  }

  static func writeString(_ string: String, to output: inout String) {
    let hexDigits = Array("0123456789abcdef".unicodeScalars)
    output += "\""
    for scalar in string.unicodeScalars {
      switch scalar {
      case "\"": output += "\\\""
      case "\\": output += "\\\\"
      case "/": output += "\\/"
      case "\u{08}": output += "\\b"
      case "\u{0C}": output += "\\f"
      case "\n": output += "\\n"
      case "\r": output += "\\r"
      case "\t": output += "\\t"
      case "\u{00}"..."\u{1F}":
        output += "\\u00"
        output.unicodeScalars.append(hexDigits[Int(scalar.value / 16)])
        output.unicodeScalars.append(hexDigits[Int(scalar.value % 16)])
      default:
        output.unicodeScalars.append(scalar)
      }
    }
    output += "\""
  }
}
