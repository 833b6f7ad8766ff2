import ArgumentParser
import Foundation

/// `todo-tui config path`: the configuration file in force, on standard output, and on standard
/// error what chose it and whether it exists. Works whatever the file holds.
struct ConfigPathCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "path", abstract: "Print the path of the configuration file in force.")

    @OptionGroup var storeOptions: StoreOptions

    func run() throws {
        let location = ConfigLocation.resolve(
            flag: storeOptions.config, environment: ProcessInfo.processInfo.environment,
            homeDirectory: NSHomeDirectory())
        print(location.path)
        let exists = FileManager.default.fileExists(atPath: location.path)
        TerminalOutput.note(
            "(\(location.originDescription); "
                + (exists
                    ? "todo-tui config check checks it)"
                    : "no file there yet, so the built-in settings are in force; todo-tui config defaults prints one)"))
    }
}
