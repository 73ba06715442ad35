extension Gatherd {
  /// The keys a configuration file may hold, and whether each may repeat: gatherd's long options without their
  /// dashes. `--help`, `--version` and `--config` are not keys. A table rather than the argument parser's own
  /// description of the command line, which would be encoded and parsed at every start; `ConfigKeysTests`
  /// compares the two, so an option added to ``Gatherd`` without its key here fails the tests.
  static let configKeys: ConfigFile.Keys = [
    "socket": false, "database": false, "socket-mode": false, "status-socket": false, "status-socket-mode": false,
    "control-group": false, "max-line-bytes": false,
    // The web listener (WebOptions).
    "http": false, "http-token-file": false, "public-url": false, "allowed-host": true,
    "http-max-connections": false, "http-max-connections-per-address": false, "http-header-timeout": false,
    "http-idle-timeout": false,
    // MQTT and Home Assistant (MQTTOptions); --mqtt-control is a flag with its inversion.
    "mqtt": false, "mqtt-password-file": false, "mqtt-ca-file": false, "mqtt-topic": false,
    "mqtt-discovery-prefix": false, "mqtt-control": false, "no-mqtt-control": false, "mqtt-ticks": false,
    // Backups (BackupOptions).
    "backup-directory": false, "backup-keep": false,
    // Plans' expiry and reminders (PlanOptions).
    "plan-expiry": false, "plan-reminders": false,
    // When a gather's man-of-the-match vote closes.
    "vote-closes": false,
    // Offered places, drop-outs and strikes (AttendanceOptions).
    "quiet-hours": false, "fine-late-drop-out": false, "fine-no-show": false, "strikes": false, "strike-days": false,
    // Web Push and webhooks (PushOptions).
    "push-contact": false, "push-services": false, "push-ca-file": false, "webhook": true,
    "webhook-secret-file": false,
    "metrics": false, "log-level": false,
  ]
}
