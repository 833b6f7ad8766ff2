import Foundation
import Testing
import TodoTestSupport

@testable import TodoCore

@Suite("Recurrence arithmetic against python-dateutil")
struct RecurrenceOracleTests {
    /// One generated case: the rule, where the series starts and where to look.
    struct Sample {
        var zone: String
        var startLocal: (day: Int, seconds: Int)
        var wholeDay: Bool
        var rule: String
        var afterOffset: Int
        var limit = 4
    }

    @Test(
        "random rules and anchors in five zones agree with dateutil, across DST changes and skipped days",
        .enabled(if: DateutilOracle.python != nil, "/usr/bin/python3 with dateutil (python3-dateutil) is not installed")
    )
    func randomRules() throws {
        var random = SplitMix64(seed: 28)
        let samples = (0..<600).map { _ in Self.randomSample(&random) }
        try expectAgreement(samples)
    }

    @Test(
        "the cases RFC 5545 and the issue single out agree with dateutil",
        .enabled(if: DateutilOracle.python != nil, "/usr/bin/python3 with dateutil (python3-dateutil) is not installed")
    )
    func namedCases() throws {
        let berlinNine = (CivilDate.dayNumber(year: 2027, month: 1, day: 31), 9 * 3_600)
        let samples = [
            // Monthly on the 31st skips short months.
            Sample(
                zone: "Europe/Berlin", startLocal: berlinNine, wholeDay: false, rule: "FREQ=MONTHLY", afterOffset: 0),
            Sample(
                zone: "Europe/Berlin", startLocal: berlinNine, wholeDay: true, rule: "FREQ=MONTHLY;BYMONTHDAY=31",
                afterOffset: 0),
            // BYDAY when the start (a Sunday) is not an occurrence: the start still counts.
            Sample(
                zone: "America/Chicago", startLocal: berlinNine, wholeDay: false, rule: "FREQ=WEEKLY;BYDAY=MO",
                afterOffset: -60),
            Sample(
                zone: "America/Chicago", startLocal: berlinNine, wholeDay: false, rule: "FREQ=WEEKLY;BYDAY=MO;COUNT=2",
                afterOffset: -60),
            Sample(
                zone: "America/Chicago", startLocal: berlinNine, wholeDay: false, rule: "FREQ=DAILY;COUNT=1",
                afterOffset: -60),
            Sample(
                zone: "America/Chicago", startLocal: berlinNine, wholeDay: false, rule: "FREQ=DAILY;COUNT=1",
                afterOffset: 0),
            // A date-only UNTIL with a timed series includes that day.
            Sample(
                zone: "Europe/Berlin", startLocal: berlinNine, wholeDay: false, rule: "FREQ=DAILY;UNTIL=20270202",
                afterOffset: 0, limit: 6),
            Sample(
                zone: "Europe/Berlin", startLocal: berlinNine, wholeDay: false,
                rule: "FREQ=MONTHLY;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=-1", afterOffset: 0),
            Sample(
                zone: "Europe/Berlin", startLocal: berlinNine, wholeDay: false, rule: "FREQ=MONTHLY;BYDAY=-1FR",
                afterOffset: 0),
            Sample(
                zone: "Europe/Berlin", startLocal: berlinNine, wholeDay: false, rule: "FREQ=MONTHLY;BYMONTHDAY=-1",
                afterOffset: 0),
            Sample(
                zone: "Europe/Berlin", startLocal: berlinNine, wholeDay: false, rule: "FREQ=MONTHLY;BYMONTHDAY=-31",
                afterOffset: 0),
            // 02:30 daily across the night Berlin skips 02:00-03:00.
            Sample(
                zone: "Europe/Berlin", startLocal: (CivilDate.dayNumber(year: 2027, month: 3, day: 26), 9_000),
                wholeDay: false, rule: "FREQ=DAILY", afterOffset: 0),
            // 01:30 daily across the night Chicago repeats 01:00-02:00.
            Sample(
                zone: "America/Chicago", startLocal: (CivilDate.dayNumber(year: 2027, month: 11, day: 5), 5_400),
                wholeDay: false, rule: "FREQ=DAILY", afterOffset: 0),
            // Pacific/Apia left out 30 December 2011.
            Sample(
                zone: "Pacific/Apia", startLocal: (CivilDate.dayNumber(year: 2011, month: 12, day: 28), 9 * 3_600),
                wholeDay: false, rule: "FREQ=DAILY", afterOffset: 0),
            Sample(
                zone: "Pacific/Apia", startLocal: (CivilDate.dayNumber(year: 2011, month: 12, day: 28), 0),
                wholeDay: true, rule: "FREQ=DAILY", afterOffset: 0),
            // São Paulo's clocks went forward at midnight.
            Sample(
                zone: "America/Sao_Paulo", startLocal: (CivilDate.dayNumber(year: 2018, month: 10, day: 30), 0),
                wholeDay: false, rule: "FREQ=WEEKLY;INTERVAL=1;BYDAY=SU", afterOffset: -10),
            Sample(
                zone: "America/Sao_Paulo", startLocal: (CivilDate.dayNumber(year: 2018, month: 10, day: 30), 0),
                wholeDay: true, rule: "FREQ=DAILY", afterOffset: 0),
            // RFC 5545's WKST example.
            Sample(
                zone: "America/Chicago", startLocal: (CivilDate.dayNumber(year: 1997, month: 8, day: 5), 9 * 3_600),
                wholeDay: false, rule: "FREQ=WEEKLY;INTERVAL=2;BYDAY=TU,SU;WKST=SU;COUNT=4", afterOffset: -1, limit: 5),
            Sample(
                zone: "America/Chicago", startLocal: (CivilDate.dayNumber(year: 1997, month: 8, day: 5), 9 * 3_600),
                wholeDay: false, rule: "FREQ=WEEKLY;INTERVAL=2;BYDAY=TU,SU;COUNT=4", afterOffset: -1, limit: 5),
            Sample(
                zone: "Pacific/Auckland",
                startLocal: (CivilDate.dayNumber(year: 2024, month: 2, day: 29), 2 * 3_600 + 1_800),
                wholeDay: false, rule: "FREQ=YEARLY", afterOffset: 0),
        ]
        try expectAgreement(samples)
    }

    private func expectAgreement(_ samples: [Sample]) throws {
        var cases: [DateutilOracle.Case] = []
        var starts: [(Date, Calendar, Repetition, Date)] = []
        for sample in samples {
            var calendar = Calendar(identifier: .gregorian)
            calendar.timeZone = try #require(TimeZone(identifier: sample.zone))
            let local = TimeInterval(sample.startLocal.day * 86_400 + (sample.wholeDay ? 0 : sample.startLocal.seconds))
            let start = WallClock.instant(localSeconds: local, in: calendar.timeZone)
            let after = start.addingTimeInterval(TimeInterval(sample.afterOffset))
            let rule = try RecurrenceRule(rrule: sample.rule)
            starts.append((start, calendar, Repetition(rule: rule), after))
            cases.append(
                DateutilOracle.Case(
                    zone: sample.zone, start: Int(start.timeIntervalSince1970),
                    startDay: Self.isoDay(sample.startLocal.day), wholeDay: sample.wholeDay, rule: sample.rule,
                    after: Int(after.timeIntervalSince1970),
                    afterDay: Self.isoDay(WallClock.dayNumber(of: after, in: calendar.timeZone)), limit: sample.limit))
        }
        let expected = try DateutilOracle.occurrences(cases)
        try #require(expected.count == samples.count)
        for (index, sample) in samples.enumerated() {
            let (start, calendar, repetition, after) = starts[index]
            let dates = repetition.occurrences(
                seriesStart: start, isWholeDay: sample.wholeDay, in: calendar, after: after, limit: sample.limit)
            let actual = dates.filter { $0 < Self.oracleHorizon }.map { date in
                sample.wholeDay
                    ? Self.isoDay(WallClock.dayNumber(of: date, in: calendar.timeZone))
                    : String(Int(date.timeIntervalSince1970))
            }
            #expect(
                actual == expected[index],
                "\(sample.rule) from \(Self.isoDay(sample.startLocal.day)) \(sample.startLocal.seconds)s in \(sample.zone), whole day \(sample.wholeDay), after +\(sample.afterOffset)s"
            )
            let next = repetition.nextOccurrence(
                after: after, seriesStart: start, isWholeDay: sample.wholeDay, in: calendar)
            #expect(next == dates.first)
        }
    }

    /// 2037-01-01 UTC: see ``DateutilOracle``.
    static let oracleHorizon = Date(timeIntervalSince1970: 2_114_380_800)

    static func isoDay(_ day: Int) -> String {
        let civil = CivilDate.date(ofDayNumber: day)
        return String(format: "%04d-%02d-%02d", civil.year, civil.month, civil.day)
    }

    /// A rule dateutil and RFC 5545 read alike (no BYDAY mixing plain and ordinal days, which
    /// dateutil intersects) that has occurrences often enough for the oracle to reach them.
    static func randomSample(_ random: inout SplitMix64) -> Sample {
        let zones = ["Europe/Berlin", "America/Chicago", "Pacific/Auckland", "America/Sao_Paulo", "Pacific/Apia"]
        let zone = zones.randomElement(using: &random) ?? zones[0]
        let startDay: Int
        switch zone {
        case "America/Sao_Paulo":
            startDay = CivilDate.dayNumber(year: 2012, month: 1, day: 1) + Int.random(in: 0..<(6 * 365), using: &random)
        case "Pacific/Apia":
            startDay = CivilDate.dayNumber(year: 2011, month: 12, day: 1) + Int.random(in: -60..<40, using: &random)
        default:
            startDay = CivilDate.dayNumber(year: 2024, month: 1, day: 1) + Int.random(in: 0..<(5 * 365), using: &random)
        }
        let hours = [0, 1, 2, 3, 9, 12, 23]
        let seconds =
            (hours.randomElement(using: &random) ?? 9) * 3_600 + ([0, 1_800].randomElement(using: &random) ?? 0)
        let wholeDay = Int.random(in: 0..<5, using: &random) == 0
        let frequency = RecurrenceRule.Frequency.allCases.randomElement(using: &random) ?? .daily
        var parts = ["FREQ=\(frequency.rawValue)"]
        if Bool.random(using: &random) { parts.append("INTERVAL=\(Int.random(in: 2...3, using: &random))") }
        let codes = RecurrenceRule.Weekday.allCases.map(\.code)
        func subset(_ values: [String], max: Int) -> [String] {
            let size = Int.random(in: 1...max, using: &random)
            return Array(values.shuffled(using: &random).prefix(size))
        }
        func chance(_ percent: Int) -> Bool { Int.random(in: 0..<100, using: &random) < percent }
        var byMonth = false
        if frequency != .weekly && chance(frequency == .yearly ? 50 : 20) {
            byMonth = true
            parts.append("BYMONTH=" + subset((1...12).map(String.init), max: 4).joined(separator: ","))
        }
        var byDayCount = 0
        var ordinals = false
        switch frequency {
        case .daily, .weekly:
            if chance(60) {
                let days = subset(codes, max: 4)
                byDayCount = days.count
                parts.append("BYDAY=" + days.joined(separator: ","))
            }
        case .monthly, .yearly:
            if chance(50) {
                ordinals = chance(50)
                let days = subset(codes, max: 3)
                byDayCount = days.count
                let ordinalChoices = [1, 2, 3, 4, -1, -2]
                parts.append(
                    "BYDAY="
                        + days.map { (ordinals ? String(ordinalChoices.randomElement(using: &random) ?? 1) : "") + $0 }
                        .joined(separator: ","))
            }
        }
        // Not with WEEKLY: dateutil's first week starts at the series start, so its BYSETPOS counts
        // from there instead of from the week's first day (the named cases check RFC's reading).
        // Only where a period has several days, or dateutil searches to the year 9999.
        let setPosition = byDayCount >= 2 && !ordinals && frequency != .weekly && frequency != .daily && chance(40)
        if setPosition {
            parts.append(
                "BYSETPOS="
                    + ([["1"], ["-1"], ["2"], ["1", "-1"]].randomElement(using: &random) ?? ["1"]).joined(
                        separator: ","))
        } else if frequency != .weekly && !ordinals && chance(35) {
            let choices = byMonth ? Array(1...28) + [-1, -2, -7] : Array(1...31) + [-1, -2, -7, -31]
            let days = subset(choices.map(String.init), max: byDayCount > 0 ? 4 : 2)
            parts.append("BYMONTHDAY=" + days.joined(separator: ","))
        }
        if frequency == .weekly && chance(25) { parts.append("WKST=" + (codes.randomElement(using: &random) ?? "MO")) }
        if chance(25) {
            parts.append("COUNT=\(Int.random(in: 1...8, using: &random))")
        } else if chance(25) {
            let end = CivilDate.date(ofDayNumber: startDay + Int.random(in: 5...700, using: &random))
            let day = String(format: "%04d%02d%02d", end.year, end.month, end.day)
            let forms = wholeDay ? [day] : [day, day + "T090000", day + "T083000Z"]
            parts.append("UNTIL=" + (forms.randomElement(using: &random) ?? day))
        }
        let afterOffset = Int.random(in: -2 * 86_400...(3 * 365 * 86_400), using: &random)
        return Sample(
            zone: zone, startLocal: (startDay, seconds), wholeDay: wholeDay, rule: parts.joined(separator: ";"),
            afterOffset: chance(30) ? Int.random(in: -3_600...(40 * 86_400), using: &random) : afterOffset)
    }
}
