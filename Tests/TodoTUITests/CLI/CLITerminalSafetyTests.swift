import Foundation
import Testing
import TodoCore

/// Nothing raw reaches a terminal outside the list (issue 13.1): error messages that quote item
/// text, file names or arguments, and exports written to a terminal, show control characters
/// inert; a pipe gets the bytes unchanged.
@Suite("CLI output on a terminal")
struct CLITerminalSafetyTests: CLISandboxSuite {
    let sandbox: CLISandbox
    /// A text that would set the terminal's title if written raw.
    static let hostile = "one\u{1B}]0;PWNED\u{07}"

    init() throws {
        sandbox = try CLISandbox()
    }

    /// Two items whose ids share the prefix `aaaa`, the first with the hostile text.
    func storeAmbiguousItems() throws {
        let now = Date()
        let ids = try ["aaaa0000-0000-4000-8000-000000000001", "aaaa0000-0000-4000-8000-000000000002"].map {
            try #require(UUID(uuidString: $0))
        }
        let items = ids.enumerated().map { index, id in
            TodoItem(
                id: id, text: index == 0 ? Self.hostile : "two", date: now, color: .default, isDone: false,
                createdAt: now, modifiedAt: now, version: 1)
        }
        try JSONStore(path: store).modify { $0 = StoreContents(generation: 1, items: items) }
    }

    /// Runs the binary in a tmux pane and returns what the pane shows once it exited.
    func pane(_ arguments: [String]) throws -> [String] {
        let session = try TmuxSession(
            command: TmuxSession.todoTUICommand(arguments, home: home), columns: 200, rows: 20, scratch: home.url.path)
        defer { session.kill() }
        let (lines, matched) = try session.waitForPane { $0.contains { $0.hasPrefix("EXITED:") } }
        try #require(matched, "the pane shows:\n\(lines.joined(separator: "\n"))")
        return lines
    }

    @Test("a pipe gets the ambiguous-id message and a CSV export byte-exact")
    func pipesStayExact() throws {
        try storeAmbiguousItems()
        let ambiguous = try cli.run("done", "aaaa", "--store", store)
        #expect(ambiguous.status == 64)
        #expect(ambiguous.stderr.contains(Self.hostile), "\(ambiguous.stderr)")
        let csv = try cli.run("--export", "csv", "--store", store)
        #expect(csv.stdout.contains(Self.hostile))
    }

    @Test(
        "on a terminal the ambiguous-id message, an echoed argument and a CSV or ICS export are inert",
        .enabled(if: TmuxSession.executable != nil, "tmux is not installed")
    )
    func terminalGetsInertText() throws {
        try storeAmbiguousItems()
        let ambiguous = try pane(["done", "aaaa", "--store", store]).joined(separator: "\n")
        #expect(ambiguous.contains("one␛]0;PWNED␇"), "\(ambiguous)")

        let colour = try pane(["add", "x", "--color", "red\u{1B}[2J", "--store", store]).joined(separator: "\n")
        #expect(colour.contains("red␛[2J"), "\(colour)")

        let csv = try pane(["--export", "csv", "--store", store])
        #expect(csv.contains { $0.contains("one␛]0;PWNED␇") }, "\(csv)")
        // The ICS writer already folds control characters out of its text values; on a terminal
        // its CR LF line breaks still end lines (no ␍ symbol) and nothing raw remains.
        let ics = try pane(["--export", "ics", "--store", store])
        #expect(ics.contains("END:VCALENDAR"), "line breaks are kept: \(ics)")
        #expect(
            ics.contains { $0.hasPrefix("SUMMARY:one") && $0.contains("PWNED") && !$0.contains("\u{1B}") }, "\(ics)")
    }
}
