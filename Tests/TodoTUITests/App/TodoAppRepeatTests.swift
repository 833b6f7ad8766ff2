import Foundation
import Testing
import TodoCore

@testable import todo_tui

/// Repeating to-dos in the app: `r` makes a rule with a preview of the next dates, `x` advances
/// the to-do to its next occurrence, `u` undoes the whole step, quick add's `repeat:`. Today is
/// Thu 20 Nov 2025, 12:00 UTC.
@Suite("TodoApp repeating to-dos")
struct TodoAppRepeatTests {
    let details = TodoAppItemDetailsTests()
    var keys: TodoAppTests { details.keys }
    static let thursday = TodoAppTests.start

    func stored(_ text: String) -> TodoItem? {
        details.stored(text)
    }

    @Test("r takes a rule in words with the next three dates as you type; x moves the to-do on; u undoes it all")
    func makeCompleteUndo() throws {
        let app = try details.makeApp([details.item("Dentist")], size: TerminalSize(rows: 14, columns: 120))
        var lines = try keys.send(Key.sequence("r C-u") + Key.typing("every mon,thu"), to: app)
        #expect(
            lines.contains {
                $0.contains("→ weekly on Mon and Thu · next Mon 12:00, 27 Nov 12:00, 1 Dec 12:00")
            },
            "\(lines)")
        lines = try keys.send([.enter], to: app)
        let made = try #require(stored("Dentist"))
        #expect(made.repetition?.rule.rruleText == "FREQ=WEEKLY;BYDAY=MO,TH")
        #expect(made.start == Self.thursday, "a start is written with the rule (RFC 5545 DTSTART)")
        #expect(lines.contains { $0.hasSuffix("Dentist ↻") }, "\(lines)")

        lines = try keys.send(Key.sequence("x"), to: app)
        let advanced = try #require(stored("Dentist"))
        #expect(!advanced.isDone && advanced.id == made.id)
        #expect(advanced.date == Self.thursday + 4 * 86_400 && advanced.start == Self.thursday + 4 * 86_400)
        #expect(advanced.repetition?.completedCount == 1)
        #expect(lines.last?.hasPrefix("Done: 'Dentist'; next Mon 12:00") == true, "\(lines.last ?? "")")

        try keys.send(Key.sequence("u"), to: app)
        let undone = try #require(stored("Dentist"))
        #expect(undone.date == Self.thursday && undone.repetition?.completedCount == 0 && !undone.isDone)
    }

    @Test("r with none stops the repetition; words that are no rule are refused and the line stays open")
    func removeAndRefuse() throws {
        let app = try details.makeApp([details.item("Dentist")], size: TerminalSize(rows: 14, columns: 120))
        try keys.send(Key.sequence("r") + Key.typing("weekly") + [.enter], to: app)
        #expect(stored("Dentist")?.repetition != nil)
        let reopened = try keys.send(Key.sequence("r"), to: app)
        #expect(reopened.contains { $0.hasPrefix("→ weekly") }, "the rule previewed as the line opens: \(reopened)")
        try keys.send([.escape], to: app)
        var lines = try keys.send(Key.sequence("r C-u") + Key.typing("every blue moon") + [.enter], to: app)
        #expect(lines.last?.isEmpty == false && stored("Dentist")?.repetition != nil, "\(lines)")
        lines = try keys.send([.escape] + Key.sequence("r C-u") + Key.typing("none") + [.enter], to: app)
        #expect(stored("Dentist")?.repetition == nil, "\(lines)")
        #expect(lines.last?.contains("'Dentist' does not repeat now") == true, "\(lines.last ?? "")")
    }

    @Test("quick add's repeat: makes the new to-do repeat")
    func quickAddRepeat() throws {
        let app = try details.makeApp([details.item("Dentist")], size: TerminalSize(rows: 14, columns: 120))
        try keys.send(Key.sequence("a") + Key.typing("Water plants repeat:2w due:fri") + [.enter], to: app)
        let plants = try #require(stored("Water plants"))
        #expect(plants.repetition?.rule.rruleText == "FREQ=WEEKLY;INTERVAL=2")
        #expect(plants.start == plants.date && plants.date != nil)
    }

    @Test(
        """
        the status line starts with the selected row's rule in words, or why another program's rule is not \
        completed here, and shows only the key hints on a row that does not repeat
        """
    )
    func ruleInWordsOnStatusLine() throws {
        var dentist = details.item("Dentist")
        dentist.setRepetition(
            Repetition(rule: try RecurrenceRule(rrule: "FREQ=WEEKLY;BYDAY=MO,TH")), now: Self.thursday,
            calendar: keys.calendar)
        let hourly = details.item(
            "Backup", offset: 3_600, foreign: ForeignProperties(iCalendar: ["RRULE:FREQ=HOURLY"]))
        let plain = details.item("Milk", offset: 7_200)
        let app = try details.makeApp([dentist, hourly, plain], size: TerminalSize(rows: 14, columns: 160))
        var lines = try keys.send(Key.sequence("g"), to: app)
        #expect(lines.last?.hasPrefix("↻ weekly on Mon and Thu · a add") == true, "\(lines.last ?? "")")
        lines = try keys.send(Key.sequence("j"), to: app)
        #expect(lines.last?.hasPrefix("↻ ") == true && lines.last?.contains("HOURLY") == true, "\(lines.last ?? "")")
        lines = try keys.send(Key.sequence("j"), to: app)
        #expect(lines.last?.hasPrefix("a add") == true, "\(lines.last ?? "")")
    }

    @Test(
        """
        Thunderbird's series with a completed occurrence: the status line says occurrences are completed on their \
        own; x completes the shown one as an override and shows the next; u takes the override back
        """
    )
    func overriddenSeries() throws {
        let resource = [
            "BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//test//EN", "BEGIN:VTODO", "UID:series-1",
            "DTSTAMP:20251101T000000Z", "SUMMARY:Water plants", "RRULE:FREQ=DAILY",
            "DTSTART;TZID=Europe/Berlin:20251119T090000", "DUE;TZID=Europe/Berlin:20251119T090000", "END:VTODO",
            "BEGIN:VTODO", "UID:series-1", "DTSTAMP:20251119T090000Z", "SUMMARY:Water plants",
            "RECURRENCE-ID;TZID=Europe/Berlin:20251119T090000", "STATUS:COMPLETED", "END:VTODO", "END:VCALENDAR", "",
        ].joined(separator: "\r\n")
        let item = try ICalendarFormat.item(
            fromObjectResource: Array(resource.utf8), name: "series.ics", now: Self.thursday, calendar: keys.calendar)
        // Thursday 20 November, 09:00 in Berlin.
        #expect(item.date == Self.thursday - 4 * 3_600)
        let seed = TodoContext(store: keys.store, now: { Self.thursday })
        try seed.insert(item)
        try seed.save()
        let app = try TodoApp(
            context: TodoContext(store: keys.store, now: { Self.thursday }), calendar: keys.calendar,
            now: Self.thursday, size: TerminalSize(rows: 14, columns: 160))
        var lines = try keys.send(Key.sequence("g"), to: app)
        #expect(
            lines.last?.hasPrefix("↻ daily, each occurrence completed on its own · ") == true, "\(lines.last ?? "")")
        while app.isAnimating { app.advanceAnimation() }
        lines = try keys.send(Key.sequence("x"), to: app)
        #expect(app.isAnimating, "the row moves to its next day as an advance in place does")
        while app.isAnimating { app.advanceAnimation() }
        let completed = try #require(stored("Water plants"))
        #expect(completed.date == Self.thursday + 20 * 3_600 && !completed.isDone, "Friday 09:00 in Berlin")
        #expect(completed.foreign.iCalendar.contains("RECURRENCE-ID;TZID=Europe/Berlin:20251120T090000"))
        #expect(completed.foreign.iCalendar.contains("DTSTART;TZID=Europe/Berlin:20251119T090000"), "series kept")
        #expect(lines.last?.hasPrefix("Done: 'Water plants'; next ") == true, "\(lines.last ?? "")")
        try keys.send(Key.sequence("u"), to: app)
        let undone = try #require(stored("Water plants"))
        #expect(undone.date == item.date && undone.foreign == item.foreign && !undone.isDone)
    }

    @Test("x on a series with overrides completed to its end reopens its last occurrence: the override added goes")
    func reopenOverriddenSeries() throws {
        let resource = [
            "BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//test//EN", "BEGIN:VTODO", "UID:series-1",
            "DTSTAMP:20251101T000000Z", "SUMMARY:Water plants", "RRULE:FREQ=DAILY;COUNT=2",
            "DTSTART;TZID=Europe/Berlin:20251119T090000", "DUE;TZID=Europe/Berlin:20251119T090000", "END:VTODO",
            "BEGIN:VTODO", "UID:series-1", "DTSTAMP:20251119T090000Z", "SUMMARY:Water plants",
            "RECURRENCE-ID;TZID=Europe/Berlin:20251119T090000", "STATUS:COMPLETED", "END:VTODO", "END:VCALENDAR", "",
        ].joined(separator: "\r\n")
        let item = try ICalendarFormat.item(
            fromObjectResource: Array(resource.utf8), name: "series.ics", now: Self.thursday, calendar: keys.calendar)
        let seed = TodoContext(store: keys.store, now: { Self.thursday })
        try seed.insert(item)
        try seed.save()
        let app = try TodoApp(
            context: TodoContext(store: keys.store, now: { Self.thursday }), calendar: keys.calendar,
            now: Self.thursday, size: TerminalSize(rows: 14, columns: 160))
        try keys.send(Key.sequence("x"), to: app)
        while app.isAnimating { app.advanceAnimation() }
        let done = try #require(stored("Water plants"))
        #expect(done.isDone && done.foreign.iCalendar.contains("RECURRENCE-ID;TZID=Europe/Berlin:20251120T090000"))
        let lines = try keys.send(Key.sequence("x"), to: app)
        #expect(lines.last?.hasPrefix("Not done: 'Water plants'") == true, "\(lines.last ?? "")")
        let reopened = try #require(stored("Water plants"))
        #expect(!reopened.isDone && reopened.date == item.date && reopened.foreign == item.foreign)
    }
}
