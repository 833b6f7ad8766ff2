import ArgumentParser

/// `todo-tui config [path | check | defaults | keys]`: the configuration file and the settings in
/// force. Without a subcommand, prints the settings in force and where each came from.
struct ConfigCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "config",
        abstract: "Show the settings in force, or the configuration file's path, check it, print every setting.",
        discussion:
            "The configuration file is --config PATH, else $TODO_TUI_CONFIG, else "
            + "$XDG_CONFIG_HOME/todo-tui/config.toml, else ~/.config/todo-tui/config.toml. What wins: an option, "
            + "else an environment variable, else the file, else the locale (week start, clock), else the built-in "
            + "value.",
        subcommands: [
            ConfigShowCommand.self, ConfigPathCommand.self, ConfigCheckCommand.self, ConfigDefaultsCommand.self,
            ConfigKeysCommand.self,
        ],
        defaultSubcommand: ConfigShowCommand.self
    )
}
