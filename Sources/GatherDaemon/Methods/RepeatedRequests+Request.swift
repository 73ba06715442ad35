import GatherModel
import GatherRPC

extension RepeatedRequests {
  /// Whose changes a key belongs to: a key is one caller's, so that nobody else's requests can repeat, replace or
  /// push out the changes it answered.
  enum Scope: Sendable, Hashable {
    /// A process of this user on the Unix socket.
    case user(UInt32)
    /// A web client that presented the control link's token.
    case controlLink
    /// A web client that presented this paired phone's credential.
    case pairedDevice(PairedDevice.ID)
    /// A web client that presented this link's code (a sign-up or vote link, shared with a group).
    case link([UInt8])
    /// Requests published on this MQTT topic.
    case mqtt(String)

    /// The scope of `caller`'s requests.
    init(_ caller: Caller) {
      switch caller.peer {
      case .local(let credentials): self = .user(credentials.uid)
      case .mqtt(let topic): self = .mqtt(topic)
      case .web:
        let capabilities = caller.capabilities
        if let device = capabilities.device {
          self = .pairedDevice(device)
        } else if capabilities.control {
          self = .controlLink
        } else {
          self = .link(capabilities.code?.code ?? [])
        }
      }
    }

    /// Whether the scope is a controller's: it keeps more, and is never pushed out for another scope.
    var isController: Bool {
      switch self {
      case .user, .controlLink, .pairedDevice: true
      case .link, .mqtt: false
      }
    }
  }

  /// A change as the window knows it: its key, its method, and a digest of its other params.
  struct Request: Sendable, Hashable {
    let key: String
    let method: String
    /// SHA-256 of the method and the other params, written with their members in order of name.
    let fingerprint: [UInt8]

    /// The request `params` carry for `method`, taking their `idempotencyKey`; nil without one. A key that is not 8
    /// to 128 letters, digits, `-` or `_` is refused (-32602 naming it).
    init?(method: String, params: inout Params) throws(RPCError) {
      guard let key = try params.optionalString("idempotencyKey") else { return nil }
      let allowed = key.utf8.allSatisfy { byte in
        (0x30...0x39).contains(byte) || (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte) || byte == 0x2D
          || byte == 0x5F
      }
      guard (8...128).contains(key.utf8.count), allowed else {
        throw .invalidParams(
          field: "idempotencyKey",
          "Parameter \"idempotencyKey\" must be 8 to 128 letters, digits, - or _, chosen at random for each change.")
      }
      var rest = params.fields
      rest["idempotencyKey"] = nil
      self.key = key
      self.method = method
      fingerprint = Digest.sha256(Array(method.utf8) + [0x0A] + JSONWriter.bytes(Self.ordered(.object(rest))))
    }

    /// `value` with every object's members in order of name, so that the same params written in another order are
    /// the same request.
    static func ordered(_ value: JSONValue) -> JSONValue {
      switch value {
      case .object(let object):
        .object(JSONObject(object.members.sorted { $0.key < $1.key }.map { ($0.key, ordered($0.value)) }))
      case .array(let elements): .array(elements.map(ordered))
      default: value
      }
    }
  }
}

extension RepeatedRequests {
  /// The key as every change's params describe it in the OpenRPC document.
  static let paramDoc = ParamDoc(
    "idempotencyKey",
    """
    A key the client chooses at random for this change (8 to 128 letters, digits, - or _). Sent again by the same \
    caller with the same method and params, the change is not made again: the first reply is given again (kept 24 \
    hours, while gatherd runs). The same key with another method or other params is refused (-32602 naming it).
    """, required: false,
    schema: .string(minLength: 8, maxLength: 128, pattern: "^[A-Za-z0-9_-]{8,128}$"))
}
