import Foundation

extension FetchedResultsController {
    /// Maps an instant to the section it belongs to: the start of its calendar day for `.day`
    /// (from the shared `CalendarDayCache`), one shared key for `.none`.
    final class DayLookup {
        let sectionKey: SectionKey
        private let days: CalendarDayCache

        /// The key of `.none`'s single section.
        static let singleSection = Date.distantPast

        init(calendar: Calendar, sectionKey: SectionKey) {
            days = CalendarDayCache(calendar: calendar)
            self.sectionKey = sectionKey
        }

        /// The section key of `date`: the start of its day in the calendar, or `singleSection`.
        /// - Complexity: O(1) amortised.
        func day(of date: Date) -> Date {
            guard sectionKey == .day else { return Self.singleSection }
            return days.startOfDay(containing: date)
        }
    }
}
