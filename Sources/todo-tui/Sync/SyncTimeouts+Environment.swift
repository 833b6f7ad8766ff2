import TodoSyncModel

extension SyncTimeouts {
    /// The variables that set each limit, with the range each accepts, in seconds.
    static var environmentVariables: [(name: String, range: ClosedRange<Double>, limit: WritableKeyPath<Self, Double>)]
    {
        [
            ("TODO_TUI_SYNC_CONNECT_TIMEOUT", 1...600, \.connect),
            ("TODO_TUI_SYNC_SILENCE_TIMEOUT", 1...3_600, \.silence),
            ("TODO_TUI_SYNC_REQUEST_TIMEOUT", 1...86_400, \.request),
            ("TODO_TUI_SYNC_RUN_TIMEOUT", 1...86_400, \.run),
        ]
    }

    /// The limits `todo-tui sync` hands its helper: the defaults, each replaced by its variable
    /// when that is set.
    /// - Throws: `CLIError.invalidEnvironment` for a value that is not a number of seconds in range.
    static func fromEnvironment() throws(CLIError) -> SyncTimeouts {
        var timeouts = SyncTimeouts()
        for variable in environmentVariables {
            if let seconds = try EnvironmentSeconds.value(of: variable.name, within: variable.range) {
                timeouts[keyPath: variable.limit] = seconds
            }
        }
        return timeouts
    }
}
