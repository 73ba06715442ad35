/// The files of the scoreboard page, embedded in the binary and served at stable paths. Adding one is an
/// entry here and its `.embedInCode` resource line in Package.swift.
enum WebAssets {
  private static let javaScript = "text/javascript; charset=utf-8"

  /// Every asset. The page links the others relatively ("scoreboard.css", "js/scoreboard.js"), so that a
  /// reverse proxy may serve it under a path of its own (https://example.org/gather/).
  static let all: [WebAsset] = [
    // The page's markup is one document kept in three files, served one after the other: the board and the
    // screen between matches, then the sign-up and vote views with the match controls, then the dialogs and
    // the scripts.
    .page(
      path: "/",
      bytes: PackageResources.scoreboard_html + PackageResources.scoreboard_views_html
        + PackageResources.scoreboard_dialogs_html),
    WebAsset(path: "/scoreboard.css", contentType: "text/css; charset=utf-8", bytes: PackageResources.scoreboard_css),
    WebAsset(path: "/touchline.css", contentType: "text/css; charset=utf-8", bytes: PackageResources.touchline_css),
    WebAsset(path: "/js/scoreboard.js", contentType: javaScript, bytes: PackageResources.scoreboard_js),
    WebAsset(path: "/js/connection.js", contentType: javaScript, bytes: PackageResources.connection_js),
    WebAsset(path: "/js/clock.js", contentType: javaScript, bytes: PackageResources.clock_js),
    WebAsset(path: "/js/board.js", contentType: javaScript, bytes: PackageResources.board_js),
    WebAsset(path: "/js/controls.js", contentType: javaScript, bytes: PackageResources.controls_js),
    // Team names, between matches, the referee's "start a gather" view and match controls.
    WebAsset(path: "/js/teams.js", contentType: javaScript, bytes: PackageResources.teams_js),
    WebAsset(path: "/js/between.js", contentType: javaScript, bytes: PackageResources.between_js),
    WebAsset(path: "/js/setup.js", contentType: javaScript, bytes: PackageResources.setup_js),
    WebAsset(path: "/js/referee.js", contentType: javaScript, bytes: PackageResources.referee_js),
    // Installable (the manifest, icons and a service worker that keeps the shell), and at the touchline
    // (the screen kept on, sound, the share view).
    WebAsset(
      path: "/manifest.webmanifest", contentType: "application/manifest+json",
      bytes: PackageResources.manifest_webmanifest),
    WebAsset(path: "/sw.js", contentType: javaScript, bytes: PackageResources.sw_js),
    WebAsset(path: "/icons/icon.svg", contentType: "image/svg+xml", bytes: PackageResources.icon_svg),
    WebAsset(path: "/icons/icon-192.png", contentType: "image/png", bytes: PackageResources.icon_192_png),
    WebAsset(path: "/icons/icon-512.png", contentType: "image/png", bytes: PackageResources.icon_512_png),
    WebAsset(path: "/js/touchline.js", contentType: javaScript, bytes: PackageResources.touchline_js),
    WebAsset(path: "/js/wakelock.js", contentType: javaScript, bytes: PackageResources.wakelock_js),
    WebAsset(path: "/js/wakevideo.js", contentType: javaScript, bytes: PackageResources.wakevideo_js),
    WebAsset(path: "/js/sound.js", contentType: javaScript, bytes: PackageResources.sound_js),
    WebAsset(path: "/js/share.js", contentType: javaScript, bytes: PackageResources.share_js),
    // Who's coming, and the sign-up view.
    WebAsset(path: "/js/plans.js", contentType: javaScript, bytes: PackageResources.plans_js),
    WebAsset(path: "/js/signup.js", contentType: javaScript, bytes: PackageResources.signup_js),
    // Ratings, form and the result to share.
    WebAsset(path: "/js/ratings.js", contentType: javaScript, bytes: PackageResources.ratings_js),
    WebAsset(path: "/js/report.js", contentType: javaScript, bytes: PackageResources.report_js),
    WebAsset(path: "/js/reportcard.js", contentType: javaScript, bytes: PackageResources.reportcard_js),
    // Organising from the phone: the plan form, the check-in, the sign-up link after its plan.
    WebAsset(path: "/js/panels.js", contentType: javaScript, bytes: PackageResources.panels_js),
    WebAsset(path: "/js/planform.js", contentType: javaScript, bytes: PackageResources.planform_js),
    WebAsset(path: "/js/checkin.js", contentType: javaScript, bytes: PackageResources.checkin_js),
    WebAsset(path: "/js/signupoutcome.js", contentType: javaScript, bytes: PackageResources.signupoutcome_js),
    // The man-of-the-match vote and what a player owes for the pitch.
    WebAsset(path: "/vote.css", contentType: "text/css; charset=utf-8", bytes: PackageResources.vote_css),
    WebAsset(path: "/js/vote.js", contentType: javaScript, bytes: PackageResources.vote_js),
    WebAsset(path: "/js/motm.js", contentType: javaScript, bytes: PackageResources.motm_js),
    WebAsset(path: "/js/fees.js", contentType: javaScript, bytes: PackageResources.fees_js),
    // The weekly game, a plan's terms on its sign-up view, and the reminders to send to the group chat.
    WebAsset(path: "/weekly.css", contentType: "text/css; charset=utf-8", bytes: PackageResources.weekly_css),
    WebAsset(path: "/js/weekly.js", contentType: javaScript, bytes: PackageResources.weekly_js),
    WebAsset(path: "/js/weeklyform.js", contentType: javaScript, bytes: PackageResources.weeklyform_js),
    WebAsset(path: "/js/signupterms.js", contentType: javaScript, bytes: PackageResources.signupterms_js),
    WebAsset(path: "/js/reminders.js", contentType: javaScript, bytes: PackageResources.reminders_js),
  ]

  /// The assets by path.
  static let byPath: [String: WebAsset] = Dictionary(uniqueKeysWithValues: all.map { ($0.path, $0) })
}
