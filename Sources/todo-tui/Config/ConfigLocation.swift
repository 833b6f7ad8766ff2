import Foundation

/// Which configuration file is in force, by one documented order: `--config PATH`, else
/// `$TODO_TUI_CONFIG`, else `$XDG_CONFIG_HOME/todo-tui/config.toml` (when `XDG_CONFIG_HOME` is an
/// absolute path, as the XDG Base Directory specification says), else
/// `~/.config/todo-tui/config.toml`. Only that one file is read: no second location can silently
/// win. A file named by the option or the variable must exist; the default location may be
/// empty (the built-in settings are then in force).
struct ConfigLocation: Equatable, Sendable {
    /// What chose the file.
    enum Origin: Equatable, Sendable {
        case flag, environment, xdgConfigHome, home
        /// Named as `config check`'s argument.
        case argument
    }

    let path: String
    let origin: Origin

    /// The variable that names a file.
    static let environmentVariable = "TODO_TUI_CONFIG"

    /// Whether the user named the file (so that its absence is an error).
    var isNamed: Bool { origin == .flag || origin == .environment || origin == .argument }

    /// How a sentence says what chose the file: "named by --config", "named by $TODO_TUI_CONFIG",
    /// "the default location".
    var originDescription: String {
        switch origin {
        case .flag: "named by --config"
        case .argument: "named on the command line"
        case .environment: "named by $\(Self.environmentVariable)"
        case .xdgConfigHome: "the default location, under $XDG_CONFIG_HOME"
        case .home: "the default location"
        }
    }

    /// The file in force. Empty values count as unset. Nothing is read from the process, so
    /// the rules are testable.
    /// - Parameters:
    ///   - flag: the `--config` option's value, if given.
    ///   - environment: the process environment.
    ///   - homeDirectory: the user's home folder.
    static func resolve(flag: String?, environment: [String: String], homeDirectory: String) -> ConfigLocation {
        if let flag, !flag.isEmpty { return ConfigLocation(path: flag, origin: .flag) }
        if let named = environment[environmentVariable], !named.isEmpty {
            return ConfigLocation(path: named, origin: .environment)
        }
        if let configHome = environment["XDG_CONFIG_HOME"], configHome.hasPrefix("/") {
            return ConfigLocation(path: joined(configHome, "todo-tui/config.toml"), origin: .xdgConfigHome)
        }
        return ConfigLocation(path: joined(homeDirectory, ".config/todo-tui/config.toml"), origin: .home)
    }

    private static func joined(_ folder: String, _ relative: String) -> String {
        folder.hasSuffix("/") ? folder + relative : folder + "/" + relative
    }
}
