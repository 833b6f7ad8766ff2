import Foundation

extension FetchedResultsController {
    /// Maps an instant to the section it belongs to: the start of its calendar day for `.day`
    /// (from the shared `CalendarDayCache`), `undated` for no date, one shared key for `.none`.
    final class DayLookup {
        let sectionKey: SectionKey
        private let days: CalendarDayCache

        /// The key of `.none`'s single section.
        static let singleSection = Date.distantPast
        /// The key of the section of items without a date ("No date"), which comes after every
        /// day in either direction: no day starts at it.
        static let undated = Date(timeIntervalSinceReferenceDate: .greatestFiniteMagnitude)

        /// The order of sections: days in `ascending` order (or its reverse), then `undated`.
        static func sectionOrder(ascending: Bool) -> (Date, Date) -> Bool {
            { lhs, rhs in
                if lhs == undated || rhs == undated { return rhs == undated && lhs != undated }
                return ascending ? lhs < rhs : lhs > rhs
            }
        }

        init(calendar: Calendar, sectionKey: SectionKey) {
            days = CalendarDayCache(calendar: calendar)
            self.sectionKey = sectionKey
        }

        /// The section key of `date`: the start of its day in the calendar, `undated` for no
        /// date, or `singleSection`.
        /// - Complexity: O(1) amortised.
        func day(of date: Date?) -> Date {
            guard sectionKey == .day else { return Self.singleSection }
            guard let date else { return Self.undated }
            return days.startOfDay(containing: date)
        }

        /// The section key of a sort key's first value, which is on `date` or `.day`
        /// (`UndatedSortValue` for an item without a date).
        /// - Complexity: O(1) amortised.
        func day(ofSortValue value: Double) -> Date {
            day(of: UndatedSortValue.isUndated(value) ? nil : Date(timeIntervalSinceReferenceDate: value))
        }
    }
}
