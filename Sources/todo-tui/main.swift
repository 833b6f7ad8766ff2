import Foundation

/// Parses the command line, runs the command, and turns errors into one line on stderr and a
/// sysexits code (DESIGN §4.4).
do {
    if let error = ParseFailure.unknownHelpTopic(in: Array(CommandLine.arguments.dropFirst())) {
        throw error
    }
    var command = try TodoTUICommand.parseAsRoot()
    try command.run()
} catch let error as CLIError {
    FileHandle.standardError.write(Data("todo-tui: \(error.description)\n".utf8))
    exit(error.exitCode)
} catch {
    if let usage = ParseFailure.usageError(for: error) {
        FileHandle.standardError.write(Data("todo-tui: \(usage.description)\n".utf8))
        exit(usage.exitCode)
    }
    TodoTUICommand.exit(withError: error)
}
