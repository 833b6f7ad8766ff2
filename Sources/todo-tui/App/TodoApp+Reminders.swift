import Foundation
import TodoCore

extension TodoApp {
    /// The reminders of `item` todo-tui fires, as the `b` line reads them back (`15m before due,
    /// at 2026-12-01T09:00`); empty when it has none. Alarms of other kinds are not listed: the
    /// line leaves them as they are.
    static func reminderText(of item: TodoItem, calendar: Calendar) -> String {
        item.alarms.filter { $0.action == "DISPLAY" }.compactMap { alarm -> String? in
            switch alarm.trigger {
            case .relative(let duration, let anchor)?: AlarmRequest.relative(duration, to: anchor).description
            case .absolute(let date)?: "at " + DateInput.editableText(for: date, calendar: calendar)
            case nil: nil
            }
        }.joined(separator: ", ")
    }

    /// The `b` line as typed, read: an empty line is `none`.
    private static func typedReminders(_ text: String) throws(ItemError) -> [AlarmRequest] {
        text.trimmingCharacters(in: .whitespaces).isEmpty ? [.none] : try AlarmRequest.parse(text)
    }

    /// What the `b` line will make, as it is typed: when each reminder goes off (`→ Fri 17:45,
    /// Thu 18:00`), `→ no reminders`, or the sentence saying that the to-do has no date for a
    /// reminder counting from one. Nil while the words are not reminders yet: they are refused,
    /// naming the part, only when submitted.
    func reminderPreview(of text: String, itemID: UUID) -> String? {
        guard let item = selectedItem, item.id == itemID, let requests = try? Self.typedReminders(text) else {
            return nil
        }
        for case .relative(_, let anchor) in requests where (anchor == .due ? item.date : item.start) == nil {
            let date = anchor == .due ? "due date" : "start"
            let key = keys.label(anchor == .due ? .date : .start).map { " (\($0))" } ?? ""
            return "→ '\(item.text)' has no \(date) to count from: give it one\(key), or use 'at' and a time"
        }
        guard let made = try? AlarmRequest.apply(requests, to: item, now: now, calendar: calendar) else { return nil }
        let instants = made.alarms.filter(\.firesHere).compactMap { made.firstInstant(of: $0, calendar: calendar) }
        guard !instants.isEmpty else { return "→ no reminders" }
        let labels = instants.sorted().map { instant in
            DayLabel.text(for: ItemDate(date: instant, hasTime: true), now: now, calendar: calendar)
                + (instant <= now ? " (past)" : "")
        }
        return "→ goes off " + labels.joined(separator: ", ")
    }

    /// Sets the reminders of item `id` in the editor's `scratch` pad to the typed ones (`none` or
    /// an empty line removes them; alarms of other kinds stay) and pushes the editor, saying when
    /// they go off.
    /// - Throws: `ItemError` for words that are no reminder or count from a date the to-do lacks,
    ///   or what the scratch context throws.
    func submitReminders(_ text: String, of id: UUID, in scratch: TodoContext) throws -> [AppEffect] {
        guard let item = try scratch.item(with: id) else {
            preconditionFailure("the scratch context holds the item it opened on")
        }
        let made = try AlarmRequest.apply(try Self.typedReminders(text), to: item, now: now, calendar: calendar)
        try scratch.update(id) { $0.alarms = made.alarms }
        let instants = made.alarms.filter(\.firesHere).compactMap { made.firstInstant(of: $0, calendar: calendar) }
        let said =
            instants.isEmpty
            ? "'\(item.text)' has no reminders now"
            : "'\(item.text)' reminds "
                + instants.sorted().map {
                    DayLabel.text(for: ItemDate(date: $0, hasTime: true), now: now, calendar: calendar)
                }.joined(separator: ", ")
        return pushEditor(said + keys.suffix(.undo, "to undo"))
    }
}
