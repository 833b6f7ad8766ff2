import ArgumentParser
import Foundation

/// `todo-tui config check [PATH]`: reads a configuration file as every command would, without
/// starting anything; a problem is reported at its line and column with exit 78.
struct ConfigCheckCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check", abstract: "Check a configuration file (default: the one in force) without starting.")

    @Argument(help: ArgumentHelp("The file to check (default: the configuration file in force).", valueName: "path"))
    var path: String?

    @OptionGroup var storeOptions: StoreOptions

    func run() throws {
        let location =
            path.map { ConfigLocation(path: $0, origin: .argument) }
            ?? ConfigLocation.resolve(
                flag: storeOptions.config, environment: ProcessInfo.processInfo.environment,
                homeDirectory: NSHomeDirectory())
        var configuration = Configuration()
        do {
            guard let bytes = try ConfigFile.read(location) else {
                print(
                    "No configuration file at \(location.path) (\(location.originDescription)); the built-in "
                        + "settings are in force."
                )
                return
            }
            try ConfigurationLoader.read(bytes, path: location.path, into: &configuration)
        } catch {
            throw CLIError.configuration(error)
        }
        print("\(location.path): fine.")
    }
}
