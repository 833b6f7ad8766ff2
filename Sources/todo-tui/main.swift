import Foundation

// Before anything is allocated in earnest: how the heap serves a large load (HeapTuning).
HeapTuning.configure()

/// Parses the command line, reads the configuration in force, runs the command, and turns errors
/// into one line on stderr and a sysexits code (DESIGN §4.4). A message can quote item text, file
/// names and arguments, so on a terminal it is shown inert (`TerminalOutput`).
let arguments = Array(CommandLine.arguments.dropFirst())
do {
    if let error = ParseFailure.unknownHelpTopic(in: arguments) {
        throw error
    }
    var command = try CommandLineModel.parse(arguments)
    if var configured = command as? any ConfiguredCommand {
        try configured.storeOptions.loadConfiguration()
        command = configured
    }
    try command.run()
} catch let error as CLIError {
    TerminalOutput.note("todo-tui: \(error.description)")
    exit(error.exitCode)
} catch {
    if let usage = ParseFailure.usageError(for: error, arguments: arguments) {
        TerminalOutput.note("todo-tui: \(usage.description)")
        exit(usage.exitCode)
    }
    TodoTUICommand.exit(withError: error)
}
