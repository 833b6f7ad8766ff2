import Foundation
import Testing
import TodoCore
import TodoTestSupport

@testable import todo_tui

/// Several lists in the app: the title's view, All lists' row labels, the list picker (`L`),
/// moving a to-do (`m`), adding into the list on view, and deleting a list with its to-dos and
/// undoing it. Keys are scripted on an in-memory store, as `TodoAppTests` does.
@Suite("TodoApp lists")
struct TodoAppListsTests {
    let keys = TodoAppTests()
    let work = TodoList(name: "Work", color: .red)
    let home = TodoList(name: "Home", color: .green)

    /// An app on a store with the lists To-dos, Work and Home, holding "Loose end" in To-dos,
    /// "Report" and "Call Bob" in Work and "Fix the tap" in Home.
    func makeApp(
        size: TerminalSize = TerminalSize(rows: 14, columns: 60), animations: Bool = false,
        extraLists: [TodoList] = []
    ) throws -> TodoApp {
        let seed = TodoContext(store: keys.store, now: { TodoAppTests.start })
        for list in [work, home] + extraLists {
            try seed.insertList(list)
        }
        for (offset, (text, list)) in [
            ("Loose end", TodoList.standardID), ("Report", work.id), ("Call Bob", work.id), ("Fix the tap", home.id),
        ].enumerated() {
            var item = TodoItem(
                text: text, date: TodoAppTests.start + TimeInterval(offset), createdAt: TodoAppTests.start)
            item.listID = list
            try seed.insert(item)
        }
        try seed.save()
        let context = TodoContext(store: keys.store, now: { TodoAppTests.start })
        return try TodoApp(
            context: context, calendar: keys.calendar, now: TodoAppTests.start, size: size, animations: animations)
    }

    func stored(_ text: String) -> TodoItem? {
        keys.store.contents.items.first { $0.text == text }
    }

    @Test("a store of one list keeps the plain title and rows; with several, All lists names each row's list")
    func titleAndLabels() throws {
        let single = TodoAppTests()
        let plain = try single.send([], to: single.makeApp(["Buy milk"]))
        #expect(plain[0].hasPrefix(" todo-tui · 1 to-do "), "\(plain[0])")
        #expect(plain.contains { $0.hasPrefix("  [ ] 12:00 Buy milk") }, "\(plain)")

        let lines = try keys.send([], to: makeApp())
        #expect(lines[0].hasPrefix(" All lists · 4 to-dos "), "\(lines[0])")
        #expect(lines.contains { $0.hasPrefix("  [ ] To-dos 12:00 Loose end") }, "\(lines)")
        #expect(lines.contains { $0.hasPrefix("  [ ] Work   12:00 Report") }, "\(lines)")
        #expect(lines.contains { $0.hasPrefix("  [ ] Home   12:00 Fix the tap") }, "\(lines)")
    }

    @Test("a row's list label is drawn in the list's colour")
    func labelColour() throws {
        let app = try makeApp()
        var screen = Screen(rows: app.size.rows, columns: app.size.columns)
        app.render(into: &screen)
        let row = try #require(screen.lines.firstIndex { $0.contains("Report") })
        #expect(screen[row, 6].character == "W")
        #expect(screen[row, 6].style.foreground == Theme.standard.color(of: .red))
        #expect(screen[row, 6].style.foreground != .default)
    }

    @Test("at 40 columns the labels are cut to three columns, and two that would read alike end in a digit")
    func narrowLabels() throws {
        let app = try makeApp(
            size: TerminalSize(rows: 14, columns: 40), extraLists: [TodoList(name: "Workshop", color: .blue)])
        let lines = try keys.send([], to: app)
        #expect(lines[0].hasPrefix(" All lists · 4 to-dos"), "\(lines[0])")
        #expect(lines.contains { $0.hasPrefix("  [ ] Wo1 12:00 Report") }, "\(lines)")
        #expect(lines.contains { $0.hasPrefix("  [ ] Hom 12:00 Fix the tap") }, "\(lines)")
        let labels = ListLabels(lists: try app.context.lists(), columns: 40)
        #expect(labels.label(for: work.id).text == "Wo1")
        #expect(labels.labels.values.map(\.text).sorted() == ["Hom", "To-", "Wo1", "Wo2"])
    }

    @Test("L opens the picker; typing narrows it, Enter opens the list through the controller's list: filter")
    func pickerNarrowsAndOpens() throws {
        let app = try makeApp(size: TerminalSize(rows: 14, columns: 100))
        let picker = try keys.send(Key.sequence("L"), to: app)
        #expect(picker.contains { $0.contains("│   All lists") }, "\(picker)")
        #expect(picker.contains { $0.contains("■ Home") }, "\(picker)")
        #expect(picker.last?.hasPrefix("type to find  Enter open  Ctrl-N new  Ctrl-R rename  Ctrl-D delete") == true)
        // d, n and r are typed, not run: the picker's commands are control keys.
        let narrowed = try keys.send(Key.typing("or"), to: app)
        #expect(narrowed.contains { $0.contains("Find: or") }, "\(narrowed)")
        #expect(narrowed.contains { $0.contains("■ Work") }, "\(narrowed)")
        #expect(!narrowed.contains { $0.contains("■ Home") }, "\(narrowed)")
        let opened = try keys.send([.enter], to: app)
        #expect(opened[0].hasPrefix(" Work · 2 to-dos "), "\(opened[0])")
        #expect(opened.contains { $0.hasPrefix("  [ ] 12:00 Report") }, "\(opened)")
        #expect(!opened.contains { $0.contains("Fix the tap") }, "\(opened)")
        #expect(app.controller.fetchRequest.predicate == .list(work.id))
        #expect(app.mode == .browse)
    }

    @Test("the picker shows each list's number of to-dos, right-aligned; a move and its undo change two of them")
    func pickerCounts() throws {
        let app = try makeApp(size: TerminalSize(rows: 14, columns: 100))
        /// The count at the end of the picker's line naming `label`, or nil.
        func count(_ label: String, in lines: [String]) -> String? {
            let line = lines.first { $0.contains(label) }?.replacingOccurrences(of: "│", with: "")
            return line?.trimmingCharacters(in: .whitespaces).split(separator: " ").last.map(String.init)
        }
        let picker = try keys.send(Key.sequence("L"), to: app)
        #expect(count("│   All lists", in: picker) == "4", "\(picker)")
        #expect(count("■ To-dos", in: picker) == "1", "\(picker)")
        #expect(count("■ Work", in: picker) == "2", "\(picker)")
        #expect(count("■ Home", in: picker) == "1", "\(picker)")
        let line = try #require(picker.first { $0.contains("■ Work") })
        let start = try #require(line.range(of: "■ Work")).lowerBound
        #expect(line[start...].prefix(TodoApp.pickerWidth).hasSuffix(" 2"), "right-aligned to the picker: \(line)")
        try keys.send(Key.typing("work") + [.enter, .home], to: app)
        try keys.send(Key.sequence("m") + Key.typing("home") + [.enter], to: app)
        let moved = try keys.send(Key.sequence("L"), to: app)
        #expect(count("■ Work", in: moved) == "1", "\(moved)")
        #expect(count("■ Home", in: moved) == "2", "\(moved)")
        #expect(count("│   All lists", in: moved) == "4", "\(moved)")
        try keys.send([.escape] + Key.sequence("u"), to: app)
        let undone = try keys.send(Key.sequence("L"), to: app)
        #expect(count("■ Work", in: undone) == "2", "\(undone)")
        #expect(count("■ Home", in: undone) == "1", "\(undone)")
    }

    @Test("the live filter and the list on view hold together")
    func filterWithinList() throws {
        let app = try makeApp()
        try keys.send(Key.sequence("L") + Key.typing("work") + [.enter], to: app)
        let filtered = try keys.send(Key.sequence("/") + Key.typing("bob") + [.enter], to: app)
        #expect(filtered[0].hasPrefix(" Work · 1 to-do matching b"), "\(filtered[0])")
        try keys.send(Key.sequence("L") + [.up, .up, .up, .up, .enter], to: app)
        #expect(app.viewedListID == nil)
        let all = try keys.send([], to: app)
        #expect(all[0].hasPrefix(" All lists · 1 to-do match"), "\(all[0])")
    }

    @Test("Esc closes the picker and changes nothing")
    func escapeCloses() throws {
        let app = try makeApp()
        let lines = try keys.send(Key.sequence("L") + Key.typing("ho") + [.escape], to: app)
        #expect(app.mode == .browse)
        #expect(lines[0].hasPrefix(" All lists · 4 to-dos"), "\(lines[0])")
    }

    @Test("m moves the selected to-do to the list picked; in a one-list view its row animates out; u undoes")
    func moveAnimatesOut() throws {
        let app = try makeApp(animations: true)
        try keys.send(Key.sequence("L") + Key.typing("work") + [.enter], to: app)
        while app.isAnimating { app.advanceAnimation() }
        try keys.send([.home], to: app)
        let picker = try keys.send(Key.sequence("m"), to: app)
        #expect(picker.contains { $0.contains("Move 'Report' to") }, "\(picker)")
        #expect(!picker.contains { $0.contains("■ Work") }, "its own list is not offered: \(picker)")
        let moved = try keys.send(Key.typing("home") + [.enter], to: app)
        #expect(app.isAnimating, "the row leaves animated")
        // The row dissolves: its first frame still shows most of it, dimmed.
        #expect(moved.contains { $0.hasPrefix("  [ ] 12") && $0.contains("Repo") }, "the first frame: \(moved)")
        while app.isAnimating { app.advanceAnimation() }
        let after = try keys.send([], to: app)
        #expect(!after.contains { $0.contains("12:00 Report") }, "\(after)")
        #expect(after[0].hasPrefix(" Work · 1 to-do "), "\(after[0])")
        #expect(after.last?.hasPrefix("Moved 'Report' to Home — u to undo") == true, "\(after.last ?? "")")
        #expect(stored("Report")?.listID == home.id)
        try keys.send(Key.sequence("u"), to: app)
        while app.isAnimating { app.advanceAnimation() }
        #expect(stored("Report")?.listID == work.id)
        #expect(try keys.send([], to: app).contains { $0.contains("12:00 Report") })
    }

    @Test("with one list, m says how to make another")
    func moveWithOneList() throws {
        let app = try keys.makeApp(["Buy milk"])
        let lines = try keys.send(Key.sequence("m"), to: app)
        #expect(lines.last?.hasPrefix("There is one list only — L, then Ctrl-N, makes another.") == true)
        #expect(app.mode == .browse)
    }

    @Test("adding while a list is on view puts the to-do there; the add line's list: token overrides")
    func addIntoViewedList() throws {
        let app = try makeApp()
        try keys.send(Key.sequence("L") + Key.typing("home") + [.enter], to: app)
        try keys.send(Key.sequence("a") + Key.typing("Paint the door") + [.enter], to: app)
        #expect(stored("Paint the door")?.listID == home.id)
        let other = try keys.send(Key.sequence("a") + Key.typing("Invoice list:work") + [.enter], to: app)
        #expect(stored("Invoice")?.listID == work.id)
        #expect(other.last?.hasPrefix("Added 'Invoice' to Work — u to undo") == true, "\(other.last ?? "")")
        #expect(!other.contains { $0.contains("Invoice") && $0.hasPrefix("  [ ]") })
        try keys.send(Key.sequence("L") + [.up, .up, .up, .up, .enter], to: app)
        try keys.send(Key.sequence("a") + Key.typing("Anywhere") + [.enter], to: app)
        #expect(stored("Anywhere")?.listID == TodoList.standardID, "All lists adds to the first list")
    }

    @Test("Ctrl-N makes a list and opens it; Ctrl-R renames the selected one; a taken name is refused")
    func newAndRename() throws {
        let app = try makeApp()
        let naming = try keys.send(Key.sequence("L") + [.control("n")], to: app)
        #expect(naming.contains { $0.contains("New list") }, "\(naming)")
        let taken = try keys.send(Key.typing("work") + [.enter], to: app)
        #expect(taken.last?.lowercased().contains("work") == true, "\(taken.last ?? "")")
        #expect(try app.context.lists().count == 3)
        let made = try keys.send([.control("u")] + Key.typing("Shopping") + [.enter], to: app)
        #expect(made[0].hasPrefix(" Shopping · 0 to-dos"), "\(made[0])")
        #expect(keys.store.contents.lists.map(\.name) == ["To-dos", "Work", "Home", "Shopping"])
        try keys.send(Key.sequence("L") + Key.typing("hom") + [.control("r")], to: app)
        let renamed = try keys.send(Key.typing("House") + [.enter], to: app)
        #expect(renamed.contains { $0.contains("■ House") }, "the picker stays open on the new name: \(renamed)")
        #expect(keys.store.contents.lists.map(\.name) == ["To-dos", "Work", "House", "Shopping"])
        try keys.send([.escape], to: app)
        try keys.send(Key.sequence("u"), to: app)
        #expect(keys.store.contents.lists.map(\.name) == ["To-dos", "Work", "Home", "Shopping"])
    }

    @Test("an empty list is deleted at once; one with to-dos only after a question naming how many; u brings all back")
    func deleteListAndUndo() throws {
        let app = try makeApp(extraLists: [TodoList(name: "Spare")])
        try keys.send(Key.sequence("L") + Key.typing("spare") + [.control("d")], to: app)
        #expect(app.mode == .browse)
        let one = try keys.send(Key.sequence("L") + Key.typing("home") + [.control("d")], to: app)
        #expect(one.contains { $0.contains("Its 1 to-do goes with it (u undoes).") }, "\(one)")
        try keys.send([.escape, .escape], to: app)
        #expect(keys.store.contents.lists.map(\.name) == ["To-dos", "Work", "Home"])

        let question = try keys.send(Key.sequence("L") + Key.typing("work") + [.control("d")], to: app)
        #expect(question.contains { $0.contains("Delete 'Work'?") }, "\(question)")
        #expect(question.contains { $0.contains("Its 2 to-dos go with it (u undoes).") }, "\(question)")
        let kept = try keys.send(Key.sequence("x"), to: app)
        #expect(kept.last?.hasPrefix("Kept the list.") == true)
        #expect(keys.store.contents.lists.count == 3)

        try keys.send([.control("d")], to: app)
        let deleted = try keys.send([.enter], to: app)
        #expect(deleted.last?.hasPrefix("Deleted the list 'Work' and its 2 to-dos — u to undo") == true)
        #expect(deleted[0].hasPrefix(" All lists · 2 to-dos"), "\(deleted[0])")
        #expect(!deleted.contains { $0.contains("Report") || $0.contains("Call Bob") })
        #expect(keys.store.contents.lists.map(\.name) == ["To-dos", "Home"])
        #expect(stored("Report") == nil)

        let undone = try keys.send(Key.sequence("u"), to: app)
        #expect(undone[0].hasPrefix(" All lists · 4 to-dos"), "\(undone[0])")
        #expect(undone.contains { $0.hasPrefix("  [ ] Work   12:00 Report") }, "\(undone)")
        #expect(keys.store.contents.lists.map(\.name) == ["To-dos", "Work", "Home"])
        #expect(stored("Call Bob")?.listID == work.id)
    }

    @Test("deleting the list on view shows All lists; undoing a list's making while viewing it does too")
    func viewedListGone() throws {
        let app = try makeApp()
        try keys.send(Key.sequence("L") + Key.typing("home") + [.enter], to: app)
        try keys.send(Key.sequence("L") + Key.typing("home") + [.control("d"), .enter], to: app)
        #expect(app.viewedListID == nil)
        try keys.send(Key.sequence("L") + [.control("n")] + Key.typing("Garden") + [.enter], to: app)
        #expect(try keys.send([], to: app)[0].hasPrefix(" Garden · 0 to-dos"))
        let undone = try keys.send(Key.sequence("u"), to: app)
        #expect(app.viewedListID == nil)
        #expect(undone[0].hasPrefix(" All lists · 3 to-dos"), "\(undone[0])")
    }

    @Test("the last view is kept per store and read back; a missing or malformed file means All lists")
    func lastViewFile() throws {
        let folder = try TemporaryDirectory()
        let path = LastListView.path(forStore: "/some/todos.json", in: folder.url.path)
        #expect(LastListView.read(from: path) == nil)
        LastListView.write(work.id, to: path)
        #expect(LastListView.read(from: path) == work.id)
        #expect(path != LastListView.path(forStore: "/other/todos.json", in: folder.url.path))
        LastListView.write(nil, to: path)
        #expect(LastListView.read(from: path) == nil)
        try Data("garbage".utf8).write(to: URL(fileURLWithPath: path))
        #expect(LastListView.read(from: path) == nil)
    }
}
