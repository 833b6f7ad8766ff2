import Foundation
import Testing
import TodoCore

@testable import todo_tui

/// The app driven by scripted keys on an in-memory store (DESIGN §4.3's key table).
@Suite("TodoApp keys")
struct TodoAppTests {
    static let start = Date(timeIntervalSince1970: 1_763_640_000)  // 2026-11-20 12:00 UTC

    let store = InMemoryStore()
    let calendar: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = .gmt
        return calendar
    }()

    /// An app on the store, after seeding `texts` dated today (one second apart, in order).
    func makeApp(_ texts: [String] = [], size: TerminalSize = TerminalSize(rows: 12, columns: 60)) throws -> TodoApp {
        let seed = TodoContext(store: store, now: { Self.start })
        for (offset, text) in texts.enumerated() {
            try seed.insert(text: text, date: Self.start + TimeInterval(offset))
        }
        try seed.save()
        let context = TodoContext(store: store, now: { Self.start })
        return try TodoApp(context: context, calendar: calendar, now: Self.start, size: size, animations: false)
    }

    /// Sends keys, performing saves as the run loop does, and returns the rendered lines.
    @discardableResult
    func send(_ keys: [Key], to app: TodoApp) throws -> [String] {
        for key in keys {
            _ = app.receive(.key(key))
        }
        var screen = Screen(rows: app.size.rows, columns: app.size.columns)
        app.render(into: &screen)
        return screen.lines
    }

    func storedTexts() -> [String] {
        store.contents.items.sorted { ($0.date ?? .distantFuture) < ($1.date ?? .distantFuture) }.map(\.text)
    }

    @Test("an empty store shows a hint; a adds an item without a date (no day is selected), saved at once")
    func addOnEmpty() throws {
        let app = try makeApp()
        let empty = try send([], to: app)
        #expect(empty.contains { $0.contains("No to-dos yet — press a to add one, ? for help") })
        let lines = try send(Key.sequence("a") + Key.typing("Buy milk") + [.enter], to: app)
        #expect(lines[1] == "No date")
        #expect(lines[2].hasPrefix("  [ ] Buy milk"), "never the current time of day")
        #expect(lines.last?.contains("Added 'Buy milk'") == true)
        #expect(storedTexts() == ["Buy milk"])
    }

    @Test("Esc cancels adding; empty or multi-line text is refused with the reason")
    func addCancelAndRefuse() throws {
        let app = try makeApp()
        try send(Key.sequence("a") + Key.typing("draft") + [.escape], to: app)
        #expect(store.contents.items.isEmpty)
        let refused = try send(Key.sequence("a Space Enter"), to: app)
        #expect(refused.contains { $0.contains("The text is empty.") })
        #expect(app.mode != .browse, "the editor stays open to fix the text")
    }

    @Test("j/k move, e edits, x toggles, c cycles colour, d deletes, u undoes, U redoes")
    func itemKeys() throws {
        let app = try makeApp(["First", "Second", "Third"])
        #expect(app.selectedItem?.text == "First")
        try send(Key.sequence("j"), to: app)
        #expect(app.selectedItem?.text == "Second")
        try send(Key.sequence("e C-u") + Key.typing("Second, edited") + [.enter], to: app)
        #expect(storedTexts() == ["First", "Second, edited", "Third"])
        try send(Key.sequence("x"), to: app)
        #expect(store.contents.items.first { $0.text == "Second, edited" }?.isDone == true)
        try send(Key.sequence("c c"), to: app)
        #expect(store.contents.items.first { $0.text == "Second, edited" }?.color == .green)
        let deleted = try send(Key.sequence("d"), to: app)
        #expect(deleted.last?.contains("Deleted 'Second, edited' — u to undo") == true)
        #expect(storedTexts() == ["First", "Third"])
        try send(Key.sequence("g"), to: app)
        try send(Key.sequence("u"), to: app)
        #expect(storedTexts() == ["First", "Second, edited", "Third"])
        #expect(app.selectedItem?.text == "Second, edited", "the selection goes to what undo restored")
        try send(Key.sequence("U"), to: app)
        #expect(storedTexts() == ["First", "Third"])
        try send(Key.sequence("k G g"), to: app)
        #expect(app.selectedItem?.text == "First")
    }

    @Test("t re-dates the selected item to another day, keeping its time of day")
    func redate() throws {
        let app = try makeApp(["Dentist"])
        let lines = try send(Key.sequence("t C-u") + Key.typing("tomorrow") + [.enter], to: app)
        #expect(lines[1] == "Tomorrow")
        let item = try #require(store.contents.items.first)
        #expect(item.date == Self.start + 86_400)
        let bad = try send(Key.sequence("t C-u") + Key.typing("someday") + [.enter], to: app)
        #expect(bad.contains { $0.contains("Unknown date 'someday'") })
    }

    @Test("/ filters as you type, Esc clears; o flips the order")
    func filterAndOrder() throws {
        let app = try makeApp(["Buy milk", "Call Mum", "Buy bread"])
        let filtered = try send(Key.sequence("/") + Key.typing("buy"), to: app)
        #expect(filtered.contains { $0.hasPrefix("  [ ] 12:00 Buy milk") })
        #expect(!filtered.contains { $0.contains("Call Mum") })
        try send([.enter], to: app)
        #expect(app.filterText == "buy")
        let cleared = try send([.escape], to: app)
        #expect(cleared.contains { $0.contains("Call Mum") })
        let reversed = try send(Key.sequence("o"), to: app)
        let rows = reversed.filter { $0.hasPrefix("  [ ]") }
        #expect(rows.first?.contains("Buy bread") == true)
        #expect(rows.last?.contains("Buy milk") == true)
    }

    @Test("? shows the key table and a key other than a scroll key closes it; q quits")
    func helpAndQuit() throws {
        let app = try makeApp(["One"])
        let help = try send(Key.sequence("?"), to: app)
        #expect(help.contains { $0.contains("toggle done") })
        let closed = try send(Key.sequence("Esc"), to: app)
        #expect(!closed.contains { $0.contains("toggle done") })
        #expect(app.handle(.key(.character("q"))) == [.quit])
        #expect(app.handle(.key(.control("c"))) == [.quit])
    }

    @Test("a terminal too small says so and recovers when enlarged")
    func tooSmall() throws {
        let app = try makeApp(["One"])
        _ = app.handle(.resize(TerminalSize(rows: 3, columns: 15)))
        let small = try send([], to: app)
        #expect(small[0].hasPrefix("Terminal too"))
        _ = app.handle(.resize(TerminalSize(rows: 10, columns: 40)))
        let big = try send([], to: app)
        #expect(big[1] == "Today")
    }

    @Test("a failed save keeps the change on screen and says so")
    func saveFailure() throws {
        let app = try makeApp(["Keep me"])
        app.saveFailed(SaveError.store(.lockBusy(path: "/tmp/x.json", holderPID: 42)))
        var screen = Screen(rows: 12, columns: 200)
        app.render(into: &screen)
        #expect(screen.lines.last?.contains("Not saved") == true)
        #expect(screen.lines.contains { $0.contains("Keep me") })
    }

    @Test("the alternate keys do what their letters do: arrows, Home/End, PgDn/PgUp, Enter, Space, Delete, Ctrl-R")
    func alternateKeys() throws {
        let app = try makeApp((1...30).map { "Item \($0)" }, size: TerminalSize(rows: 12, columns: 60))
        try send([.down, .down], to: app)
        #expect(app.selectedItem?.text == "Item 3")
        try send([.up], to: app)
        #expect(app.selectedItem?.text == "Item 2")
        try send([.end], to: app)
        #expect(app.selectedItem?.text == "Item 30")
        try send([.home, .pageDown], to: app)
        let paged = try #require(app.selectedItem?.text)
        #expect(paged != "Item 1")
        try send([.pageUp], to: app)
        #expect(app.selectedItem?.text == "Item 1")
        try send([.enter] + Key.sequence("C-u") + Key.typing("Renamed") + [.enter], to: app)
        #expect(storedTexts().first == "Renamed")
        try send(Key.sequence("Space"), to: app)
        #expect(store.contents.items.first { $0.text == "Renamed" }?.isDone == true)
        try send([.delete], to: app)
        #expect(!storedTexts().contains("Renamed"))
        try send(Key.sequence("u"), to: app)
        try send(Key.sequence("C-r"), to: app)
        #expect(!storedTexts().contains("Renamed"))
        #expect(storedTexts().count == 29)
    }

    @Test("a filter that changes thousands of rows redraws at once; a small one animates; both keep the table in step")
    func largeFilterChangeRedraws() throws {
        let texts = (0..<3_000).map { $0 % 500 == 0 ? "Milk \($0)" : "Item \($0)" }
        let seed = TodoContext(store: store, now: { Self.start })
        for (offset, text) in texts.enumerated() {
            try seed.insert(text: text, date: Self.start + TimeInterval(offset))
        }
        try seed.save()
        let app = try TodoApp(
            context: TodoContext(store: store, now: { Self.start }), calendar: calendar, now: Self.start,
            size: TerminalSize(rows: 12, columns: 60), animations: true)
        try send(Key.sequence("/ m i"), to: app)
        #expect(!app.isAnimating, "2,994 rows left: no animation")
        #expect(app.controller.fetchedItems.count == 6)
        #expect(
            app.table.layout.sections.map(\.rowCount)
                == (0..<app.controller.numberOfSections).map(app.controller.numberOfItems(inSection:)))
        try send(Key.sequence("l k Space 1"), to: app)
        #expect(app.isAnimating, "four rows leave with an animation")
        #expect(app.controller.fetchedItems.map(\.text) == ["Milk 1000", "Milk 1500"])
        #expect(app.tableLog.messages.isEmpty)
    }

    @Test("a change merged in while the filter is typed is not lost by the next keystroke")
    func mergeWhileFiltering() throws {
        let app = try makeApp(["Milk", "Mint tea", "Bread"])
        try send(Key.sequence("/ m i"), to: app)
        #expect(app.controller.fetchedItems.map(\.text) == ["Milk", "Mint tea"])
        let other = TodoContext(store: store, now: { Self.start })
        try other.insert(text: "Milk powder", date: Self.start + 10)
        try other.save()
        // The run loop's poll, while the filter editor stays open.
        AppEffectPerformer(app: app).mergeOtherWriters()
        #expect(app.controller.fetchedItems.map(\.text) == ["Milk", "Mint tea", "Milk powder"])
        let lines = try send(Key.sequence("l"), to: app)
        #expect(app.controller.fetchedItems.map(\.text) == ["Milk", "Milk powder"])
        #expect(app.tableLog.messages.isEmpty, "the keystroke's batch matched the table: \(app.tableLog.messages)")
        #expect(lines.contains { RowTime.removed(from: $0).hasPrefix("  [ ] Milk powder") })
        #expect(!lines.contains { $0.contains("Mint tea") })
    }
}
