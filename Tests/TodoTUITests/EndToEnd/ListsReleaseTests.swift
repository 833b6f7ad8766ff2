import Foundation
import Testing
import TodoCore
import TodoTestSupport

/// Several lists in the release binary in a real terminal (issue 29): All lists with each row's
/// list, the picker narrowing and opening a list, a to-do moved out of it, a list deleted with
/// its to-dos and undone, a resize to 40 columns, the shell after quitting, and the next start
/// opening on the list last viewed.
@Suite(
    "Lists in the release binary",
    // The one reason to skip: the machine has no tmux to host the terminal.
    .enabled(if: TmuxSession.executable != nil, "tmux is not installed")
)
struct ListsReleaseTests {
    let home: TemporaryDirectory
    let store: String

    init() throws {
        home = try TemporaryDirectory()
        store = home.path("todos.json")
    }

    /// `TmuxSession.todoTUICommand`'s pane command, running `binary` instead of the debug build.
    private func paneCommand(_ binary: String, _ arguments: [String] = []) -> [String] {
        var command = TmuxSession.todoTUICommand(["--store", store] + arguments, home: home)
        let debug = TmuxSession.shellQuoted(CommandRunner.executable("todo-tui"))
        command[command.count - 1] = command[command.count - 1].replacingOccurrences(
            of: debug, with: TmuxSession.shellQuoted(binary))
        return command
    }

    @discardableResult
    private func expectPane(
        _ session: TmuxSession, _ what: String, sourceLocation: SourceLocation = #_sourceLocation,
        until condition: ([String]) -> Bool
    ) throws -> [String] {
        let (lines, matched) = try session.waitForPane(timeout: .seconds(10), until: condition)
        try #require(
            matched, "\(what); the pane shows:\n\(lines.joined(separator: "\n"))", sourceLocation: sourceLocation)
        return lines
    }

    private func cli(_ arguments: String...) throws {
        let result = try CommandRunner.todoTUI(home: home.url).run(["--store", store] + arguments)
        try #require(result.status == 0, "\(arguments): \(result.stderr)")
    }

    @Test("picker, move, All lists, a list deleted with its to-dos and undone, 40 columns, quit, reopen on the list")
    func listsInTheTerminal() throws {
        let binary = try ReleaseBinary.path.get()
        try cli("lists", "add", "Work", "--color", "red")
        try cli("lists", "add", "Home", "--color", "green")
        try cli("add", "Report", "--list", "Work")
        try cli("add", "Call Bob", "--list", "Work")
        try cli("add", "Fix the tap", "--list", "Home")
        try cli("add", "Loose end")

        let first = try TmuxSession(command: paneCommand(binary), columns: 80, rows: 20, scratch: home.url.path)
        defer { first.kill() }
        try expectPane(first, "All lists, each row naming its list") { lines in
            lines.first?.hasPrefix(" All lists · 4 to-dos") == true
                && lines.contains { $0.contains("[ ] Work   ") && $0.hasSuffix("Report") }
                && lines.contains { $0.contains("[ ] Home   ") && $0.hasSuffix("Fix the tap") }
        }
        try first.send("L")
        try expectPane(first, "the picker") { $0.contains { $0.contains("■ Home") } }
        try first.type("wo")
        try expectPane(first, "the picker narrowed") { !$0.contains { $0.contains("■ Home") } }
        try first.send("Enter")
        try expectPane(first, "the list Work") { lines in
            lines.first?.hasPrefix(" Work · 2 to-dos") == true && !lines.contains { $0.contains("Fix the tap") }
        }

        try first.send("g")
        try first.send("m")
        try expectPane(first, "the move picker") { $0.contains { $0.contains("Move 'Report' to") } }
        try first.type("home")
        try first.send("Enter")
        try expectPane(first, "the to-do moved out of the view") { lines in
            lines.first?.hasPrefix(" Work · 1 to-do") == true && !lines.contains { $0.hasSuffix("Report") }
                && lines.last?.hasPrefix("Moved 'Report' to Home") == true
        }

        try first.send("L")
        try first.type("all")
        try first.send("Enter")
        try expectPane(first, "All lists again") { lines in
            lines.first?.hasPrefix(" All lists · 4 to-dos") == true
                && lines.contains { $0.contains("[ ] Home   ") && $0.hasSuffix("Report") }
        }

        try first.send("L")
        try first.type("home")
        try first.send("C-d")
        try expectPane(first, "the question") { $0.contains { $0.contains("Its 2 to-dos go with it") } }
        try first.send("Enter")
        try expectPane(first, "the list deleted with its to-dos") { lines in
            lines.first?.hasPrefix(" All lists · 2 to-dos") == true && !lines.contains { $0.hasSuffix("Fix the tap") }
        }
        #expect(try JSONStore(path: store).load().lists.map(\.name) == ["To-dos", "Work"])
        try first.send("u")
        try expectPane(first, "the list and its to-dos back") { lines in
            lines.first?.hasPrefix(" All lists · 4 to-dos") == true && lines.contains { $0.hasSuffix("Fix the tap") }
        }
        #expect(try JSONStore(path: store).load().lists.map(\.name) == ["To-dos", "Work", "Home"])

        try first.run(["resize-window", "-x", "40", "-y", "12"])
        try expectPane(first, "40 columns: three-column labels") { lines in
            lines.first?.hasPrefix(" All lists · 4 to-dos") == true
                && lines.contains { $0.contains("[ ] Hom ") && $0.hasSuffix("Fix the tap") }
        }
        try first.send("L")
        try first.type("work")
        try first.send("Enter")
        try expectPane(first, "the list Work at 40 columns") { $0.first?.hasPrefix(" Work · 1 to-do") == true }
        try first.send("q")
        let shell = try expectPane(first, "the app quit") { $0.contains("EXITED:0") }
        #expect(shell.first?.hasPrefix("EXITED:0") == true, "the screen is the shell's again: \(shell)")
        first.kill()

        let second = try TmuxSession(command: paneCommand(binary), columns: 80, rows: 20, scratch: home.url.path)
        defer { second.kill() }
        try expectPane(second, "the next start opens on the list last viewed") { lines in
            lines.first?.hasPrefix(" Work · 1 to-do") == true && lines.contains { $0.hasSuffix("Call Bob") }
        }
        try second.send("q")
        try expectPane(second, "the app quit") { $0.contains("EXITED:0") }
        second.kill()

        let named = try TmuxSession(
            command: paneCommand(binary, ["--list", "home"]), columns: 80, rows: 20, scratch: home.url.path)
        defer { named.kill() }
        try expectPane(named, "--list opens on that list") { $0.first?.hasPrefix(" Home · 2 to-dos") == true }
        try named.send("q")
        try expectPane(named, "the app quit") { $0.contains("EXITED:0") }
        named.kill()

        let unknown = try TmuxSession(
            command: paneCommand(binary, ["--list", "Nope"]), columns: 80, rows: 20, scratch: home.url.path)
        defer { unknown.kill() }
        let refused = try expectPane(unknown, "an unknown list refused") { $0.contains("EXITED:64") }
        #expect(
            refused.contains { $0.contains(#"No list is named "Nope"; the lists are "To-dos", "Work" and "Home"."#) },
            "\(refused)")
    }
}
