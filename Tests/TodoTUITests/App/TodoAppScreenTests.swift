import Foundation
import Testing
import TodoCore

@testable import todo_tui

/// What the list's screen tells the user beyond the rows: counts, position, status lines
/// (issue 12's screen items). Uses `TodoAppTests`' store, app and key helpers.
@Suite("TodoApp screen")
struct TodoAppScreenTests {
    let keys = TodoAppTests()

    @Test("a large list shows its count with thousands separators and the selection's position")
    func largeListPosition() throws {
        let app = try keys.makeApp((1...1_500).map { "Item \($0)" }, size: TerminalSize(rows: 12, columns: 80))
        let first = try keys.send([], to: app)
        #expect(first[0].hasPrefix(" todo-tui · 1,500 to-dos "), "\(first[0])")
        #expect(first[0].contains("1 / 1,500 · oldest first"), "\(first[0])")
        let last = try keys.send([.end], to: app)
        #expect(last[0].contains("1,500 / 1,500 · oldest first"), "\(last[0])")
        let up = try keys.send([.up], to: app)
        #expect(up[0].contains("1,499 / 1,500"), "\(up[0])")
    }
}

extension TodoAppScreenTests {
    @Test(
        "a half-typed or wrong filter token shows its error over the result without that token",
        arguments: [
            ("color:mauve", "Unknown colour"), ("done:maybe", "Unknown done value"),
        ])
    func badFilterTokenKeepsLastResult(_ token: String, _ errorPart: String) throws {
        let app = try keys.makeApp(["Buy milk", "Call Mum", "Buy bread"], size: TerminalSize(rows: 12, columns: 100))
        let lines = try keys.send(Key.sequence("/") + Key.typing("buy " + token), to: app)
        #expect(lines[0].hasPrefix(" todo-tui · 2 to-dos matching buy "), "\(lines[0])")
        #expect(lines.contains { $0.hasPrefix("  [ ] 12:00 Buy milk") })
        #expect(lines.contains { $0.hasPrefix("  [ ] 12:00 Buy bread") })
        #expect(lines.suffix(4).joined(separator: " ").contains(errorPart), "\(lines)")
        let alone = try keys.send([.control("u")] + Key.typing(token), to: app)
        #expect(alone[0].hasPrefix(" todo-tui · 3 to-dos "), "\(alone[0])")
        #expect(!alone[0].contains("matching"), "\(alone[0])")
        #expect(alone.contains { $0.contains("Call Mum") })
    }
}

extension TodoAppScreenTests {
    @Test("an item added while the filter hides it is said to be hidden; Esc shows it")
    func addedHiddenByFilter() throws {
        let app = try keys.makeApp(["Buy milk", "Call Mum"], size: TerminalSize(rows: 12, columns: 100))
        try keys.send(Key.sequence("/") + Key.typing("buy") + [.enter], to: app)
        let added = try keys.send(Key.sequence("a") + Key.typing("Walk the dog") + [.enter], to: app)
        #expect(
            added.last?.hasPrefix("Added 'Walk the dog' — hidden by the filter, Esc shows it") == true,
            "\(added.last ?? "")")
        #expect(keys.storedTexts().contains("Walk the dog"))
        let shown = try keys.send([.escape], to: app)
        #expect(shown.contains { $0.contains("Walk the dog") })
        let visible = try keys.send(Key.sequence("a") + Key.typing("Tidy up") + [.enter], to: app)
        #expect(visible.last?.hasPrefix("Added 'Tidy up' — u to undo") == true, "\(visible.last ?? "")")
    }
}

extension TodoAppScreenTests {
    /// An app whose store holds `items` (text, seconds from `TodoAppTests.start`, done).
    func makeApp(
        dated items: [(String, TimeInterval, Bool)], size: TerminalSize = TerminalSize(rows: 12, columns: 60)
    ) throws -> TodoApp {
        let seed = TodoContext(store: keys.store, now: { TodoAppTests.start })
        for (text, offset, done) in items {
            let item = try seed.insert(text: text, date: TodoAppTests.start + offset)
            if done { try seed.update(item.id) { $0.isDone = true } }
        }
        try seed.save()
        let context = TodoContext(store: keys.store, now: { TodoAppTests.start })
        return try TodoApp(
            context: context, calendar: keys.calendar, now: TodoAppTests.start, size: size, animations: false)
    }

    /// The screen as the app draws it now.
    func screen(of app: TodoApp) -> Screen {
        var screen = Screen(rows: app.size.rows, columns: app.size.columns)
        app.render(into: &screen)
        return screen
    }

    @Test("an overdue item (before today, not done) is marked with a red bold '!' that NO_COLOR keeps as '!' and bold")
    func overdueMarked() throws {
        let app = try makeApp(dated: [
            ("Late", -86_400, false), ("Late but done", -86_300, false), ("Earlier today", -3_600, false),
            ("Now", 0, false),
        ])
        try keys.send(Key.sequence("g j x"), to: app)
        let screen = screen(of: app)
        let lines = screen.lines
        let late = try #require(lines.firstIndex { $0.contains("Late") && !$0.contains("done") })
        #expect(lines[late].hasPrefix("! [ ] 12:00 Late"), "\(lines[late])")
        #expect(lines.contains { $0.hasPrefix("  [x] 12:01 Late but done") }, "a done item is not overdue")
        #expect(lines.contains { $0.hasPrefix("  [ ] 11:00 Earlier today") }, "earlier today is not overdue")
        #expect(lines.contains { $0.hasPrefix("  [ ] 12:00 Now") })
        // With colour: red and bold. Without (NO_COLOR: the terminal drops the foreground and
        // keeps the attributes): the '!' and bold still tell it apart.
        let mark = try #require(screen.cells(inRow: late).first)
        #expect(mark.character == "!")
        #expect(mark.style.foreground == .red)
        #expect(mark.style.attributes.contains(.bold))
        let text = screen.cells(inRow: late).dropFirst(12).first
        #expect(text?.style.attributes.contains(.bold) == true)
        let plain = try #require(lines.firstIndex { $0.contains("Now") })
        #expect(screen.cells(inRow: plain).allSatisfy { $0.style.foreground != .red })
    }

    @Test("at midnight an item left undone becomes overdue")
    func overdueAtMidnight() throws {
        let app = try makeApp(dated: [("Today's", 0, false)])
        #expect(screen(of: app).lines.contains { $0.hasPrefix("  [ ] 12:00 Today's") })
        app.tick(now: TodoAppTests.start + 86_400)
        while app.isAnimating { app.advanceAnimation() }
        #expect(screen(of: app).lines.contains { $0.hasPrefix("! [ ] 12:00 Today's") })
    }
}

extension TodoAppScreenTests {
    @Test("t opens prefilled with the item's date in a form it reads back; Enter on it changes nothing")
    func redatePrefilled() throws {
        let app = try makeApp(
            dated: [("Whole day", -12 * 3_600, false), ("Timed", 9 * 60, false)],
            size: TerminalSize(rows: 12, columns: 80))
        let whole = try keys.send(Key.sequence("g t"), to: app)
        #expect(whole.last == "Date: 2025-11-20", "\(whole.last ?? "")")
        try keys.send([.enter], to: app)
        #expect(keys.store.contents.items.first { $0.text == "Whole day" }?.date == TodoAppTests.start - 12 * 3_600)
        let timed = try keys.send(Key.sequence("j t"), to: app)
        #expect(timed.last == "Date: 2025-11-20T12:09", "\(timed.last ?? "")")
        try keys.send([.enter], to: app)
        #expect(keys.store.contents.items.first { $0.text == "Timed" }?.date == TodoAppTests.start + 9 * 60)
        try keys.send(Key.sequence("t") + Key.typing("2025-11-22") + [.enter], to: app)
        let moved = try #require(keys.store.contents.items.first { $0.text == "Timed" })
        #expect(moved.date == TodoAppTests.start + 2 * 86_400 + 9 * 60, "a day-only date keeps the time")
    }

    @Test("a date error names every accepted form in full, wrapped above the editor at 60 columns")
    func dateErrorInFull() throws {
        let app = try makeApp(dated: [("Dentist", 0, false)], size: TerminalSize(rows: 12, columns: 60))
        let lines = try keys.send(Key.sequence("t") + Key.typing("someday") + [.enter], to: app)
        #expect(lines.last == "Date: someday")
        let message = lines.dropFirst().dropLast().map { $0.trimmingCharacters(in: .whitespaces) }.joined(
            separator: " ")
        #expect(message.contains("Unknown date 'someday'; use \(DateInput.acceptedForms)."), "\(lines)")
    }
}

extension TodoAppScreenTests {
    @Test("a row shows its item's time of day when it has one; an item at midnight shows none")
    func rowTimes() throws {
        let app = try makeApp(dated: [
            ("All day", -12 * 3_600, false), ("Dentist", -2.5 * 3_600, false), ("Done call", 9 * 3_600 + 59, false),
        ])
        let lines = try keys.send(Key.sequence("G x"), to: app)
        #expect(lines.contains("  [ ] All day"), "\(lines)")
        #expect(lines.contains("  [ ] 09:30 Dentist"), "\(lines)")
        #expect(lines.contains("  [x] 21:00 Done call"), "\(lines)")
        let retimed = try keys.send(Key.sequence("g j t") + Key.typing("tomorrow 9am") + [.enter], to: app)
        #expect(retimed.contains("Tomorrow"))
        #expect(retimed.contains("  [ ] 09:00 Dentist"), "\(retimed)")
        let evening = try keys.send(Key.sequence("t") + Key.typing("today 9:30pm") + [.enter], to: app)
        #expect(evening.contains("  [ ] 21:30 Dentist"), "\(evening)")
        let bad = try keys.send(Key.sequence("t C-u") + Key.typing("25:00") + [.enter], to: app)
        #expect(
            bad.joined(separator: " ").contains(
                "hours run from 00 to 23 (times are written 9:30, 14:30, 9am or 9:30pm)"), "\(bad)")
    }
}

extension TodoAppScreenTests {
    @Test(
        "on a narrow screen the title's right part gives way, the position first; the count stays",
        arguments: [20, 30, 40, 50, 60, 80])
    func narrowTitle(columns: Int) throws {
        let app = try keys.makeApp((1...1_200).map { "Item \($0)" }, size: TerminalSize(rows: 10, columns: columns))
        let title = try keys.send([.end], to: app)[0]
        #expect(title.hasPrefix(" todo-tui · 1,"), "\(title)")
        #expect(InertText.width(of: title) <= columns)
        if columns >= 65 {
            #expect(title.hasSuffix("1,200 / 1,200 · oldest first · ? help"), "\(title)")
        } else if columns >= 40 {
            #expect(title.hasSuffix(" ? help"), "\(title)")
        }
    }
}
