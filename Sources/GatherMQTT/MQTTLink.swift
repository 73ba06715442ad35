import CMosquitto
import Glibc

/// The broker connection as work on the client's thread sees it: publish and subscribe. Valid only on that
/// thread, in the handlers and in work given to ``MQTTClient/execute(_:)``.
public struct MQTTLink {
  let loop: MQTTLoop

  /// Whether the broker has accepted the connection; what is published before is dropped.
  public var isConnected: Bool { loop.isConnected }

  /// Whether replies can go to a requester's MQTT 5 response topic (false on an MQTT 3.1.1 connection).
  public var hasResponseTopics: Bool { loop.protocolVersion == MQTT_PROTOCOL_V5 }

  /// Publishes `message`; false, and nothing sent, when not connected or when libmosquitto refuses it.
  @discardableResult
  public func publish(_ message: MQTTMessage) -> Bool { publish(message, mid: nil) }

  /// Publishes `message`, and stores libmosquitto's message id for it in `mid`.
  func publish(_ message: MQTTMessage, mid: UnsafeMutablePointer<Int32>?) -> Bool {
    guard loop.isConnected else { return false }
    let library = loop.library
    var properties: MosquittoLibrary.Properties?
    defer { library.propertyFreeAll(&properties) }
    if let correlation = message.correlationData, loop.protocolVersion == MQTT_PROTOCOL_V5 {
      _ = correlation.withUnsafeBytes { bytes in
        library.propertyAddBinary(
          &properties, Int32(MQTT_PROP_CORRELATION_DATA.rawValue), bytes.baseAddress, UInt16(min(bytes.count, 65535)))
      }
    }
    let code = message.payload.withUnsafeBytes { payload in
      library.publish(
        loop.handle, mid, message.topic, Int32(payload.count), payload.baseAddress, message.qos, message.retain,
        properties)
    }
    guard code == MOSQ_ERR_SUCCESS.rawValue else {
      loop.logger.debug("MQTT: could not publish to \(message.topic): \(library.describe(code)).")
      return false
    }
    loop.publishedCounter.increment()
    return true
  }

  /// Subscribes to `filter` at QoS 1. With `retainAsPublished` (MQTT 5 only), a message published with retain
  /// arrives with its retain flag set even when it is delivered live, not only when the broker hands over what
  /// it kept; MQTT 3.1.1 has no such option, and there only kept messages have the flag.
  public func subscribe(_ filter: String, retainAsPublished: Bool = false) {
    guard loop.isConnected else { return }
    let code =
      retainAsPublished && loop.protocolVersion == MQTT_PROTOCOL_V5
      ? loop.library.subscribeWithOptions(
        loop.handle, nil, filter, 1, Int32(MQTT_SUB_OPT_RETAIN_AS_PUBLISHED.rawValue), nil)
      : loop.library.subscribe(loop.handle, nil, filter, 1)
    if code != MOSQ_ERR_SUCCESS.rawValue {
      loop.logger.warning("MQTT: could not subscribe to \(filter): \(loop.library.describe(code)).")
    }
  }
}
