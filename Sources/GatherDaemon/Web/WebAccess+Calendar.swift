/// The plans' calendar feed over the web: its links, on the page's addresses.
extension WebAccess {
  /// The feed's links: the page's addresses as `web.link` names them, with `calendar.ics?code=CODE` (base64url,
  /// safe in a query as it is), and the links' note; or why there are none.
  func calendarLinks(code: String) -> Result<(urls: [String], note: String?), WebAccessError> {
    pageLinks().map { links in (links.pages.map { $0 + "calendar.ics?code=" + code }, links.note) }
  }
}
