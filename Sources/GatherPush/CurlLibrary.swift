import CCurl
import Glibc

/// The libcurl functions gatherd uses, loaded from Debian's `libcurl.so.4` the first time something is posted.
///
/// Loading it at run time rather than linking it means a gatherd that never pushes maps neither libcurl nor the
/// TLS library it brings (as MQTT loads libmosquitto: docs/mqtt.md). The declarations come from `<curl/curl.h>`
/// (the `CCurl` module); only the functions are looked up here, and the variadic `curl_easy_setopt` and
/// `curl_easy_getinfo` are called through the module's one-type wrappers.
/// Unchecked `Sendable`: C function pointers looked up once, which never change; each call is made on the
/// courier's thread, as libcurl requires of one multi handle.
struct CurlLibrary: @unchecked Sendable {
  typealias Easy = UnsafeMutableRawPointer
  typealias Multi = OpaquePointer

  let easyInit: @convention(c) () -> Easy?
  let easyCleanup: @convention(c) (Easy?) -> Void
  let easySetopt: UnsafeMutableRawPointer
  let easyGetinfo: UnsafeMutableRawPointer
  let easyStrerror: @convention(c) (CURLcode) -> UnsafePointer<CChar>?
  let multiInit: @convention(c) () -> Multi?
  let multiCleanup: @convention(c) (Multi?) -> CURLMcode
  let multiAddHandle: @convention(c) (Multi?, Easy?) -> CURLMcode
  let multiRemoveHandle: @convention(c) (Multi?, Easy?) -> CURLMcode
  let multiPerform: @convention(c) (Multi?, UnsafeMutablePointer<Int32>?) -> CURLMcode
  let multiPoll:
    @convention(c) (Multi?, UnsafeMutablePointer<curl_waitfd>?, UInt32, Int32, UnsafeMutablePointer<Int32>?) ->
      CURLMcode
  let multiWakeup: @convention(c) (Multi?) -> CURLMcode
  let multiInfoRead: @convention(c) (Multi?, UnsafeMutablePointer<Int32>?) -> UnsafeMutablePointer<CURLMsg>?
  let slistAppend:
    @convention(c) (UnsafeMutablePointer<curl_slist>?, UnsafePointer<CChar>?) -> UnsafeMutablePointer<curl_slist>?
  let slistFreeAll: @convention(c) (UnsafeMutablePointer<curl_slist>?) -> Void
  /// The version the loaded library reports, "7.88.1".
  let version: String

  /// The library, loaded and initialised once for the process (`curl_global_init` is not thread-safe, and this
  /// is the only place that calls it); or why it could not be.
  static let shared: Result<CurlLibrary, PushError> = Result { () throws(PushError) in try load() }

  private static func load() throws(PushError) -> CurlLibrary {
    let name = "libcurl.so.4"
    guard let handle = dlopen(name, RTLD_NOW | RTLD_LOCAL) else {
      let reason = dlerror().map { String(cString: $0) } ?? "not found"
      throw PushError("cannot load \(name) (\(reason)); install Debian's libcurl4 package")
    }
    func symbol<T>(_ symbol: String, _: T.Type = T.self) throws(PushError) -> T {
      guard let address = dlsym(handle, symbol) else { throw PushError("\(name) has no \(symbol)") }
      return unsafeBitCast(address, to: T.self)
    }
    let globalInit: @convention(c) (Int) -> CURLcode = try symbol("curl_global_init")
    let versionText: @convention(c) () -> UnsafePointer<CChar>? = try symbol("curl_version")
    guard globalInit(Int(CURL_GLOBAL_DEFAULT)) == CURLE_OK else { throw PushError("\(name) could not initialise") }
    return try CurlLibrary(
      easyInit: symbol("curl_easy_init"), easyCleanup: symbol("curl_easy_cleanup"),
      easySetopt: symbol("curl_easy_setopt"), easyGetinfo: symbol("curl_easy_getinfo"),
      easyStrerror: symbol("curl_easy_strerror"), multiInit: symbol("curl_multi_init"),
      multiCleanup: symbol("curl_multi_cleanup"), multiAddHandle: symbol("curl_multi_add_handle"),
      multiRemoveHandle: symbol("curl_multi_remove_handle"), multiPerform: symbol("curl_multi_perform"),
      multiPoll: symbol("curl_multi_poll"), multiWakeup: symbol("curl_multi_wakeup"),
      multiInfoRead: symbol("curl_multi_info_read"), slistAppend: symbol("curl_slist_append"),
      slistFreeAll: symbol("curl_slist_free_all"),
      version: versionText().map { String(cString: $0) } ?? "libcurl")
  }

  /// Sets a long option; false if libcurl refused it.
  @discardableResult
  func set(_ easy: Easy, _ option: CURLoption, _ value: Int) -> Bool {
    gatherd_curl_setopt_long(easySetopt, easy, option, value) == CURLE_OK
  }

  /// Sets a pointer option (a string libcurl copies, a list, a callback, its data).
  @discardableResult
  func set(_ easy: Easy, _ option: CURLoption, pointer: UnsafeRawPointer?) -> Bool {
    gatherd_curl_setopt_pointer(easySetopt, easy, option, pointer) == CURLE_OK
  }

  /// Sets a string option; libcurl keeps its own copy.
  @discardableResult
  func set(_ easy: Easy, _ option: CURLoption, string: String) -> Bool {
    string.withCString { gatherd_curl_setopt_pointer(easySetopt, easy, option, $0) == CURLE_OK }
  }

  /// Sets a curl_off_t option.
  @discardableResult
  func set(_ easy: Easy, _ option: CURLoption, offset: Int64) -> Bool {
    gatherd_curl_setopt_offset(easySetopt, easy, option, curl_off_t(offset)) == CURLE_OK
  }

  /// A long the transfer reports (its response code).
  func long(_ easy: Easy, _ info: CURLINFO) -> Int {
    var value = 0
    _ = gatherd_curl_getinfo_long(easyGetinfo, easy, info, &value)
    return value
  }

  /// A curl_off_t the transfer reports (Retry-After's seconds; 0 when the answer had none).
  func offset(_ easy: Easy, _ info: CURLINFO) -> Int64 {
    var value: curl_off_t = 0
    _ = gatherd_curl_getinfo_offset(easyGetinfo, easy, info, &value)
    return Int64(value)
  }

  /// libcurl's words for a result code, as a clause.
  func describe(_ code: CURLcode) -> String {
    guard let text = easyStrerror(code) else { return "error \(code.rawValue)" }
    let sentence = String(cString: text)
    return sentence.prefix(1).lowercased() + sentence.dropFirst()
  }
}
