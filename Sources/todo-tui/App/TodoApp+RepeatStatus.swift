import Foundation
import TodoCore

extension TodoApp {
    /// The selected row's rule in words, shown at the start of the status line while it has no
    /// message (`↻ weekly on Mon and Thu`; for another program's series with occurrences
    /// overridden, completed as overrides, that said too); for a rule another program keeps, why
    /// it is not completed here. Nil when the selected row does not repeat, or nothing is selected.
    /// - Complexity: O(log n) to find the selected item, plus O(rule parts).
    var selectedRepeatWords: String? {
        guard let item = selectedItem else { return nil }
        if let repeating = item.repetitionAsShown(calendar: calendar) {
            // Another program's series whose occurrences are completed as overrides (RECURRENCE-ID).
            let overrides = item.foreign.hasOccurrenceOverrides ? ", each occurrence completed on its own" : ""
            return "↻ " + repeating.description(calendar: calendar) + overrides
        }
        return item.foreign.recurrenceProblem.map { "↻ " + $0 }
    }

    /// Writes `selectedRepeatWords` at the start of `row`, with room left for the key hints.
    /// - Returns: the columns the words and their separator take; 0 when there are none.
    func renderRepeatWords(into screen: inout Screen, row: Int) -> Int {
        guard let words = selectedRepeatWords else { return 0 }
        let used = screen.write(words, row: row, column: 0, overflow: .ellipsis)
        return used + screen.write(" · ", row: row, column: used, style: CellStyle(attributes: .dim))
    }
}
