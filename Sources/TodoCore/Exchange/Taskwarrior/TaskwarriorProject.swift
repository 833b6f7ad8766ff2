import Foundation

/// A Taskwarrior `project` is a list: the list's name, verbatim (a dotted `home.garden` is the
/// list of that name; Taskwarrior's hierarchy is in the name only).
///
/// The standard list (`TodoList.standardID`, "To-dos" until renamed) is a task without a project,
/// both ways: a to-do there exports without `project`, and a task without one imports into it.
/// Stores made before lists kept a task's project as the tag `project:NAME`; such a tag still
/// exports as the `project` of a to-do in the standard list, so those stores export as they did,
/// and importing the tasks back moves each to-do into the list of its project and drops the tag
/// (the file's tags replace the stored ones). A to-do in another list exports that list as its
/// project, leaving out a `project:` tag it may still carry.
struct TaskwarriorProject {
    private let names: [UUID: String]

    /// Projects for to-dos of `lists`.
    init(lists: [TodoList]) {
        names = Dictionary(lists.map { ($0.id, $0.name) }, uniquingKeysWith: { first, _ in first })
    }

    /// The project `item` exports with (none for the standard list without a `project:` tag, or a
    /// list not among the lists given) and its tags without the `project:` tag.
    /// - Complexity: O(t) in the item's tags.
    func split(_ item: TodoItem) -> (project: String?, tags: [String]) {
        let split = TaskwarriorFormat.splitProject(item.tags)
        guard item.listID != TodoList.standardID, let name = names[item.listID] else { return split }
        return (name, split.tags)
    }

    /// The list a task's `project` names: the standard list for none.
    /// - Throws: `ExchangeError` at `position` when the project cannot be a list's name (empty,
    ///   control characters, longer than `TodoList.maximumNameLength`).
    static func list(
        named project: String?, at position: ImportPosition, source: String
    ) throws(ExchangeError) -> TodoList {
        guard let project else { return .standard }
        let name = try TodoList.importedName(project) { problem in
            position.error(
                "the project \(StoreError.quoted(project)) cannot name a list: it \(problem)", source: source)
        }
        return TodoList(id: ImportContents.listID(forName: name), name: name)
    }
}
