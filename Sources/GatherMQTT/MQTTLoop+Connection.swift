import CMosquitto
import Glibc

/// Connecting, the socket's readiness, and what happens when the broker is reached or lost.
extension MQTTLoop {
  /// Sets what every attempt uses: protocol, login, TLS, last will and callbacks.
  func configure() throws(MQTTError) {
    let userData = Unmanaged.passUnretained(self).toOpaque()
    library.connectCallbackSet(handle) { _, userData, code, _, properties in
      let loop = Unmanaged<MQTTLoop>.fromOpaque(userData!).takeUnretainedValue()
      loop.connack = code
      var seconds: UInt16 = 0
      if loop.library.propertyReadInt16(properties, Int32(MQTT_PROP_SERVER_KEEP_ALIVE.rawValue), &seconds, false)
        != nil
      {
        loop.serverKeepAlive = .seconds(Int(seconds))
      }
    }
    library.messageCallbackSet(handle) { _, userData, message, properties in
      guard let message = message?.pointee else { return }
      Unmanaged<MQTTLoop>.fromOpaque(userData!).takeUnretainedValue().receive(message, properties)
    }
    library.publishCallbackSet(handle) { _, userData, mid, _, _ in
      let loop = Unmanaged<MQTTLoop>.fromOpaque(userData!).takeUnretainedValue()
      if loop.farewell?.mid == mid { loop.farewell?.acknowledged = true }
    }
    library.logCallbackSet(handle) { _, userData, level, text in
      guard level & Int32(MOSQ_LOG_ERR) != 0, let text else { return }
      Unmanaged<MQTTLoop>.fromOpaque(userData!).takeUnretainedValue().libraryError = String(cString: text)
    }
    // The outcome of every call is read from its result and the socket; the callback is not needed.
    library.disconnectCallbackSet(handle, nil)
    try check(library.intOption(handle, MOSQ_OPT_PROTOCOL_VERSION, MQTT_PROTOCOL_V5), "choose MQTT 5")
    try check(library.intOption(handle, MOSQ_OPT_TCP_NODELAY, 1), "turn Nagle's algorithm off")
    if let user = configuration.broker.user {
      try check(library.usernamePasswordSet(handle, user, configuration.password), "set the user name")
    }
    if configuration.broker.tls {
      if let caFile = configuration.caFile {
        try check(library.tlsSet(handle, caFile, nil, nil, nil, nil), "use the CA file \(caFile)")
      } else {
        try check(library.intOption(handle, MOSQ_OPT_TLS_USE_OS_CERTS, 1), "trust the system's certificates")
      }
    }
    let will = configuration.will
    let willCode = will.payload.withUnsafeBytes { payload in
      library.willSet(handle, will.topic, Int32(payload.count), payload.baseAddress, will.qos, will.retain)
    }
    try check(willCode, "set the last will on \(will.topic)")
    // mosquitto_new had no user data to give: the client is made before this object is whole.
    library.userDataSet(handle, userData)
  }

  private func check(_ code: Int32, _ what: String) throws(MQTTError) {
    guard code == MOSQ_ERR_SUCCESS.rawValue else { throw MQTTError("cannot \(what): \(library.describe(code))") }
  }

  /// Starts an attempt; DNS is resolved here, on the client's thread, so a slow resolver delays only MQTT.
  func attempt() {
    let broker = configuration.broker
    serverKeepAlive = nil
    let code = library.connectAsync(
      handle, broker.host, Int32(broker.port), Int32(configuration.keepAlive.components.seconds))
    let reason = errno
    defer { libraryError = nil }
    guard code == MOSQ_ERR_SUCCESS.rawValue else {
      return lost(
        code == MOSQ_ERR_EAI.rawValue
          ? "cannot resolve \(broker.host): \(String(cString: gai_strerror(reason)))"
          : code == MOSQ_ERR_ERRNO.rawValue
            ? String(cString: strerror(reason)) : library.describe(code) + (libraryError.map { " (\($0))" } ?? ""))
    }
    phase = .connecting(since: clock.now, tcpUp: false)
  }

  /// The readiness to wait for: writable until the TCP connection is made, then readable, and writable while
  /// libmosquitto has bytes to send. (During a TLS handshake libmosquitto may say it wants to write with nothing
  /// to write; then each readable wake-up also lets it write.)
  func events() -> Int16 {
    switch phase {
    case .connecting(_, tcpUp: false): Int16(POLLOUT)
    case .connecting where configuration.broker.tls: Int16(POLLIN)
    default: Int16(POLLIN) | (library.wantWrite(handle) ? Int16(POLLOUT) : 0)
    }
  }

  /// Lets libmosquitto read and write what the socket is ready for.
  func serviceSocket(_ revents: Int16) {
    if case .connecting(let since, tcpUp: false) = phase {
      guard let socket = currentSocket else { return lost("the connection closed") }
      var error: Int32 = 0
      var length = socklen_t(MemoryLayout<Int32>.size)
      getsockopt(socket, SOL_SOCKET, SO_ERROR, &error, &length)
      guard error == 0 else { return lost(String(cString: strerror(error))) }
      phase = .connecting(since: since, tcpUp: true)
    }
    if revents & Int16(POLLIN | POLLHUP | POLLERR) != 0 || configuration.broker.tls {
      call(library.loopRead(handle, 1))
    }
    if currentSocket != nil { call(library.loopWrite(handle, 1)) }
  }

  /// Deals with what a libmosquitto call did: a CONNACK, messages, or the connection's end.
  func call(_ code: Int32) {
    defer { libraryError = nil }
    if let code = connack {
      connack = nil
      if code == 0 {
        becomeConnected()
      } else if protocolVersion == MQTT_PROTOCOL_V5,
        code == Int32(MQTT_RC_UNSUPPORTED_PROTOCOL_VERSION.rawValue)
          || code == Int32(CONNACK_REFUSED_PROTOCOL_VERSION.rawValue)
      {
        protocolVersion = MQTT_PROTOCOL_V311
        _ = library.intOption(handle, MOSQ_OPT_PROTOCOL_VERSION, MQTT_PROTOCOL_V311)
        logger.info("MQTT: the broker at \(configuration.broker) does not speak MQTT 5; using 3.1.1.")
        phase = .waiting(until: clock.now)
        return
      } else {
        return lost("the broker refused the connection: \(library.describeRefusal(code))")
      }
    }
    let messages = received
    received = []
    if isConnected {
      let link = MQTTLink(loop: self)
      for message in messages { onMessage(message, link) }
    }
    guard code == MOSQ_ERR_SUCCESS.rawValue, currentSocket != nil else {
      let reason =
        code == MOSQ_ERR_ERRNO.rawValue
        ? String(cString: strerror(errno))
        : code == MOSQ_ERR_SUCCESS.rawValue ? "the broker closed the connection" : library.describe(code)
      return lost(reason + (libraryError.map { " (\($0))" } ?? ""))
    }
  }

  private func becomeConnected() {
    phase = .connected
    backoff.reset()
    connectedGauge.record(1)
    onConnect(MQTTLink(loop: self))
    if let outage {
      let seconds = outage.since.duration(to: clock.now).components.seconds
      logger.notice(
        "MQTT: \(outage.wasConnected ? "the broker at \(configuration.broker) is back" : "connected to the broker at \(configuration.broker)") after \(seconds) s; published availability, discovery and state."
      )
    } else {
      logger.info("MQTT: connected to the broker at \(configuration.broker) as \(configuration.clientID).")
    }
    outage = nil
    everConnected = true
  }

  /// The attempt failed or the connection ended: the journal hears of it once per outage, and the next attempt
  /// waits its turn.
  func lost(_ reason: String) {
    let wasConnected = isConnected
    let wait = backoff.next()
    phase = .waiting(until: clock.now + wait)
    connectedGauge.record(0)
    guard outage == nil else {
      return logger.debug("MQTT: still no broker at \(configuration.broker): \(reason); next attempt in \(wait).")
    }
    outage = (clock.now, wasConnected)
    if wasConnected {
      logger.warning(
        "MQTT: lost the broker at \(configuration.broker): \(reason). gatherd goes on serving and reconnects (every 30 s at most)."
      )
    } else {
      logger.warning(
        "MQTT: cannot connect to the broker at \(configuration.broker): \(reason). gatherd goes on serving and retries (every 30 s at most)."
      )
    }
  }

  /// Copies a delivered message, with its retain flag and the MQTT 5 properties a reply needs.
  private func receive(_ message: mosquitto_message, _ properties: MosquittoLibrary.Properties?) {
    var responseTopic: UnsafeMutablePointer<CChar>?
    _ = library.propertyReadString(properties, Int32(MQTT_PROP_RESPONSE_TOPIC.rawValue), &responseTopic, false)
    defer { free(responseTopic) }
    var correlation: UnsafeMutableRawPointer?
    var correlationLength: UInt16 = 0
    _ = library.propertyReadBinary(
      properties, Int32(MQTT_PROP_CORRELATION_DATA.rawValue), &correlation, &correlationLength, false)
    defer { free(correlation) }
    received.append(
      MQTTReceivedMessage(
        topic: message.topic.map { String(cString: $0) } ?? "",
        payload: message.payload.map {
          Array(UnsafeRawBufferPointer(start: $0, count: Int(max(0, message.payloadlen))))
        } ?? [],
        responseTopic: responseTopic.map { String(cString: $0) },
        correlationData: correlation.map { Array(UnsafeRawBufferPointer(start: $0, count: Int(correlationLength))) },
        retain: message.retain))
  }
}
