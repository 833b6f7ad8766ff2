import Foundation
import Testing

@testable import TodoCore

/// Completing an occurrence of a repeating to-do advances it in place (`TodoItem.complete(at:calendar:)`).
@Suite("Completing a repeating to-do")
struct TodoItemRecurrenceTests {
    static func calendar(_ zone: String) -> Calendar {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: zone) ?? .gmt
        return calendar
    }

    static let berlin = calendar("Europe/Berlin")

    /// `2026-10-22T09:00` read in `calendar`.
    static func at(_ text: String, _ calendar: Calendar = berlin) -> Date {
        let parts = text.split(whereSeparator: { "-T:".contains($0) }).compactMap { Int($0) }
        let components = DateComponents(
            year: parts[0], month: parts[1], day: parts[2], hour: parts.count > 3 ? parts[3] : 0,
            minute: parts.count > 4 ? parts[4] : 0)
        guard let date = calendar.date(from: components) else { preconditionFailure("no date \(text)") }
        return date
    }

    static func repeating(
        _ rule: String, due: String?, start: String? = nil, wholeDay: Bool = false, anchor: RepeatAnchor = .due,
        calendar: Calendar = berlin
    ) -> TodoItem {
        TodoItem(
            text: "Water plants", date: due.map { at($0, calendar) }, createdAt: at("2026-01-01", calendar),
            hasTime: !wholeDay, start: start.map { at($0, calendar) }, startHasTime: !wholeDay,
            repetition: ItemRepetition(Repetition(rule: StoreFormatVersion4Tests.rule(rule), anchor: anchor)))
    }

    @Test(
        "an alarm at a fixed instant moves with the occurrence; a relative one and Apple's placeholder stay as written")
    func alarmsFollowTheOccurrence() throws {
        var item = Self.repeating("FREQ=WEEKLY", due: "2026-10-22T09:00", start: "2026-10-22T09:00")
        let atEight = TodoAlarm.display(.absolute(Self.at("2026-10-22T08:00")), uid: item.id)
        let relative = TodoAlarm.display(.relative(AlarmDuration(seconds: -900), to: .due), uid: item.id)
        let placeholder = TodoAlarm(lines: [
            "BEGIN:VALARM", "ACTION:NONE", "TRIGGER;VALUE=DATE-TIME:19760401T005545Z", "END:VALARM",
        ])
        item.alarms = [atEight, relative, placeholder]
        item.complete(at: Self.at("2026-10-22T10:00"), calendar: Self.berlin)
        // A week and the hour the clocks gave back: still an hour before the 09:00 due time.
        #expect(item.alarms[0].trigger == .absolute(Self.at("2026-10-29T08:00")))
        #expect(item.alarms[1] == relative)
        #expect(item.alarms[2] == placeholder)
    }

    @Test("a weekly 09:00 to-do moves a week on, still at 09:00 after the clocks go back, same id, still open")
    func weeklyAcrossDaylightSaving() throws {
        var item = Self.repeating("FREQ=WEEKLY", due: "2026-10-22T09:00", start: "2026-10-22T09:00")
        let before = item
        let now = Self.at("2026-10-22T10:00")
        #expect(
            item.complete(at: now, calendar: Self.berlin)
                == .advanced(due: ItemDate(date: Self.at("2026-10-29T09:00"), hasTime: true)))
        #expect(item.id == before.id && !item.isDone && item.completedAt == nil)
        #expect(item.date == Self.at("2026-10-29T09:00"))
        #expect(item.start == Self.at("2026-10-29T09:00"))
        let moved = try #require(item.date).timeIntervalSince(try #require(before.date))
        #expect(Int(moved.rounded()) == 7 * 86_400 + 3_600, "a week and the hour given back")
        #expect(item.repetition?.completedCount == 1)
        #expect(item.repetition?.lastCompletedAt == now)
    }

    @Test("the start keeps its distance in days to the due date; a whole-day to-do stays whole-day")
    func startAndDueMoveTogether() {
        var timed = Self.repeating("FREQ=WEEKLY;BYDAY=MO,TH", due: "2026-11-23T17:00", start: "2026-11-23T08:00")
        timed.complete(at: Self.at("2026-11-23T12:00"), calendar: Self.berlin)
        #expect(timed.start == Self.at("2026-11-26T08:00") && timed.date == Self.at("2026-11-26T17:00"))
        var wholeDay = Self.repeating(
            "FREQ=MONTHLY;BYMONTHDAY=-1", due: "2027-01-31", start: "2027-01-31", wholeDay: true)
        wholeDay.complete(at: Self.at("2027-01-31T20:00"), calendar: Self.berlin)
        #expect(wholeDay.date == Self.at("2027-02-28") && !wholeDay.hasTime)
        #expect(wholeDay.start == Self.at("2027-02-28") && !wholeDay.startHasTime)
    }

    @Test("without a start the due date is the anchor")
    func dueOnly() {
        var item = Self.repeating("FREQ=DAILY;INTERVAL=2", due: "2026-11-20T18:00")
        item.complete(at: Self.at("2026-11-20T18:30"), calendar: Self.berlin)
        #expect(item.date == Self.at("2026-11-22T18:00") && item.start == nil)
    }

    @Test("COUNT goes one down each time and the last occurrence completes the to-do for good")
    func countConsumed() {
        var item = Self.repeating("FREQ=DAILY;COUNT=2", due: "2026-11-20", start: "2026-11-20", wholeDay: true)
        let first = Self.at("2026-11-20T10:00")
        item.complete(at: first, calendar: Self.berlin)
        #expect(item.repetition?.rule.rruleText == "FREQ=DAILY;COUNT=1" && !item.isDone)
        #expect(item.date == Self.at("2026-11-21"))
        let second = Self.at("2026-11-21T10:00")
        #expect(item.complete(at: second, calendar: Self.berlin) == .completed)
        #expect(item.isDone && item.completedAt == second && item.date == Self.at("2026-11-21"))
        #expect(item.repetition?.completedCount == 2 && item.repetition?.lastCompletedAt == second)
    }

    @Test("past UNTIL the to-do is completed for good")
    func untilEnds() {
        var item = Self.repeating("FREQ=WEEKLY;UNTIL=20261125", due: "2026-11-20T09:00", start: "2026-11-20T09:00")
        #expect(item.complete(at: Self.at("2026-11-20T09:30"), calendar: Self.berlin) == .completed)
        #expect(item.isDone && item.date == Self.at("2026-11-20T09:00"))
    }

    @Test("overdue: strict moves to the occurrence after the one completed, from completion to after today")
    func overdue() {
        let today = Self.at("2026-11-26T12:00")
        var strict = Self.repeating("FREQ=WEEKLY", due: "2026-11-05", start: "2026-11-05", wholeDay: true)
        strict.complete(at: today, calendar: Self.berlin)
        #expect(strict.date == Self.at("2026-11-12"), "still in the past: the next occurrence after the one done")
        var afterDone = Self.repeating(
            "FREQ=DAILY;INTERVAL=3", due: "2026-11-05", start: "2026-11-05", wholeDay: true, anchor: .completion)
        afterDone.complete(at: today, calendar: Self.berlin)
        #expect(afterDone.date == Self.at("2026-11-29"), "three days after the day it was done")
    }

    @Test("a to-do that does not repeat, or a done one, is simply completed")
    func notRepeating() {
        var plain = TodoItem(text: "Once", date: Self.at("2026-11-20"), createdAt: Self.at("2026-11-01"))
        let now = Self.at("2026-11-20T08:00")
        #expect(plain.complete(at: now, calendar: Self.berlin) == .completed)
        #expect(plain.isDone && plain.completedAt == now)
        var undated = Self.repeating("FREQ=DAILY", due: nil)
        #expect(undated.complete(at: now, calendar: Self.berlin) == .completed && undated.isDone)
    }

    @Test("two devices completing the same occurrence before they sync give one advance, not two")
    func twoDevicesConverge() throws {
        let store = InMemoryStore()
        let clock = TestClock()
        clock.now = Self.at("2026-11-20T10:00")
        let setup = TodoContext(store: store, now: clock.function)
        let item = Self.repeating("FREQ=WEEKLY;COUNT=5", due: "2026-11-20T09:00", start: "2026-11-20T09:00")
        try setup.insert(item)
        try setup.save()
        let phone = TodoContext(store: store, now: clock.function)
        let laptop = TodoContext(store: store, now: clock.function)
        laptop.mergePolicy = .mergeByPropertyObjectTrump
        _ = try phone.item(with: item.id)
        _ = try laptop.item(with: item.id)
        try phone.update(item.id) { $0.complete(at: Self.at("2026-11-20T10:00"), calendar: Self.berlin) }
        try laptop.update(item.id) { $0.complete(at: Self.at("2026-11-20T11:00"), calendar: Self.berlin) }
        try phone.save()
        try laptop.save()
        let merged = try #require(store.contents.items.first { $0.id == item.id })
        #expect(store.contents.items.count == 1)
        #expect(merged.date == Self.at("2026-11-27T09:00") && merged.start == Self.at("2026-11-27T09:00"))
        #expect(merged.repetition?.rule.count == 4 && merged.repetition?.completedCount == 1)
        #expect(!merged.isDone)
    }

    @Test("undo after completing an occurrence restores the to-do as it was")
    func undoRestores() throws {
        let clock = TestClock()
        let context = TodoContext(store: InMemoryStore(), now: clock.function)
        let item = Self.repeating("FREQ=DAILY", due: "2026-11-20T09:00", start: "2026-11-20T09:00")
        try context.insert(item)
        try context.save()
        try context.update(item.id) { $0.complete(at: Self.at("2026-11-20T10:00"), calendar: Self.berlin) }
        context.processPendingChanges()
        context.undo()
        let restored = try #require(try context.item(with: item.id))
        #expect(restored.hasSameContent(as: item))
    }

    @Test("making a rule writes a start when there is none: the due date, or the rule's first day as a whole day")
    func makingARuleWritesAStart() {
        let weekly = Repetition(rule: StoreFormatVersion4Tests.rule("FREQ=WEEKLY"))
        let now = Self.at("2026-11-20T15:00")
        var dated = TodoItem(text: "Dated", date: Self.at("2026-11-21T09:00"), createdAt: now)
        dated.setRepetition(weekly, now: now, calendar: Self.berlin)
        #expect(dated.start == Self.at("2026-11-21T09:00") && dated.startHasTime)
        var undated = TodoItem(text: "Undated", date: nil, createdAt: now)
        undated.setRepetition(weekly, now: now, calendar: Self.berlin)
        #expect(undated.start == Self.at("2026-11-20") && !undated.startHasTime && undated.date == nil)
        undated.setRepetition(nil, now: now, calendar: Self.berlin)
        #expect(undated.repetition == nil && undated.start == Self.at("2026-11-20"))
    }

    @Test("A rule made on a to-do without a date starts on the rule's first day from today, not on today")
    func makingARuleStartsOnItsFirstDay() {
        let friday = Self.at("2026-11-20T15:00")
        for (rule, first) in [
            ("FREQ=WEEKLY;BYDAY=MO,TH", "2026-11-23"), ("FREQ=WEEKLY;BYDAY=FR", "2026-11-20"),
            ("FREQ=MONTHLY;BYMONTHDAY=31", "2026-12-31"), ("FREQ=MONTHLY;BYDAY=-1FR", "2026-11-27"),
            ("FREQ=DAILY;INTERVAL=3", "2026-11-20"), ("FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=29", "2028-02-29"),
        ] {
            var undated = TodoItem(text: "Undated", date: nil, createdAt: friday)
            undated.setRepetition(
                Repetition(rule: StoreFormatVersion4Tests.rule(rule)), now: friday, calendar: Self.berlin)
            #expect(undated.start == Self.at(first), "\(rule)")
            #expect(undated.date == nil && !undated.startHasTime, "\(rule)")
        }
    }
}
