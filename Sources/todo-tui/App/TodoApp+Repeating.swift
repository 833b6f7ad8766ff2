import Foundation
import TodoCore

extension TodoApp {
    /// `x`: reopens a done to-do, completes an open one, or completes the current occurrence of a
    /// repeating one, which moves to its next date in place (the row animates to its new day;
    /// `u` undoes the whole step, since it is one change of one item).
    func toggleDone() -> [AppEffect] {
        guard let item = selectedItem else {
            status = .info(nothingSelected)
            return []
        }
        var completion: TodoItem.Completion?
        let effects = commit("") { [context, now, calendar] in
            try context.update(item.id) { changed in
                if changed.isDone {
                    changed.reopen(at: now, calendar: calendar)
                } else {
                    completion = changed.complete(at: now, calendar: calendar)
                }
            }
        }
        guard !effects.isEmpty else { return effects }
        switch completion {
        case nil: status = .info("Not done: '\(item.text)'")
        case .completed: status = .info("Done: '\(item.text)'")
        case .advanced(let due):
            let next = due.map { "; next " + DayLabel.text(for: $0, now: now, calendar: calendar) } ?? ""
            status = .info("Done: '\(item.text)'" + next + keys.suffix(.undo, "to undo"))
        }
        return effects
    }
}

extension TodoApp {
    /// Sets the repetition of item `id` in the editor's `scratch` pad to the typed phrase
    /// (`RepeatPhrase`; `none` stops it) and pushes the editor; the rule's words and the undo hint
    /// go to the status line.
    /// - Throws: `RepeatPhraseError` for words that are no rule, or what the scratch context throws.
    func submitRepetition(_ text: String, of id: UUID, in scratch: TodoContext) throws -> [AppEffect] {
        guard let item = try scratch.item(with: id) else {
            preconditionFailure("the scratch context holds the item it opened on")
        }
        let parsed = try Self.typedRepetition(text, of: item, calendar: calendar)
        try scratch.update(id) { [now, calendar] changed in
            switch parsed {
            case .remove: changed.setRepetition(nil, now: now, calendar: calendar)
            case .repetition(let repetition): changed.setRepetition(repetition, now: now, calendar: calendar)
            }
        }
        let said =
            switch parsed {
            case .remove: "'\(item.text)' does not repeat now"
            case .repetition(let repetition): "'\(item.text)' repeats \(repetition.description(calendar: calendar))"
            }
        return pushEditor(said + keys.suffix(.undo, "to undo"))
    }

    /// The repeat line as typed, read for `item`: an empty line is `none`.
    static func typedRepetition(
        _ text: String, of item: TodoItem, calendar: Calendar
    ) throws(RepeatPhraseError) -> RepeatPhrase.Parsed {
        if text.trimmingCharacters(in: .whitespaces).isEmpty { return .remove }
        return try RepeatPhrase.parse(text, anchor: item.date, calendar: calendar)
    }

    /// What the repeat line will make, as it is typed: the rule in words and its next three dates
    /// (`→ every 2 weeks on Mon · Mon 30 Nov, Mon 14 Dec, Mon 28 Dec`). Nil while the words are
    /// not a rule yet: they are refused, naming the word, only when submitted.
    func repeatPreview(of text: String, itemID: UUID) -> String? {
        guard let item = selectedItem, item.id == itemID,
            let parsed = try? Self.typedRepetition(text, of: item, calendar: calendar)
        else { return nil }
        guard case .repetition(let repetition) = parsed else { return "→ does not repeat" }
        var preview = item
        preview.setRepetition(repetition, now: now, calendar: calendar)
        guard let anchor = preview.startDate ?? preview.dueDate else { return nil }
        let dates = repetition.occurrences(
            seriesStart: anchor.date, isWholeDay: !anchor.hasTime, in: calendar, after: anchor.date, limit: 3)
        let labels = dates.map {
            DayLabel.text(for: ItemDate(date: $0, hasTime: anchor.hasTime), now: now, calendar: calendar)
        }
        return "→ " + repetition.description(calendar: calendar)
            + (labels.isEmpty ? " · no more dates" : " · next " + labels.joined(separator: ", "))
    }
}
