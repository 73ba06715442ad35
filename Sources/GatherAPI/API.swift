import GatherRPC

/// gatherd's JSON-RPC API as its clients see it: the types of what each method answers and each event carries,
/// which the daemon encodes (by hand, through ``Encoded``) and clients such as gatherctl decode (`Decodable`).
/// Each type's schema, for the OpenRPC document, is beside it in ``APISchemas``.
///
/// ```swift
/// let entry = try JSONDecoder().decode(API.LedgerWrite.self, from: reply).entry
/// print(entry.amount.text)   // "€5.00"
/// ```
public enum API {}

/// The schemas of the API's types, named as the OpenRPC document's components (`#/components/schemas/…`).
public enum APISchemas {}

/// JSON that a client decodes as `Value`: a method's result or an event's params as the daemon encodes it, by hand,
/// from its own values. The daemon's encoders are constrained extensions of this type, one per `Value`, so that a
/// method declared to answer `Value` can only answer what encodes one.
public struct Encoded<Value>: Sendable {
  /// The JSON.
  public let json: JSONValue

  /// `json`, which the encoder vouches is a `Value`.
  public init(_ json: JSONValue) { self.json = json }
}
