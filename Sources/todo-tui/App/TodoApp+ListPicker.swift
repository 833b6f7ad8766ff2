import Foundation
import TodoCore

extension TodoApp {
    /// `L`: the picker, on the list on view.
    func openListPicker() {
        mode = .pickingList(ListPicker(purpose: .open, selected: viewedListID.map { .list($0) } ?? .all))
    }

    /// `m`: the picker, to choose where the selected to-do goes (any list but its own).
    func openMovePicker() {
        guard let item = selectedItem else {
            status = .info(nothingSelected)
            return
        }
        let lists = currentLists
        guard lists.count > 1 else {
            let make = [keys.label(.lists), configuration.editorKeys.label(.newList)].compactMap { $0 }
            status = .info(
                "There is one list only" + (make.count == 2 ? " — \(make[0]), then \(make[1]), makes another." : "."))
            return
        }
        let first = lists.first { $0.id != item.listID }?.id ?? lists[0].id
        mode = .pickingList(ListPicker(purpose: .move(item.id), selected: .list(first), excluded: item.listID))
    }

    /// Keys while the list picker is open.
    func handlePicking(_ key: Key, picker: inout ListPicker) -> [AppEffect] {
        switch picker.stage {
        case .choosing: return handleChoosing(key, picker: &picker)
        case .naming(var editor, let renaming):
            switch editor.handle(key, keys: configuration.editorKeys) {
            case .edited, .ignored:
                picker.stage = .naming(editor, renaming: renaming)
                mode = .pickingList(picker)
                return []
            case .cancelled:
                picker.stage = .choosing
                mode = .pickingList(picker)
                return []
            case .submitted(let text):
                return submitListName(text, editor: editor, renaming: renaming, picker: &picker)
            }
        case .confirmingDelete(let id, _):
            guard configuration.editorKeys.command(for: key, in: .picker) == .submit else {
                picker.stage = .choosing
                mode = .pickingList(picker)
                status = .info("Kept the list.")
                return []
            }
            return deleteList(id)
        }
    }

    private func handleChoosing(_ key: Key, picker: inout ListPicker) -> [AppEffect] {
        let lists = currentLists
        let entries = picker.entries(lists: lists)
        switch configuration.editorKeys.command(for: key, in: .picker) {
        case .submit:
            guard let entry = picker.current(in: entries) else {
                mode = .pickingList(picker)
                status = .info("No list is named like '\(picker.query.text)'.")
                return []
            }
            return choose(entry, lists: lists, purpose: picker.purpose)
        case .cancel:
            return []
        case .up, .down:
            let step = configuration.editorKeys.command(for: key, in: .picker) == .up ? -1 : 1
            if let current = picker.current(in: entries), let index = entries.firstIndex(of: current) {
                picker.selected = entries[min(max(0, index + step), entries.count - 1)]
            }
        case .newList:
            picker.stage = .naming(LineEditor(), renaming: nil)
        case .renameList:
            if let id = picker.selectedListID(in: entries), let list = lists.first(where: { $0.id == id }) {
                picker.stage = .naming(LineEditor(text: list.name, selected: true), renaming: id)
            } else {
                status = .info("Choose a list to rename.")
            }
        case .deleteList:
            guard let id = picker.selectedListID(in: entries) else {
                status = .info("Choose a list to delete.")
                break
            }
            let count = (try? context.count(for: FetchRequest(predicate: .list(id)))) ?? 0
            guard count > 0, lists.count > 1 else { return deleteList(id) }
            picker.stage = .confirmingDelete(id, count: count)
        default:
            let typed = picker.query.handle(key, keys: configuration.editorKeys)
            if typed == .edited, let first = picker.entries(lists: lists).first,
                !picker.entries(lists: lists).contains(picker.selected)
            {
                picker.selected = first
            }
        }
        mode = .pickingList(picker)
        return []
    }

    /// Opens the chosen entry, or moves the to-do into it; the picker closes.
    private func choose(_ entry: ListPicker.Entry, lists: [TodoList], purpose: ListPicker.Purpose) -> [AppEffect] {
        switch (purpose, entry) {
        // The title names the view now.
        case (.open, .all): view(list: nil)
        case (.open, .list(let id)): view(list: id)
        case (.move(let itemID), .list(let id)):
            guard let list = lists.first(where: { $0.id == id }) else { return [] }
            return move(itemID, to: list)
        case (.move, .all):
            break
        }
        return []
    }

    /// Makes the list named `text` (then opens it, or moves the to-do into it), or renames one;
    /// a bad or taken name keeps the name line open with the reason.
    private func submitListName(
        _ text: String, editor: LineEditor, renaming: UUID?, picker: inout ListPicker
    ) -> [AppEffect] {
        let name: String
        do {
            name = try TodoList.validatedName(text)
        } catch {
            picker.stage = .naming(editor, renaming: renaming)
            mode = .pickingList(picker)
            status = .error(error.description)
            return []
        }
        if let renaming {
            let old = currentLists.first { $0.id == renaming }?.name ?? ""
            let effects = commit("Renamed '\(old)' to '\(name)'" + keys.suffix(.undo, "to undo")) {
                try context.updateList(renaming) { $0.name = name }
            }
            picker.stage = effects.isEmpty ? .naming(editor, renaming: renaming) : .choosing
            picker.query = LineEditor()
            mode = .pickingList(picker)
            return effects
        }
        let list = TodoList(name: name)
        var effects = commit("Made the list '\(name)'" + keys.suffix(.undo, "to undo")) {
            try context.insertList(list)
        }
        guard !effects.isEmpty else {
            picker.stage = .naming(editor, renaming: nil)
            mode = .pickingList(picker)
            return []
        }
        switch picker.purpose {
        case .open: view(list: list.id)
        case .move(let itemID): effects += move(itemID, to: list)
        }
        return effects
    }

    /// Deletes the list with `id` and its to-dos as one undoable change; the view goes to All
    /// lists first when it showed that list, so the rows leave it animated.
    private func deleteList(_ id: UUID) -> [AppEffect] {
        let lists = currentLists
        let name = lists.first { $0.id == id }?.name ?? ""
        if lists.count > 1, viewedListID == id {
            view(list: nil)
        }
        var count = 0
        let effects = commit("") { count = try context.deleteList(id) }
        guard !effects.isEmpty else { return [] }
        let todos = count == 0 ? "" : " and its \(CountFormat.grouped(count)) to-do\(count == 1 ? "" : "s")"
        status = .info("Deleted the list '\(name)'\(todos)" + keys.suffix(.undo, "to undo"))
        return effects
    }
}
