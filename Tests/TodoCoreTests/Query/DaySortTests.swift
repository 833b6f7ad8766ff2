import Foundation
import Testing
import TodoCore
import TodoTestSupport

/// The `.day` sort key (issue 15): the calendar day of `date` alone, so that a later descriptor
/// (priority) orders the items of one day whatever their times.
@Suite("Sort by day")
struct DaySortTests {
    static func calendar(_ timeZone: String) -> Calendar {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: timeZone)!
        return calendar
    }

    static let utc = calendar("UTC")
    /// 2025-01-15 00:00 UTC.
    static let midnight = Date(timeIntervalSince1970: 1_736_899_200)

    static func item(_ text: String, hours: Double, priority: TodoPriority) -> TodoItem {
        TodoItem(text: text, date: midnight + hours * 3_600, createdAt: midnight, priority: priority)
    }

    /// Day, then higher priority first, then time: the app's opening order.
    static func request(ascending: Bool = true, calendar: Calendar = utc) -> FetchRequest {
        FetchRequest(sortDescriptors: [
            .day(ascending: ascending, in: calendar), TodoSortDescriptor(.priority, ascending: false),
            TodoSortDescriptor(.date),
        ])
    }

    @Test("within one day, priority decides whatever the times; equal priorities go by time")
    func sameDay() {
        let items = [
            Self.item("early low", hours: 8, priority: .low),
            Self.item("late high", hours: 22, priority: .high),
            Self.item("noon none", hours: 12, priority: .none),
            Self.item("early high", hours: 7, priority: .high),
        ]
        #expect(Self.request().apply(to: items).map(\.text) == ["early high", "late high", "early low", "noon none"])
        // A date sort alone never ties two times of one day, so priority second would not matter.
        let byDate = FetchRequest(sortDescriptors: [TodoSortDescriptor(.date), TodoSortDescriptor(.priority)])
        #expect(byDate.apply(to: items).map(\.text) == ["early high", "early low", "noon none", "late high"])
    }

    @Test("across days the day decides, before priority; descending reverses the days only")
    func differentDays() {
        let items = [
            Self.item("tomorrow high", hours: 24 + 8, priority: .high),
            Self.item("today low", hours: 23, priority: .low),
            Self.item("today high", hours: 23.5, priority: .high),
            Self.item("yesterday none", hours: -1, priority: .none),
            Self.item("tomorrow none", hours: 24 + 1, priority: .none),
        ]
        #expect(
            Self.request().apply(to: items).map(\.text) == [
                "yesterday none", "today high", "today low", "tomorrow high", "tomorrow none",
            ])
        #expect(
            Self.request(ascending: false).apply(to: items).map(\.text) == [
                "tomorrow high", "tomorrow none", "today high", "today low", "yesterday none",
            ])
    }

    @Test("the descriptor's calendar and time zone decide the days")
    func timeZoneDecides() {
        // 17:00 and 20:00 UTC: one day in UTC; in Kathmandu (UTC+5:45) 22:45 and 01:45 the next day.
        let items = [
            Self.item("20:00 UTC high", hours: 20, priority: .high),
            Self.item("17:00 UTC low", hours: 17, priority: .low),
        ]
        #expect(Self.request().apply(to: items).map(\.text) == ["20:00 UTC high", "17:00 UTC low"])
        let kathmandu = Self.request(calendar: Self.calendar("Asia/Kathmandu"))
        #expect(kathmandu.apply(to: items).map(\.text) == ["17:00 UTC low", "20:00 UTC high"])
    }

    @Test("the pairwise order, which asks the calendar, agrees with apply, which looks each day up once")
    func pairwiseAgreesWithApply() {
        var random = SplitMix64(seed: 15)
        let items = (0..<300).map { index in
            Self.item(
                "\(index)", hours: Double(Int.random(in: -100..<100, using: &random)) / 2,
                priority: TodoPriority.allCases.randomElement(using: &random)!)
        }
        for request in [
            Self.request(), Self.request(ascending: false, calendar: Self.calendar("Australia/Lord_Howe")),
        ] {
            #expect(request.apply(to: items) == items.sorted(by: request.areInIncreasingOrder))
        }
    }

    @Test("the description names the calendar, so requests on different days differ in a cache key")
    func description() {
        // Foundation on Linux calls UTC "GMT".
        let utc = Self.utc.timeZone.identifier
        #expect(Self.request().description == "all | day(gregorian \(utc)),-priority,date | limit 0 | offset 0")
        #expect(
            TodoSortDescriptor.day(ascending: false, in: Self.calendar("Asia/Tokyo")).description
                == "-day(gregorian Asia/Tokyo)")
        #expect(Self.request() != Self.request(calendar: Self.calendar("Asia/Tokyo")))
    }
}
