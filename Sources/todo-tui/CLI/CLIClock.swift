import Foundation

/// The wall clock and calendar the command line resolves relative dates and titles with; the
/// executable is the one place that reads them (TodoCore takes them injected).
enum CLIClock {
    static var now: Date { Date() }
    static var calendar: Calendar { Calendar.autoupdatingCurrent }
}
