import ArgumentParser

/// `todo-tui config defaults`: a configuration file with every setting at its built-in value,
/// commented, to start a file from (`ConfigWriter.defaultsFile`; the docs include it).
struct ConfigDefaultsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "defaults", abstract: "Print a configuration file with every setting, commented.")

    func run() throws {
        print(ConfigWriter.defaultsFile, terminator: "")
    }
}
