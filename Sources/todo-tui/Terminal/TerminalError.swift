/// Why a terminal could not be opened.
enum TerminalError: Error, Equatable, CustomStringConvertible {
    /// Standard input or output is not a terminal (a pipe, a file, a CI job).
    case notInteractive
    /// A file given to the terminal could not be opened.
    case cannotOpen(path: String)
    /// ncurses knows no terminal of this type (`TERM`); empty when `TERM` is unset.
    case unknownTerminalType(String)

    var description: String {
        switch self {
        case .notInteractive:
            "The interactive app needs a terminal on standard input and standard output."
        case .cannotOpen(let path):
            "Cannot open '\(path)' for the terminal."
        case .unknownTerminalType(let type) where type.isEmpty:
            "TERM is not set, so the terminal type is unknown; set it, for example TERM=xterm-256color."
        case .unknownTerminalType(let type):
            "The terminal type '\(type)' is unknown to ncurses; set TERM to a known type such as xterm-256color."
        }
    }
}
