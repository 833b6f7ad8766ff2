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

        let first = try TmuxSession(
            command: TmuxSession.todoTUICommand(["--store", store], home: home, binary: binary), columns: 80, rows: 20,
            scratch: home.url.path)
        defer { first.kill() }
        try first.expectPane("All lists, each row naming its list") { lines in
            lines.first?.hasPrefix(" All lists · 4 to-dos") == true
                && lines.contains { $0.contains("[ ] Work   ") && $0.hasSuffix("Report") }
                && lines.contains { $0.contains("[ ] Home   ") && $0.hasSuffix("Fix the tap") }
        }
        try first.send("L")
        try first.expectPane("the picker") { $0.contains { $0.contains("■ Home") } }
        try first.type("wo")
        try first.expectPane("the picker narrowed") { !$0.contains { $0.contains("■ Home") } }
        try first.send("Enter")
        try first.expectPane("the list Work") { lines in
            lines.first?.hasPrefix(" Work · 2 to-dos") == true && !lines.contains { $0.contains("Fix the tap") }
        }

        try first.send("g")
        try first.send("m")
        try first.expectPane("the move picker") { $0.contains { $0.contains("Move 'Report' to") } }
        try first.type("home")
        try first.send("Enter")
        try first.expectPane("the to-do moved out of the view") { lines in
            lines.first?.hasPrefix(" Work · 1 to-do") == true && !lines.contains { $0.hasSuffix("Report") }
                && lines.last?.hasPrefix("Moved 'Report' to Home") == true
        }

        try first.send("L")
        try first.type("all")
        try first.send("Enter")
        try first.expectPane("All lists again") { lines in
            lines.first?.hasPrefix(" All lists · 4 to-dos") == true
                && lines.contains { $0.contains("[ ] Home   ") && $0.hasSuffix("Report") }
        }

        try first.send("L")
        try first.type("home")
        try first.send("C-d")
        try first.expectPane("the question") { $0.contains { $0.contains("Its 2 to-dos go with it") } }
        try first.send("Enter")
        try first.expectPane("the list deleted with its to-dos") { lines in
            lines.first?.hasPrefix(" All lists · 2 to-dos") == true && !lines.contains { $0.hasSuffix("Fix the tap") }
        }
        #expect(try JSONStore(path: store).load().lists.map(\.name) == ["To-dos", "Work"])
        try first.send("u")
        try first.expectPane("the list and its to-dos back") { lines in
            lines.first?.hasPrefix(" All lists · 4 to-dos") == true && lines.contains { $0.hasSuffix("Fix the tap") }
        }
        #expect(try JSONStore(path: store).load().lists.map(\.name) == ["To-dos", "Work", "Home"])

        try first.run(["resize-window", "-x", "40", "-y", "12"])
        try first.expectPane("40 columns: three-column labels") { lines in
            lines.first?.hasPrefix(" All lists · 4 to-dos") == true
                && lines.contains { $0.contains("[ ] Hom ") && $0.hasSuffix("Fix the tap") }
        }
        try first.send("L")
        try first.type("work")
        try first.send("Enter")
        try first.expectPane("the list Work at 40 columns") { $0.first?.hasPrefix(" Work · 1 to-do") == true }
        try first.send("q")
        let shell = try first.expectPane("the app quit") { $0.contains("EXITED:0") }
        #expect(shell.first?.hasPrefix("EXITED:0") == true, "the screen is the shell's again: \(shell)")
        first.kill()

        let second = try TmuxSession(
            command: TmuxSession.todoTUICommand(["--store", store], home: home, binary: binary), columns: 80, rows: 20,
            scratch: home.url.path)
        defer { second.kill() }
        try second.expectPane("the next start opens on the list last viewed") { lines in
            lines.first?.hasPrefix(" Work · 1 to-do") == true && lines.contains { $0.hasSuffix("Call Bob") }
        }
        try second.send("q")
        try second.expectPane("the app quit") { $0.contains("EXITED:0") }
        second.kill()

        let named = try TmuxSession(
            command: TmuxSession.todoTUICommand(["--store", store, "--list", "home"], home: home, binary: binary),
            columns: 80, rows: 20, scratch: home.url.path)
        defer { named.kill() }
        try named.expectPane("--list opens on that list") { $0.first?.hasPrefix(" Home · 2 to-dos") == true }
        try named.send("q")
        try named.expectPane("the app quit") { $0.contains("EXITED:0") }
        named.kill()

        let unknown = try TmuxSession(
            command: TmuxSession.todoTUICommand(["--store", store, "--list", "Nope"], home: home, binary: binary),
            columns: 80, rows: 20, scratch: home.url.path)
        defer { unknown.kill() }
        let refused = try unknown.expectPane("an unknown list refused") { $0.contains("EXITED:64") }
        #expect(
            refused.contains { $0.contains(#"No list is named "Nope"; the lists are "To-dos", "Work" and "Home"."#) },
            "\(refused)")
    }
}
