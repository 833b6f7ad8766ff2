import Foundation
import TodoCore

/// Turns a `--filter` argument into a predicate with the one shared filter parser.
enum FilterOption {
    /// The predicate for `text`, `.all` when absent; dates read in `calendar`, `list:NAME` one of
    /// `lists`.
    /// - Throws: `CLIError.invalidFilter` pointing at the offending token.
    static func predicate(
        _ text: String?, calendar: Calendar = CLIClock.calendar, lists: [TodoList] = [TodoList.standard]
    ) throws(CLIError) -> TodoPredicate {
        guard let text else { return .all }
        do {
            return try FilterParser.parse(text, now: CLIClock.now, calendar: calendar, lists: lists)
        } catch {
            throw .invalidFilter(error)
        }
    }
}
