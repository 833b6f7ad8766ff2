import ArgumentParser

/// `todo-tui config [show] [--store PATH] [--merge-policy P] [--no-animation]`: the settings the
/// list would start with, as a TOML file, each with where its value came from.
struct ConfigShowCommand: ParsableCommand, ConfiguredCommand {
    static let configuration = CommandConfiguration(
        commandName: "show",
        abstract:
            "Print the settings in force, each with where it came from (default, locale, file, environment, option)."
    )

    @OptionGroup var storeOptions: StoreOptions

    @OptionGroup var mergeOptions: MergePolicyOption

    @Flag(help: "Show the settings as todo-tui --no-animation would have them.")
    var noAnimation = false

    func run() throws {
        var configuration = try storeOptions.configuration.applyingListOptions(mergeOptions, noAnimation: noAnimation)
        configuration.store = storeOptions.storePath
        if configuration.source(of: "defaults.store") == .builtIn {
            configuration.defaultStorePath = storeOptions.storePath
            configuration.store = nil
        }
        print(ConfigWriter.effectiveFile(configuration), terminator: "")
    }
}
