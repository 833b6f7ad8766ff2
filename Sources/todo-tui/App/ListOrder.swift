import Foundation
import TodoCore

/// The orders of the list, which `o` cycles through; the list opens with, and `list` prints in,
/// the configuration's `order` (`oldest-first` unless set). The raw value is that setting's
/// name for the order.
///
/// Sections are days in every order: each begins with the day (`.day` in the list's calendar)
/// or the date, so the fetched-results controller's sort/section rule holds. Items equal under
/// every key are ordered by id, as every fetch is.
enum ListOrder: String, CaseIterable, Sendable {
    /// Days oldest first; within a day, higher priority first, then by time.
    case oldestFirst = "oldest-first"
    /// Days newest first; within a day, higher priority first, then the latest time first (so
    /// that, without priorities, it is the reverse of `oldestFirst`).
    case newestFirst = "newest-first"
    /// Date and time, oldest first; priority plays no part.
    case byTime = "by-time"

    /// The order the app opens with and `list` prints in, unless configured otherwise.
    static let standard = ListOrder.oldestFirst

    /// The fetch request's sort descriptors, with days of `calendar`.
    func sortDescriptors(calendar: Calendar) -> [TodoSortDescriptor] {
        switch self {
        case .oldestFirst, .newestFirst:
            [
                .day(ascending: self == .oldestFirst, in: calendar), TodoSortDescriptor(.priority, ascending: false),
                TodoSortDescriptor(.date, ascending: self == .oldestFirst),
            ]
        case .byTime:
            [TodoSortDescriptor(.date)]
        }
    }

    /// The order after this one in `o`'s cycle.
    var next: ListOrder {
        switch self {
        case .oldestFirst: .newestFirst
        case .newestFirst: .byTime
        case .byTime: .oldestFirst
        }
    }

    /// Its name in the title bar.
    var title: String {
        switch self {
        case .oldestFirst: "oldest first"
        case .newestFirst: "newest first"
        case .byTime: "by time"
        }
    }

    /// What the status line says when `o` chooses it.
    var announcement: String {
        switch self {
        case .oldestFirst: "Oldest first; within a day, higher priority first"
        case .newestFirst: "Newest first; within a day, higher priority first"
        case .byTime: "By date and time, oldest first; priority ignored"
        }
    }
}
