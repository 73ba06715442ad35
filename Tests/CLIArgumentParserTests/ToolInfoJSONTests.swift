import CLIArgumentParserToolInfo
import Testing

@testable import CLIArgumentParser

#if canImport(FoundationEssentials)
  import FoundationEssentials
  typealias FoundationJSONEncoder = FoundationEssentials.JSONEncoder
  typealias FoundationJSONDecoder = FoundationEssentials.JSONDecoder
#else
  import Foundation
  typealias FoundationJSONEncoder = Foundation.JSONEncoder
  typealias FoundationJSONDecoder = Foundation.JSONDecoder
#endif

/// The vendored parser writes `--experimental-dump-help` without Foundation (Vendor/swift-argument-parser/README.md):
/// its JSON must be the bytes upstream's JSONEncoder wrote, which generate-manual and other tools read.
@Suite struct ToolInfoJSONTests {
  /// What upstream wrote: FoundationEssentials' encoder, configured as upstream's Utilities/Foundation.swift did.
  func upstream(_ info: ToolInfoV0) throws -> String {
    let encoder = FoundationJSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
    return String(decoding: try encoder.encode(info), as: UTF8.self)
  }

  func argument(
    _ name: String, completion: ArgumentInfoV0.CompletionKindV0?, descriptions: [String: String]? = nil,
    text: String = "plain"
  ) -> ArgumentInfoV0 {
    ArgumentInfoV0(
      kind: .option, shouldDisplay: true, sectionTitle: "Section / \(text)", isOptional: true, isRepeating: false,
      parsingStrategy: .upToNextOption,
      names: [
        .init(kind: .long, name: name), .init(kind: .short, name: "x"), .init(kind: .longWithSingleDash, name: "y"),
      ],
      preferredName: .init(kind: .long, name: name), valueName: "value", defaultValue: "a/b",
      allValueStrings: ["one", "two"], allValueDescriptions: descriptions, completionKind: completion,
      abstract: text, discussion: nil)
  }

  @Test func everyFieldAndCompletionKind() throws {
    let kinds: [ArgumentInfoV0.CompletionKindV0?] = [
      nil, .list(values: ["a", "b/c"]), .list(values: []), .file(extensions: ["json", "txt"]), .directory,
      .shellCommand(command: "ls -1 /tmp | grep \"x\""), .custom, .customAsync,
    ]
    var arguments = kinds.enumerated().map { argument("opt\($0.offset)", completion: $0.element) }
    arguments.append(
      argument(
        "described", completion: nil,
        descriptions: ["b": "B", "B": "upper", "a10": "ten", "a9": "nine", "é": "e acute", "Z": "", "_": "u"]))
    arguments.append(argument("empty", completion: nil, descriptions: [:]))
    var sub = CommandInfoV0(
      superCommands: ["tool"], shouldDisplay: false, commandName: "sub", aliases: ["s", "su"], abstract: "",
      discussion: "Long\ntext", defaultSubcommand: nil, subcommands: [], arguments: [])
    sub.subcommands = []
    let root = CommandInfoV0(
      superCommands: [], shouldDisplay: true, commandName: "tool", aliases: nil, abstract: "The tool.",
      discussion: "", defaultSubcommand: "sub", subcommands: [sub], arguments: arguments)
    let info = ToolInfoV0(command: root)
    #expect(ToolInfoJSON.prettyPrinted(info) == (try upstream(info)))
  }

  @Test(arguments: [
    "", "plain", "quote \" backslash \\ slash /", "\u{00}\u{01}\u{07}\u{08}\t\n\u{0B}\u{0C}\r\u{0E}\u{1F}\u{7F}",
    "é, ñ, 🏟️ and \u{2028}", "--socket <path>",
  ])
  func escapesStringsAsUpstream(text: String) throws {
    let command = CommandInfoV0(
      superCommands: [text], shouldDisplay: true, commandName: text, aliases: [text], abstract: text,
      discussion: text, defaultSubcommand: text, subcommands: [],
      arguments: [argument(text, completion: .list(values: [text]), descriptions: [text: text], text: text)])
    let info = ToolInfoV0(command: command)
    #expect(ToolInfoJSON.prettyPrinted(info) == (try upstream(info)))
  }

  @Test func aParsedCommandDumpsAsUpstreamAndReadsBack() throws {
    let info = ToolInfoV0(commandStack: [Sample.self])
    let json = DumpHelpGenerator(Sample.self).rendered()
    #expect(json == (try upstream(info)))
    #expect(try FoundationJSONDecoder().decode(ToolInfoV0.self, from: Data(json.utf8)) == info)
  }

  @Test func errorsAreDescribedByTheirDescription() {
    struct Refused: Error, CustomStringConvertible { var description: String { "The daemon refused." } }
    #expect(Refused().describe() == "The daemon refused.")
  }
}

/// A command with a little of everything the dump describes.
private struct Sample: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "sample", abstract: "A sample.", discussion: "More about it.", version: "1.0",
    subcommands: [Child.self], defaultSubcommand: Child.self)

  enum Shell: String, ExpressibleByArgument, CaseIterable { case bash, zsh }

  @Option(help: "A socket path.") var socket: String?
  @Flag(name: .shortAndLong, help: "Say more.") var verbose = false
  @Option(completion: .file(extensions: ["db"])) var database = "/var/lib/x.db"
  @Option var shell: Shell = .bash

  struct Child: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "child", abstract: "A child.", aliases: ["c"])
    @Argument(help: "Names.") var names: [String] = []
    @Option(completion: .list(["a", "b"])) var pick: String?
  }
}
