import Testing

@testable import GatherMQTT

/// `--mqtt`'s URL: what is accepted, with which defaults, and why the rest is refused.
@Suite struct MQTTBrokerTests {
  /// The parts a URL was read into.
  func parts(_ url: String) throws -> [String] {
    let broker = try MQTTBroker(parsing: url)
    return [broker.host, "\(broker.port)", broker.tls ? "tls" : "plain", broker.user ?? "-"]
  }

  @Test func aPlainURLTakesPort1883AndNoUser() throws {
    #expect(try parts("mqtt://hub.lan") == ["hub.lan", "1883", "plain", "-"])
    #expect(try MQTTBroker(parsing: "mqtt://hub.lan").description == "mqtt://hub.lan:1883")
  }

  @Test func tlsTakesPort8883AndAUserAndPortAreRead() throws {
    #expect(try MQTTBroker(parsing: "mqtts://hub.lan").port == 8883)
    #expect(try parts("MQTTS://gatherd@hub.lan:8884/") == ["hub.lan", "8884", "tls", "gatherd"])
  }

  @Test func anIPv6AddressIsInBrackets() throws {
    #expect(try parts("mqtt://u@[fd00::1]:1884") == ["fd00::1", "1884", "plain", "u"])
    #expect(try MQTTBroker(parsing: "mqtt://u@[fd00::1]:1884").description == "mqtt://[fd00::1]:1884")
    #expect(try MQTTBroker(parsing: "mqtt://[::1]").port == 1883)
  }

  @Test(arguments: [
    ("http://hub.lan", "scheme"), ("hub.lan", "not an MQTT URL"), ("mqtt://", "names no host"),
    ("mqtt://:1883", "names no host"), ("mqtt://hub.lan:0", "port"), ("mqtt://hub.lan:65536", "port"),
    ("mqtt://hub.lan:", "port"), ("mqtt://u:p@hub.lan", "--mqtt-password-file"), ("mqtt://@hub.lan", "empty user"),
    ("mqtt://hub.lan/gatherd", "path"), ("mqtt://hub.lan?x=1", "query"), ("mqtt://[::1", "does not close"),
    ("mqtt://[::1]x", "after its IPv6"),
  ])
  func badURLsSayWhatIsWrong(url: String, says: String) {
    #expect {
      _ = try MQTTBroker(parsing: url)
    } throws: { error in
      (error as? MQTTError)?.description.contains(says) == true
    }
  }

  /// The error goes to stderr and the journal: a password put in the URL must not, whatever else is wrong.
  @Test(arguments: ["mqtt://u:s3cret@hub.lan/x", "http://u:s3cret@hub.lan", "mqtt://u:s3cret@[::1", "u:s3cret@hub"])
  func aPasswordInTheURLIsNeverRepeated(url: String) {
    #expect {
      _ = try MQTTBroker(parsing: url)
    } throws: { error in
      let text = (error as? MQTTError)?.description ?? ""
      return !text.isEmpty && !text.contains("s3cret")
    }
  }
}
