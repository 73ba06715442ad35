import Testing

@testable import gatherd

/// The option, then the variable, then the file: each value handed out with where it came from.
@Suite struct SettingSourcesTests {
  let file = try! ConfigFile(
    path: "/etc/gatherd/gatherd.conf",
    bytes: Array("socket-mode = 0600\n\nallowed-host = a.lan, b.lan\nallowed-host = c.lan\nlog-level =\n".utf8),
    keys: ["socket-mode": false, "allowed-host": true, "log-level": false])

  @Test func theOptionWinsOverTheVariableWhichWinsOverTheFile() {
    let sources = SettingSources(environment: ["GATHERD_SOCKET_MODE": "0640"], file: file)
    #expect(sources.value("0666", "GATHERD_SOCKET_MODE")?.origin == .option("--socket-mode"))
    #expect(sources.value(nil, "GATHERD_SOCKET_MODE")?.origin == .variable("GATHERD_SOCKET_MODE"))
    let fromFile = SettingSources(environment: ["GATHERD_SOCKET_MODE": ""], file: file).value(
      nil, "GATHERD_SOCKET_MODE")
    #expect(fromFile?.text == "0600")
    #expect(fromFile?.origin == .file(path: "/etc/gatherd/gatherd.conf", line: 1, key: "socket-mode"))
  }

  @Test func anEmptyValueInTheFileLeavesTheSettingUnset() {
    #expect(SettingSources(environment: [:], file: file).value(nil, "GATHERD_LOG_LEVEL") == nil)
  }

  @Test func eachItemOfAListKeepsItsLine() {
    let items = SettingSources(environment: [:], file: file).values([], "GATHERD_ALLOWED_HOSTS", key: "allowed-host")
    #expect(items.map(\.text) == ["a.lan", "b.lan", "c.lan"])
    #expect(
      items.map(\.source) == [
        "/etc/gatherd/gatherd.conf:3: allowed-host = \"a.lan, b.lan\"",
        "/etc/gatherd/gatherd.conf:3: allowed-host = \"a.lan, b.lan\"",
        "/etc/gatherd/gatherd.conf:4: allowed-host = c.lan",
      ])
    let fromVariable = SettingSources(environment: ["GATHERD_ALLOWED_HOSTS": "x.lan,y.lan"], file: file)
      .values([], "GATHERD_ALLOWED_HOSTS", key: "allowed-host")
    #expect(fromVariable.map(\.source) == ["GATHERD_ALLOWED_HOSTS=x.lan,y.lan", "GATHERD_ALLOWED_HOSTS=x.lan,y.lan"])
  }

  @Test func aLaterErrorIsNamedByTheValueItIsAbout() {
    struct NoGroup: Error, CustomStringConvertible { let description = "There is no group named \"x\"." }
    let sources = SettingSources(environment: ["GATHERD_CONTROL_GROUP": "x"])
    #expect("\(sources.locating(NoGroup(), key: "control-group"))" == "There is no group named \"x\".")
    _ = sources.value(nil, "GATHERD_CONTROL_GROUP")
    #expect(
      "\(sources.locating(NoGroup(), key: "control-group"))"
        == "GATHERD_CONTROL_GROUP=x: There is no group named \"x\".")
  }
}
