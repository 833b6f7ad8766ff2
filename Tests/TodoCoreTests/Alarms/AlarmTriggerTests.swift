import Foundation
import Testing

@testable import TodoCore

/// When alarms go off: relative to due and start, whole days at local midnight, across a
/// daylight-saving change, repetitions, dismissal and snooze — hand-checked instants.
@Suite("Alarm triggers")
struct AlarmTriggerTests {
    static func calendar(_ zone: String) -> Calendar {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: zone) ?? .gmt
        return calendar
    }

    static func utc(_ text: String) -> Date {
        guard case .instant(let date)? = ParsedTimestamp.parse(text) else { preconditionFailure(text) }
        return date
    }

    static func alarm(_ lines: String...) -> TodoAlarm {
        TodoAlarm(lines: ["BEGIN:VALARM", "ACTION:DISPLAY", "DESCRIPTION:x"] + lines + ["END:VALARM"])
    }

    static func item(due: Date? = nil, hasTime: Bool = true, start: Date? = nil, alarms: [TodoAlarm]) -> TodoItem {
        var item = TodoItem(text: "Pay rent", date: due, createdAt: utc("2026-01-01T00:00:00Z"), hasTime: hasTime)
        item.start = start
        item.alarms = alarms
        return item
    }

    @Test("a duration reads and writes back in iCalendar's form")
    func durations() throws {
        let cases: [(String, Int, Int, String)] = [
            ("-PT15M", 0, -900, "-PT15M"), ("PT0S", 0, 0, "PT0S"), ("-P1D", -1, 0, "-P1D"), ("-P2W", -14, 0, "-P2W"),
            ("P1DT2H30M", 1, 9_000, "P1DT2H30M"), ("-PT1H15M", 0, -4_500, "-PT1H15M"), ("+PT5S", 0, 5, "PT5S"),
        ]
        for (text, days, seconds, written) in cases {
            let duration = try #require(AlarmDuration(iCalendar: text), "\(text)")
            #expect(duration.days == days && duration.seconds == seconds, "\(text)")
            #expect(duration.iCalendar == written)
        }
        for bad in ["", "P", "PT", "-15M", "P1H", "PT1D", "P1.5D", "PT15", "P1W2X"] {
            #expect(AlarmDuration(iCalendar: bad) == nil, "\(bad)")
        }
    }

    @Test("relative to the due date (RELATED=END) and to the start (RELATED=START or none); absolute as is")
    func relativeAndAbsolute() {
        let calendar = Self.calendar("UTC")
        let due = Self.utc("2026-12-01T09:00:00Z")
        let start = Self.utc("2026-11-30T14:00:00Z")
        let item = Self.item(
            due: due, start: start,
            alarms: [
                Self.alarm("TRIGGER;RELATED=END:-PT15M"), Self.alarm("TRIGGER:-PT1H"),
                Self.alarm("TRIGGER;VALUE=DURATION;RELATED=START:PT30M"), Self.alarm("TRIGGER;RELATED=END:PT0S"),
                Self.alarm("TRIGGER;VALUE=DATE-TIME:20261201T070000Z"),
            ])
        #expect(
            item.alarmInstants(calendar: calendar) == [
                Self.utc("2026-11-30T13:00:00Z"), Self.utc("2026-11-30T14:30:00Z"), Self.utc("2026-12-01T07:00:00Z"),
                Self.utc("2026-12-01T08:45:00Z"), due,
            ])
    }

    @Test("a whole-day due date counts from local midnight in the calendar's zone")
    func wholeDay() {
        let berlin = Self.calendar("Europe/Berlin")
        // 2026-12-01 starts at 2026-11-30T23:00Z in Berlin (CET, +01:00).
        let day = Self.utc("2026-11-30T23:00:00Z")
        let item = Self.item(
            due: day, hasTime: false,
            alarms: [Self.alarm("TRIGGER;RELATED=END:-PT15M"), Self.alarm("TRIGGER;RELATED=END:PT9H")])
        #expect(
            item.alarmInstants(calendar: berlin) == [
                Self.utc("2026-11-30T22:45:00Z"), Self.utc("2026-12-01T08:00:00Z"),
            ])
    }

    @Test("across the spring change a day before keeps the wall-clock time and 24 hours do not")
    func daylightSaving() {
        let berlin = Self.calendar("Europe/Berlin")
        // Clocks go forward on 2026-03-29 at 02:00. Due 2026-03-29 12:00 CEST = 10:00Z.
        let due = Self.utc("2026-03-29T10:00:00Z")
        let item = Self.item(
            due: due, alarms: [Self.alarm("TRIGGER;RELATED=END:-P1D"), Self.alarm("TRIGGER;RELATED=END:-PT24H")])
        // 2026-03-28 12:00 CET = 11:00Z (23 hours before); 24 hours before = 10:00Z = 11:00 CET.
        #expect(
            item.alarmInstants(calendar: berlin) == [
                Self.utc("2026-03-28T10:00:00Z"), Self.utc("2026-03-28T11:00:00Z"),
            ])
    }

    @Test("REPEAT and DURATION add repetitions; one without the other adds none")
    func repetitions() {
        let calendar = Self.calendar("UTC")
        let due = Self.utc("2026-12-01T09:00:00Z")
        let item = Self.item(
            due: due,
            alarms: [
                Self.alarm("TRIGGER;RELATED=END:-PT10M", "REPEAT:2", "DURATION:PT5M"),
                Self.alarm("TRIGGER;VALUE=DATE-TIME:20261201T100000Z", "REPEAT:1"),
            ])
        #expect(
            item.alarmInstants(calendar: calendar) == [
                Self.utc("2026-12-01T08:50:00Z"), Self.utc("2026-12-01T08:55:00Z"), due,
                Self.utc("2026-12-01T10:00:00Z"),
            ])
    }

    @Test("X-MOZ-LASTACK and ACKNOWLEDGED dismiss what is due by them; X-MOZ-SNOOZE-TIME brings it back")
    func dismissAndSnooze() {
        let calendar = Self.calendar("UTC")
        var item = Self.item(
            due: Self.utc("2026-12-01T09:00:00Z"),
            alarms: [
                Self.alarm("TRIGGER;RELATED=END:-PT15M"), Self.alarm("TRIGGER;RELATED=END:PT0S"),
                Self.alarm("TRIGGER;RELATED=END:PT1H", "ACKNOWLEDGED:20261201T100000Z"),
            ])
        item.foreign.iCalendar = ["X-MOZ-LASTACK:20261201T085000Z", "X-MOZ-SNOOZE-TIME:20261201T090500Z"]
        #expect(item.alarmsAcknowledged == Self.utc("2026-12-01T08:50:00Z"))
        #expect(
            item.alarmInstants(calendar: calendar) == [
                Self.utc("2026-12-01T09:00:00Z"), Self.utc("2026-12-01T09:05:00Z"),
            ])
        item.dismissAlarms(at: Self.utc("2026-12-01T09:06:00Z"))
        #expect(item.foreign.iCalendar == ["X-MOZ-LASTACK:20261201T090600Z"])
        #expect(item.alarmInstants(calendar: calendar).isEmpty)
        item.snoozeAlarms(at: Self.utc("2026-12-01T09:07:00Z"), until: Self.utc("2026-12-01T10:07:00Z"))
        #expect(item.alarmInstants(calendar: calendar) == [Self.utc("2026-12-01T10:07:00Z")])
    }

    @Test("a relative alarm without its date, Apple's placeholder, EMAIL and AUDIO never go off; a done to-do neither")
    func neverFired() {
        let calendar = Self.calendar("UTC")
        var item = Self.item(
            alarms: [
                Self.alarm("TRIGGER;RELATED=END:-PT15M"), Self.alarm("TRIGGER;VALUE=DATE-TIME:19760401T005545Z"),
                TodoAlarm(lines: [
                    "BEGIN:VALARM", "ACTION:EMAIL", "TRIGGER;VALUE=DATE-TIME:20261201T080000Z", "END:VALARM",
                ]),
                TodoAlarm(lines: [
                    "BEGIN:VALARM", "ACTION:AUDIO", "TRIGGER;VALUE=DATE-TIME:20261201T080000Z", "ATTACH:Basso",
                    "END:VALARM",
                ]),
            ])
        #expect(item.alarmInstants(calendar: calendar).isEmpty)
        #expect(item.alarmsWithoutAnchor.count == 1)
        item.alarms.append(Self.alarm("TRIGGER;VALUE=DATE-TIME:20261201T080000Z"))
        #expect(item.alarmInstants(calendar: calendar) == [Self.utc("2026-12-01T08:00:00Z")])
        item.isDone = true
        #expect(item.alarmInstants(calendar: calendar).isEmpty)
    }

    @Test("shifting moves absolute alarms only, rewriting just their TRIGGER line")
    func shifting() {
        let item = Self.item(
            due: Self.utc("2026-12-01T09:00:00Z"),
            alarms: [
                Self.alarm("TRIGGER;VALUE=DATE-TIME:20261201T080000Z", "X-KEEP:1"),
                Self.alarm("TRIGGER;RELATED=END:-PT15M"),
                Self.alarm("TRIGGER;VALUE=DATE-TIME:19760401T005545Z"),
            ])
        let shifted = item.shiftingAbsoluteAlarms(by: 7 * 86_400)
        #expect(shifted.alarms[0].lines == Self.alarm("TRIGGER;VALUE=DATE-TIME:20261208T080000Z", "X-KEEP:1").lines)
        #expect(shifted.alarms[1] == item.alarms[1] && shifted.alarms[2] == item.alarms[2])
    }

    @Test("the schedule fires the latest pending instant once per to-do, records all, marks a late one missed")
    func schedule() {
        let calendar = Self.calendar("UTC")
        let item = Self.item(
            due: Self.utc("2026-12-01T09:00:00Z"),
            alarms: [Self.alarm("TRIGGER;RELATED=END:-P1D"), Self.alarm("TRIGGER;RELATED=END:-PT15M")])
        let now = Self.utc("2026-12-01T08:46:00Z")
        let first = AlarmSchedule.due(in: [item], now: now, calendar: calendar, fired: [])
        #expect(first.due.map(\.instant) == [Self.utc("2026-12-01T08:45:00Z")] && first.due.first?.missed == false)
        #expect(first.entries.count == 2)
        let again = AlarmSchedule.due(in: [item], now: now, calendar: calendar, fired: Set(first.entries.map(\.key)))
        #expect(again.due.isEmpty)
        let late = AlarmSchedule.due(in: [item], now: Self.utc("2026-12-01T12:00:00Z"), calendar: calendar, fired: [])
        #expect(late.due.first?.missed == true)
        #expect(AlarmSchedule.next(in: [item], after: now, calendar: calendar) == nil)
        #expect(
            AlarmSchedule.next(in: [item], after: Self.utc("2026-11-01T00:00:00Z"), calendar: calendar)
                == Self.utc("2026-11-30T09:00:00Z"))
    }

    @Test("reminders as typed: 15m, 1h, 1d before due, before start, at due, at 9:00, none; bad ones refused")
    func requests() throws {
        let calendar = Self.calendar("UTC")
        let now = Self.utc("2026-11-26T12:00:00Z")
        let item = Self.item(due: Self.utc("2026-12-01T18:00:00Z"), alarms: [])
        let requests = try AlarmRequest.parse("15m, 1h, 1d before due, at due, at 9:00")
        let made = try AlarmRequest.apply(requests, to: item, now: now, calendar: calendar)
        #expect(
            made.alarmInstants(calendar: calendar) == [
                Self.utc("2026-11-30T18:00:00Z"), Self.utc("2026-12-01T09:00:00Z"), Self.utc("2026-12-01T17:00:00Z"),
                Self.utc("2026-12-01T17:45:00Z"), Self.utc("2026-12-01T18:00:00Z"),
            ])
        #expect(try AlarmRequest.apply([.none], to: made, now: now, calendar: calendar).alarms.isEmpty)
        #expect(throws: ItemError.self) { try AlarmRequest.parse("soon") }
        #expect(throws: ItemError.self) { try AlarmRequest.parse("15m before lunch") }
        let undated = Self.item(alarms: [])
        #expect(throws: ItemError.self) {
            try AlarmRequest.apply(try AlarmRequest.parse("15m"), to: undated, now: now, calendar: calendar)
        }
    }
}
