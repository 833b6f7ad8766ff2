import Foundation
import Glibc

/// What the command line writes, made safe for the stream it goes to.
///
/// A terminal interprets ESC, C1 and BEL bytes: a to-do's text, a file name or a command-line
/// value echoed raw could retitle the window, recolour or move the user's terminal. So whatever
/// reaches a terminal is drawn inert by the screen's own rule (`InertText`, through
/// `ItemListFormatter.inert`), line by line with its line breaks kept; a pipe or a file gets the
/// bytes unchanged, so exports and scripts stay byte-exact.
enum TerminalOutput {
    /// Whether `descriptor` is a terminal.
    static func isTerminal(_ descriptor: Int32) -> Bool {
        isatty(descriptor) == 1
    }

    /// `text` as it may be written to a terminal: each line (ended by LF or CR LF, both kept)
    /// inert.
    /// - Complexity: O(n).
    static func inert(_ text: String) -> String {
        // Split by scalars: a CR LF pair is one Character, which a split on "\n" never finds.
        text.unicodeScalars.split(separator: "\n", omittingEmptySubsequences: false).map { line in
            let breakCR = line.last == "\r"
            let content = String(String.UnicodeScalarView(breakCR ? line.dropLast() : line))
            return ItemListFormatter.inert(content) + (breakCR ? "\r" : "")
        }.joined(separator: "\n")
    }

    /// `text` as it goes inside a sentence of ours, on any stream: one line, each control
    /// character (a line break too) and escape shown as the screen shows it (`InertText`), so
    /// text from elsewhere (a server's names, URLs and answers) cannot print a line of its own,
    /// on a terminal or in a log.
    /// - Complexity: O(n).
    static func inline(_ text: String) -> String {
        ItemListFormatter.inert(text)
    }

    /// `text` for `descriptor`: inert when it is a terminal, unchanged otherwise.
    static func shown(_ text: String, on descriptor: Int32) -> String {
        isTerminal(descriptor) ? inert(text) : text
    }

    /// Writes `line` and a line break to standard output, inert on a terminal.
    static func say(_ line: String) {
        FileHandle.standardOutput.write(Data((shown(line, on: STDOUT_FILENO) + "\n").utf8))
    }

    /// Writes `line` and a line break to standard error, inert on a terminal.
    static func note(_ line: String) {
        FileHandle.standardError.write(Data((shown(line, on: STDERR_FILENO) + "\n").utf8))
    }

    /// Writes an export's bytes to standard output: unchanged for a pipe or a file; on a
    /// terminal as inert text (bytes that are not UTF-8 shown as U+FFFD).
    static func writeExport(_ bytes: [UInt8]) {
        if isTerminal(STDOUT_FILENO) {
            FileHandle.standardOutput.write(Data(inert(String(decoding: bytes, as: UTF8.self)).utf8))
        } else {
            // Handed over in place: a large export is not worth copying.
            bytes.withUnsafeBufferPointer { buffer in
                guard let base = buffer.baseAddress else { return }
                FileHandle.standardOutput.write(
                    Data(bytesNoCopy: UnsafeMutableRawPointer(mutating: base), count: buffer.count, deallocator: .none))
            }
        }
    }
}
