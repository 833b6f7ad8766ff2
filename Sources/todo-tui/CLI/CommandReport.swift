import Foundation
import Glibc

/// What a write command says it did (`Completed 'Buy milk'`), and `list`'s "nothing matched".
///
/// Item text reaches a terminal only inert, by the screen's own rule (`ItemListFormatter.inert`,
/// i.e. `InertText`), so an escape sequence in a to-do cannot colour or move the user's terminal;
/// a pipe or file gets the text unchanged, for scripts.
enum CommandReport {
    /// `"<verb> '<text>'"`, the text inert when `terminal` is true.
    static func sentence(_ verb: String, _ text: String, terminal: Bool) -> String {
        "\(verb) '\(terminal ? ItemListFormatter.inert(text) : text)'"
    }

    /// Prints `"<verb> '<text>'"` and `suffix` on stdout.
    static func say(_ verb: String, _ text: String, suffix: String = "") {
        print(sentence(verb, text, terminal: TerminalOutput.isTerminal(STDOUT_FILENO)) + suffix)
    }

    /// Prints `line` on stderr: a note, not data, so `list`'s stdout stays empty.
    static func note(_ line: String) {
        TerminalOutput.note(line)
    }
}
