import Glibc
import Testing

@testable import gatherd

/// The files settings name are read without waiting, and only when they are regular files of a sane size.
@Suite struct FileTextTests {
  /// A fresh folder, removed with everything in it by `body`'s end.
  func inFolder(_ body: (String) throws -> Void) throws {
    var template = Array("/tmp/gatherd-filetext-XXXXXX".utf8CString)
    let folder = String(cString: mkdtemp(&template)!)
    defer { _ = system("rm -rf '\(folder)'") }
    try body(folder)
  }

  func refusal(_ path: String, limit: Int = 4096) -> String? {
    do { _ = try FileText.read(path, limit: limit, holding: "the token") } catch { return error.description }
    return nil
  }

  @Test func aFIFOWithNoWriterIsRefusedAtOnce() throws {
    try inFolder { folder in
      #expect(mkfifo(folder + "/fifo", 0o600) == 0)
      #expect(refusal(folder + "/fifo") == "not a regular file (a FIFO); give a file that holds the token")
    }
  }

  @Test func directoriesAndDevicesAreRefused() throws {
    try inFolder { folder in
      #expect(refusal(folder) == "not a regular file (a directory); give a file that holds the token")
    }
    #expect(refusal("/dev/zero") == "not a regular file (a character device); give a file that holds the token")
  }

  @Test func theNullDeviceReadsAsAnEmptyFile() throws {
    #expect(try FileText.read("/dev/null", limit: 16, holding: "the token") == [])
  }

  @Test func aFileLargerThanTheLimitIsRefused() throws {
    try inFolder { folder in
      let path = folder + "/big"
      let file = fopen(path, "w")!
      fputs(String(repeating: "x", count: 4097), file)
      fclose(file)
      #expect(refusal(path) == "it is larger than 4096 bytes; give a file that holds the token")
      let bytes = try FileText.read(path, limit: 4097, holding: "the token")
      #expect(bytes.count == 4097)
    }
  }

  @Test func theSystemSaysWhyAFileCannotBeOpened() {
    #expect(refusal("/nonexistent/token") == "No such file or directory")
  }
}
