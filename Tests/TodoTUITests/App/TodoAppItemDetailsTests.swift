import Foundation
import Testing
import TodoCore

@testable import todo_tui

/// Issue 15 in the app: the priority, tag, notes and recurrence marks, and the `p`, `#` and `n`
/// keys. Uses `TodoAppTests`' store, app and key helpers.
@Suite("TodoApp item details")
struct TodoAppItemDetailsTests {
    let keys = TodoAppTests()

    /// An app whose store holds `items`, dated today one second apart from `TodoAppTests.start`.
    func makeApp(_ items: [TodoItem], size: TerminalSize = TerminalSize(rows: 12, columns: 80)) throws -> TodoApp {
        let seed = TodoContext(store: keys.store, now: { TodoAppTests.start })
        for item in items { try seed.insert(item) }
        try seed.save()
        let context = TodoContext(store: keys.store, now: { TodoAppTests.start })
        return try TodoApp(
            context: context, calendar: keys.calendar, now: TodoAppTests.start, size: size, animations: false)
    }

    func item(
        _ text: String, offset: TimeInterval = 0, priority: TodoPriority = .none, tags: TodoTags = [],
        notes: String = "", foreign: ForeignProperties = ForeignProperties()
    ) -> TodoItem {
        TodoItem(
            text: text, date: TodoAppTests.start + offset, createdAt: TodoAppTests.start, notes: notes,
            priority: priority, tags: tags, foreign: foreign)
    }

    func stored(_ text: String) -> TodoItem? {
        keys.store.contents.items.first { $0.text == text }
    }

    static let repeating = ForeignProperties(iCalendar: ["RRULE:FREQ=HOURLY"])

    @Test(
        """
        a row shows priority after the checkbox, dimmed tags after the text, then ✎ for notes and ↻ for a repeating \
        item
        """
    )
    func marks() throws {
        let app = try makeApp([
            item(
                "Call the bank", priority: .high, tags: ["work", "home"], notes: "Ask for Ana", foreign: Self.repeating),
            item("Water plants", offset: 1, priority: .medium),
            item("Read", offset: 2, priority: .low, tags: ["fun"]),
            item("Plain", offset: 3),
            item("Late", offset: -86_400, priority: .low),
        ])
        let lines = try keys.send([], to: app)
        #expect(lines.contains("  [ ] !!! 12:00 Call the bank #work #home ✎ ↻"), "\(lines)")
        #expect(lines.contains("  [ ] !!  12:00 Water plants"), "\(lines)")
        #expect(lines.contains("  [ ] !   12:00 Read #fun"), "\(lines)")
        #expect(lines.contains("  [ ] 12:00 Plain"), "\(lines)")
        #expect(
            lines.contains("! [ ] !   12:00 Late"),
            "the overdue mark stays first, the priority after the checkbox: \(lines)")
        let cell = ItemTableDataSource.cell(
            for: item("T", tags: ["a"]), startOfToday: keys.calendar.startOfDay(for: TodoAppTests.start),
            now: TodoAppTests.start, calendar: keys.calendar)
        #expect(cell.spans.last == RowCell.Span(" #a", style: CellStyle(attributes: .dim)))
        #expect(InertText.width(of: cell.text) == cell.text.count, "every mark is one column per character")
        #expect(InertText.width(of: "✎ ↻") == 3)
    }

    @Test("a whole-day item shows no time, even when its day began at another zone's midnight")
    func wholeDayShowsNoTime() throws {
        var wholeDay = item("Pay rent", offset: 3_600)
        wholeDay.hasTime = false
        let app = try makeApp([wholeDay, item("Timed", offset: 7_200)])
        let lines = try keys.send([], to: app)
        #expect(lines.contains("  [ ] Pay rent"), "\(lines)")
        #expect(lines.contains("  [ ] 14:00 Timed"), "\(lines)")
        let listed = ItemListFormatter.line(for: wholeDay, calendar: keys.calendar)
        #expect(listed.hasSuffix("[ ] Pay rent"), "\(listed)")
    }

    @Test("the live filter finds tags, priorities and notes: +work, pri>=medium, has:notes")
    func filterNewFields() throws {
        let app = try makeApp([
            item("Call the bank", priority: .high, tags: ["Work"]),
            item("Water plants", offset: 1, priority: .low, notes: "twice"),
            item("Read", offset: 2),
        ])
        for (filter, shown) in [
            ("+work", ["Call the bank"]), ("pri>=medium", ["Call the bank"]), ("has:notes", ["Water plants"]),
            ("-has:priority", ["Read"]),
        ] {
            let lines = try keys.send([.character("/"), .control("u")] + Key.typing(filter) + [.enter], to: app)
            let rows = lines.filter { $0.hasPrefix("  [ ]") }
            #expect(
                rows.count == shown.count && shown.allSatisfy { text in rows.contains { $0.contains(text) } },
                "\(filter): \(lines)")
        }
    }

    @Test("p cycles priority none → low → medium → high → none, saying so; u undoes")
    func cyclePriority() throws {
        let app = try makeApp([item("Call Mum")])
        var priorities: [TodoPriority] = []
        for _ in 0..<4 {
            let lines = try keys.send(Key.sequence("p"), to: app)
            let now = try #require(stored("Call Mum")).priority
            priorities.append(now)
            #expect(lines.last?.hasPrefix("Priority of 'Call Mum': \(now) — u to undo") == true, "\(lines.last ?? "")")
        }
        #expect(priorities == [.low, .medium, .high, .none])
        try keys.send(Key.sequence("u"), to: app)
        #expect(stored("Call Mum")?.priority == .high)
    }

    @Test(
        """
        # edits the tags prefilled and selected; + and # prefixes are dropped; a bad tag keeps the editor open; u \
        undoes
        """
    )
    func editTags() throws {
        let app = try makeApp([item("Call Mum", tags: ["home"])])
        let open = try keys.send(Key.sequence("#"), to: app)
        #expect(open.last?.hasPrefix("Tags: home") == true, "\(open.last ?? "")")
        let typed = try keys.send(Key.typing("+work #phone  urgent") + [.enter], to: app)
        #expect(stored("Call Mum")?.tags == ["work", "phone", "urgent"])
        #expect(typed.contains("  [ ] 12:00 Call Mum #work #phone #urgent"), "\(typed)")
        #expect(
            typed.last?.hasPrefix("Tags of 'Call Mum': #work #phone #urgent — u to undo") == true, "\(typed.last ?? "")"
        )
        let bad = try keys.send(Key.sequence("#") + [.end] + Key.typing(" #") + [.enter], to: app)
        #expect(bad.joined(separator: " ").contains("it is empty"), "\(bad)")
        #expect(bad.last?.hasPrefix("Tags: ") == true, "the editor stays open: \(bad.last ?? "")")
        try keys.send([.escape], to: app)
        #expect(stored("Call Mum")?.tags == ["work", "phone", "urgent"])
        try keys.send(Key.sequence("u"), to: app)
        #expect(stored("Call Mum")?.tags == ["home"])
        try keys.send(Key.sequence("#") + [.backspace, .enter], to: app)
        #expect(stored("Call Mum")?.tags == [], "an emptied line removes every tag")
    }

    @Test("n opens the notes editor: Enter starts a line, Ctrl-S saves, the row shows ✎; u undoes")
    func writeNotes() throws {
        let app = try makeApp([item("Call the bank")])
        let open = try keys.send(Key.sequence("n"), to: app)
        #expect(open[1].contains("Notes: Call the bank · Ctrl-S saves · Esc cancels"), "\(open[1])")
        #expect(open.last?.hasPrefix("Enter new line  Ctrl-S save  Esc cancel") == true, "\(open.last ?? "")")
        let typing = try keys.send(Key.typing("Ask for Ana") + [.enter] + Key.typing("Bring the card"), to: app)
        #expect(typing[2] == "│ Ask for Ana" + String(repeating: " ", count: 80 - 13 - 1) + "│", "\(typing[2])")
        #expect(typing[3].hasPrefix("│ Bring the card"), "\(typing[3])")
        let saved = try keys.send([.control("s")], to: app)
        #expect(stored("Call the bank")?.notes == "Ask for Ana\nBring the card")
        #expect(saved.contains("  [ ] 12:00 Call the bank ✎"), "\(saved)")
        #expect(saved.last?.hasPrefix("Notes of 'Call the bank' saved — u to undo") == true, "\(saved.last ?? "")")
        let again = try keys.send(Key.sequence("n"), to: app)
        #expect(again[3].hasPrefix("│ Bring the card"), "the editor opens on the notes: \(again)")
        try keys.send([.escape], to: app)
        try keys.send(Key.sequence("u"), to: app)
        #expect(stored("Call the bank")?.notes == "")
    }

    @Test("Esc in the notes editor closes at once when nothing changed, and asks when something did")
    func notesEscape() throws {
        let app = try makeApp([item("Call the bank", notes: "Old")])
        let unchanged = try keys.send(Key.sequence("n") + [.escape], to: app)
        #expect(unchanged.contains("  [ ] 12:00 Call the bank ✎"), "back to the list: \(unchanged)")
        let asked = try keys.send(Key.sequence("n") + Key.typing(" news") + [.escape], to: app)
        #expect(
            asked.last?.hasPrefix("Discard your changes to the notes? Esc discards, Ctrl-S saves") == true,
            "\(asked.last ?? "")")
        // Any other key goes on editing, and is applied.
        let goneOn = try keys.send(Key.typing("!"), to: app)
        #expect(goneOn[2].hasPrefix("│ Old news!"), "\(goneOn[2])")
        let discarded = try keys.send([.escape, .escape], to: app)
        #expect(stored("Call the bank")?.notes == "Old")
        #expect(discarded.last?.hasPrefix("Notes not changed") == true, "\(discarded.last ?? "")")
        try keys.send(Key.sequence("n") + Key.typing("!") + [.escape, .control("s")], to: app)
        #expect(stored("Call the bank")?.notes == "Old!", "Ctrl-S after the question saves")
    }

    @Test(
        """
        control characters never reach the notes; notes over 65,536 characters are refused in one sentence and kept \
        in the editor
        """
    )
    func notesRefused() throws {
        let app = try makeApp([item("Call the bank")])
        try keys.send(
            Key.sequence("n") + [.character("\u{1B}"), .character("\u{7}")] + Key.typing("ok") + [.control("s")],
            to: app)
        #expect(stored("Call the bank")?.notes == "ok")
        let long = try keys.send(
            Key.sequence("n") + Key.typing(String(repeating: "x", count: TodoItem.maximumNotesLength)) + [
                .control("s")
            ], to: app)
        #expect(long.joined(separator: " ").contains("at most 65536 are allowed"), "\(long.suffix(3))")
        #expect(stored("Call the bank")?.notes == "ok")
        #expect(long[1].contains("Notes: Call the bank"), "the editor stays open: \(long[1])")
        try keys.send([.backspace, .backspace, .control("s")], to: app)
        #expect(stored("Call the bank")?.notes.count == TodoItem.maximumNotesLength)
    }

    @Test("x on an item another program made repeat by a rule todo-tui cannot compute is refused with one sentence")
    func completeRepeatingRefused() throws {
        let app = try makeApp(
            [item("Water plants", foreign: Self.repeating)], size: TerminalSize(rows: 12, columns: 200))
        let lines = try keys.send(Key.sequence("x"), to: app)
        #expect(
            lines.last?.hasPrefix(
                "'Water plants' repeats by another program's rule, so completing it is left to that program: the "
                    + "repeat rule repeats HOURLY, which todo-tui cannot compute (daily to yearly only)."
            ) == true, "\(lines.last ?? "")")
        #expect(stored("Water plants")?.isDone == false)
        #expect(lines.contains("  [ ] 12:00 Water plants ↻"), "\(lines)")
    }

    @Test("the help overlay lists p, # and n")
    func helpListsKeys() throws {
        let app = try makeApp([item("Call Mum")], size: TerminalSize(rows: 40, columns: 100))
        let lines = try keys.send(Key.sequence("?"), to: app).joined(separator: "\n")
        #expect(lines.contains("p               cycle priority"), "\(lines)")
        #expect(lines.contains("#               edit tags"), "\(lines)")
        #expect(lines.contains("n               edit notes: Enter new line, Ctrl-S saves, Esc cancels"), "\(lines)")
    }
}
