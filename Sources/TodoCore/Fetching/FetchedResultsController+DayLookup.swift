import Foundation

extension FetchedResultsController {
    /// Maps an instant to the section it belongs to: the start of its calendar day for `.day`,
    /// one shared key for `.none`.
    ///
    /// Calendar arithmetic costs microseconds, more than the rest of an incremental update, so
    /// the day intervals met so far are remembered per UTC day: an instant is looked up among the
    /// (at most three) local days that overlap its UTC day, and the calendar is asked only for a
    /// day not met before. The answer is always the calendar's own, daylight-saving days included.
    final class DayLookup {
        let calendar: Calendar
        let sectionKey: SectionKey
        // Read on every lookup of every batch; the run-time exclusivity check cost more than the
        // lookup. Safe: only `day(of:)` touches it, and it calls nothing that could re-enter.
        @exclusivity(unchecked) private var intervalsByUTCDay: [Int: [DateInterval]] = [:]

        /// The key of `.none`'s single section.
        static let singleSection = Date.distantPast

        init(calendar: Calendar, sectionKey: SectionKey) {
            self.calendar = calendar
            self.sectionKey = sectionKey
        }

        /// The section key of `date`: the start of its day in the calendar, or `singleSection`.
        /// - Complexity: O(1) amortised.
        func day(of date: Date) -> Date {
            guard sectionKey == .day else { return Self.singleSection }
            let utcDay = Int((date.timeIntervalSince1970 / 86_400).rounded(.down))
            if let known = intervalsByUTCDay[utcDay]?.first(where: { $0.start <= date && date < $0.end }) {
                return known.start
            }
            guard let interval = calendar.dateInterval(of: .day, for: date) else {
                preconditionFailure("the calendar has no day containing \(date)")
            }
            intervalsByUTCDay[utcDay, default: []].append(interval)
            return interval.start
        }
    }
}
