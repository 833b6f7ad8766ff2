import Foundation
import TodoCore

extension TodoApp {
    /// Keys while a line is edited for adding, editing or re-dating.
    func handleEditing(_ key: Key, editor: inout LineEditor, purpose: EditPurpose) -> [AppEffect] {
        switch editor.handle(key, keys: configuration.editorKeys) {
        case .edited:
            mode = .editing(editor, purpose)
            status = preview(of: editor.text, for: purpose).map { .info($0) }
            return []
        case .ignored:
            mode = .editing(editor, purpose)
            return []
        case .cancelled:
            // Discarding the scratch pad leaves the list's context untouched.
            closeEditor(nil)
            return []
        case .submitted(let text) where purpose == .copyPath:
            return submitCopyPath(text, editor: editor)
        case .submitted(let text):
            return submit(text, for: purpose, editor: editor)
        }
    }

    /// What the line will make, shown above it as it is typed and as it opens: the add line's
    /// date, the rule's next dates, when each reminder goes off; nil for the other lines.
    func preview(of text: String, for purpose: EditPurpose) -> String? {
        switch purpose {
        case .add(let due): addPreview(of: text, due: due)
        case .repetition(let id): repeatPreview(of: text, itemID: id)
        case .reminders(let id): reminderPreview(of: text, itemID: id)
        default: nil
        }
    }

    /// Applies an edited line in the editor's scratch pad and pushes it into the list's context;
    /// on bad input the editor stays open with the reason shown.
    private func submit(_ text: String, for purpose: EditPurpose, editor: LineEditor) -> [AppEffect] {
        guard let scratch = editorContext else {
            preconditionFailure("an open editor has a scratch context")
        }
        do {
            switch purpose {
            case .add(let due):
                let line = try QuickAddParser.parse(text, now: now, calendar: calendar)
                var item = TodoItem(text: "", date: nil, createdAt: now)
                item.dueDate = due
                line.apply(to: &item, now: now, calendar: calendar)
                try line.applyReminders(to: &item, now: now, calendar: calendar)
                item.text = try TodoItem.validatedText(item.text)
                let lists = try scratch.lists()
                if let name = line.listName {
                    guard let list = TodoList.named(name, in: lists) else {
                        mode = .editing(editor, purpose)
                        status = .error(
                            "No list is named \"\(name)\"; the lists are \(TodoList.listing(lists.map(\.name))).")
                        return []
                    }
                    item.listID = list.id
                } else {
                    // The list on view, else the first list, as the command line's `add`.
                    item.listID = lists.first { $0.id == viewedListID }?.id ?? lists[0].id
                }
                try scratch.insert(item)
                let valid = item.text
                let effects = pushEditor("Added '\(valid)'" + keys.suffix(.undo, "to undo"))
                if let path = controller.indexPath(forItemWithID: item.id) {
                    table.selectRow(at: path)
                } else if !filterText.isEmpty, mode == .browse, status?.kind == .info {
                    // Saved, but the filter hides it: without a word it would seem lost.
                    status = .info(
                        "Added '\(valid)' — hidden by the filter"
                            + (keys.phrase(.clearFilter, "shows it").map { ", " + $0 } ?? ""))
                } else if viewedListID != nil, item.listID != viewedListID, mode == .browse, status?.kind == .info {
                    // Saved into another list (`list:NAME`), which this view does not show.
                    let name = lists.first { $0.id == item.listID }?.name ?? ""
                    status = .info("Added '\(valid)' to \(name)" + keys.suffix(.undo, "to undo"))
                }
                return effects
            case .text(let id):
                let valid = try TodoItem.validatedText(text)
                try scratch.update(id) { $0.text = valid }
                return pushEditor("Edited '\(valid)'" + keys.suffix(.undo, "to undo"))
            case .tags(let id):
                var tags = TodoTags()
                for word in text.split(whereSeparator: \.isWhitespace) {
                    tags.insert(try TodoTags.validatedTag(String(word)))
                }
                try scratch.update(id) { $0.tags = tags }
                let shown = tags.isEmpty ? "none" : tags.map { "#" + $0 }.joined(separator: " ")
                let edited = try scratch.item(with: id)?.text ?? ""
                return pushEditor("Tags of '\(edited)': \(shown)" + keys.suffix(.undo, "to undo"))
            case .copyPath:
                preconditionFailure("the copy path is submitted by submitCopyPath")
            case .date(let id):
                return try submitDate(text, of: id, in: scratch, field: \.dueDate) { item, date in
                    date.map { "Moved '\(item.text)' to \(titles.title(forDay: $0.date, today: now))" }
                        ?? "'\(item.text)' has no date now"
                }
            case .repetition(let id):
                return try submitRepetition(text, of: id, in: scratch)
            case .reminders(let id):
                return try submitReminders(text, of: id, in: scratch)
            case .start(let id):
                return try submitDate(text, of: id, in: scratch, field: \.startDate) { item, start in
                    start.map { "'\(item.text)' starts \(DayLabel.text(for: $0, now: now, calendar: calendar))" }
                        ?? "'\(item.text)' has no start now"
                }
            }
        } catch let error as QuickAddError {
            mode = .editing(editor, purpose)
            status = .error(error.description)
            return []
        } catch let error as ItemError {
            mode = .editing(editor, purpose)
            status = .error(error.description)
            return []
        } catch let error as RepeatPhraseError {
            mode = .editing(editor, purpose)
            status = .error(error.description)
            return []
        } catch {
            closeEditor(.error("\(error)"))
            return []
        }
    }

    /// What the add line will make, as it is typed: `→ Fri · from Mon · !! · #shop` (the due day,
    /// or "No date"; the start, the priority and the tags when the line gives them). Nil while the
    /// line cannot be read (a half-typed `due:fr`): it is refused, naming the token, only when
    /// submitted.
    func addPreview(of text: String, due: ItemDate?) -> String? {
        guard let line = try? QuickAddParser.parse(text, now: now, calendar: calendar) else { return nil }
        let dueDate = line.due ?? due
        var parts = [dueDate.map { DayLabel.text(for: $0, now: now, calendar: calendar) } ?? SectionInfo.undatedTitle]
        if let start = line.start ?? nil { parts.append(DayLabel.start(start, now: now, calendar: calendar)) }
        if let marker = line.priority.flatMap(ItemTableDataSource.priorityMarker) {
            parts.append(marker.trimmingCharacters(in: .whitespaces))
        }
        if !line.tags.isEmpty { parts.append(line.tags.map { "#" + $0 }.joined(separator: " ")) }
        return "→ " + parts.joined(separator: " · ")
    }

    /// Sets the due date or the start (`field`) of item `id` in the editor's `scratch` pad to the typed
    /// `text` (`typedDate`), and pushes the editor with `said(item, newValue)` and the undo hint.
    /// - Throws: `ItemError` for text that is no date, or what the scratch context throws.
    private func submitDate(
        _ text: String, of id: UUID, in scratch: TodoContext, field: WritableKeyPath<TodoItem, ItemDate?>,
        said: (TodoItem, ItemDate?) -> String
    ) throws -> [AppEffect] {
        guard let item = try scratch.item(with: id) else {
            preconditionFailure("the scratch context holds the item it opened on")
        }
        let value = try typedDate(text, replacing: item[keyPath: field])
        try scratch.update(id) { $0[keyPath: field] = value }
        return pushEditor(said(item, value) + keys.suffix(.undo, "to undo"))
    }

    /// The date typed in the date or start line over `current`: nil (no date) for an empty line or
    /// `none`; `current` itself for the prefilled text submitted as it is (the prefill shows only
    /// the minute); else the typed date, a day alone keeping a timed date's time of day
    /// (`DateInput.redated`).
    /// - Throws: `ItemError` for text that is no date.
    private func typedDate(_ text: String, replacing current: ItemDate?) throws(ItemError) -> ItemDate? {
        if DateInput.namesNoDate(text) { return nil }
        let prefill = current.map { DateInput.editableText(for: $0.date, calendar: calendar) }
        if let current, text.trimmingCharacters(in: .whitespaces) == prefill { return current }
        return try DateInput.redated(current, to: text, now: now, calendar: calendar)
    }

    /// Saves the editor's scratch pad into the list's context (the table animates the batch) and
    /// asks for a save to the store. A change made elsewhere to the same item meanwhile is
    /// settled by the merge policy; one it leaves open is shown to the user.
    func pushEditor(_ message: String) -> [AppEffect] {
        guard let scratch = editorContext else { return [] }
        do {
            try scratch.save()
        } catch SaveError.conflicts(let conflicts) {
            mode = .resolving(conflicts)
            return []
        } catch {
            closeEditor(.error("\(error)"))
            return []
        }
        closeEditor(.info(message))
        return [.save]
    }

    /// Back to the list: the scratch pad is dropped (whatever it still holds is discarded) and
    /// `message` shown.
    func closeEditor(_ message: StatusMessage?) {
        editorContext = nil
        mode = .browse
        status = message
    }

    /// Keys while the live filter is typed: each edit re-filters at once (animated).
    func handleFiltering(_ key: Key, editor: inout LineEditor) -> [AppEffect] {
        switch editor.handle(key, keys: configuration.editorKeys) {
        case .edited:
            mode = .filtering(editor)
            applyFilter(editor.text)
        case .ignored:
            mode = .filtering(editor)
        case .submitted:
            mode = .browse
            controller.discardKeptFilteredResults()
        case .cancelled:
            mode = .browse
            applyFilter("")
            controller.discardKeptFilteredResults()
        }
        return []
    }

    /// Filters the list by `text`. An unfinished or wrong token (`color:mauv`, `done:maybe`) is
    /// said as an error while the list — and the title's "matching …" — shows the filter
    /// without that token: the result before the token was begun, not that of a half-typed
    /// prefix such as the word `color`.
    func applyFilter(_ text: String) {
        // The lists were read when the app opened the store; a store that cannot be read shows
        // its error elsewhere, and the filter then knows the standard list only.
        let lists = (try? context.lists()) ?? [TodoList.standard]
        do throws(FilterError) {
            let predicate = try FilterParser.parse(text, now: now, calendar: calendar, lists: lists)
            show(predicate, filteredBy: text)
        } catch {
            status = .error(error.description)
            let rest = Self.removingToken(of: error, from: text).trimmingCharacters(in: .whitespaces)
            if let predicate = try? FilterParser.parse(rest, now: now, calendar: calendar, lists: lists) {
                show(predicate, filteredBy: rest)
            }
        }
    }

    private func show(_ filter: TodoPredicate, filteredBy text: String) {
        filterText = text
        let predicate = requestPredicate(filter: filter)
        guard predicate != controller.fetchRequest.predicate else { return }
        changeRequest { $0.predicate = predicate }
    }

    /// `text` without the white-space-delimited word holding the error's offending piece.
    static func removingToken(of error: FilterError, from text: String) -> String {
        let characters = Array(text)
        var start = min(max(0, error.offset), characters.count)
        var end = min(characters.count, start + max(1, error.length))
        while start > 0, !characters[start - 1].isWhitespace { start -= 1 }
        while end < characters.count, !characters[end].isWhitespace { end += 1 }
        return String(characters[..<start]) + String(characters[end...])
    }

    /// Changes the fetch request by seed 000's procedure — change the request, perform the fetch
    /// (the list has no controller cache to delete) — and animates the difference between the
    /// old and new results with snapshots (seed 004's diffable data source). `disjoint`: the old
    /// and new results share no item (the views of two lists), so every row changes and a large
    /// change is known to be one without comparing them.
    func changeRequest(disjoint: Bool = false, _ change: (inout FetchRequest) -> Void) {
        // The old result is made into a snapshot only if the change turns out small enough to
        // animate: at 100,000 items that snapshot was most of a first filter keystroke.
        let kept = requestSnapshot.flatMap { $0.reportCount == driver.reportCount ? $0.snapshot : nil }
        let oldSnapshot = kept.map { snapshot in { snapshot } } ?? controller.snapshotOfCurrentResult()
        let oldCount = controller.numberOfFetchedItems
        requestSnapshot = nil
        var request = controller.fetchRequest
        change(&request)
        controller.fetchRequest = request
        do {
            try controller.performFetch()
        } catch {
            status = .error("\(error)")
            table.reloadData()
            return
        }
        // Typed on without losing a row: nothing to animate, and the snapshot still holds.
        if controller.leftResultUnchanged {
            requestSnapshot = kept.map { ($0, driver.reportCount) }
            return
        }
        // Thousands of rows cannot be watched moving; building their animation cost a third of
        // a keystroke in a 100,000-item list. The table redraws at once instead, keeping the
        // selection on its item. A row count that moved by more than that needs no comparison.
        guard abs(controller.numberOfFetchedItems - oldCount) <= Self.largestAnimatedRequestChange,
            !disjoint || controller.numberOfFetchedItems + oldCount <= Self.largestAnimatedRequestChange
        else {
            table.reloadData()
            return
        }
        let new = controller.snapshot()
        // Kept only while the filter is typed: the next keystroke is near, and the snapshot
        // holds a few bytes per item.
        if case .filtering = mode {
            requestSnapshot = (new, driver.reportCount)
        }
        let difference = new.difference(from: oldSnapshot())
        let rowChanges = difference.deletedItems.count + difference.insertedItems.count + difference.movedItems.count
        if rowChanges > Self.largestAnimatedRequestChange {
            table.reloadData()
        } else {
            table.apply(difference)
        }
    }

    /// The most rows a request change animates; a larger change redraws at once.
    static let largestAnimatedRequestChange = 2_000
}
