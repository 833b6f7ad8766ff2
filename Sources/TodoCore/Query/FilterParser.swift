import Foundation

/// Turns a filter typed by a person (CLI `--filter`, the TUI's `/`) into a `TodoPredicate`.
///
/// The language: white-space-separated tokens, all of which must hold. A free word, or a
/// "quoted phrase" with spaces, matches items whose text contains it, ignoring case and
/// diacritics. `done:yes` / `done:no` (also `true`/`false`), `color:NAME` (one of the eight
/// colours), `tag:WORD` or `+WORD` (a tag, ignoring case and diacritics), `has:notes`,
/// `has:tags`, `has:priority`, `pri:high` (`priority:`, also `>=`, `>`, `<`, `<=`, with none <
/// low < medium < high) and `date:DAY` (that whole day) test fields; `date>=DAY`, `date>DAY`, `date<DAY`
/// and `date<=DAY` compare with whole days, where DAY is anything `DateInput` accepts (the time
/// of a `2025-01-31T09:30` value is ignored). `=` may stand for `:`; field names and values are
/// case-insensitive. A leading `-` negates a token (`-milk`, `-done:yes`). A token is a field
/// test only when it starts with ASCII letters directly followed by `:`, `=`, `<` or `>`, so
/// `10:30` or `東京:` are free words while `colour:red` is an error; quote such text to search
/// for it (`"re:"`). A quote opens a phrase only at the start of a token.
public enum FilterParser {
    /// Parses `text` into a predicate; `.all` when it is empty or blank.
    ///
    /// Relative days (`today`, `fri`, `+3d`) are resolved against `now` in `calendar` here, so the
    /// predicate holds absolute instants and means the same whenever it is evaluated. Conditions
    /// are combined in the order typed with `TodoPredicate.conjunction`; `date:DAY` contributes
    /// `date>=start` and `date<start of next day`.
    /// - Parameters:
    ///   - text: the filter as typed.
    ///   - now: the current instant, for relative days.
    ///   - calendar: the calendar and time zone that define days.
    /// - Throws: `FilterError` pointing at the first offending token.
    /// - Complexity: O(n) in the length of the filter.
    public static func parse(_ text: String, now: Date, calendar: Calendar) throws(FilterError) -> TodoPredicate {
        var conditions: [TodoPredicate] = []
        for token in try FilterToken.scan(text) {
            let condition: TodoPredicate
            switch token.body {
            case .words(let words):
                condition = .textContains(words.text)
            case .tag(let tag):
                condition = .tag(tag.text)
            case .field(let key, let comparison, let operatorPiece, let value):
                condition = try fieldCondition(
                    key: key, comparison: comparison, operatorPiece: operatorPiece, value: value,
                    filter: text, now: now, calendar: calendar
                )
            }
            conditions.append(token.isNegated ? .not(condition) : condition)
        }
        return .conjunction(conditions)
    }

    private static func fieldCondition(
        key: FilterToken.Piece, comparison: FilterToken.Comparison, operatorPiece: FilterToken.Piece,
        value: FilterToken.Piece, filter: String, now: Date, calendar: Calendar
    ) throws(FilterError) -> TodoPredicate {
        func failure(_ piece: FilterToken.Piece, _ reason: FilterError.Reason) -> FilterError {
            FilterError(filter: filter, offset: piece.offset, length: piece.length, reason: reason)
        }
        guard let field = FilterField(name: key.text) else {
            throw failure(key, .unknownField(key.text))
        }
        guard field.isOrdered || comparison == .colon || comparison == .equals else {
            throw failure(operatorPiece, .unsupportedOperator(comparison.rawValue, field: field))
        }
        guard !value.text.isEmpty else {
            throw FilterError(
                filter: filter, offset: key.offset, length: key.length + operatorPiece.length,
                reason: .missingValue(field))
        }
        func parsedValue<Value>(_ parse: (String) throws(ItemError) -> Value) throws(FilterError) -> Value {
            do throws(ItemError) {
                return try parse(value.text)
            } catch {
                throw failure(value, .invalidValue(error))
            }
        }
        switch field {
        case .done:
            guard let flag = FilterField.doneValues[value.text.lowercased()] else {
                throw failure(value, .invalidDoneValue(value.text))
            }
            return .isDone(flag)
        case .color:
            return .color(try parsedValue(TodoColor.parse))
        case .tag:
            return .tag(value.text)
        case .has:
            guard let aspect = TodoPredicate.ItemAspect(rawValue: value.text.lowercased()) else {
                throw failure(value, .invalidFieldValue(.has))
            }
            return .has(aspect)
        case .priority:
            guard let priority = TodoPriority(name: value.text) else {
                throw failure(value, .invalidFieldValue(.priority))
            }
            return switch comparison {
            case .colon, .equals: .and([.priorityAtLeast(priority), .priorityAtMost(priority)])
            case .greaterOrEqual: .priorityAtLeast(priority)
            case .lessOrEqual: .priorityAtMost(priority)
            case .greater:
                priority == .high ? .or([]) : .priorityAtLeast(TodoPriority(rawValue: priority.rawValue + 1) ?? .high)
            case .less:
                priority == .none ? .or([]) : .priorityAtMost(TodoPriority(rawValue: priority.rawValue - 1) ?? .none)
            }
        case .date:
            let day = try parsedValue { (text) throws(ItemError) in
                try DateInput.dayInterval(text, now: now, calendar: calendar)
            }
            return switch comparison {
            case .colon, .equals: .and([.dateOnOrAfter(day.start), .dateBefore(day.end)])
            case .greaterOrEqual: .dateOnOrAfter(day.start)
            case .greater: .dateOnOrAfter(day.end)
            case .less: .dateBefore(day.start)
            case .lessOrEqual: .dateBefore(day.end)
            }
        }
    }
}
