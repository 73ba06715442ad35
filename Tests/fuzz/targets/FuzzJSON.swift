/// libFuzzer target for the hand-written JSON parser (Sources/GatherRPC/JSONParser*.swift), built by
/// Tests/fuzz/build.sh together with the GatherRPC sources it needs. Not part of the Swift package.
///
/// Checks, for every input: the parser never crashes; what it accepts, ``JSONWriter`` writes as one line
/// that the parser reads back as the same value, and writing that again gives the same bytes.
/// With `GATHER_FUZZ_PRINT=1` it prints, for each input, the parser's verdict and the written value as one
/// line (see Tests/fuzz/differential.py).

#if canImport(Glibc)
  import Glibc
#endif

/// Whether two parsed values are the same JSON value: numbers compare by value, whether int or double.
func sameJSONValue(_ lhs: JSONValue, _ rhs: JSONValue) -> Bool {
  switch (lhs, rhs) {
  case (.int(let left), .int(let right)): return left == right
  case (.double(let left), .double(let right)): return left == right
  case (.int(let left), .double(let right)), (.double(let right), .int(let left)):
    return Double(exactly: left) == right || (right.rounded() == right && Int64(exactly: right) == left)
  case (.array(let left), .array(let right)):
    return left.count == right.count && zip(left, right).allSatisfy { sameJSONValue($0, $1) }
  case (.object(let left), .object(let right)):
    return left.members.count == right.members.count
      && zip(left.members, right.members).allSatisfy { $0.key == $1.key && sameJSONValue($0.value, $1.value) }
  default: return lhs == rhs
  }
}

/// Stops the process with a message that libFuzzer reports as a crash, with the input that caused it.
func fuzzFailure(_ message: String, _ input: [UInt8]) -> Never {
  let shown = String(decoding: input.prefix(300), as: UTF8.self)
  fatalError("\(message)\ninput (\(input.count) bytes): \(shown)")
}

private let printMode = getenvFlag("GATHER_FUZZ_PRINT")

/// The bytes in hexadecimal, so that the differential script can tell which input a verdict is for.
func hex(_ bytes: [UInt8]) -> String {
  let digits = Array("0123456789abcdef".utf8)
  var text: [UInt8] = []
  for byte in bytes { text += [digits[Int(byte >> 4)], digits[Int(byte & 0xF)]] }
  return bytes.isEmpty ? "-" : String(decoding: text, as: UTF8.self)
}

/// Whether the environment variable is set to 1.
func getenvFlag(_ name: String) -> Bool {
  guard let value = getenv(name) else { return false }
  return String(cString: value) == "1"
}

/// The libFuzzer entry point: one input, checked.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzJSONParser(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let input = Array(UnsafeBufferPointer(start: data, count: size))
  let parsed: JSONValue
  do {
    parsed = try JSONParser.parse(input)
  } catch {
    if printMode { print("REJECT " + hex(input)) }
    return 0
  }
  let written = JSONWriter.bytes(parsed)
  if written.contains(0x0A) { fuzzFailure("the writer wrote a line break", input) }
  let reread: JSONValue
  do {
    reread = try JSONParser.parse(written)
  } catch {
    fuzzFailure("the parser refused the writer's output \(String(decoding: written, as: UTF8.self)): \(error)", input)
  }
  if !sameJSONValue(parsed, reread) {
    fuzzFailure("the round trip changed the value: \(String(decoding: written, as: UTF8.self))", input)
  }
  if JSONWriter.bytes(reread) != written { fuzzFailure("writing the value again gave other bytes", input) }
  if printMode { print("ACCEPT " + hex(input) + " " + String(decoding: written, as: UTF8.self)) }
  return 0
}
