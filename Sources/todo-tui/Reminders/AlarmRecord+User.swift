import Foundation
import TodoCore

extension AlarmRecord {
    /// The user's record of reminders shown, which `todo-tui remind` and the open list share:
    /// `$XDG_STATE_HOME/todo-tui`, else `~/.local/state/todo-tui`.
    static var user: AlarmRecord {
        let environment = ProcessInfo.processInfo.environment
        return AlarmRecord(
            folder: AlarmRecord.defaultFolder(
                environment: environment,
                homeDirectory: environment["HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil } ?? NSHomeDirectory()))
    }
}
