import Foundation
import TodoTestSupport

/// A temporary home for one test: a `todo-tui` runner whose default locations point into it,
/// and a store path inside it. Everything is removed when the value is released.
struct CLISandbox {
    let home: TemporaryDirectory
    var cli: CommandRunner
    /// `todos.json` in the home; it does not exist until something saves.
    let store: String

    init() throws {
        home = try TemporaryDirectory()
        cli = CommandRunner.todoTUI(home: home.url)
        store = home.path("todos.json")
    }

    /// Adds an item through the CLI and returns its id as printed (lowercase, with hyphens).
    func add(_ text: String) throws -> String {
        try cli.run("add", text, "--store", store).stdout.trimmingCharacters(in: .whitespacesAndNewlines)
    }
}
