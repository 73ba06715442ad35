import Glibc
import Testing

@testable import gatherd

/// Where a value came from, as errors name it, and the kinds of value settings take.
@Suite struct SettingValueTests {
  @Test func eachSourceNamesItself() {
    #expect(SettingValue("999", from: .option("--socket-mode")).source == "--socket-mode 999")
    #expect(SettingValue("8", from: .variable("GATHERD_STATUS_SOCKET_MODE")).source == "GATHERD_STATUS_SOCKET_MODE=8")
    #expect(
      SettingValue("lots", from: .file(path: "/etc/gatherd/gatherd.conf", line: 12, key: "max-line-bytes")).source
        == "/etc/gatherd/gatherd.conf:12: max-line-bytes = lots")
    #expect(SettingValue("on", from: .flag("--no-mqtt-control")).source == "--no-mqtt-control")
    #expect(
      SettingValue("/run/credentials/gatherd.service/http-token", from: .credential("http-token")).source
        == "systemd's credential http-token (/run/credentials/gatherd.service/http-token)")
    #expect(
      SettingValue("b:1", given: "a, b:1", from: .variable("GATHERD_ALLOWED_HOSTS")).source
        == #"GATHERD_ALLOWED_HOSTS="a, b:1""#)
  }

  @Test func valuesThatATerminalWouldNotShowAsTheyAreAreQuotedAndEscaped() {
    #expect(SettingValue.shown("/tmp/x.sock") == "/tmp/x.sock")
    #expect(SettingValue.shown("") == #""""#)
    #expect(SettingValue.shown("a b") == #""a b""#)
    #expect(SettingValue.shown("a\u{1B}[2J\u{7}") == #""a\u{1B}[2J\u{7}""#)
    #expect(SettingValue.shown("evil\u{202E}txt") == #""evil\u{202E}txt""#)
    #expect(SettingValue.shown("say \"hi\"") == #""say \"hi\"""#)
    #expect(SettingValue.shown("Müller") == "Müller")
  }

  @Test func aRefusalNamesTheSourceAndDropsTheValueAnErrorRepeats() {
    let value = SettingValue("::1:80", from: .option("--http"))
    #expect(value.refuse("no good").description == "--http ::1:80: no good.")
    struct Echo: Error, CustomStringConvertible { var description: String }
    #expect(value.refuse(Echo(description: "::1:80: use brackets.")).description == "--http ::1:80: use brackets.")
  }

  @Test(arguments: [("0660", 0o660), ("600", 0o600), ("0", 0), ("0777", 0o777)])
  func octalModes(_ text: String, _ mode: Int) throws {
    #expect(try SettingValue(text, from: .option("--socket-mode")).fileMode() == mode_t(mode))
  }

  @Test(arguments: ["8", "999", "01777", "+660", "-0", "rw-r--r--", "", "0x1ff", "00660"])
  func notAMode(_ text: String) {
    let value = SettingValue(text, from: .variable("GATHERD_SOCKET_MODE"))
    #expect(throws: SettingsError.self) { try value.fileMode() }
    do { _ = try value.fileMode() } catch {
      #expect(error.description.hasPrefix("GATHERD_SOCKET_MODE="))
      #expect(error.description.hasSuffix(": not an octal file mode from 0000 to 0777, such as 0660."))
    }
  }

  @Test func wholeNumbersAreDecimalDigitsWithinTheirRange() throws {
    let number = { (text: String) in try SettingValue(text, from: .option("--x")).wholeNumber(in: 256...1024) }
    #expect(try number("256") == 256)
    for bad in ["255", "1025", "+300", " 300", "3e2", "", "99999999999999999999999", "lots"] {
      #expect(throws: SettingsError.self, "\(bad)") { try number(bad) }
    }
  }

  @Test func onOffAndLogLevels() throws {
    #expect(try SettingValue("Yes", from: .option("--mqtt-ticks")).onOff() == true)
    #expect(try SettingValue("0", from: .option("--mqtt-ticks")).onOff() == false)
    #expect(throws: SettingsError.self) { try SettingValue("sometimes", from: .option("--mqtt-ticks")).onOff() }
    #expect(try SettingValue("NOTICE", from: .option("--log-level")).logLevel() == .notice)
    #expect(throws: SettingsError.self) { try SettingValue("loud", from: .option("--log-level")).logLevel() }
  }
}
