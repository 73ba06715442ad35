import GatherModel
import NIOCore
import NIOHTTP1

extension HTTPRequestHandler {
  /// `GET /calendar.ics?code=CODE`: the plans' calendar feed (PlanCalendar) for whoever holds the feed's code.
  /// A browser's Origin must be the page's own, as for `/rpc`. Without the code, or with another, 403 and a short
  /// text; a wrong code counts as a wrong guess of the control token does (``GuessLimiter``: 429 after too many).
  /// The code is compared in constant time and never logged.
  func serveCalendar(_ context: ChannelHandlerContext, _ head: HTTPRequestHead, host: HostAndPort?) {
    let origins = head.headers["origin"]
    guard origins.count <= 1, web.hosts.isAllowedOrigin(origins.first, host: host) else {
      web.refusals.refused(client, "Refused a calendar request from \(client) made by another site's page.")
      return HTTPResponder.text(
        context, version: head.version, status: .forbidden, keepAlive: false,
        "gatherd only serves its own page here (the Origin is another site's).")
    }
    guard let code = Self.calendarCode(in: head.uri) else {
      return HTTPResponder.text(
        context, version: head.version, status: .forbidden, keepAlive: head.isKeepAlive,
        "The calendar needs its code: subscribe to the calendar link the organiser gives (plan.calendarLink).")
    }
    let (access, client, refusals) = (web.access, client, web.refusals)
    if let wait = access.guesses.withLock({ $0.wait(for: client.address) }) {
      return HTTPResponder.text(
        context, version: head.version, status: .tooManyRequests, keepAlive: false,
        "Too many wrong codes from \(client.address); try again in \(wait.wholeSeconds) s.",
        extraHeaders: [("Retry-After", String(wait.wholeSeconds))])
    }
    let bound = NIOLoopBound((handler: self, context: context), eventLoop: context.eventLoop)
    let (version, keepAlive, headOnly) = (head.version, head.isKeepAlive, head.method == .HEAD)
    // The machine's name, not the public URL's host: a new address for the page keeps every plan's UID.
    let host = HostPolicy.machineName() ?? "gatherd"
    replying = true
    web.gateway.calendar(code: code) { result in
      let (handler, context) = bound.value
      handler.replying = false
      guard context.channel.isActive else { return }
      switch result {
      case .success(.feed(let plans, let schedules, let now)):
        let body = PlanCalendar.ics(plans, schedules: schedules, now: now, host: host) { plan in
          guard plan.status == .open, let code = plan.signUpCode else { return nil }
          return try? access.signUpLinks(code: code).get().urls.first
        }
        HTTPResponder.respond(
          context, version: version, status: .ok, keepAlive: keepAlive, contentType: "text/calendar; charset=utf-8",
          body: body, headOnly: headOnly, cacheControl: "no-cache")
      case .success(.wrongCode):
        access.guesses.withLock { $0.wrong(client.address) }
        refusals.refused(client, "Refused a calendar request from \(client): not the calendar's code.")
        HTTPResponder.text(
          context, version: version, status: .forbidden, keepAlive: keepAlive,
          "This calendar link does not work (it may have been replaced): ask the organiser for the current one.")
      case .failure(let error):
        handler.web.gateway.logger.error("The calendar feed could not be read: \(error)")
        HTTPResponder.text(
          context, version: version, status: .internalServerError, keepAlive: false,
          "gatherd could not read the plans for the calendar; try again later.")
      }
    }
  }

  /// The `code` of a request's query (`/calendar.ics?code=…`), as codes are written (base64url); nil without one.
  static func calendarCode(in uri: String) -> [UInt8]? {
    guard let query = uri.split(separator: "?", maxSplits: 1).dropFirst().first else { return nil }
    let allowed = Set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_".utf8)
    for pair in query.split(separator: "&") where pair.hasPrefix("code=") {
      let value = pair.dropFirst(5)
      guard !value.isEmpty, value.utf8.count <= 64, value.utf8.allSatisfy(allowed.contains) else { return nil }
      return Array(value.utf8)
    }
    return nil
  }
}
