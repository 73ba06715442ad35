import Testing

@testable import GatherSystemd

/// Socket activation's variables read as sd_listen_fds(3) reads them.
@Suite struct ListenSocketsTests {
  @Test func namedSocketsStartAtDescriptorThree() throws {
    let sockets = try Systemd.passedSockets(
      environment: ["LISTEN_PID": "42", "LISTEN_FDS": "3", "LISTEN_FDNAMES": "control:status:http"], pid: 42)
    #expect(sockets.map(\.fd) == [3, 4, 5])
    #expect(sockets.map(\.name) == ["control", "status", "http"])
  }

  @Test func socketsWithoutNamesAreUnknown() throws {
    let sockets = try Systemd.passedSockets(environment: ["LISTEN_PID": "42", "LISTEN_FDS": "2"], pid: 42)
    #expect(sockets == [.init(fd: 3, name: "unknown"), .init(fd: 4, name: "unknown")])
  }

  @Test func socketsMeantForAnotherProcessOrNoneAreNotTaken() throws {
    #expect(try Systemd.passedSockets(environment: ["LISTEN_PID": "41", "LISTEN_FDS": "1"], pid: 42).isEmpty)
    #expect(try Systemd.passedSockets(environment: [:], pid: 42).isEmpty)
    #expect(try Systemd.passedSockets(environment: ["LISTEN_PID": "42", "LISTEN_FDS": "0"], pid: 42).isEmpty)
    #expect(try Systemd.passedSockets(environment: ["LISTEN_PID": "42"], pid: 42).isEmpty)
  }

  @Test func variablesThatMakeNoSenseAreRefusedInWords() {
    for environment in [
      ["LISTEN_PID": "x", "LISTEN_FDS": "1"], ["LISTEN_PID": "42", "LISTEN_FDS": "-1"],
      ["LISTEN_PID": "42", "LISTEN_FDS": "2000000000"],
      ["LISTEN_PID": "42", "LISTEN_FDS": "2", "LISTEN_FDNAMES": "control"],
    ] {
      #expect(throws: SystemdError.self, "\(environment)") {
        try Systemd.passedSockets(environment: environment, pid: 42)
      }
    }
  }
}
