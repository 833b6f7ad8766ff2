/// Where the value of a setting in force came from, in the order that decides it: built in, the
/// locale (week start and clock), the configuration file, an environment variable, a
/// command-line option; each later one wins.
enum SettingSource: Equatable, Sendable, CustomStringConvertible {
    case builtIn
    /// The locale variable that decided it, and its value (`LC_TIME`, `en_US.UTF-8`).
    case locale(variable: String, value: String)
    /// The line of the configuration file that set it.
    case file(line: Int)
    /// The environment variable that set it.
    case environment(String)
    /// The command-line option that set it.
    case flag(String)

    /// As `todo-tui config` writes it after a value: "default", "locale LC_TIME=en_US.UTF-8",
    /// "file, line 12", "environment TODO_TUI_STORE", "option --store".
    var description: String {
        switch self {
        case .builtIn: "default"
        case .locale(let variable, let value): "locale \(variable)=\(value)"
        case .file(let line): "file, line \(line)"
        case .environment(let name): "environment \(name)"
        case .flag(let name): "option \(name)"
        }
    }
}
