import Foundation
import Testing
import TodoTestSupport

@testable import TodoCore

@Suite("RRULE text")
struct RecurrenceRuleTextTests {
    @Test(
        "rules print in canonical order and read back equal",
        arguments: [
            ("FREQ=DAILY", "FREQ=DAILY"),
            ("freq=weekly;interval=2;byday=mo,th", "FREQ=WEEKLY;INTERVAL=2;BYDAY=MO,TH"),
            ("FREQ=WEEKLY;INTERVAL=1;BYDAY=MO", "FREQ=WEEKLY;BYDAY=MO"),
            ("RRULE:FREQ=MONTHLY;BYDAY=-1FR", "FREQ=MONTHLY;BYDAY=-1FR"),
            ("FREQ=MONTHLY;BYDAY=+2TU", "FREQ=MONTHLY;BYDAY=2TU"),
            ("FREQ=MONTHLY;BYMONTHDAY=31,-1", "FREQ=MONTHLY;BYMONTHDAY=31,-1"),
            (
                "COUNT=3;BYSETPOS=-1;BYDAY=MO,TU,WE,TH,FR;FREQ=MONTHLY",
                "FREQ=MONTHLY;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=-1;COUNT=3"
            ),
            ("FREQ=YEARLY;BYMONTH=7;BYMONTHDAY=4;UNTIL=20300704", "FREQ=YEARLY;BYMONTH=7;BYMONTHDAY=4;UNTIL=20300704"),
            ("FREQ=WEEKLY;UNTIL=20270630T090000;WKST=SU", "FREQ=WEEKLY;WKST=SU;UNTIL=20270630T090000"),
            ("FREQ=DAILY;UNTIL=20270630T215959Z", "FREQ=DAILY;UNTIL=20270630T215959Z"),
        ])
    func roundTrip(text: String, canonical: String) throws {
        let rule = try RecurrenceRule(rrule: text)
        #expect(rule.rruleText == canonical)
        #expect(try RecurrenceRule(rrule: rule.rruleText) == rule)
    }

    @Test("seeded random rules survive print and parse")
    func randomRoundTrip() throws {
        var random = SplitMix64(seed: 2_028)
        for _ in 0..<500 {
            let text = RecurrenceOracleTests.randomSample(&random).rule
            let rule = try RecurrenceRule(rrule: text)
            #expect(try RecurrenceRule(rrule: rule.rruleText) == rule, "\(text)")
        }
    }

    @Test("the parts are read into their fields")
    func fields() throws {
        let rule = try RecurrenceRule(rrule: "FREQ=MONTHLY;INTERVAL=3;BYDAY=1MO,-1FR;BYMONTH=1,7;COUNT=4")
        #expect(rule.frequency == .monthly)
        #expect(rule.interval == 3)
        #expect(rule.byDay == [.init(.monday, ordinal: 1), .init(.friday, ordinal: -1)])
        #expect(rule.byMonth == [1, 7])
        #expect(rule.count == 4)
        let until = try RecurrenceRule(rrule: "FREQ=DAILY;UNTIL=20270108")
        #expect(until.until == .date(.init(year: 2027, month: 1, day: 8)))
        let utc = try RecurrenceRule(rrule: "FREQ=DAILY;UNTIL=19700102T000000Z")
        #expect(utc.until == .utc(Date(timeIntervalSince1970: 86_400)))
    }

    @Test("setting a count consumes it and drops an until")
    func countIsSettable() throws {
        var rule = try RecurrenceRule(rrule: "FREQ=WEEKLY;COUNT=3")
        rule.count = 2
        #expect(rule.rruleText == "FREQ=WEEKLY;COUNT=2")
        rule.setUntil(.date(.init(year: 2027, month: 6, day: 30)))
        #expect(rule.count == nil)
        rule.count = 5
        #expect(rule.until == nil)
        #expect(rule.rruleText == "FREQ=WEEKLY;COUNT=5")
    }

    @Test(
        "what todo-tui cannot compute is refused with a sentence naming the part",
        arguments: [
            ("FREQ=DAILY;BYHOUR=9", RecurrenceError.unsupportedPart("BYHOUR"), "BYHOUR"),
            ("FREQ=DAILY;BYMINUTE=30", .unsupportedPart("BYMINUTE"), "BYMINUTE"),
            ("FREQ=DAILY;BYSECOND=0", .unsupportedPart("BYSECOND"), "BYSECOND"),
            ("FREQ=YEARLY;BYWEEKNO=20", .unsupportedPart("BYWEEKNO"), "BYWEEKNO"),
            ("FREQ=YEARLY;BYYEARDAY=100", .unsupportedPart("BYYEARDAY"), "BYYEARDAY"),
            ("RSCALE=HEBREW;FREQ=YEARLY", .unsupportedPart("RSCALE"), "RSCALE"),
            ("FREQ=MONTHLY;SKIP=FORWARD", .unsupportedPart("SKIP"), "SKIP"),
            ("FREQ=WEEKLY;FROM=COMPLETION", .unsupportedPart("FROM"), "FROM"),
            ("FREQ=HOURLY", .unsupportedFrequency("HOURLY"), "HOURLY"),
            ("FREQ=MINUTELY", .unsupportedFrequency("MINUTELY"), "MINUTELY"),
            ("FREQ=SECONDLY", .unsupportedFrequency("SECONDLY"), "SECONDLY"),
            ("FREQ=FORTNIGHTLY", .unsupportedFrequency("FORTNIGHTLY"), "FORTNIGHTLY"),
            ("INTERVAL=2", .missingFrequency, "FREQ"),
            ("FREQ=DAILY;INTERVAL=0", .invalidValue(part: "INTERVAL", value: "0"), "INTERVAL"),
            ("FREQ=DAILY;COUNT=x", .invalidValue(part: "COUNT", value: "x"), "COUNT"),
            ("FREQ=MONTHLY;BYMONTHDAY=32", .invalidValue(part: "BYMONTHDAY", value: "32"), "BYMONTHDAY"),
            ("FREQ=MONTHLY;BYMONTHDAY=0", .invalidValue(part: "BYMONTHDAY", value: "0"), "BYMONTHDAY"),
            ("FREQ=YEARLY;BYMONTH=13", .invalidValue(part: "BYMONTH", value: "13"), "BYMONTH"),
            ("FREQ=WEEKLY;BYDAY=XX", .invalidValue(part: "BYDAY", value: "XX"), "BYDAY"),
            ("FREQ=MONTHLY;BYDAY=0MO", .invalidValue(part: "BYDAY", value: "0MO"), "BYDAY"),
            ("FREQ=MONTHLY;BYSETPOS=0;BYDAY=MO", .invalidValue(part: "BYSETPOS", value: "0"), "BYSETPOS"),
            ("FREQ=WEEKLY;WKST=XY", .invalidValue(part: "WKST", value: "XY"), "WKST"),
            ("FREQ=DAILY;UNTIL=20270230", .invalidValue(part: "UNTIL", value: "20270230"), "UNTIL"),
            ("FREQ=DAILY;UNTIL=2027-06-30", .invalidValue(part: "UNTIL", value: "2027-06-30"), "UNTIL"),
            ("FREQ=DAILY;COUNT=2;UNTIL=20270630", .countAndUntil, "COUNT"),
            ("FREQ=DAILY;FREQ=WEEKLY", .repeatedPart("FREQ"), "FREQ"),
            ("FREQ=WEEKLY;BYMONTHDAY=1", .partNotAllowed(part: "BYMONTHDAY", frequency: "WEEKLY"), "BYMONTHDAY"),
            ("FREQ=WEEKLY;BYDAY=1MO", .partNotAllowed(part: "BYDAY=1MO", frequency: "WEEKLY"), "1MO"),
            ("FREQ=DAILY;BYDAY", .malformed("BYDAY"), "BYDAY"),
        ])
    func refused(text: String, error: RecurrenceError, named: String) {
        #expect(throws: error) { try RecurrenceRule(rrule: text) }
        #expect(error.description.contains(named))
        #expect(error.description.hasSuffix("."))
        #expect(error.description.filter { $0 == "." }.count == 1 || error.description.contains("RFC"))
    }
}
