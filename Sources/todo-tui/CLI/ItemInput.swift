import Foundation
import TodoCore

/// Item fields typed on the command line, validated before any store is touched.
struct ItemInput {
    var text: String?
    var date: Date?
    var color: TodoColor?

    /// Validates each given field.
    /// - Throws: `CLIError.invalidInput` with the first problem found.
    init(text: String? = nil, date: String? = nil, color: String? = nil) throws(CLIError) {
        do throws(ItemError) {
            if let text { self.text = try TodoItem.validatedText(text) }
            if let date { self.date = try DateInput.date(date, now: CLIClock.now, calendar: CLIClock.calendar) }
            if let color { self.color = try TodoColor.parse(color) }
        } catch {
            throw .invalidInput(error)
        }
    }
}
