/// The files of the scoreboard page, embedded in the binary and served at stable paths. Adding one is an
/// entry here and its `.embedInCode` resource line in Package.swift.
enum WebAssets {
  private static let javaScript = "text/javascript; charset=utf-8"
  private static let json = "application/json; charset=utf-8"

  /// Every asset. The page links the others relatively ("scoreboard.css", "js/scoreboard.js"), so that a
  /// reverse proxy may serve it under a path of its own (https://example.org/gather/).
  static let all: [WebAsset] = [
    .page(path: "/", bytes: PackageResources.scoreboard_html),
    WebAsset(path: "/scoreboard.css", contentType: "text/css; charset=utf-8", bytes: PackageResources.scoreboard_css),
    WebAsset(path: "/touchline.css", contentType: "text/css; charset=utf-8", bytes: PackageResources.touchline_css),
    WebAsset(path: "/vote.css", contentType: "text/css; charset=utf-8", bytes: PackageResources.vote_css),
    WebAsset(path: "/weekly.css", contentType: "text/css; charset=utf-8", bytes: PackageResources.weekly_css),
    // Installable: the manifest, the icons and a service worker that keeps the page.
    WebAsset(
      path: "/manifest.webmanifest", contentType: "application/manifest+json",
      bytes: PackageResources.manifest_webmanifest),
    WebAsset(path: "/sw.js", contentType: javaScript, bytes: PackageResources.sw_js),
    WebAsset(path: "/icons/icon.svg", contentType: "image/svg+xml", bytes: PackageResources.icon_svg),
    WebAsset(path: "/icons/icon-192.png", contentType: "image/png", bytes: PackageResources.icon_192_png),
    WebAsset(path: "/icons/icon-512.png", contentType: "image/png", bytes: PackageResources.icon_512_png),
    // The board, first: the entry module and what the clock and the score need.
    WebAsset(path: "/js/scoreboard.js", contentType: javaScript, bytes: PackageResources.scoreboard_js),
    WebAsset(path: "/js/store.js", contentType: javaScript, bytes: PackageResources.store_js),
    WebAsset(path: "/js/state.js", contentType: javaScript, bytes: PackageResources.state_js),
    WebAsset(path: "/js/matchstate.js", contentType: javaScript, bytes: PackageResources.matchstate_js),
    WebAsset(path: "/js/liststate.js", contentType: javaScript, bytes: PackageResources.liststate_js),
    WebAsset(path: "/js/commandrules.js", contentType: javaScript, bytes: PackageResources.commandrules_js),
    WebAsset(path: "/js/commands.js", contentType: javaScript, bytes: PackageResources.commands_js),
    WebAsset(path: "/js/errors.js", contentType: javaScript, bytes: PackageResources.errors_js),
    WebAsset(path: "/js/router.js", contentType: javaScript, bytes: PackageResources.router_js),
    WebAsset(path: "/js/connection.js", contentType: javaScript, bytes: PackageResources.connection_js),
    WebAsset(path: "/js/clock.js", contentType: javaScript, bytes: PackageResources.clock_js),
    WebAsset(path: "/js/i18n.js", contentType: javaScript, bytes: PackageResources.i18n_js),
    WebAsset(path: "/js/dom.js", contentType: javaScript, bytes: PackageResources.dom_js),
    WebAsset(path: "/js/status.js", contentType: javaScript, bytes: PackageResources.status_js),
    WebAsset(path: "/js/board.js", contentType: javaScript, bytes: PackageResources.board_js),
    WebAsset(path: "/js/teams.js", contentType: javaScript, bytes: PackageResources.teams_js),
    // Loaded after the first snapshot: the touchline, between matches, the organiser's and the players' views.
    WebAsset(path: "/js/touchline.js", contentType: javaScript, bytes: PackageResources.touchline_js),
    WebAsset(path: "/js/wakelock.js", contentType: javaScript, bytes: PackageResources.wakelock_js),
    WebAsset(path: "/js/wakevideo.js", contentType: javaScript, bytes: PackageResources.wakevideo_js),
    WebAsset(path: "/js/sound.js", contentType: javaScript, bytes: PackageResources.sound_js),
    WebAsset(path: "/js/soundnotes.js", contentType: javaScript, bytes: PackageResources.soundnotes_js),
    WebAsset(path: "/js/share.js", contentType: javaScript, bytes: PackageResources.share_js),
    WebAsset(path: "/js/clipboard.js", contentType: javaScript, bytes: PackageResources.clipboard_js),
    WebAsset(path: "/js/dialogs.js", contentType: javaScript, bytes: PackageResources.dialogs_js),
    WebAsset(path: "/js/between.js", contentType: javaScript, bytes: PackageResources.between_js),
    WebAsset(path: "/js/plans.js", contentType: javaScript, bytes: PackageResources.plans_js),
    WebAsset(path: "/js/weekly.js", contentType: javaScript, bytes: PackageResources.weekly_js),
    WebAsset(path: "/js/ratings.js", contentType: javaScript, bytes: PackageResources.ratings_js),
    WebAsset(path: "/js/report.js", contentType: javaScript, bytes: PackageResources.report_js),
    WebAsset(path: "/js/reportcard.js", contentType: javaScript, bytes: PackageResources.reportcard_js),
    WebAsset(path: "/js/reporttext.js", contentType: javaScript, bytes: PackageResources.reporttext_js),
    WebAsset(path: "/js/organiser.js", contentType: javaScript, bytes: PackageResources.organiser_js),
    WebAsset(path: "/js/controls.js", contentType: javaScript, bytes: PackageResources.controls_js),
    WebAsset(path: "/js/controlsmarkup.js", contentType: javaScript, bytes: PackageResources.controlsmarkup_js),
    WebAsset(path: "/js/referee.js", contentType: javaScript, bytes: PackageResources.referee_js),
    WebAsset(path: "/js/panels.js", contentType: javaScript, bytes: PackageResources.panels_js),
    WebAsset(path: "/js/setup.js", contentType: javaScript, bytes: PackageResources.setup_js),
    WebAsset(path: "/js/formsmarkup.js", contentType: javaScript, bytes: PackageResources.formsmarkup_js),
    WebAsset(path: "/js/planform.js", contentType: javaScript, bytes: PackageResources.planform_js),
    WebAsset(path: "/js/planzone.js", contentType: javaScript, bytes: PackageResources.planzone_js),
    WebAsset(path: "/js/checkin.js", contentType: javaScript, bytes: PackageResources.checkin_js),
    WebAsset(path: "/js/weeklymarkup.js", contentType: javaScript, bytes: PackageResources.weeklymarkup_js),
    WebAsset(path: "/js/weeklyform.js", contentType: javaScript, bytes: PackageResources.weeklyform_js),
    WebAsset(path: "/js/reminders.js", contentType: javaScript, bytes: PackageResources.reminders_js),
    WebAsset(path: "/js/players.js", contentType: javaScript, bytes: PackageResources.players_js),
    WebAsset(path: "/js/playersmarkup.js", contentType: javaScript, bytes: PackageResources.playersmarkup_js),
    WebAsset(path: "/js/signup.js", contentType: javaScript, bytes: PackageResources.signup_js),
    WebAsset(path: "/js/signuprules.js", contentType: javaScript, bytes: PackageResources.signuprules_js),
    WebAsset(path: "/js/signupoutcome.js", contentType: javaScript, bytes: PackageResources.signupoutcome_js),
    WebAsset(path: "/js/signupterms.js", contentType: javaScript, bytes: PackageResources.signupterms_js),
    WebAsset(path: "/js/vote.js", contentType: javaScript, bytes: PackageResources.vote_js),
    WebAsset(path: "/js/fees.js", contentType: javaScript, bytes: PackageResources.fees_js),
    // The languages' catalogs (i18n/en.json, …), one per language.
    WebAsset(path: "/i18n/en.json", contentType: json, bytes: PackageResources.en_json),
    WebAsset(path: "/i18n/pt-BR.json", contentType: json, bytes: PackageResources.pt_BR_json),
    WebAsset(path: "/i18n/es.json", contentType: json, bytes: PackageResources.es_json),
    WebAsset(path: "/i18n/it.json", contentType: json, bytes: PackageResources.it_json),
    WebAsset(path: "/i18n/fr.json", contentType: json, bytes: PackageResources.fr_json),
    WebAsset(path: "/i18n/de.json", contentType: json, bytes: PackageResources.de_json),
    WebAsset(path: "/i18n/nl.json", contentType: json, bytes: PackageResources.nl_json),
  ]

  /// The assets by path.
  static let byPath: [String: WebAsset] = Dictionary(uniqueKeysWithValues: all.map { ($0.path, $0) })
}
