import Foundation
import TodoCore

/// The list picker's state: `L` opens it to choose the view (a list, or All lists), `m` to choose
/// where the selected to-do goes; in both, lists can be made, renamed and deleted.
///
/// Typing narrows the lists (a name containing what is typed, ignoring case and diacritics), so
/// the picker's own commands take keys that type nothing (`EditorCommand`'s `new-list`,
/// `rename-list`, `delete-list`, by default Ctrl-N, Ctrl-R, Ctrl-D; Enter opens, ↑ ↓ choose,
/// Esc closes).
struct ListPicker: Equatable {
    /// What choosing a list does.
    enum Purpose: Equatable {
        /// Shows the list (or All lists).
        case open
        /// Moves the to-do with this id into the list.
        case move(UUID)
    }

    /// One line of the picker.
    enum Entry: Equatable {
        /// Every list's to-dos (when opening).
        case all
        case list(UUID)
    }

    /// What the picker is doing.
    enum Stage: Equatable {
        /// Choosing among the entries.
        case choosing
        /// Typing the name of a new list, or the new name of the list with the id.
        case naming(LineEditor, renaming: UUID?)
        /// Asking before the list with this id is deleted with the `count` to-dos it holds.
        case confirmingDelete(UUID, count: Int)
    }

    var purpose: Purpose
    /// What is typed to narrow the lists.
    var query = LineEditor()
    /// The entry under the selection; kept while narrowing leaves it shown.
    var selected: Entry
    var stage = Stage.choosing
    /// The list the to-do being moved is in: not offered as its destination.
    var excluded: UUID?

    /// The entries for `lists`, in the lists' order: All lists first when opening; then every
    /// list whose name contains the query (All lists too, by its title).
    /// - Complexity: O(lists × name length).
    func entries(lists: [TodoList]) -> [Entry] {
        let query = query.text.trimmingCharacters(in: .whitespaces)
        let matches = { (name: String) in
            query.isEmpty || name.range(of: query, options: [.caseInsensitive, .diacriticInsensitive]) != nil
        }
        var entries: [Entry] = []
        if purpose == .open, matches(TodoApp.allListsTitle) {
            entries.append(.all)
        }
        for list in lists where list.id != excluded && matches(list.name) {
            entries.append(.list(list.id))
        }
        return entries
    }

    /// The selected entry if `entries` shows it, else the first entry.
    func current(in entries: [Entry]) -> Entry? {
        entries.contains(selected) ? selected : entries.first
    }

    /// The id of the selected list; nil on All lists or when nothing is shown.
    func selectedListID(in entries: [Entry]) -> UUID? {
        if case .list(let id) = current(in: entries) { id } else { nil }
    }
}
