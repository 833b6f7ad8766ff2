import Foundation
import Testing
import TodoCore

@testable import todo_tui

/// The app's editors work in a child context, and another writer's change meets the user's
/// under the app's merge policy; one the policy leaves open is shown to the user (issue 6).
///
/// The real run loop drives the app on a test terminal: it saves, and it polls the store on
/// every turn, so another writer's save is merged in right after the next key.
@Suite("TodoApp editors and conflicts")
struct TodoAppConflictTests {
    static let start = Date(timeIntervalSince1970: 1_763_640_000)  // 2026-11-20 12:00 UTC

    let store = InMemoryStore()
    let terminal = TestTerminal(size: TerminalSize(rows: 16, columns: 70))
    let app: TodoApp
    /// Another writer on the same store, as a second process would be.
    let other: TodoContext
    let itemID: UUID

    /// An app on a store holding one item, "Water the plants", with the app's `policy`.
    init(policy: MergePolicy = .error) throws {
        let seed = TodoContext(store: store, now: { Self.start })
        itemID = try seed.insert(text: "Water the plants", date: Self.start).id
        try seed.save()
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = .gmt
        let context = TodoContext(store: store, now: { Self.start })
        context.mergePolicy = policy
        app = try TodoApp(context: context, calendar: calendar, now: Self.start, size: terminal.size, animations: false)
        other = TodoContext(store: store, now: { Self.start + 60 })
    }

    /// Feeds `keys` (names as for `Key.sequence`) and, if given, `typing` then Enter, through the
    /// run loop until the script ends; the store is polled after every key.
    /// - Returns: the last screen's lines.
    @discardableResult
    func run(keys: String, typing text: String? = nil) -> [String] {
        terminal.enqueue(keys: keys)
        if let text {
            terminal.enqueue(keys: "C-u")
            terminal.enqueue(typing: text)
            terminal.enqueue(keys: "Enter")
        }
        AppRunLoop(terminal: terminal, app: app, clock: { Self.start }, pollInterval: .zero, stopsWhenIdle: true).run()
        return terminal.lastScreen?.lines ?? []
    }

    /// The other writer changes the item (or deletes it) and saves.
    func otherWriter(_ change: (inout TodoItem) -> Void = { _ in }, deletes: Bool = false) throws {
        if deletes {
            try other.delete(itemID)
        } else {
            try other.update(itemID, change)
        }
        try other.save()
    }

    /// The stored items, the original one first.
    func stored() -> [TodoItem] {
        store.contents.items.filter { $0.id == itemID } + store.contents.items.filter { $0.id != itemID }
    }

    @Test("Esc in an editor discards its scratch context: the list's context, its undo and the store are untouched")
    func escDiscards() throws {
        let before = store.contents
        run(keys: "e C-u", typing: nil)
        terminal.enqueue(typing: "Never saved")
        run(keys: "Esc")
        #expect(app.mode == .browse)
        #expect(app.editorContext == nil)
        #expect(!app.context.hasChanges)
        #expect(!app.context.canUndo)
        #expect(store.contents == before)
    }

    @Test(
        "an edit made while another writer changed the same item is settled by the app's policy",
        arguments: [
            // (policy, the other writer's change, text and done state stored afterwards)
            (MergePolicy.mergeByPropertyObjectTrump, "done", "Watered", true),
            (.mergeByPropertyObjectTrump, "text", "Watered", false),
            (.mergeByPropertyStoreTrump, "done", "Watered", true),
            (.mergeByPropertyStoreTrump, "text", "Water the roses", false),
            (.mergeByPropertyObjectTrump, "delete", "Watered", false),
            (.mergeByPropertyStoreTrump, "delete", nil, false),
        ] as [(MergePolicy, String, String?, Bool)]
    )
    func policySettlesEditorConflict(policy: MergePolicy, otherChange: String, text: String?, isDone: Bool) throws {
        let harness = try TodoAppConflictTests(policy: policy)
        harness.run(keys: "e")
        try harness.otherWriter(
            { item in
                if otherChange == "done" { item.isDone = true } else { item.text = "Water the roses" }
            }, deletes: otherChange == "delete")
        harness.run(keys: "End", typing: "Watered")
        #expect(harness.app.mode == .browse)
        #expect(harness.stored().map(\.text) == (text.map { [$0] } ?? []))
        #expect(harness.stored().map(\.isDone) == (text == nil ? [] : [isDone]))
        if let text {
            #expect(harness.stored().first?.id == harness.itemID, "the edited item keeps its id")
            #expect(
                harness.terminal.lastScreen?.lines.contains { RowTime.removed(from: $0).hasSuffix("] \(text)") } == true
            )
        }
    }

    @Test(
        "under the error policy an editor conflict shows mine and theirs and waits; q is refused",
        arguments: [ConflictChoice.mine, .theirs, .both])
    func errorPolicyEditorConflict(choice: ConflictChoice) throws {
        let harness = try TodoAppConflictTests()
        harness.run(keys: "e")
        try harness.otherWriter { $0.text = "Water the roses" }
        let shown = harness.run(keys: "End", typing: "Watered")
        #expect(shown.contains { $0.contains("Changed here and elsewhere — choose") }, "\(shown)")
        #expect(shown.contains { $0.contains("'Water the plants'") })
        #expect(shown.contains { $0.contains("mine     [ ] Watered · Today") })
        #expect(shown.contains { $0.contains("theirs   [ ] Water the roses · Today") })
        #expect(shown.contains { $0.contains("│ m keep mine   t take theirs   b keep both") })
        #expect(
            shown.last?.hasPrefix("m keep mine   t take theirs") == true, "the status line offers the choices: \(shown)"
        )

        let refused = harness.run(keys: "q")
        #expect(harness.app.isResolvingConflict, "quitting now would lose one side")
        #expect(refused.last?.hasPrefix("Choose first — m keep mine   t take theirs") == true, "\(refused)")
        #expect(harness.stored().map(\.text) == ["Water the roses"])

        let keys = ["m", "t", "b"][[ConflictChoice.mine, .theirs, .both].firstIndex(of: choice) ?? 0]
        let after = harness.run(keys: keys)
        #expect(harness.app.mode == .browse)
        #expect(!harness.app.context.hasChanges)
        let expected: [String] =
            switch choice {
            case .mine: ["Watered"]
            case .theirs: ["Water the roses"]
            case .both: ["Water the roses", "Watered"]
            }
        #expect(harness.stored().map(\.text) == expected)
        #expect(harness.stored().first?.id == harness.itemID)
        for text in expected {
            #expect(after.contains { RowTime.removed(from: $0).hasSuffix("] \(text)") }, "\(after)")
        }
    }

    @Test(
        """
        under the error policy an item deleted elsewhere while being edited shows 'deleted'; m puts it back, t \
        leaves it deleted
        """,
        arguments: [true, false])
    func errorPolicyEditAgainstDelete(keepMine: Bool) throws {
        let harness = try TodoAppConflictTests()
        harness.run(keys: "e")
        try harness.otherWriter(deletes: true)
        let shown = harness.run(keys: "End", typing: "Watered")
        #expect(shown.contains { $0.contains("theirs   deleted") }, "\(shown)")
        harness.run(keys: keepMine ? "m" : "t")
        #expect(harness.stored().map(\.text) == (keepMine ? ["Watered"] : []))
    }

    @Test(
        "under the error policy a key's save that meets another writer's save shows the conflict; the choice is saved",
        arguments: [ConflictChoice.mine, .theirs, .both])
    func errorPolicyStoreConflict(choice: ConflictChoice) throws {
        let harness = try TodoAppConflictTests()
        // The app has not polled since: its toggle meets the other writer's new version.
        try harness.otherWriter { $0.text = "Water the roses" }
        harness.terminal.enqueue(keys: "x")
        AppRunLoop(
            terminal: harness.terminal, app: harness.app, clock: { Self.start }, pollInterval: .seconds(60),
            stopsWhenIdle: true
        ).run()
        let shown = harness.terminal.lastScreen?.lines ?? []
        #expect(shown.contains { $0.contains("mine     [x] Water the plants · Today") }, "\(shown)")
        #expect(shown.contains { $0.contains("theirs   [ ] Water the roses · Today") }, "\(shown)")
        #expect(harness.stored().map(\.isDone) == [false], "nothing written before the choice")

        harness.run(keys: ["m", "t", "b"][[ConflictChoice.mine, .theirs, .both].firstIndex(of: choice) ?? 0])
        let stored = harness.stored().map { "\($0.isDone ? "[x]" : "[ ]") \($0.text)" }
        switch choice {
        case .mine: #expect(stored == ["[x] Water the plants"])
        case .theirs: #expect(stored == ["[ ] Water the roses"])
        case .both: #expect(stored == ["[ ] Water the roses", "[x] Water the plants"])
        }
        #expect(!harness.app.context.hasChanges)
        #expect(harness.app.mode == .browse)
    }
}
