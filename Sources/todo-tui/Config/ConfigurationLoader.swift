import Foundation
import TodoCore

/// Reads the configuration in force, in the one documented order: todo-tui's own settings, then
/// the locale's week start and clock, then the file (`ConfigLocation`), then the environment
/// (`TODO_TUI_STORE`, `TODO_TUI_SYNC_INTERVAL`, `TODO_TUI_NO_ANIMATION`). Command-line options win
/// over all of them; each command applies its own (`Configuration+Options`).
enum ConfigurationLoader {
    /// The configuration in force before options.
    /// - Parameters:
    ///   - configFlag: the `--config` option's value, if given.
    ///   - environment: the process environment.
    ///   - homeDirectory: the user's home folder.
    /// - Throws: `CLIError.configuration` for a file that cannot be used, `.invalidEnvironment`
    ///   for a variable with a value that cannot be.
    /// - Complexity: O(size of the file).
    static func load(
        configFlag: String?, environment: [String: String] = ProcessInfo.processInfo.environment,
        homeDirectory: String = NSHomeDirectory()
    ) throws(CLIError) -> Configuration {
        var configuration = Configuration()
        let location = ConfigLocation.resolve(flag: configFlag, environment: environment, homeDirectory: homeDirectory)
        configuration.file = location
        do {
            if let bytes = try ConfigFile.read(location) {
                try read(bytes, path: location.path, into: &configuration)
                configuration.fileWasRead = true
            }
        } catch {
            throw .configuration(error)
        }
        applyLocale(environment, to: &configuration)
        try applyEnvironment(environment, to: &configuration)
        var withoutStore = environment
        withoutStore["TODO_TUI_STORE"] = nil
        configuration.defaultStorePath = StoreLocation.resolve(
            explicitPath: nil, environment: withoutStore, homeDirectory: homeDirectory)
        return configuration
    }

    /// Applies the configuration file `bytes` to `configuration`.
    /// - Throws: `ConfigError` at the first problem; `configuration` is then partly changed and
    ///   must not be used.
    static func read(_ bytes: [UInt8], path: String, into configuration: inout Configuration) throws(ConfigError) {
        let document: TOMLDocument
        do {
            document = try TOMLParser.parse(bytes)
        } catch {
            throw ConfigError(path: path, position: error.position, message: sentence(error.message))
        }
        try ConfigReader.read(document, path: path, into: &configuration)
    }

    /// "the array is not closed" as a sentence: "The array is not closed."
    private static func sentence(_ message: String) -> String {
        (message.first.map { String($0).uppercased() } ?? "") + message.dropFirst() + "."
    }

    /// The week start and clock of the time locale, where the file set none.
    private static func applyLocale(_ environment: [String: String], to configuration: inout Configuration) {
        guard let locale = LocaleDefaults.timeLocale(in: environment) else { return }
        let source = SettingSource.locale(variable: locale.variable, value: locale.value)
        if configuration.source(of: "calendar.week-start") == .builtIn {
            configuration.weekStart = LocaleDefaults.weekStart(identifier: locale.identifier)
            configuration.setSource(source, of: "calendar.week-start")
        }
        if configuration.source(of: "calendar.clock") == .builtIn {
            configuration.clock = LocaleDefaults.clock(identifier: locale.identifier)
            configuration.setSource(source, of: "calendar.clock")
        }
    }

    private static func applyEnvironment(
        _ environment: [String: String], to configuration: inout Configuration
    )
        throws(CLIError)
    {
        if let store = environment["TODO_TUI_STORE"], !store.isEmpty {
            configuration.store = store
            configuration.setSource(.environment("TODO_TUI_STORE"), of: "defaults.store")
        }
        if let seconds = try EnvironmentSeconds.value(
            of: "TODO_TUI_SYNC_INTERVAL", within: 0...86_400, environment: environment)
        {
            configuration.syncInterval = seconds
            configuration.setSource(.environment("TODO_TUI_SYNC_INTERVAL"), of: "defaults.sync-interval")
        }
        if let value = environment["TODO_TUI_NO_ANIMATION"], !value.isEmpty {
            configuration.animations = value == "0"
            configuration.setSource(.environment("TODO_TUI_NO_ANIMATION"), of: "defaults.animations")
        }
    }
}
