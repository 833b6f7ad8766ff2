/// A Taskwarrior attribute that todo-tui does not map, kept exactly as read.
public struct ForeignAttribute: Sendable, Hashable {
    /// The attribute's name (`annotations`, `recur`, a UDA's name, …).
    public var name: String
    /// Its value as JSON text, exactly as the file had it (`"weekly"`, `[{"entry": …}]`, `3`).
    public var rawJSON: String

    public init(name: String, rawJSON: String) {
        self.name = name
        self.rawJSON = rawJSON
    }
}
