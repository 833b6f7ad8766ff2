import Foundation

/// A list of to-dos (Work, Home, Shopping): what a CalDAV calendar collection, a todoman folder
/// or a Taskwarrior project is elsewhere.
///
/// A store holds one or more lists in an order (the order of `TodoContext.lists`); every item
/// belongs to exactly one, named by `TodoItem.listID`. Names are compared case-insensitively
/// when a person names a list (`named(_:in:)`); the context keeps them distinct.
public struct TodoList: Sendable, Hashable, Identifiable {
    /// The list's identity; kept by renames and recolours.
    public var id: UUID
    /// What a person calls the list; non-empty, without control characters.
    public var name: String
    /// The list's colour, one of the eight terminal colours an item can carry.
    public var color: TodoColor

    public init(id: UUID = UUID(), name: String, color: TodoColor = .default) {
        self.id = id
        self.name = name
        self.color = color
    }

    /// The id of the list a new store starts with, and the list of every item a store of an
    /// older format holds (those stores had no lists). An item of this list stores no list key.
    public static let standardID = UUID(uuid: (0, 0, 0, 0, 0, 0, 0x40, 0, 0x80, 0, 0, 0, 0, 0, 0, 1))

    /// The one list of a new store and of a store of an older format: "To-dos".
    public static let standard = TodoList(id: standardID, name: "To-dos")

    /// The longest list name, in characters, that a person may type.
    public static let maximumNameLength = 256

    /// The first of `lists` whose name equals `name` ignoring case, or nil.
    /// - Complexity: O(n) in the number of lists.
    public static func named(_ name: String, in lists: [TodoList]) -> TodoList? {
        lists.first { $0.name.caseInsensitiveCompare(name) == .orderedSame }
    }

    /// `names` as a sentence lists them, quoted: `"Work"`, `"Work" and "Home"`,
    /// `"A", "B" and "C"`; `none` for no names.
    /// - Complexity: O(n) in the total length of the names.
    public static func listing(_ names: [String]) -> String {
        let quoted = names.map { "\"\($0)\"" }
        guard let last = quoted.last else { return "none" }
        return quoted.count == 1 ? last : quoted.dropLast().joined(separator: ", ") + " and " + last
    }

    /// Checks a list name typed by a person and returns it trimmed of surrounding white space.
    /// - Throws: `ItemError` as for an item's text (`TodoItem.validatedText`), or
    ///   `.textTooLong` past `maximumNameLength`.
    /// - Complexity: O(n) in the length of the name.
    public static func validatedName(_ raw: String) throws(ItemError) -> String {
        let name = try TodoItem.validatedText(raw)
        guard name.count <= maximumNameLength else { throw .textTooLong(count: name.count) }
        return name
    }
}
