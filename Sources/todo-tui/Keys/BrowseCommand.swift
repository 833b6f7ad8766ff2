/// What a key does while the list is browsed, by the name a configuration file binds keys to
/// (`done = ["x", "space"]`): short, lowercase, stable.
enum BrowseCommand: String, CaseIterable, Sendable {
    case down, up, first, last
    case pageDown = "page-down"
    case pageUp = "page-up"
    case add, edit, delete, done, color, priority, tags, notes, date, start, undo, redo, filter
    /// Clears the live filter (when one is set).
    case clearFilter = "clear-filter"
    case order, copy, sync, help
    /// Gives the terminal back until `fg`; unlike the others, in every mode (the run loop's).
    case suspend
    case quit
}
