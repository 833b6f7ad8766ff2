import Foundation

/// How long a reminder snoozed from the status line sleeps: 10 minutes, an hour, or until the
/// same time tomorrow (a calendar day, so across a daylight-saving change it is still that time).
enum AlarmSnooze: Equatable {
    case tenMinutes
    case hour
    case day

    /// When the reminder snoozed at `now` goes off again.
    func until(_ now: Date, calendar: Calendar) -> Date {
        switch self {
        case .tenMinutes: now.addingTimeInterval(600)
        case .hour: now.addingTimeInterval(3_600)
        case .day: calendar.date(byAdding: .day, value: 1, to: now) ?? now.addingTimeInterval(86_400)
        }
    }

    /// "10 min", "1 h", "tomorrow": how the status line names the key.
    var word: String {
        switch self {
        case .tenMinutes: "10 min"
        case .hour: "1 h"
        case .day: "tomorrow"
        }
    }
}
