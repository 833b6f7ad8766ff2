import Foundation

/// Turns a filter typed by a person (CLI `--filter`, the TUI's `/`) into a `TodoPredicate`.
///
/// The language: white-space-separated tokens, all of which must hold. A free word, or a
/// "quoted phrase" with spaces, matches items whose text contains it, ignoring case and
/// diacritics. `done:yes` / `done:no` (also `true`/`false`), `color:NAME` (one of the eight
/// colours), `tag:WORD` or `+WORD` (a tag, ignoring case and diacritics), `has:notes`,
/// `has:tags`, `has:priority`, `has:date`, `has:start`, `has:repeat`, `has:alarm`, `is:ready` (not done, and no start still
/// ahead of `now`), `pri:high` (`priority:`, also `>=`, `>`, `<`, `<=`, with none < low < medium <
/// high) and `date:DAY` (that whole day) test fields; `date>=DAY`, `date>DAY`, `date<DAY` and
/// `date<=DAY` compare with whole days, where DAY is anything `DateInput` accepts (the time of a
/// `2025-01-31T09:30` value is ignored); `list:NAME` is one of `lists`, by name ignoring case;
/// an item without a date matches none of them, and
/// `date:none` matches exactly those. `start` takes the same values for the start; `done:DAY`
/// and `done>=DAY` and the like ask when the item was completed. `=` may stand for `:`; field names and values are
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
    ///   - lists: the lists `list:NAME` may name.
    /// - Throws: `FilterError` pointing at the first offending token.
    /// - Complexity: O(n) in the length of the filter.
    public static func parse(
        _ text: String, now: Date, calendar: Calendar, lists: [TodoList] = [TodoList.standard]
    ) throws(FilterError) -> TodoPredicate {
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
                    filter: text, now: now, calendar: calendar, lists: lists
                )
            }
            conditions.append(token.isNegated ? .not(condition) : condition)
        }
        return .conjunction(conditions)
    }

    private static func fieldCondition(
        key: FilterToken.Piece, comparison: FilterToken.Comparison, operatorPiece: FilterToken.Piece,
        value: FilterToken.Piece, filter: String, now: Date, calendar: Calendar, lists: [TodoList]
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
        func valueDay() throws(FilterError) -> DateInterval {
            try parsedValue { (text) throws(ItemError) in try DateInput.dayInterval(text, now: now, calendar: calendar)
            }
        }
        let isEquality = comparison == .colon || comparison == .equals
        switch field {
        case .done:
            if isEquality, let flag = FilterField.doneValues[value.text.lowercased()] {
                return .isDone(flag)
            }
            let day: DateInterval
            do throws(FilterError) {
                day = try valueDay()
            } catch {
                // `done:maybe` is a done value gone wrong more likely than a day.
                guard isEquality, case .invalidValue(.unknownDate) = error.reason else { throw error }
                throw failure(value, .invalidDoneValue(value.text))
            }
            return dayCondition(
                comparison, day, onOrAfter: { .completedOnOrAfter($0) }, before: { .completedBefore($0) })
        case .color:
            return .color(try parsedValue(TodoColor.parse))
        case .tag:
            return .tag(value.text)
        case .list:
            guard let list = TodoList.named(value.text, in: lists) else {
                throw failure(value, .unknownList(known: lists.map(\.name)))
            }
            return .list(list.id)
        case .has:
            guard let aspect = TodoPredicate.ItemAspect(rawValue: value.text.lowercased()) else {
                throw failure(value, .invalidFieldValue(.has))
            }
            return .has(aspect)
        case .is:
            guard value.text.lowercased() == "ready" else { throw failure(value, .invalidFieldValue(.is)) }
            return TodoPredicate.ready(at: now)
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
        case .date, .start:
            let aspect: TodoPredicate.ItemAspect = field == .date ? .date : .start
            if value.text.lowercased() == DateInput.noneWord {
                guard isEquality else { throw failure(value, .invalidFieldValue(field)) }
                return .not(.has(aspect))
            }
            let day = try valueDay()
            return field == .date
                ? dayCondition(comparison, day, onOrAfter: { .dateOnOrAfter($0) }, before: { .dateBefore($0) })
                : dayCondition(comparison, day, onOrAfter: { .startOnOrAfter($0) }, before: { .startBefore($0) })
        }
    }

    /// What comparing a field with the whole day `day` means, given the field's "on or after"
    /// and "before" conditions on an instant.
    private static func dayCondition(
        _ comparison: FilterToken.Comparison, _ day: DateInterval, onOrAfter: (Date) -> TodoPredicate,
        before: (Date) -> TodoPredicate
    ) -> TodoPredicate {
        switch comparison {
        case .colon, .equals: .and([onOrAfter(day.start), before(day.end)])
        case .greaterOrEqual: onOrAfter(day.start)
        case .greater: onOrAfter(day.end)
        case .less: before(day.start)
        case .lessOrEqual: before(day.end)
        }
    }
}
