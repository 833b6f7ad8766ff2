import Foundation
import Testing
import TodoCore

@testable import todo_tui

/// Every window size from 1×1 up renders something sensible (issue 12): a notice that fits
/// below the minimum, a title bar that keeps the count, a key table that scrolls.
@Suite("Small windows")
struct SmallWindowTests {
    static let start = Date(timeIntervalSince1970: 1_763_640_000)

    private func makeApp(size: TerminalSize) throws -> TodoApp {
        let store = InMemoryStore()
        let seed = TodoContext(store: store, now: { Self.start })
        for (offset, text) in ["Buy milk", "장보기 ✈️ trip", "Call mom"].enumerated() {
            try seed.insert(text: text, date: Self.start + TimeInterval(offset))
        }
        try seed.save()
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = .gmt
        return try TodoApp(
            context: TodoContext(store: store, now: { Self.start }), calendar: calendar, now: Self.start, size: size,
            animations: false)
    }

    private func rendered(_ app: TodoApp) -> [String] {
        var screen = Screen(size: app.size)
        app.render(into: &screen)
        return screen.lines
    }

    @Test("every size from 1×1 to 30×30, browsing and with the key table open, renders sensible content")
    func everySize() throws {
        let app = try makeApp(size: TerminalSize(rows: 24, columns: 80))
        let minimum = TodoApp.minimumSize
        for rows in 1...30 {
            for columns in 1...30 {
                let size = TerminalSize(rows: rows, columns: columns)
                _ = app.handle(.resize(size))
                for helpOpen in [false, true] {
                    if helpOpen {
                        _ = app.handle(.key(.character("?")))
                    }
                    let lines = rendered(app)
                    let label = "\(columns)×\(rows)\(helpOpen ? " help" : "")"
                    if rows < minimum.rows || columns < minimum.columns {
                        // One of the notice's wordings, whole, wrapped at spaces.
                        let shown = lines.filter { !$0.isEmpty }.joined(separator: " ")
                        #expect(
                            TooSmallNotice.wordings(size: size, minimum: minimum).contains(shown), "\(label): \(lines)")
                        #expect(lines.allSatisfy { InertText.width(of: $0) <= columns }, "\(label): \(lines)")
                    } else {
                        if helpOpen {
                            // The box may cover the title and the bottom line in a short window.
                            #expect(lines.contains { $0.contains(" Keys ") }, "\(label): \(lines)")
                        } else {
                            #expect(lines[0].hasPrefix(" todo-tui · 3 to-dos"), "\(label): title \(lines[0])")
                            #expect(!lines[rows - 1].isEmpty, "\(label): the bottom line is blank")
                            #expect(lines.contains { $0.contains("Buy milk") }, "\(label): \(lines)")
                        }
                    }
                    if helpOpen {
                        _ = app.handle(.key(.escape))
                        #expect(app.mode == .browse)
                    }
                }
            }
        }
    }

    @Test("the too-small notice reads whole at every width: wrapped, then shorter, down to one cell")
    func noticeWordings() {
        let minimum = TodoApp.minimumSize
        #expect(TooSmallNotice.lines(size: TerminalSize(rows: 1, columns: 1), minimum: minimum) == ["!"])
        #expect(TooSmallNotice.lines(size: TerminalSize(rows: 1, columns: 9), minimum: minimum) == ["Need 20×4"])
        #expect(TooSmallNotice.lines(size: TerminalSize(rows: 1, columns: 8), minimum: minimum) == ["Small"])
        #expect(
            TooSmallNotice.lines(size: TerminalSize(rows: 3, columns: 12), minimum: minimum) == [
                "Too small;", "need 20×4.",
            ])
        #expect(
            TooSmallNotice.lines(size: TerminalSize(rows: 4, columns: 12), minimum: minimum) == [
                "Terminal too", "small", "(12×4); need", "20×4.",
            ])
        #expect(TooSmallNotice.lines(size: TerminalSize(rows: 0, columns: 0), minimum: minimum) == [])
    }

    @Test("the title keeps the count in a narrow window: the order goes, then the help hint")
    func narrowTitle() throws {
        let app = try makeApp(size: TerminalSize(rows: 10, columns: 80))
        for (columns, expected) in [
            (80, " todo-tui · 3 to-dos"), (22, " todo-tui · 3 to-dos"), (20, " todo-tui · 3 to-dos"),
        ] {
            _ = app.handle(.resize(TerminalSize(rows: 10, columns: columns)))
            let title = rendered(app)[0]
            #expect(title.hasPrefix(expected), "\(columns): \(title)")
        }
        _ = app.handle(.resize(TerminalSize(rows: 10, columns: 30)))
        #expect(rendered(app)[0] == " todo-tui · 3 to-dos   ? help")
        _ = app.handle(.resize(TerminalSize(rows: 10, columns: 27)))
        #expect(rendered(app)[0] == " todo-tui · 3 to-dos")
        _ = app.handle(.resize(TerminalSize(rows: 10, columns: 60)))
        #expect(rendered(app)[0].hasSuffix("oldest first · ? help"))
    }

    @Test("when the key table fits, any key closes it, j included")
    func helpFits() throws {
        let app = try makeApp(size: TerminalSize(rows: 30, columns: 80))
        _ = app.handle(.key(.character("?")))
        #expect(rendered(app).contains { $0.contains("Keys — any key closes") })
        _ = app.handle(.key(.character("j")))
        #expect(app.mode == .browse)
    }

    @Test("at 40×12 the key table scrolls with j/k, arrows, PgDn/PgUp to its last line and back; another key closes it")
    func helpScrolls() throws {
        let app = try makeApp(size: TerminalSize(rows: 12, columns: 40))
        // The start of each action: the box's lines end in an ellipsis at 40 columns.
        let last = String(try #require(HelpOverlay().lines.last?.action).prefix(12))
        let first = String(try #require(HelpOverlay().lines.first?.action).prefix(12))
        _ = app.handle(.key(.character("?")))
        var lines = rendered(app)
        #expect(lines.contains { $0.contains(first) })
        #expect(!lines.contains { $0.contains(last) }, "the table fits 40×12; the test needs one that does not")
        #expect(lines.contains { $0.contains("Keys 1–10 of \(HelpOverlay().lines.count)") }, "\(lines)")

        // Two pages of ten reach the last of more than twenty lines.
        _ = app.handle(.key(.pageDown))
        _ = app.handle(.key(.pageDown))
        lines = rendered(app)
        #expect(lines.contains { $0.contains(last) }, "\(lines)")
        #expect(!lines.contains { $0.contains(first) })
        _ = app.handle(.key(.pageDown))
        _ = app.handle(.key(.down))
        #expect(rendered(app) == lines, "scrolling stops at the last line")

        _ = app.handle(.key(.character("k")))
        #expect(!rendered(app).contains { $0.contains(last) })
        _ = app.handle(.key(.up))
        // Two pages back up reach the first line however many lines the table has beyond 20.
        _ = app.handle(.key(.pageUp))
        _ = app.handle(.key(.pageUp))
        _ = app.handle(.key(.character("j")))
        _ = app.handle(.key(.character("k")))
        #expect(rendered(app).contains { $0.contains(first) })
        #expect(app.mode == .help(firstLine: 0))

        _ = app.handle(.key(.character("x")))
        #expect(app.mode == .browse)
        #expect(!rendered(app).contains { $0.contains(first) })
    }
}
