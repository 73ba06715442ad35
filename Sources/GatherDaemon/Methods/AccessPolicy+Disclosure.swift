extension AccessPolicy {
  /// What a caller's replies may show beyond what any viewer sees, and how much its words count: decided here,
  /// beside who may call what, so that a handler only follows it.
  ///
  /// ```swift
  /// let web = call.disclosure.showsLinkCodes ? call.services.web : nil
  /// ```
  struct Disclosure: Sendable, Equatable {
    /// Whether the caller controls gatherd, as daemon.status tells it.
    let controls: Bool
    /// Whether a reply may carry the sign-up and vote links: their codes are capabilities, which only those who
    /// may ask for them (plan.link, gather.voteLink) are given.
    let showsLinkCodes: Bool
    /// Whether a name the caller types for a new player is one the organiser knows (a controller's), rather than
    /// one typed on a link, which stays new until the organiser confirms it.
    let namesAreConfirmed: Bool
  }

  /// What `caller`'s replies may show.
  static func disclosure(for caller: Capabilities) -> Disclosure {
    Disclosure(controls: caller.control, showsLinkCodes: caller.control, namesAreConfirmed: caller.control)
  }
}
