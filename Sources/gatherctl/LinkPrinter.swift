import GatherQR
import Glibc

/// Prints links gatherd gave (the page's, a plan's sign-up link) as `web link` and `plan link` do: the first one,
/// or every address's with `all`, each with its QR code below it when asked, and gatherd's notes on stderr (both
/// as they print safely, `Printable`), with one more when the link works on this network only (``LinkReach``).
struct LinkPrinter {
  /// Whether to draw each link as a QR code.
  var qr: Bool
  /// Whether to print every address's link, not only the first.
  var all: Bool
  /// The command that prints them all, for the note when there are more ("gatherctl web link --all").
  var allCommand: String

  /// Prints `links` (the first is the one to use) and `note`, gatherd's word on whether phones can reach them.
  func print(_ links: [String], note: String?) throws {
    guard let first = links.first else { throw CtlError.declined("gatherd sent no link.") }
    let shown = all ? links : [first]
    let colours = isatty(STDOUT_FILENO) == 1 && (getenv("NO_COLOR").map { $0.pointee == 0 } ?? true)
    var text = ""
    for (index, link) in shown.enumerated() {
      if qr && index > 0 { text += "\n" }
      text += Printable.text(link) + "\n"
      if qr {
        do {
          text += try QRCode(encoding: link).halfBlocks(colours: colours).joined(separator: "\n") + "\n"
        } catch {
          throw CtlError.declined("Cannot draw \(link) as a QR code: \(error)")
        }
      }
    }
    Swift.print(text, terminator: "")
    var notes: [String] = []
    if let note { notes.append(note) }
    if let lanOnly = LinkReach.lanOnlyNote(first) { notes.append(lanOnly) }
    if !all && links.count > 1 {
      notes.append("gatherd is also at \(links.count - 1) more address(es) of this machine: \(allCommand).")
    }
    for note in notes { _ = writeAll("gatherctl: \(Printable.text(note))\n", to: STDERR_FILENO) }
  }
}
