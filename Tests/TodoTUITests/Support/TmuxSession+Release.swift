import Foundation
import Testing
import TodoTestSupport

extension TmuxSession {
    /// `todoTUICommand(_:home:)`'s pane command, running `binary` (the release build) instead of
    /// the debug build.
    static func todoTUICommand(_ arguments: [String], home: TemporaryDirectory, binary: String) -> [String] {
        var command = todoTUICommand(arguments, home: home)
        let debug = shellQuoted(CommandRunner.executable("todo-tui"))
        command[command.count - 1] = command[command.count - 1].replacingOccurrences(
            of: debug, with: shellQuoted(binary))
        return command
    }

    /// Waits up to ten seconds for the pane to show what `condition` wants; otherwise the test
    /// stops, saying `what` was expected and what the pane shows.
    /// - Returns: the pane's lines.
    @discardableResult
    func expectPane(
        _ what: String, sourceLocation: SourceLocation = #_sourceLocation, until condition: ([String]) -> Bool
    ) throws -> [String] {
        let (lines, matched) = try waitForPane(timeout: .seconds(10), until: condition)
        try #require(
            matched, "\(what); the pane shows:\n\(lines.joined(separator: "\n"))", sourceLocation: sourceLocation)
        return lines
    }
}
