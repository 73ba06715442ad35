import ArgumentParser
import GatherDaemon

/// `gatherd openrpc`: the API's description, for clients and their code generators.
struct OpenRPCCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "openrpc",
    abstract: "Print the OpenRPC document of gatherd's JSON-RPC API (what rpc.discover answers).",
    discussion: """
      Every method with its params, its result, the errors it may answer and who may call it (x-access), the \
      types of the results (components), and the events a subscription receives (x-notifications), as an \
      OpenRPC 1.3 document (https://spec.open-rpc.org). It is the same document a running gatherd answers \
      rpc.discover with; this prints it without one, indented. The package ships it as openrpc.json in gatherd's \
      documentation.

      Exit status: 0.
      """)

  func run() {
    print(APIDescription.openRPC, terminator: "")
  }
}
