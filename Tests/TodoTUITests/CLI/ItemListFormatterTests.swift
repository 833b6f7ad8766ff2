import Foundation
import Testing
import TodoCore

@testable import todo_tui

/// `todo-tui list` prints texts from the store inert, as the screen draws them.
@Suite("ItemListFormatter")
struct ItemListFormatterTests {
    @Test(
        "printable ASCII is printed as it is; controls, escapes and invisible characters never reach the terminal",
        arguments: [
            ("Buy milk, eggs; and \"bread\" ~ #482", "Buy milk, eggs; and \"bread\" ~ #482"),
            ("\u{1B}[31mred\u{1B}[0m", "␛[31mred␛[0m"),
            ("tab\there\u{7F}", "tab␉here␡"),
            ("abc\u{202E}def", "abc�def"),
            ("우유 사기 🥛", "우유 사기 🥛"),
        ])
    func inert(text: String, printed: String) {
        #expect(ItemListFormatter.inert(text) == printed)
        #expect(
            ItemListFormatter.inert(text) == String(InertText.glyphs(text).map(\.character)), "the same as the screen")
    }

    @Test("an item with a time of day shows it before the text; one at local midnight shows none")
    func timeOfDay() throws {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = try #require(TimeZone(identifier: "Europe/Berlin"))
        let morning = try #require(
            calendar.date(from: DateComponents(year: 2030, month: 5, day: 6, hour: 9, minute: 30)))
        let midnight = calendar.startOfDay(for: morning)
        let timed = TodoItem(text: "Dentist", date: morning, color: .red, createdAt: morning)
        let allDay = TodoItem(text: "Pay rent", date: midnight, createdAt: midnight)
        let id = { (item: TodoItem) in String(IDResolver.displayID(item.id).prefix(8)) }
        #expect(ItemListFormatter.line(for: timed, calendar: calendar) == "  \(id(timed)) [ ] 09:30 Dentist · red")
        #expect(ItemListFormatter.line(for: allDay, calendar: calendar) == "  \(id(allDay)) [ ] Pay rent")
        let text = ItemListFormatter.text(for: [allDay, timed], now: morning, calendar: calendar)
        #expect(text == "Today\n  \(id(allDay)) [ ] Pay rent\n  \(id(timed)) [ ] 09:30 Dentist · red\n")
    }

    @Test("a to-do waiting for its start says from when, as its row on screen does; once started it does not")
    func waitingForItsStart() throws {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = try #require(TimeZone(identifier: "Europe/Berlin"))
        let monday = try #require(calendar.date(from: DateComponents(year: 2030, month: 5, day: 6, hour: 9)))
        let thursday = try #require(calendar.date(from: DateComponents(year: 2030, month: 5, day: 9)))
        var later = TodoItem(text: "Water plants", date: nil, createdAt: monday)
        later.startDate = ItemDate(date: thursday, hasTime: false)
        let id = String(IDResolver.displayID(later.id).prefix(8))
        #expect(
            ItemListFormatter.text(for: [later], now: monday, calendar: calendar)
                == "No date\n  \(id) [ ] Water plants · from Thu\n")
        #expect(
            ItemListFormatter.text(for: [later], now: thursday.addingTimeInterval(3_600), calendar: calendar)
                == "No date\n  \(id) [ ] Water plants\n")
    }
}
