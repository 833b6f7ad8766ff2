/// What a key does while the list is browsed, by the name a configuration file binds keys to
/// (`done = ["x", "space"]`): short, lowercase, stable.
enum BrowseCommand: String, CaseIterable, Sendable {
    case down, up, first, last
    case pageDown = "page-down"
    case pageUp = "page-up"
    case add, edit, delete, done, color, priority, tags, notes, date, start, undo, redo, filter
    /// Makes the selected to-do repeat (`r`), in words.
    case `repeat`
    /// Sets the selected to-do's reminders (`b`), with a preview of when they go off.
    case remind
    /// Dismisses the reminder the status line shows; the snoozes bring it back in 10 minutes, an
    /// hour, or this time tomorrow.
    case dismiss
    case snooze
    case snoozeHour = "snooze-hour"
    case snoozeDay = "snooze-day"
    /// Clears the live filter (when one is set).
    case clearFilter = "clear-filter"
    /// Opens the list picker: open one list or all of them, make, rename or delete a list.
    case lists
    /// Moves the selected to-do to another list, chosen in the list picker.
    case move
    case order, copy, sync, help
    /// Gives the terminal back until `fg`; unlike the others, in every mode (the run loop's).
    case suspend
    case quit

    /// What the command does, for `todo-tui config keys` and the configuration's comments.
    var summary: String {
        switch self {
        case .down: "next item"
        case .up: "previous item"
        case .first: "first item"
        case .last: "last item"
        case .pageDown: "a page down"
        case .pageUp: "a page up"
        case .add: "add a to-do"
        case .edit: "edit the text"
        case .delete: "delete the to-do (undoable)"
        case .done: "toggle done"
        case .color: "cycle the colour"
        case .priority: "cycle the priority"
        case .tags: "edit the tags"
        case .notes: "edit the notes"
        case .date: "change the date"
        case .start: "change the start (not before)"
        case .repeat: "make the to-do repeat, in words"
        case .remind: "set the reminders (15m, 1h, 1d before due, at 9:00, none)"
        case .dismiss: "dismiss the reminder the status line shows"
        case .snooze: "snooze the reminder shown for 10 minutes"
        case .snoozeHour: "snooze the reminder shown for an hour"
        case .snoozeDay: "snooze the reminder shown until this time tomorrow"
        case .undo: "undo"
        case .redo: "redo"
        case .filter: "filter as you type"
        case .clearFilter: "clear the filter"
        case .lists: "the list picker: open, make, rename or delete a list"
        case .move: "move the to-do to another list"
        case .order: "next order"
        case .copy: "write the whole list to a new file"
        case .sync: "sync now"
        case .help: "the key table"
        case .suspend: "suspend (fg resumes); in every mode, so a control key only"
        case .quit: "quit"
        }
    }
}
