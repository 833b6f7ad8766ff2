import Foundation

/// A number of seconds set by an environment variable (`TODO_TUI_LOCK_TIMEOUT`,
/// `TODO_TUI_SYNC_INTERVAL`, the sync's time-outs): the one rule for reading and checking such
/// settings.
enum EnvironmentSeconds {
    /// The value of `name` in seconds, or nil when it is unset or empty.
    /// - Throws: `CLIError.invalidEnvironment` naming the variable, its value and `range` when
    ///   it is not a number in `range`.
    static func value(
        of name: String, within range: ClosedRange<Double>,
        environment: [String: String] = ProcessInfo.processInfo.environment
    ) throws(CLIError) -> Double? {
        guard let text = environment[name], !text.isEmpty else { return nil }
        guard let seconds = Double(text), range.contains(seconds) else {
            throw .invalidEnvironment(
                name: name, value: text,
                expected: "a number of seconds from \(Int(range.lowerBound)) to \(Int(range.upperBound))")
        }
        return seconds
    }
}
