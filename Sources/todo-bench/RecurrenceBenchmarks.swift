import Foundation
import TodoCore

/// The `recurrence` group: the next occurrence of a repeating to-do whose series started in 2000,
/// asked in 2026 (what completing it costs the engine), against walking every occurrence from
/// the series start to the same point measured in the same run (what a library without the
/// jump to the asked period does).
enum RecurrenceBenchmarks {
    static var group: BenchmarkGroup {
        BenchmarkGroup(
            name: "recurrence",
            summary:
                "Repetition.nextOccurrence for a series started 26 years earlier, in Europe/Berlin; baseline every "
                + "occurrence from the series start up to the answer",
            run: run
        )
    }

    static let rules = [
        "FREQ=DAILY", "FREQ=WEEKLY;INTERVAL=2;BYDAY=MO,TH", "FREQ=MONTHLY;BYDAY=-1FR",
        "FREQ=MONTHLY;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=-1", "FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=29",
    ]

    static func run(_ runner: BenchmarkRunner) {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "Europe/Berlin") ?? calendar.timeZone
        let start = Date(timeIntervalSince1970: 946_713_600)  // 2000-01-01 09:00 in Berlin
        let after = SampleItems.referenceDate.addingTimeInterval(330 * 86_400)
        for text in rules {
            guard let rule = try? RecurrenceRule(rrule: text) else { continue }
            let repetition = Repetition(rule: rule)
            let batch = 100
            var answer: Date?
            let ours = runner.measure {
                for _ in 0..<batch {
                    answer = repetition.nextOccurrence(
                        after: after, seriesStart: start, isWholeDay: false, in: calendar)
                }
            }
            // How many occurrences the walk needs, found once outside the measurement.
            var needed = 64
            while repetition.occurrences(seriesStart: start, isWholeDay: false, in: calendar, limit: needed)
                .last.map({ $0 <= after }) ?? false
            {
                needed *= 2
            }
            let all = repetition.occurrences(seriesStart: start, isWholeDay: false, in: calendar, limit: needed)
            needed = (all.firstIndex { $0 > after } ?? all.count - 1) + 1
            var walked: Date?
            let baseline = runner.measure {
                walked = repetition.occurrences(seriesStart: start, isWholeDay: false, in: calendar, limit: needed)
                    .first { $0 > after }
            }
            precondition(answer == walked, "the jump and the walk disagree for \(text)")
            runner.report(
                text, n: 1, ours: ours.perOperation(batch), baseline: .measured(baseline), extra: "one to-do")
        }
    }
}
