import Foundation
import Testing
import TodoCore
import TodoTestSupport

@testable import todo_tui

/// Our column widths against tmux's own layout (issue 12: "✈️" was counted two columns, tmux
/// draws it in one, so everything after it on the row was one column off).
@Suite(
    "Display widths agree with tmux",
    .enabled(if: TmuxSession.executable != nil, "tmux is not installed")
)
struct TmuxWidthAgreementTests {
    /// VS16 sequences on narrow and wide bases, a flag, a ZWJ sequence, CJK, a keycap, accents.
    static let samples = [
        "✈️", "❤️", "☺️", "©️", "1️⃣", "#️⃣", "⌚️", "⌚", "✈", "🇰🇷", "👩‍💻", "日本", "e\u{301}", "a✈️b❤️c",
    ]

    @Test("each sample advances tmux's cursor by exactly DisplayWidth's columns")
    func cursorAdvance() throws {
        let home = try TemporaryDirectory()
        let output = home.path("widths")
        // Prints each sample at the start of a line and asks the terminal where its cursor is
        // (DSR 6); tmux answers `ESC [ row ; column R` on the pane's input.
        let script = """
            stty raw -echo
            for sample in "$@"; do
                printf '\\r\\033[2K%s\\033[6n' "$sample"
                IFS= read -r -d R reply
                echo "${reply##*;}" >> \(TmuxSession.shellQuoted(output))
            done
            echo end >> \(TmuxSession.shellQuoted(output))
            sleep 10
            """
        let command = ["env", "LANG=C.UTF-8", "LC_ALL=C.UTF-8", "bash", "-c", script, "widths"] + Self.samples
        let session = try TmuxSession(command: command, columns: 40, rows: 5, scratch: home.url.path)
        defer { session.kill() }
        let clock = ContinuousClock()
        let deadline = clock.now + .seconds(10)
        var lines: [String] = []
        while clock.now < deadline {
            lines = ((try? String(contentsOfFile: output, encoding: .utf8)) ?? "").split(separator: "\n").map(
                String.init)
            if lines.last == "end" { break }
            usleep(30_000)
        }
        try #require(lines.last == "end", "tmux answered \(lines.count) of \(Self.samples.count) position reports")
        let tmuxWidths = lines.dropLast().map { (Int($0) ?? 0) - 1 }
        let ours = Self.samples.map { InertText.width(of: $0) }
        for (sample, (theirs, mine)) in zip(Self.samples, zip(tmuxWidths, ours)) {
            #expect(
                theirs == mine,
                """
                '\(sample)' (\(sample.unicodeScalars.map { String($0.value, radix: 16) })): tmux \(theirs), ours \
                \(mine)
                """
            )
        }
    }

    @Test("a row of VS16 emoji in the app lines up with tmux: nothing after them moves")
    func appRow() throws {
        let home = try TemporaryDirectory()
        let store = home.path("todos.json")
        let added = try CommandRunner.todoTUI(home: home.url).run("--store", store, "add", "✈️✈️❤️1️⃣|end")
        try #require(added.status == 0, "\(added.stderr)")
        let session = try TmuxSession(
            command: TmuxSession.todoTUICommand(["--store", store], home: home), columns: 60, rows: 10,
            scratch: home.url.path
        )
        defer { session.kill() }
        // The adapter sends each emoji without its VS16, in the one column it now takes: the
        // text stays contiguous; counted two columns, each would be followed by a blank.
        let (lines, matched) = try session.waitForPane { $0.contains { $0.contains("✈✈❤1\u{20E3}|end") } }
        #expect(matched, "the pane shows:\n\(lines.joined(separator: "\n"))")
    }
}
