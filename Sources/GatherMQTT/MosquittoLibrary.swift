import CMosquitto
import Glibc

/// The libmosquitto functions gatherd uses, loaded from Debian's `libmosquitto.so.1` when MQTT is configured.
///
/// Loading it at run time rather than linking it means a gatherd without `--mqtt` maps neither it nor the OpenSSL
/// it loads: linked, they would cost every daemon 1.9 MB of resident memory before it did anything
/// (docs/mqtt.md). The declarations come from `<mosquitto.h>` (the `CMosquitto` module); only the functions
/// are looked up here.
/// Unchecked `Sendable`: it holds C function pointers looked up once, which never change and are safe to call anywhere.
struct MosquittoLibrary: @unchecked Sendable {
  typealias Client = OpaquePointer
  typealias Properties = OpaquePointer

  let new: @convention(c) (UnsafePointer<CChar>?, Bool, UnsafeMutableRawPointer?) -> Client?
  let destroy: @convention(c) (Client?) -> Void
  let userDataSet: @convention(c) (Client?, UnsafeMutableRawPointer?) -> Void
  let intOption: @convention(c) (Client?, mosq_opt_t, Int32) -> Int32
  let usernamePasswordSet: @convention(c) (Client?, UnsafePointer<CChar>?, UnsafePointer<CChar>?) -> Int32
  let willSet: @convention(c) (Client?, UnsafePointer<CChar>?, Int32, UnsafeRawPointer?, Int32, Bool) -> Int32
  let tlsSet:
    @convention(c) (
      Client?, UnsafePointer<CChar>?, UnsafePointer<CChar>?, UnsafePointer<CChar>?, UnsafePointer<CChar>?,
      (@convention(c) (UnsafeMutablePointer<CChar>?, Int32, Int32, UnsafeMutableRawPointer?) -> Int32)?
    ) -> Int32
  let connectAsync: @convention(c) (Client?, UnsafePointer<CChar>?, Int32, Int32) -> Int32
  let disconnect: @convention(c) (Client?) -> Int32
  let socket: @convention(c) (Client?) -> Int32
  let wantWrite: @convention(c) (Client?) -> Bool
  let loopRead: @convention(c) (Client?, Int32) -> Int32
  let loopWrite: @convention(c) (Client?, Int32) -> Int32
  let loopMisc: @convention(c) (Client?) -> Int32
  let publish:
    @convention(c) (
      Client?, UnsafeMutablePointer<Int32>?, UnsafePointer<CChar>?, Int32, UnsafeRawPointer?, Int32, Bool, Properties?
    )
      -> Int32
  let subscribe: @convention(c) (Client?, UnsafeMutablePointer<Int32>?, UnsafePointer<CChar>?, Int32) -> Int32
  let subscribeWithOptions:
    @convention(c) (Client?, UnsafeMutablePointer<Int32>?, UnsafePointer<CChar>?, Int32, Int32, Properties?) -> Int32
  let connectCallbackSet:
    @convention(c) (Client?, (@convention(c) (Client?, UnsafeMutableRawPointer?, Int32, Int32, Properties?) -> Void)?)
      -> Void
  let disconnectCallbackSet:
    @convention(c) (Client?, (@convention(c) (Client?, UnsafeMutableRawPointer?, Int32, Properties?) -> Void)?) -> Void
  let publishCallbackSet:
    @convention(c) (Client?, (@convention(c) (Client?, UnsafeMutableRawPointer?, Int32, Int32, Properties?) -> Void)?)
      -> Void
  let logCallbackSet:
    @convention(c) (
      Client?, (@convention(c) (Client?, UnsafeMutableRawPointer?, Int32, UnsafePointer<CChar>?) -> Void)?
    )
      -> Void
  let messageCallbackSet:
    @convention(c) (
      Client?,
      (@convention(c) (Client?, UnsafeMutableRawPointer?, UnsafePointer<mosquitto_message>?, Properties?) -> Void)?
    ) -> Void
  let propertyReadString:
    @convention(c) (Properties?, Int32, UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?, Bool) -> Properties?
  let propertyReadBinary:
    @convention(c) (
      Properties?, Int32, UnsafeMutablePointer<UnsafeMutableRawPointer?>?, UnsafeMutablePointer<UInt16>?, Bool
    )
      -> Properties?
  let propertyReadInt16: @convention(c) (Properties?, Int32, UnsafeMutablePointer<UInt16>?, Bool) -> Properties?
  let propertyAddBinary: @convention(c) (UnsafeMutablePointer<Properties?>?, Int32, UnsafeRawPointer?, UInt16) -> Int32
  let propertyFreeAll: @convention(c) (UnsafeMutablePointer<Properties?>?) -> Void
  let errorText: @convention(c) (Int32) -> UnsafePointer<CChar>?
  let reasonText: @convention(c) (Int32) -> UnsafePointer<CChar>?
  let connackText: @convention(c) (Int32) -> UnsafePointer<CChar>?

  /// The library, loaded and initialised once for the process (`mosquitto_lib_init` is not thread-safe, and
  /// this is the only place that calls it); or why it could not be.
  static let shared: Result<MosquittoLibrary, MQTTError> = Result { () throws(MQTTError) in try load() }

  /// The version the loaded library reports, "2.0.11".
  let version: String

  private static func load() throws(MQTTError) -> MosquittoLibrary {
    let name = "libmosquitto.so.1"
    guard let handle = dlopen(name, RTLD_NOW | RTLD_LOCAL) else {
      let reason = dlerror().map { String(cString: $0) } ?? "not found"
      throw MQTTError("cannot load \(name) (\(reason)); install Debian's libmosquitto1 package")
    }
    func symbol<T>(_ symbol: String, _: T.Type = T.self) throws(MQTTError) -> T {
      guard let address = dlsym(handle, symbol) else { throw MQTTError("\(name) has no \(symbol)") }
      return unsafeBitCast(address, to: T.self)
    }
    let initialise: @convention(c) () -> Int32 = try symbol("mosquitto_lib_init")
    let versionOf:
      @convention(c) (UnsafeMutablePointer<Int32>?, UnsafeMutablePointer<Int32>?, UnsafeMutablePointer<Int32>?)
        -> Int32 = try symbol("mosquitto_lib_version")
    var (major, minor, revision): (Int32, Int32, Int32) = (0, 0, 0)
    _ = versionOf(&major, &minor, &revision)
    guard major >= 2 else { throw MQTTError("\(name) is version \(major).\(minor); gatherd needs 2.0 or later") }
    guard initialise() == MOSQ_ERR_SUCCESS.rawValue else { throw MQTTError("\(name) could not initialise") }
    return try MosquittoLibrary(
      new: symbol("mosquitto_new"), destroy: symbol("mosquitto_destroy"),
      userDataSet: symbol("mosquitto_user_data_set"),
      intOption: symbol("mosquitto_int_option"), usernamePasswordSet: symbol("mosquitto_username_pw_set"),
      willSet: symbol("mosquitto_will_set"), tlsSet: symbol("mosquitto_tls_set"),
      connectAsync: symbol("mosquitto_connect_async"), disconnect: symbol("mosquitto_disconnect"),
      socket: symbol("mosquitto_socket"), wantWrite: symbol("mosquitto_want_write"),
      loopRead: symbol("mosquitto_loop_read"), loopWrite: symbol("mosquitto_loop_write"),
      loopMisc: symbol("mosquitto_loop_misc"), publish: symbol("mosquitto_publish_v5"),
      subscribe: symbol("mosquitto_subscribe"), subscribeWithOptions: symbol("mosquitto_subscribe_v5"),
      connectCallbackSet: symbol("mosquitto_connect_v5_callback_set"),
      disconnectCallbackSet: symbol("mosquitto_disconnect_v5_callback_set"),
      publishCallbackSet: symbol("mosquitto_publish_v5_callback_set"),
      logCallbackSet: symbol("mosquitto_log_callback_set"),
      messageCallbackSet: symbol("mosquitto_message_v5_callback_set"),
      propertyReadString: symbol("mosquitto_property_read_string"),
      propertyReadBinary: symbol("mosquitto_property_read_binary"),
      propertyReadInt16: symbol("mosquitto_property_read_int16"),
      propertyAddBinary: symbol("mosquitto_property_add_binary"),
      propertyFreeAll: symbol("mosquitto_property_free_all"), errorText: symbol("mosquitto_strerror"),
      reasonText: symbol("mosquitto_reason_string"), connackText: symbol("mosquitto_connack_string"),
      version: "\(major).\(minor).\(revision)")
  }

  /// libmosquitto's words for an error code, as a clause: "the connection was lost".
  func describe(_ code: Int32) -> String { clause(errorText(code)) ?? "error \(code)" }

  /// The broker's words for a CONNACK reason code (MQTT 5 codes are 128 and above, 3.1.1's are 1 to 5).
  func describeRefusal(_ code: Int32) -> String {
    (clause(code >= 128 ? reasonText(code) : connackText(code)) ?? "reason") + " (\(code))"
  }

  /// A sentence of libmosquitto's as a clause: lower case, without its full stop.
  private func clause(_ text: UnsafePointer<CChar>?) -> String? {
    guard let text else { return nil }
    var sentence = String(cString: text)
    while sentence.hasSuffix(".") { sentence.removeLast() }
    return sentence.prefix(1).lowercased() + sentence.dropFirst()
  }
}
