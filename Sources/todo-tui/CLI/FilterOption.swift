import TodoCore

/// Turns a `--filter` argument into a predicate with the one shared filter parser.
enum FilterOption {
    /// The predicate for `text`, `.all` when absent.
    /// - Throws: `CLIError.invalidFilter` pointing at the offending token.
    static func predicate(_ text: String?) throws(CLIError) -> TodoPredicate {
        guard let text else { return .all }
        do {
            return try FilterParser.parse(text, now: CLIClock.now, calendar: CLIClock.calendar)
        } catch {
            throw .invalidFilter(error)
        }
    }
}
