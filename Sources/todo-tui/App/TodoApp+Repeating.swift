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
                    changed.setDone(false, at: now)
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
