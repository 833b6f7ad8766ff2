import Foundation
import Testing
import TodoCore

@testable import todo_tui

/// `o` cycles the list's orders (issue 15): oldest first and newest first put higher priority
/// first within a day, by time ignores priority; the title bar and the status line name the
/// order, and sections stay days throughout.
@Suite("TodoApp order")
struct TodoAppOrderTests {
    static let start = Date(timeIntervalSince1970: 1_763_640_000)  // 2026-11-20 12:00 UTC
    static let names = ["Yesterday low", "Earliest", "Early", "Mid medium", "Late high", "Tomorrow"]

    let store = InMemoryStore()
    let calendar: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = .gmt
        return calendar
    }()

    /// An app on a store with the items of `names`: yesterday 18:00 (low); today 08:00 and
    /// 09:00 (none), 10:00 (medium), 11:00 (high); tomorrow 08:00 (none).
    func makeApp() throws -> TodoApp {
        let today = calendar.startOfDay(for: Self.start)
        let seeds: [(hours: Double, priority: TodoPriority)] = [
            (-6, .low), (8, .none), (9, .none), (10, .medium), (11, .high), (32, .none),
        ]
        let seed = TodoContext(store: store, now: { Self.start })
        for (name, (hours, priority)) in zip(Self.names, seeds) {
            try seed.insert(
                TodoItem(text: name, date: today + hours * 3_600, createdAt: Self.start, priority: priority))
        }
        try seed.save()
        let context = TodoContext(store: store, now: { Self.start })
        return try TodoApp(
            context: context, calendar: calendar, now: Self.start, size: TerminalSize(rows: 16, columns: 90),
            animations: false)
    }

    /// Sends `o` (or nothing) and returns the rendered lines.
    func lines(of app: TodoApp, pressingO: Bool) -> [String] {
        if pressingO {
            _ = app.receive(.key(.character("o")))
        }
        var screen = Screen(rows: app.size.rows, columns: app.size.columns)
        app.render(into: &screen)
        return screen.lines
    }

    /// The items' names in the order the screen shows them, with the day headers between.
    static func shown(_ lines: [String]) -> [String] {
        lines.dropFirst().compactMap { line in
            if ["Yesterday", "Today", "Tomorrow"].contains(line.trimmingCharacters(in: .whitespaces)) {
                return "[\(line.trimmingCharacters(in: .whitespaces))]"
            }
            return names.first { line.contains(" \($0)") }
        }
    }

    @Test("o cycles oldest first, newest first (priority first within a day), by time, and back")
    func cycle() throws {
        let app = try makeApp()
        let opened = lines(of: app, pressingO: false)
        #expect(opened[0].hasSuffix("oldest first · ? help"), "\(opened[0])")
        #expect(
            Self.shown(opened) == [
                "[Yesterday]", "Yesterday low", "[Today]", "Late high", "Mid medium", "Earliest", "Early", "[Tomorrow]",
                "Tomorrow",
            ])

        let newest = lines(of: app, pressingO: true)
        #expect(newest[0].hasSuffix("newest first · ? help"), "\(newest[0])")
        #expect(newest.contains { $0.contains("Newest first; within a day, higher priority first") })
        #expect(
            Self.shown(newest) == [
                "[Tomorrow]", "Tomorrow", "[Today]", "Late high", "Mid medium", "Early", "Earliest", "[Yesterday]",
                "Yesterday low",
            ])

        let byTime = lines(of: app, pressingO: true)
        #expect(byTime[0].hasSuffix("by time · ? help"), "\(byTime[0])")
        #expect(byTime.contains { $0.contains("By date and time, oldest first; priority ignored") })
        #expect(
            Self.shown(byTime) == [
                "[Yesterday]", "Yesterday low", "[Today]", "Earliest", "Early", "Mid medium", "Late high", "[Tomorrow]",
                "Tomorrow",
            ])

        let again = lines(of: app, pressingO: true)
        #expect(again[0].hasSuffix("oldest first · ? help"), "\(again[0])")
        #expect(again.contains { $0.contains("Oldest first; within a day, higher priority first") })
        #expect(Self.shown(again) == Self.shown(opened))
    }

    @Test("a priority changed with p moves the item within its day at once")
    func priorityMoves() throws {
        let app = try makeApp()
        _ = lines(of: app, pressingO: false)
        // Select "Early" (today 09:00, no priority) and make it low: it passes nothing of
        // higher priority, but now goes before "Earliest".
        let early = try #require(app.controller.fetchedItems.first { $0.text == "Early" })
        let path = try #require(app.controller.indexPath(for: early))
        app.table.selectRow(at: path)
        _ = app.receive(.key(.character("p")))
        let after = lines(of: app, pressingO: false)
        #expect(
            Self.shown(after) == [
                "[Yesterday]", "Yesterday low", "[Today]", "Late high", "Mid medium", "Early", "Earliest", "[Tomorrow]",
                "Tomorrow",
            ])
    }

    @Test("the help overlay and the command line's list name the same orders")
    func helpAndList() {
        #expect(HelpOverlay().lines.contains { $0.keys == "o" && $0.action.contains("priority within a day") })
        #expect(ListOrder.standard.sortDescriptors(calendar: calendar).map(\.key) == [.day, .priority, .date])
    }
}
