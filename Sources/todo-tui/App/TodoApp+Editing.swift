import Foundation
import TodoCore

extension TodoApp {
    /// Keys while a line is edited for adding, editing or re-dating.
    func handleEditing(_ key: Key, editor: inout LineEditor, purpose: EditPurpose) -> [AppEffect] {
        switch editor.handle(key) {
        case .edited, .ignored:
            mode = .editing(editor, purpose)
            return []
        case .cancelled:
            mode = .browse
            return []
        case .submitted(let text):
            return submit(text, for: purpose, editor: editor)
        }
    }

    /// Applies an edited line; on bad input the editor stays open with the reason shown.
    private func submit(_ text: String, for purpose: EditPurpose, editor: LineEditor) -> [AppEffect] {
        do throws(ItemError) {
            switch purpose {
            case .add:
                let valid = try TodoItem.validatedText(text)
                mode = .browse
                var added: TodoItem?
                let effects = commit("Added '\(valid)' — u to undo") {
                    added = try context.insert(text: valid, date: now)
                }
                if let added, let path = controller.indexPath(forItemWithID: added.id) {
                    table.selectRow(at: path)
                }
                return effects
            case .text(let id):
                let valid = try TodoItem.validatedText(text)
                mode = .browse
                return commit("Edited '\(valid)' — u to undo") {
                    try context.update(id) { $0.text = valid }
                }
            case .date(let id):
                guard let item = try? context.item(with: id) else {
                    mode = .browse
                    return []
                }
                let date = try redate(item, to: text)
                mode = .browse
                return commit("Moved '\(item.text)' to \(SectionTitleFormatter(calendar: calendar).title(forDay: date, today: now)) — u to undo") {
                    try context.update(id) { $0.date = date }
                }
            }
        } catch {
            mode = .editing(editor, purpose)
            status = .error(error.description)
            return []
        }
    }

    /// The new date for `item` typed as `text`: a day form keeps the item's own time of day, so
    /// re-dating moves it between days without reordering it within them; a form with a time
    /// (`2025-01-31T09:30`) is taken as it is.
    private func redate(_ item: TodoItem, to text: String) throws(ItemError) -> Date {
        if text.contains(":") {
            return try DateInput.date(text, now: now, calendar: calendar)
        }
        let day = try DateInput.day(text, now: now, calendar: calendar)
        let timeOfDay = item.date.timeIntervalSince(calendar.startOfDay(for: item.date))
        let sameTime = calendar.date(byAdding: .second, value: Int(timeOfDay), to: day) ?? day
        return calendar.isDate(sameTime, inSameDayAs: day) ? sameTime : day
    }

    /// Keys while the live filter is typed: each edit re-filters at once (animated).
    func handleFiltering(_ key: Key, editor: inout LineEditor) -> [AppEffect] {
        switch editor.handle(key) {
        case .edited:
            mode = .filtering(editor)
            applyFilter(editor.text)
        case .ignored:
            mode = .filtering(editor)
        case .submitted:
            mode = .browse
        case .cancelled:
            mode = .browse
            applyFilter("")
        }
        return []
    }

    /// Filters the list by `text`; an unfinished or wrong filter keeps the previous result and
    /// says what is wrong.
    func applyFilter(_ text: String) {
        do throws(FilterError) {
            let predicate = try FilterParser.parse(text, now: now, calendar: calendar)
            filterText = text
            guard predicate != controller.fetchRequest.predicate else { return }
            changeRequest { $0.predicate = predicate }
        } catch {
            status = .error(error.description)
        }
    }

    /// Changes the fetch request by seed 000's procedure — delete the cache, change the request,
    /// perform the fetch — and animates the difference between the old and new results with
    /// snapshots (seed 004's diffable data source).
    func changeRequest(_ change: (inout FetchRequest) -> Void) {
        let old = controller.snapshot()
        if let name = controller.cacheName, let directory = controller.cacheDirectory {
            try? FetchedResultsController.deleteCache(named: name, in: directory)
        }
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
        table.apply(controller.snapshot().difference(from: old))
    }
}
