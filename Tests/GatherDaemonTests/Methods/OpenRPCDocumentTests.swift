import Foundation
import GatherRPC
import Testing

@testable import GatherDaemon

/// The OpenRPC document comes from the method definitions: the copy kept in the repository for clients
/// (docs/openrpc.json) is the one the definitions make, and each definition is served as it says.
@Suite struct OpenRPCDocumentTests {
  @Test func theCommittedDocumentIsTheOneTheDefinitionsMake() throws {
    let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appending(path: "../../../docs/openrpc.json")
    let committed = try String(contentsOf: file, encoding: .utf8)
    #expect(committed == APIDescription.openRPC, "docs/openrpc.json is out of date: run make openrpc")
  }

  @Test func everyMethodIsDefinedOnceAndDocumentsWhoMayCallIt() throws {
    let names = MethodCatalog.all.map(\.name)
    #expect(Set(names).count == names.count, "a method is defined twice")
    let methods = try #require(OpenRPCDocument.json["methods"]?.arrayValue)
    #expect(methods.map { $0["name"]?.stringValue } == names)
    for method in methods {
      #expect(method["x-access"]?.stringValue != nil, "\(method["name"] ?? "?") says who may call it")
    }
  }

  @Test func aLinksCodeGrantsTheMethodsThatDeclareIt() {
    #expect(
      MethodCatalog.names(grantedBy: .plan) == [
        "plan.accept", "plan.decline", "plan.join", "plan.leave", "push.subscribe", "push.unsubscribe",
      ])
    #expect(MethodCatalog.names(grantedBy: .vote) == ["vote.cast"])
    #expect(MethodCatalog.names(grantedBy: .anyLink) == ["fees.balance"])
  }

  @Test func everyDocumentedResultSchemaResolvesInTheDocument() throws {
    let check = SchemaCheck(components: try #require(OpenRPCDocument.json["components"]))
    for definition in MethodCatalog.all {
      // A schema that resolves checks something: null matches only a nullable result.
      let problems = check.problems(.null, definition.doc.result.schema.json)
      #expect(!problems.contains { $0.contains("resolves to nothing") }, "\(definition.name): \(problems)")
    }
  }
}
