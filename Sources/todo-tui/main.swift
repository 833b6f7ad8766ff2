import Foundation

/// Parses the command line, runs the command, and turns errors into one line on stderr and a
/// sysexits code (DESIGN §4.4).
do {
    var command = try TodoTUICommand.parseAsRoot()
    try command.run()
} catch let error as CLIError {
    FileHandle.standardError.write(Data("todo-tui: \(error.description)\n".utf8))
    exit(error.exitCode)
} catch {
    TodoTUICommand.exit(withError: error)
}
