import Foundation
import Testing
import TodoCore
import TodoTestSupport

@testable import todo_tui

/// Reminders in the app: `b` sets them with a preview of when they go off; a reminder that comes
/// due shows on the status line, recorded as `todo-tui remind` records it, and `B`/`z`/`Z`/`T`
/// dismiss or snooze it on the to-do. Today is Thu 20 Nov 2025, 12:00 UTC.
@Suite("TodoApp reminders")
struct TodoAppReminderTests {
    let details = TodoAppItemDetailsTests()
    var keys: TodoAppTests { details.keys }
    static let start = TodoAppTests.start

    func stored(_ text: String) -> TodoItem? {
        details.stored(text)
    }

    /// A to-do due at 18:00 today.
    func dueAtSix(_ text: String) -> TodoItem {
        var item = details.item(text, offset: 6 * 3_600)
        item.hasTime = true
        return item
    }

    /// A to-do with an absolute reminder `offset` seconds from the start.
    func reminding(_ text: String, at offset: TimeInterval) -> TodoItem {
        var item = dueAtSix(text)
        item.alarms = [.display(.absolute(Self.start + offset), uid: UUID())]
        return item
    }

    @Test("b shows when the typed reminders go off as you type; Enter sets them; b again is prefilled with them")
    func setWithPreview() throws {
        let app = try details.makeApp([dueAtSix("Pay rent")], size: TerminalSize(rows: 12, columns: 100))
        var lines = try keys.send(Key.sequence("b") + Key.typing("15m, at 9:00"), to: app)
        #expect(lines.contains("→ goes off 09:00 (past), 17:45"), "\(lines)")
        lines = try keys.send([.enter], to: app)
        let made = try #require(stored("Pay rent"))
        #expect(made.alarms.count == 2 && made.alarms.allSatisfy { $0.action == "DISPLAY" && $0.uid != nil })
        #expect(made.alarms.first?.trigger == .relative(AlarmDuration(seconds: -900), to: .due))
        #expect(made.alarms.last?.trigger == .absolute(Self.start - 3 * 3_600))
        #expect(lines.last?.hasPrefix("'Pay rent' reminds 09:00, 17:45") == true, "\(lines.last ?? "")")
        #expect(lines.contains { $0.contains("Pay rent ◔") }, "the row's bell mark: \(lines)")

        lines = try keys.send(Key.sequence("b"), to: app)
        #expect(lines.last == "Remind: 15m before due, at 2025-11-20T09:00", "\(lines)")
        #expect(lines.contains("→ goes off 09:00 (past), 17:45"), "previewed as it opens, before a key: \(lines)")
        // The prefill reads back as the same reminders.
        lines = try keys.send([.enter], to: app)
        #expect(app.mode == .browse, "accepted: \(lines)")
        #expect(stored("Pay rent")?.alarms.map(\.trigger) == made.alarms.map(\.trigger))
        lines = try keys.send(Key.sequence("b"), to: app)
        lines = try keys.send(Key.typing("none"), to: app)
        #expect(lines.contains("→ no reminders"), "\(lines)")
        try keys.send([.enter], to: app)
        #expect(stored("Pay rent")?.alarms.isEmpty == true)
    }

    @Test("b on a to-do without a due date: the preview says so for a relative reminder, and Enter refuses it")
    func noDate() throws {
        var undated = details.item("Someday")
        undated.date = nil
        let app = try details.makeApp([undated], size: TerminalSize(rows: 12, columns: 120))
        var lines = try keys.send(Key.sequence("b") + Key.typing("1h"), to: app)
        #expect(
            lines.contains("→ 'Someday' has no due date to count from: give it one (t), or use 'at' and a time"),
            "\(lines)")
        lines = try keys.send([.enter], to: app)
        #expect(app.mode != .browse && stored("Someday")?.alarms.isEmpty == true, "\(lines)")
        lines = try keys.send(Key.sequence("C-u") + Key.typing("at 9:00"), to: app)
        #expect(lines.contains("→ goes off tomorrow 09:00"), "the next 9:00 for a to-do without a date: \(lines)")
        try keys.send([.enter], to: app)
        #expect(stored("Someday")?.alarms.first?.trigger == .absolute(Self.start + 21 * 3_600))
    }

    @Test("a reminder shown on the status line: z snoozes it 10 minutes, B dismisses it, both written on the to-do")
    func dismissAndSnooze() throws {
        let app = try details.makeApp(
            [reminding("Pay rent", at: -30), reminding("Call Ana", at: -60)], size: TerminalSize(rows: 12, columns: 120)
        )
        var lines = try keys.send([], to: app)
        #expect(!lines.contains { $0.contains("dismiss") })
        let items = try app.context.fetch(FetchRequest())
        let found = AlarmSchedule.due(in: items, now: Self.start, calendar: keys.calendar, fired: [])
        app.alarmsWentOff(found.due.sorted { $0.instant < $1.instant })
        lines = try keys.send([], to: app)
        #expect(
            lines.last == "◔ Call Ana · due 18:00 — B dismiss  z 10 min  Z 1 h  T tomorrow · +1 more",
            "\(lines.last ?? "")")

        lines = try keys.send(Key.sequence("z"), to: app)
        let snoozed = try #require(stored("Call Ana"))
        #expect(snoozed.alarmSnoozedUntil == Self.start + 600 && snoozed.alarmsAcknowledged == Self.start)
        #expect(snoozed.foreign.iCalendar.contains("X-MOZ-SNOOZE-TIME:20251120T121000Z"))
        #expect(lines.last?.hasPrefix("Snoozed 'Call Ana' until 12:10") == true, "\(lines.last ?? "")")

        lines = try keys.send(Key.sequence("j"), to: app)
        #expect(lines.last?.hasPrefix("◔ Pay rent · due 18:00 — B dismiss") == true, "\(lines.last ?? "")")
        lines = try keys.send(Key.sequence("B"), to: app)
        let dismissed = try #require(stored("Pay rent"))
        #expect(dismissed.alarmsAcknowledged == Self.start && dismissed.alarmSnoozedUntil == nil)
        #expect(dismissed.alarmInstants(calendar: keys.calendar).isEmpty)
        #expect(lines.last?.hasPrefix("Dismissed 'Pay rent'") == true, "\(lines.last ?? "")")
        lines = try keys.send(Key.sequence("j"), to: app)
        #expect(!lines.contains { $0.contains("◔ ") && $0.contains("dismiss") }, "\(lines)")
        lines = try keys.send(Key.sequence("B"), to: app)
        #expect(lines.last == "No reminder is showing.")
    }

    @Test("T snoozes until this time tomorrow; Z for an hour")
    func snoozeLonger() throws {
        let app = try details.makeApp([reminding("Pay rent", at: -30)])
        let due = AlarmSchedule.due(
            in: try app.context.fetch(FetchRequest()), now: Self.start, calendar: keys.calendar, fired: [])
        app.alarmsWentOff(due.due)
        try keys.send(Key.sequence("T"), to: app)
        #expect(stored("Pay rent")?.alarmSnoozedUntil == Self.start + 86_400)
        app.alarmsWentOff(due.due)
        try keys.send(Key.sequence("Z"), to: app)
        #expect(stored("Pay rent")?.alarmSnoozedUntil == Self.start + 3_600)
    }

    /// Runs the list's loop on `events` with the record in `folder`.
    func runLoop(_ app: TodoApp, keys names: String, record folder: String) -> TestTerminal {
        let terminal = TestTerminal(size: app.size)
        terminal.enqueue(keys: names)
        AppRunLoop(
            terminal: terminal, app: app, clock: { Self.start }, pollInterval: .seconds(60), stopsWhenIdle: true,
            alarmRecord: AlarmRecord(folder: folder)
        ).run()
        return terminal
    }

    @Test("the run loop records a due reminder as todo-tui remind does and shows it; one already recorded is not shown")
    func recordedOnce() throws {
        let folder = try TemporaryDirectory()
        let app = try details.makeApp(
            [reminding("Pay rent", at: -30), reminding("Later", at: 3_600)], size: TerminalSize(rows: 12, columns: 100))
        let terminal = runLoop(app, keys: "k", record: folder.path)
        let banner = terminal.lastScreen?.lines.last ?? ""
        #expect(banner.hasPrefix("◔ Pay rent · due 18:00 — B dismiss"), "\(banner)")
        let record = AlarmRecord(folder: folder.path)
        let id = try #require(stored("Pay rent")?.id)
        #expect(record.read().keys == [AlarmRecord.Key(itemID: id, instant: Self.start - 30)])

        // A second list (or a remind run) finds it in the record: not shown again.
        let again = try details.makeApp([], size: TerminalSize(rows: 12, columns: 100))
        let second = runLoop(again, keys: "k", record: folder.path)
        #expect(second.lastScreen?.lines.last?.contains("dismiss") == false, "\(second.lastScreen?.lines ?? [])")
        #expect(record.read().keys.count == 1)
    }

    @Test("a reminder set for a time already past goes off at once, after the message of the key that set it")
    func setInThePast() throws {
        let folder = try TemporaryDirectory()
        let app = try details.makeApp([dueAtSix("Pay rent")], size: TerminalSize(rows: 12, columns: 100))
        let terminal = TestTerminal(size: app.size)
        terminal.enqueue(keys: "b C-u")
        terminal.enqueue(typing: "at 9:00")
        terminal.enqueue(keys: "Enter")
        let record = AlarmRecord(folder: folder.path)
        AppRunLoop(
            terminal: terminal, app: app, clock: { Self.start }, pollInterval: .seconds(60), stopsWhenIdle: true,
            alarmRecord: record
        ).run()
        let said = terminal.lastScreen?.lines.last ?? ""
        #expect(said.hasPrefix("'Pay rent' reminds 09:00"), "the key's message stays: \(said)")
        #expect(record.read().keys.count == 1, "recorded at once")
        let lines = try keys.send(Key.sequence("j"), to: app)
        #expect(lines.last?.hasPrefix("◔ Pay rent · due 18:00 · missed 09:00 — B dismiss") == true, "\(lines)")
    }

    @Test("a snooze made in the list goes off again at its time, through the run loop")
    func snoozeFiresAgain() throws {
        let folder = try TemporaryDirectory()
        let app = try details.makeApp([reminding("Pay rent", at: -30)], size: TerminalSize(rows: 12, columns: 100))
        _ = runLoop(app, keys: "k z", record: folder.path)
        #expect(stored("Pay rent")?.alarmSnoozedUntil == Self.start + 600)
        // Ten minutes on, a fresh list (same store and record) shows it once more.
        let later = try details.makeApp([], size: TerminalSize(rows: 12, columns: 100))
        let terminal = TestTerminal(size: later.size)
        terminal.enqueue(keys: "k")
        AppRunLoop(
            terminal: terminal, app: later, clock: { Self.start + 601 }, pollInterval: .seconds(60),
            stopsWhenIdle: true, alarmRecord: AlarmRecord(folder: folder.path)
        ).run()
        #expect(terminal.lastScreen?.lines.last?.hasPrefix("◔ Pay rent") == true, "\(terminal.lastScreen?.lines ?? [])")
        #expect(AlarmRecord(folder: folder.path).read().keys.count == 2)
    }
}
