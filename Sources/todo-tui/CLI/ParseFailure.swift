import ArgumentParser

/// Turns what the argument parser refuses into the CLI's one-sentence errors (DESIGN §4.4).
///
/// The parser's own report is "Error: …" followed by the usage; scripts get the same shape as
/// every other refusal instead: `todo-tui: <sentence>` on stderr and exit 64. Help and version
/// requests are not failures and keep the parser's output.
enum ParseFailure {
    /// The usage error for a parse failure of `arguments`, or nil for anything else (help,
    /// `--version`, completion scripts). An option unknown to the command the arguments name
    /// but taken by another is said so (`CommandLineModel.misplacedOption(in:)`).
    static func usageError(for error: any Error, arguments: [String]) -> CLIError? {
        guard TodoTUICommand.exitCode(for: error) == .validationFailure else { return nil }
        let message = TodoTUICommand.message(for: error)
        if message.hasPrefix("Unknown option '"), let misplaced = CommandLineModel.misplacedOption(in: arguments) {
            return misplaced
        }
        let firstLine =
            message.split(separator: "\n", omittingEmptySubsequences: true).first.map(String.init)
            ?? "Invalid arguments."
        let trimmed = firstLine.trimmingCharacters(in: .whitespaces)
        let sentence = trimmed.hasSuffix(".") ? trimmed : trimmed + "; see todo-tui --help."
        return .usage(sentence)
    }

    /// `todo-tui help NAME…` for a NAME that is no subcommand: the parser would print the
    /// root's help and succeed, hiding the typo.
    static func unknownHelpTopic(in arguments: [String]) -> CLIError? {
        guard arguments.first == "help" else { return nil }
        var command: any ParsableCommand.Type = TodoTUICommand.self
        for name in arguments.dropFirst() where !name.hasPrefix("-") {
            guard let next = command.configuration.subcommands.first(where: { $0.configuration.commandName == name })
            else {
                return .usage("There is no command '\(name)'; see todo-tui --help for the commands.")
            }
            command = next
        }
        return nil
    }
}
