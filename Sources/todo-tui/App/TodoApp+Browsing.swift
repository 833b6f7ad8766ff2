import Foundation
import TodoCore

extension TodoApp {
    /// A key while the list is browsed: the command the key map binds it to, if any.
    func handleBrowse(_ key: Key) -> [AppEffect] {
        guard let command = keys.command(for: key) else { return [] }
        return run(command)
    }

    /// Runs one of the list's commands (`KeyMap`).
    private func run(_ command: BrowseCommand) -> [AppEffect] {
        switch command {
        case .down: table.selectNext()
        case .up: table.selectPrevious()
        case .first: table.selectFirst()
        case .last: table.selectLast()
        case .pageDown: table.pageDown()
        case .pageUp: table.pageUp()
        case .add: openEditor(LineEditor(), .add(due: selectedSectionDay))
        case .edit: return beginEditing(\.text) { .text($0) }
        case .date:
            // The date is a suggestion: typing a new one replaces it, arrows edit it.
            return beginEditing(
                { [calendar] in $0.date.map { DateInput.editableText(for: $0, calendar: calendar) } ?? "" },
                selected: true
            ) { .date($0) }
        case .start:
            return beginEditing(
                { [calendar] in $0.start.map { DateInput.editableText(for: $0, calendar: calendar) } ?? "" },
                selected: true
            ) { .start($0) }
        case .repeat:
            // The rule in words is a suggestion: typing replaces it, arrows edit it.
            return beginEditing(
                { [calendar] in $0.repetition.map { $0.repetition.description(calendar: calendar) } ?? "" },
                selected: true
            ) { .repetition($0) }
        case .remind:
            // The reminders in words are a suggestion: typing replaces them, arrows edit them.
            return beginEditing({ [calendar] in Self.reminderText(of: $0, calendar: calendar) }, selected: true) {
                .reminders($0)
            }
        case .dismiss: return dismissShownAlarm()
        case .snooze: return snoozeShownAlarm(.tenMinutes)
        case .snoozeHour: return snoozeShownAlarm(.hour)
        case .snoozeDay: return snoozeShownAlarm(.day)
        case .delete:
            return changeSelected(describe: { [keys] in "Deleted '\($0.text)'" + keys.suffix(.undo, "to undo") }) {
                [context] item in
                try context.delete(item.id)
            }
        case .done:
            if let item = selectedItem, !item.isDone, item.repetition == nil,
                let problem = item.foreign.recurrenceProblem
            {
                status = .error(Self.recurringRefusal(text: item.text, problem: problem))
                return []
            }
            return toggleDone()
        case .priority:
            return changeSelected(describe: { [keys] in
                "Priority of '\($0.text)': \(Self.nextPriority($0.priority))" + keys.suffix(.undo, "to undo")
            }) { [context] item in
                try context.update(item.id) { $0.priority = Self.nextPriority($0.priority) }
            }
        case .tags:
            // The tags are a suggestion: typing replaces them, arrows edit them.
            return beginEditing({ $0.tags.joined(separator: " ") }, selected: true) { .tags($0) }
        case .notes: return openNotesEditor()
        case .color:
            return changeSelected(describe: { "Colour of '\($0.text)': \($0.color.next)" }) { [context] item in
                try context.update(item.id) { $0.color = $0.color.next }
            }
        case .undo: return undoOrRedo(undo: true)
        case .redo: return undoOrRedo(undo: false)
        case .filter: mode = .filtering(LineEditor(text: filterText))
        case .clearFilter where !filterText.isEmpty:
            applyFilter("")
            controller.discardKeptFilteredResults()
        case .clearFilter: break
        case .order: cycleListOrder()
        case .lists: openListPicker()
        case .move: openMovePicker()
        case .help: mode = .help(firstLine: 0)
        case .copy: openCopyEditor()
        case .sync: return syncNow()
        // The run loop suspends in every mode before a key reaches the app.
        case .suspend: break
        case .quit: return [.quit]
        }
        return []
    }

    /// What the status line says when a key needs a selected to-do and there is none.
    var nothingSelected: String {
        "Nothing selected" + (keys.phrase(.add, "to add a to-do").map { " — press \($0)" } ?? "") + "."
    }

    /// The day of the section the selection is in, as a whole day: where `a` adds. Nil under
    /// "No date", and with nothing selected (an empty list), where a new to-do has no date.
    var selectedSectionDay: ItemDate? {
        guard let item = selectedItem, let date = item.date else { return nil }
        return ItemDate(date: calendar.startOfDay(for: date), hasTime: false)
    }

    /// The sentence that refuses to complete an item another program made repeat by a rule
    /// todo-tui cannot compute (`problem`, a sentence, says why): completing it here would end the
    /// series on the other program's side. The CLI's `done` says the same.
    static func recurringRefusal(text: String, problem: String) -> String {
        let reason = problem.prefix(1).lowercased() + problem.dropFirst()
        return "'\(text)' repeats by another program's rule, so completing it is left to that program: " + reason
    }

    /// The priority `p` moves to: none → low → medium → high → none.
    static func nextPriority(_ priority: TodoPriority) -> TodoPriority {
        TodoPriority(rawValue: (priority.rawValue + 1) % TodoPriority.allCases.count) ?? .none
    }

    /// Opens the notes editor on the selected item, with a scratch context as the line editor's.
    private func openNotesEditor() -> [AppEffect] {
        guard let item = selectedItem else {
            status = .info(nothingSelected)
            return []
        }
        let scratch = TodoContext(parent: context)
        // The parent is loaded already, so reading cannot fail; the read takes the snapshot.
        _ = try? scratch.item(with: item.id)
        editorContext = scratch
        mode = .notes(NotesEditor(text: item.notes), item.id, confirmingDiscard: false)
        return []
    }

    /// Opens the line editor on the selected item, prefilled by `initialText` (selected, so that
    /// typing replaces it, when `selected`).
    private func beginEditing(
        _ initialText: (TodoItem) -> String, selected: Bool = false, purpose: (UUID) -> EditPurpose
    ) -> [AppEffect] {
        guard let item = selectedItem else {
            status = .info(nothingSelected)
            return []
        }
        openEditor(LineEditor(text: initialText(item), selected: selected), purpose(item.id))
        return []
    }

    /// Opens the line editor with a fresh child context as its scratch pad, which takes its
    /// snapshot of the edited item now: a change made elsewhere before Enter is then a conflict
    /// for the merge policy, not silently overwritten.
    private func openEditor(_ editor: LineEditor, _ purpose: EditPurpose) {
        let scratch = TodoContext(parent: context)
        if let id = purpose.itemID {
            // The parent is loaded already, so reading cannot fail; the read takes the snapshot.
            _ = try? scratch.item(with: id)
        }
        editorContext = scratch
        mode = .editing(editor, purpose)
        // A rule or reminders prefilled are previewed before the first key, not after it.
        if !editor.text.isEmpty, let preview = preview(of: editor.text, for: purpose) {
            status = .info(preview)
        }
    }

    /// Applies `change` to the selected item, processes it (the table animates) and saves.
    private func changeSelected(describe: (TodoItem) -> String, _ change: (TodoItem) throws -> Void) -> [AppEffect] {
        guard let item = selectedItem else {
            status = .info(nothingSelected)
            return []
        }
        return commit(describe(item)) { try change(item) }
    }

    /// Runs a model change, delivers it to the controller (and so the table), shows `message`
    /// and asks for a save.
    func commit(_ message: String, _ change: () throws -> Void) -> [AppEffect] {
        do {
            try change()
        } catch {
            status = .error("\(error)")
            return []
        }
        context.processPendingChanges()
        status = .info(message)
        return [.save]
    }

    private func undoOrRedo(undo: Bool) -> [AppEffect] {
        guard undo ? context.canUndo : context.canRedo else {
            status = .info(undo ? "Nothing to undo." : "Nothing to redo.")
            return []
        }
        // The selection goes to what the undo brought back or changed, so it can be seen.
        var restored: UUID?
        let token = context.observeObjectsDidChange { batch in
            restored = (batch.inserted.first ?? batch.updated.first?.new)?.id
        }
        let redo = keys.spelledKeys(.redo).map { " — \($0) to redo" } ?? ""
        let effects = commit(undo ? "Undone" + redo : "Redone") {
            undo ? context.undo() : context.redo()
        }
        token.cancel()
        if let restored, let path = controller.indexPath(forItemWithID: restored) {
            table.selectRow(at: path)
        }
        return effects
    }

    /// The next of the list's orders (`ListOrder`): a request change, animated as moves.
    private func cycleListOrder() {
        let order = listOrder.next
        changeRequest { [calendar] in $0.sortDescriptors = order.sortDescriptors(calendar: calendar) }
        listOrder = order
        status = .info(order.announcement)
    }
}
