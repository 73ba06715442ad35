import CCurl
import Glibc

/// One attempt of one post: its libcurl easy handle with everything it points to (the body, the header list, the
/// address check), kept alive until the attempt ends.
final class Transfer {
  let post: PendingPost
  let request: OutboundRequest
  /// Attempts of this post that failed before this one.
  let failures: Int
  let easy: CurlLibrary.Easy
  private let library: CurlLibrary
  private let headers: UnsafeMutablePointer<curl_slist>?
  private let body: UnsafeMutableBufferPointer<UInt8>
  /// What the open-socket and write callbacks see and record.
  let check: TransferCheck

  /// A transfer of `request`, set up; nil if libcurl would not make a handle.
  init?(
    _ post: PendingPost, request: OutboundRequest, failures: Int, library: CurlLibrary,
    configuration: HTTPCourier.Configuration
  ) {
    guard let easy = library.easyInit() else { return nil }
    self.post = post
    self.request = request
    self.failures = failures
    self.easy = easy
    self.library = library
    check = TransferCheck(rules: request.rules, responseLimit: configuration.limits.responseBytes)
    body = .allocate(capacity: max(request.body.count, 1))
    _ = body.initialize(from: request.body)
    var list: UnsafeMutablePointer<curl_slist>?
    // libcurl would add Expect: 100-continue to a large body, a round trip for nothing.
    for line in request.headers + ["Expect:"] { list = library.slistAppend(list, line) }
    headers = list
    configure(configuration)
  }

  deinit {
    library.easyCleanup(easy)
    library.slistFreeAll(headers)
    body.deallocate()
  }

  private func configure(_ configuration: HTTPCourier.Configuration) {
    let (library, easy) = (library, easy)
    library.set(easy, CURLOPT_URL, string: request.url.text)
    let schemes = request.rules == .anyAddress ? "http,https" : "https"
    library.set(easy, CURLOPT_PROTOCOLS_STR, string: schemes)
    library.set(easy, CURLOPT_FOLLOWLOCATION, 0)
    // Never a proxy from the environment: the address check must see the server's own address.
    library.set(easy, CURLOPT_PROXY, string: "")
    library.set(easy, CURLOPT_NOSIGNAL, 1)
    library.set(easy, CURLOPT_POST, 1)
    library.set(easy, CURLOPT_POSTFIELDS, pointer: body.baseAddress)
    library.set(easy, CURLOPT_POSTFIELDSIZE_LARGE, offset: Int64(request.body.count))
    library.set(easy, CURLOPT_HTTPHEADER, pointer: headers)
    library.set(easy, CURLOPT_USERAGENT, string: configuration.userAgent)
    library.set(easy, CURLOPT_CONNECTTIMEOUT_MS, Int(configuration.limits.connectTimeout.components.seconds * 1000))
    library.set(easy, CURLOPT_TIMEOUT_MS, Int(configuration.limits.timeout.components.seconds * 1000))
    if let caFile = configuration.caFile {
      library.set(easy, CURLOPT_CAINFO, string: caFile)
      library.set(easy, CURLOPT_CAPATH, string: "/etc/ssl/certs")
    }
    let context = Unmanaged.passUnretained(check).toOpaque()
    library.set(
      easy, CURLOPT_OPENSOCKETFUNCTION, pointer: unsafeBitCast(TransferCheck.openSocket, to: UnsafeRawPointer.self))
    library.set(easy, CURLOPT_OPENSOCKETDATA, pointer: context)
    library.set(easy, CURLOPT_WRITEFUNCTION, pointer: unsafeBitCast(TransferCheck.write, to: UnsafeRawPointer.self))
    library.set(easy, CURLOPT_WRITEDATA, pointer: context)
    library.set(easy, CURLOPT_PRIVATE, pointer: Unmanaged.passUnretained(self).toOpaque())
  }
}

/// What a transfer's callbacks check and record: the address each connection is about to be made to, and how
/// much of the answer came.
final class TransferCheck {
  let rules: AddressRules
  let responseLimit: Int
  /// The address refused, as text, when the rules refused one.
  var refusedAddress: String?
  var responseBytes = 0

  init(rules: AddressRules, responseLimit: Int) {
    self.rules = rules
    self.responseLimit = responseLimit
  }

  /// libcurl's open-socket callback: a socket for an address the rules allow, else none (the connection fails).
  static let openSocket:
    @convention(c) (UnsafeMutableRawPointer?, curlsocktype, UnsafeMutablePointer<curl_sockaddr>?) -> curl_socket_t = {
      context, _, address in
      guard let context, let address else { return CURL_SOCKET_BAD }
      let check = Unmanaged<TransferCheck>.fromOpaque(context).takeUnretainedValue()
      let bytes = TransferCheck.addressBytes(address)
      guard let bytes, check.rules.allows(bytes) else {
        check.refusedAddress = bytes.map(TransferCheck.text) ?? "an address of another family"
        return CURL_SOCKET_BAD
      }
      return socket(
        address.pointee.family, address.pointee.socktype | Int32(SOCK_CLOEXEC.rawValue), address.pointee.protocol)
    }

  /// libcurl's write callback: the answer's body is counted, not kept; past the limit the transfer stops.
  static let write: @convention(c) (UnsafeMutablePointer<CChar>?, Int, Int, UnsafeMutableRawPointer?) -> Int = {
    _, size, count, context in
    guard let context else { return 0 }
    let check = Unmanaged<TransferCheck>.fromOpaque(context).takeUnretainedValue()
    check.responseBytes += size * count
    return check.responseBytes > check.responseLimit ? 0 : size * count
  }

  /// The address of a `curl_sockaddr`: 4 bytes for IPv4, 16 for IPv6.
  static func addressBytes(_ address: UnsafeMutablePointer<curl_sockaddr>) -> [UInt8]? {
    let offset = MemoryLayout<curl_sockaddr>.offset(of: \curl_sockaddr.addr)!
    let raw = UnsafeRawPointer(address).advanced(by: offset)
    switch address.pointee.family {
    case AF_INET:
      let v4 = raw.loadUnaligned(as: sockaddr_in.self)
      return withUnsafeBytes(of: v4.sin_addr) { Array($0) }
    case AF_INET6:
      let v6 = raw.loadUnaligned(as: sockaddr_in6.self)
      return withUnsafeBytes(of: v6.sin6_addr) { Array($0) }
    default: return nil
    }
  }

  /// An address as text.
  static func text(_ bytes: [UInt8]) -> String {
    var buffer = [CChar](repeating: 0, count: Int(INET6_ADDRSTRLEN))
    bytes.withUnsafeBytes { raw in
      _ = inet_ntop(bytes.count == 4 ? AF_INET : AF_INET6, raw.baseAddress, &buffer, socklen_t(buffer.count))
    }
    return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
  }
}
