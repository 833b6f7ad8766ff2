import Foundation
import Testing
import TodoCore

@testable import todo_tui

/// To-dos without a date, starts, completion times and the quick-add line in the app. Uses
/// `TodoAppTests`' store, app and key helpers; today is Thu 20 Nov 2025, 12:00 UTC.
@Suite("TodoApp dates")
struct TodoAppDatesTests {
    let details = TodoAppItemDetailsTests()
    var keys: TodoAppTests { details.keys }
    static let today = TodoAppTests.start - 12 * 3_600

    func undated(_ text: String, offset: TimeInterval = 0) -> TodoItem {
        TodoItem(text: text, date: nil, createdAt: TodoAppTests.start + offset)
    }

    func stored(_ text: String) -> TodoItem? {
        details.stored(text)
    }

    @Test("No date comes after the days in either order, and its to-dos are never overdue")
    func noDateSection() throws {
        let late = TodoItem(text: "Late", date: TodoAppTests.start - 86_400, createdAt: TodoAppTests.start)
        let app = try details.makeApp([undated("Someday"), late, details.item("Now"), undated("Later", offset: 1)])
        for order in ["", "o"] {
            let lines = try keys.send(Key.sequence(order), to: app)
            let headers = lines.filter { ["Yesterday", "Today", "No date"].contains($0) }
            #expect(headers.last == "No date", "\(order): \(lines)")
            #expect(lines.contains("  [ ] Someday") && lines.contains("  [ ] Later"), "\(lines)")
            #expect(lines.contains("! [ ] 12:00 Late"), "a dated to-do before today is overdue: \(lines)")
        }
    }

    @Test("a adds to the section of the selection: a whole day under a day, no date under No date, no time typed")
    func addToSelectedSection() throws {
        let app = try details.makeApp([details.item("Dentist"), undated("Someday")])
        #expect(app.selectedItem?.text == "Dentist")
        var lines = try keys.send(Key.sequence("a") + Key.typing("Pay rent") + [.enter], to: app)
        let rent = try #require(stored("Pay rent"))
        #expect(rent.date == Self.today && !rent.hasTime, "the selected day, as a whole day")
        #expect(lines.contains("  [ ] Pay rent"), "no time of day: \(lines)")
        try keys.send(Key.sequence("G"), to: app)
        #expect(app.selectedItem?.text == "Someday")
        lines = try keys.send(Key.sequence("a") + Key.typing("Read") + [.enter], to: app)
        #expect(try #require(stored("Read")).date == nil)
        let noDate = try #require(lines.firstIndex(of: "No date"))
        #expect(lines[noDate...].contains("  [ ] Read"), "\(lines)")
    }

    @Test("t with an empty line removes the date: the to-do moves to No date; t gives it one again")
    func removeDate() throws {
        let app = try details.makeApp([details.item("Dentist"), details.item("Other", offset: 1)])
        var lines = try keys.send(Key.sequence("t C-u Enter"), to: app)
        #expect(try #require(stored("Dentist")).date == nil)
        #expect(lines.contains("No date") && lines.last?.contains("'Dentist' has no date now") == true, "\(lines)")
        lines = try keys.send(Key.sequence("G t") + Key.typing("+3d") + [.enter], to: app)
        let dentist = try #require(stored("Dentist"))
        #expect(dentist.date == Self.today + 3 * 86_400 && !dentist.hasTime)
        #expect(!lines.contains("No date"), "\(lines)")
    }

    @Test("quick add: tokens set the fields and the rest is the text; \\ keeps a token as text")
    func quickAdd() throws {
        let app = try details.makeApp([details.item("Dentist")])
        try keys.send(Key.sequence("a") + Key.typing("Buy bread +shop due:+11d !! C# #482"), to: app)
        var screen = Screen(rows: app.size.rows, columns: app.size.columns)
        app.render(into: &screen)
        #expect(screen.lines.contains { $0.hasPrefix("→ 1 Dec · !! · #shop") }, "the preview: \(screen.lines)")
        try keys.send([.enter], to: app)
        let bread = try #require(stored("Buy bread C# #482"))
        #expect(bread.date == Self.today + 11 * 86_400 && !bread.hasTime)
        #expect(bread.priority == .medium && Array(bread.tags) == ["shop"])
        try keys.send(Key.sequence("g a") + Key.typing(#"Ask about \due:fri start:+3d"#) + [.enter], to: app)
        let ask = try #require(stored("Ask about due:fri"))
        #expect(ask.start == Self.today + 3 * 86_400 && ask.date == Self.today, "the start; the selected day")
    }

    @Test("a bad token is refused naming it, and the add line stays open with the text")
    func quickAddRefusal() throws {
        let app = try details.makeApp([details.item("Dentist")])
        let lines = try keys.send(Key.sequence("a") + Key.typing("Buy due:fryday") + [.enter], to: app)
        #expect(lines.contains { $0.contains("'due:fryday'") }, "\(lines)")
        guard case .editing(let editor, _) = app.mode else {
            Issue.record("the add line closed")
            return
        }
        #expect(editor.text == "Buy due:fryday")
        #expect(stored("Buy") == nil && keys.store.contents.items.count == 1)
    }

    @Test("a start equal to the due date (as making a rule writes it) dims the row but does not repeat the day")
    func startOnDueDate() throws {
        var repeating = details.item("Rent", offset: 3 * 86_400)
        repeating.startDate = repeating.dueDate
        let app = try details.makeApp([repeating, details.item("Other")])
        var screen = Screen(rows: app.size.rows, columns: app.size.columns)
        app.render(into: &screen)
        let row = try #require(screen.lines.firstIndex { $0.contains("Rent") })
        #expect(!screen.lines[row].contains("· from"), "\(screen.lines)")
        let column = try #require(screen.lines[row].firstRange(of: "Rent")).lowerBound.utf16Offset(
            in: screen.lines[row])
        #expect(screen[row, column].style.attributes.contains(.dim), "it still cannot start yet")
    }

    @Test("s sets a start: a to-do that cannot start yet is dimmed and says when; x records the completion time")
    func startAndCompletion() throws {
        let app = try details.makeApp([details.item("Report"), details.item("Other", offset: 1)])
        try keys.send(Key.sequence("s") + Key.typing("sun") + [.enter], to: app)
        let report = try #require(stored("Report"))
        #expect(report.start == Self.today + 3 * 86_400 && !report.startHasTime)
        var screen = Screen(rows: app.size.rows, columns: app.size.columns)
        app.render(into: &screen)
        let row = try #require(screen.lines.firstIndex { $0.contains("Report") })
        #expect(screen.lines[row].contains("Report · from Sun"), "\(screen.lines)")
        let column = try #require(screen.lines[row].firstRange(of: "Report")).lowerBound.utf16Offset(
            in: screen.lines[row])
        #expect(screen[row, column].style.attributes.contains(.dim), "a to-do that cannot start yet is dimmed")
        try keys.send(Key.sequence("x"), to: app)
        #expect(try #require(stored("Report")).completedAt == TodoAppTests.start)
        try keys.send(Key.sequence("x"), to: app)
        #expect(try #require(stored("Report")).completedAt == nil, "reopening forgets it")
    }
}
