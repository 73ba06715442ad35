import ArgumentParser
import Glibc

/// The question gatherctl asks before a change that is easy to make by mistake and hard to take back (deleting a
/// gather, merging two players, cancelling a plan it was not told the id of). On a terminal it asks, y/N, on
/// stderr, and goes on only on a yes; where nobody can answer (no terminal: a script, a pipe) it goes on only with
/// `--yes`, and otherwise stops with a usage error (exit 2) that says how to confirm. Either way a no changes
/// nothing.
///
/// ```swift
/// try Confirmation(yes: yes).ask(
///   "Delete gather 3 from history?", unanswered: "gather delete 3 would delete …; confirm with --yes.",
///   declined: "Nothing was deleted.")
/// ```
struct Confirmation {
  /// `--yes`: confirmed already, nothing is asked.
  let yes: Bool

  /// Asks `question` (which should end with "?") on a terminal, and returns on a yes. Throws `unanswered` as a
  /// usage error where there is no terminal, and `declined` (exit 1) on any answer but y or yes.
  func ask(_ question: String, unanswered: String, declined: String) throws(CtlError) {
    guard !yes else { return }
    guard isatty(STDIN_FILENO) == 1 else { throw .usage(unanswered) }
    _ = writeAll("\(question) [y/N] ", to: STDERR_FILENO)
    let answer = PlayerResolver.trimmed((readLine() ?? "").lowercased())
    guard ["y", "yes"].contains(answer) else { throw .declined(declined) }
  }
}
