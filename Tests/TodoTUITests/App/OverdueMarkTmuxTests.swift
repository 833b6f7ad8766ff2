import Foundation
import Testing
import TodoCore

/// The overdue mark as a real terminal shows it, with colours and under `NO_COLOR` (issue 12.10).
@Suite(
    "Overdue mark in tmux",
    .enabled(if: TmuxSession.executable != nil, "tmux is not installed")
)
struct OverdueMarkTmuxTests {
    @Test(
        "an overdue row starts with '!' in red bold; under NO_COLOR the '!' and bold stay, the red goes",
        arguments: [false, true])
    func overdueRow(noColor: Bool) throws {
        let sandbox = try CLISandbox()
        let added = try sandbox.cli.run("--store", sandbox.store, "add", "Pay the bill", "--date", "2000-01-03")
        try #require(added.status == 0, "\(added.stderr)")
        // The selection goes to today's item, leaving the overdue row in its own style.
        _ = try sandbox.add("Today's")
        var command = TmuxSession.todoTUICommand(["--store", sandbox.store], home: sandbox.home)
        if let shell = command.firstIndex(of: "sh") {
            command.insert(noColor ? "NO_COLOR=1" : "NO_COLOR=", at: shell)
        }
        let session = try TmuxSession(command: command, columns: 80, rows: 12, scratch: sandbox.home.url.path)
        defer { session.kill() }
        let (lines, matched) = try session.waitForPane { $0.map(RowTime.removed(from:)).contains("! [ ] Pay the bill") }
        try #require(matched, "\(lines)")
        // The pane as the terminal holds it, attributes as SGR sequences (`capture-pane -e`,
        // which carries them over from line to line): the state in force at the mark.
        let styled = try session.run(["capture-pane", "-p", "-e"])
        let row = try #require(
            styled.range(
                of: "! ", options: [],
                range: (styled.range(of: "todo-tui")?.upperBound ?? styled.startIndex)..<styled.endIndex))
        let state = Self.sgrState(before: row.lowerBound, in: styled)
        #expect(state.bold, "bold: \(styled.debugDescription)")
        #expect(state.red != noColor, "red only with colours: \(styled.debugDescription)")
    }

    /// Bold and red as the SGR sequences of `text` before `index` leave them.
    static func sgrState(before index: String.Index, in text: String) -> (bold: Bool, red: Bool) {
        var bold = false
        var red = false
        var rest = text[..<index]
        while let escape = rest.range(of: "\u{1B}[") {
            let tail = rest[escape.upperBound...]
            guard let end = tail.firstIndex(where: { $0.isLetter }) else { break }
            if tail[end] == "m" {
                let parameters = tail[..<end].split(separator: ";", omittingEmptySubsequences: false).map {
                    Int($0) ?? 0
                }
                for parameter in parameters.isEmpty ? [0] : parameters {
                    switch parameter {
                    case 0:
                        bold = false
                        red = false
                    case 1: bold = true
                    case 22: bold = false
                    case 31: red = true
                    case 30, 32...37, 39, 90...97: red = false
                    default: break
                    }
                }
            }
            rest = tail[tail.index(after: end)...]
        }
        return (bold, red)
    }
}
