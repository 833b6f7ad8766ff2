/// Why a todo-stress mode could not run as asked.
enum StressError: Error, Equatable, CustomStringConvertible {
    /// The command line does not fit the mode; the message says how.
    case usage(String)
    /// A file another process was to create did not appear in time.
    case waitTimedOut(path: String, seconds: Int)

    /// The exit status: 64 for usage (sysexits), 1 otherwise.
    var exitCode: Int32 {
        switch self {
        case .usage: 64
        case .waitTimedOut: 1
        }
    }

    var description: String {
        switch self {
        case .usage(let message):
            message
        case .waitTimedOut(let path, let seconds):
            "The file \(path) did not appear within \(seconds) seconds."
        }
    }
}
