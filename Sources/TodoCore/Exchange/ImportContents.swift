import Foundation

/// What an import file holds: its items and the lists it names.
///
/// An item whose `listID` is the id of one of `lists` is in that list by the file's word; any
/// other item's file said nothing about its list (a CSV row, an iCalendar file without
/// `X-WR-CALNAME`), and an import leaves a matched item where it is and puts a new one in the
/// store's first list. A format that names lists by name (a Taskwarrior `project`, a vdir
/// folder's `displayname`) gets one list per name, ignoring case, with an id derived from the
/// name (`uuid5(7b7ec23c-2872-4056-aab2-b157369ebddc, "list:" + lowercased name)`), or, for a
/// vdir folder named by a UUID (as `--export vdir` names them), that UUID.
public struct ImportContents: Sendable, Hashable {
    /// The items, in input order.
    public var items: [TodoItem]
    /// The lists the file names, in the order it first names them.
    public var lists: [TodoList]

    public init(items: [TodoItem], lists: [TodoList] = []) {
        self.items = items
        self.lists = lists
    }

    /// The id of a list the file names only by `name`: the same for every spelling of the name
    /// that differs only in letter case, as list names are matched.
    /// - Complexity: O(n) in the length of the name.
    static func listID(forName name: String) -> UUID {
        StableID.uuid(name: "list:" + name.lowercased())
    }
}
