import Foundation
import Testing
import TodoCore

@testable import todo_tui

/// `data/bepo.toml` moves every action of the list and the editors off its built-in key: read as
/// the app reads a configuration file, each action runs on its new key and not on its old one,
/// and the key table, the hints and the messages show the new keys.
@Suite("A bépo configuration")
struct BepoLayoutTests {
    static let start = KeyMapTests.start

    /// The configuration `data/bepo.toml` gives, read through the loader every command uses.
    static func bepo() throws -> Configuration {
        let path = CLIUsageTests.repositoryRoot.appendingPathComponent("data/bepo.toml").path
        return try ConfigurationLoader.load(configFlag: path, environment: [:], homeDirectory: "/nonexistent")
    }

    /// A fresh app with 30 items and a filter set, the second item selected, in `configuration`.
    static func app(_ configuration: Configuration) throws -> TodoApp {
        let store = InMemoryStore()
        let seed = TodoContext(store: store, now: { start })
        for index in 1...30 {
            try seed.insert(text: "Item \(index)", date: start + TimeInterval(index))
        }
        try seed.save()
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = .gmt
        let app = try TodoApp(
            context: TodoContext(store: store, now: { start }), calendar: calendar, now: start,
            size: TerminalSize(rows: 12, columns: 100), animations: false, configuration: configuration)
        app.applyFilter("Item")
        _ = app.handle(.key(configuration.keys.keys(for: .down)[0]))
        return app
    }

    /// What a key does: the table's lines (the title, hints and messages name keys, so they
    /// differ between the maps), the mode, and the effects.
    struct Outcome: Equatable {
        var table: [String]
        var mode: String
        var effects: [AppEffect]
    }

    static func outcome(of key: Key, in configuration: Configuration) throws -> Outcome {
        let app = try app(configuration)
        let effects = app.handle(.key(key))
        var screen = Screen(rows: 12, columns: 100)
        app.render(into: &screen)
        let mode: String =
            switch app.mode {
            case .browse: "browse"
            case .editing(_, let purpose): "editing \(purpose.prompt)"
            case .filtering: "filtering"
            case .notes: "notes"
            case .help(let line): "help \(line)"
            case .resolving: "resolving"
            case .pickingList: "picking a list"
            }
        return Outcome(table: Array(screen.lines[1..<11]), mode: mode, effects: effects)
    }

    @Test("the file rebinds every action of the list and the editors, to keys none of them had")
    func everyActionMoved() throws {
        let bepo = try Self.bepo()
        for command in BrowseCommand.allCases {
            let new = bepo.keys.keys(for: command), old = KeyMap.standard.keys(for: command)
            #expect(!new.isEmpty && Set(new).isDisjoint(with: old), "\(command): \(new) and \(old)")
            #expect(bepo.source(of: "keys." + command.rawValue) != .builtIn, "\(command)")
        }
        for command in EditorCommand.allCases {
            let new = bepo.editorKeys.keys(for: command), old = EditorKeyMap.standard.keys(for: command)
            #expect(!new.isEmpty && Set(new).isDisjoint(with: old), "\(command): \(new) and \(old)")
        }
    }

    @Test(
        "each action of the list runs on its new key as on its old key in the built-in map, and its old key does not run it",
        arguments: BrowseCommand.allCases.filter { $0 != .suspend })
    func listAction(command: BrowseCommand) throws {
        let bepo = try Self.bepo()
        let new = try #require(bepo.keys.keys(for: command).first)
        let old = try #require(KeyMap.standard.keys(for: command).first)
        var expected = try Self.outcome(of: old, in: .standard)
        var outcome = try Self.outcome(of: new, in: bepo)
        if command == .help || command == .notes {
            // The key table and the notes editor's title name the keys in force.
            #expect(outcome.table != expected.table)
            (expected.table, outcome.table) = ([], [])
        }
        #expect(outcome == expected, "\(command) on \(new)")
        for oldKey in KeyMap.standard.keys(for: command) {
            #expect(bepo.keys.command(for: oldKey) != command)
            // The old key now does what the bépo map binds it to, or nothing.
            let other = bepo.keys.command(for: oldKey).flatMap { bepo.keys.keys(for: $0).first } ?? .unknown(0)
            #expect(
                try Self.outcome(of: oldKey, in: bepo) == Self.outcome(of: other, in: bepo), "\(command): old \(oldKey)"
            )
        }
    }

    @Test("suspend is the run loop's: its new key suspends in every mode, the old one no longer does")
    func suspend() throws {
        let bepo = try Self.bepo()
        let app = try Self.app(bepo)
        let terminal = TestTerminal(
            size: app.size,
            events: [.key(.control("z")), .key(.control("k")), .key(bepo.keys.keys(for: .add)[0]), .key(.control("k"))])
        AppRunLoop(terminal: terminal, app: app, clock: { Self.start }, stopsWhenIdle: true).run()
        #expect(terminal.suspendCount == 2, "ctrl-k while browsing and while typing; ctrl-z neither")
    }

    @Test("each editor action runs on its new key and not on its old one")
    func editorActions() throws {
        let keys = try Self.bepo().editorKeys
        func line(_ text: String, cursor: Int, _ key: Key) -> (LineEditor.Outcome, String, Int) {
            var editor = LineEditor(text: text)
            for _ in 0..<(text.count - cursor) { _ = editor.handle(keys.keys(for: .left)[0], keys: keys) }
            let outcome = editor.handle(key, keys: keys)
            return (outcome, editor.text, editor.cursor)
        }
        let cases: [(EditorCommand, LineEditor.Outcome, String, Int)] = [
            (.submit, .submitted("one two"), "one two", 4), (.cancel, .cancelled, "one two", 4),
            (.left, .edited, "one two", 3), (.right, .edited, "one two", 5), (.lineStart, .edited, "one two", 0),
            (.lineEnd, .edited, "one two", 7), (.deleteBefore, .edited, "onetwo", 3),
            (.deleteAfter, .edited, "one wo", 4), (.deleteToStart, .edited, "two", 0),
            (.deleteToEnd, .edited, "one ", 4), (.deleteWord, .edited, "two", 0),
        ]
        for (command, outcome, text, cursor) in cases {
            let new = line("one two", cursor: 4, keys.keys(for: command)[0])
            #expect(new.0 == outcome && new.1 == text && new.2 == cursor, "\(command): \(new)")
            for old in EditorKeyMap.standard.keys(for: command) {
                let unchanged = line("one two", cursor: 4, old)
                #expect(unchanged.0 == .ignored && unchanged.1 == "one two" && unchanged.2 == 4, "\(command) on \(old)")
            }
        }
        var notes = NotesEditor(text: "first\nsecond")
        #expect(notes.handle(keys.keys(for: .up)[0], keys: keys) == .edited && notes.line == 0)
        #expect(notes.handle(keys.keys(for: .down)[0], keys: keys) == .edited && notes.line == 1)
        #expect(notes.handle(.up, keys: keys) == .ignored && notes.line == 1)
        #expect(notes.handle(keys.keys(for: .newLine)[0], keys: keys) == .edited && notes.lineCount == 3)
        #expect(notes.handle(.enter, keys: keys) == .ignored && notes.lineCount == 3)
        #expect(notes.handle(keys.keys(for: .save)[0], keys: keys) == .saved("first\nsecon\nd"))
        #expect(notes.handle(.control("s"), keys: keys) == .ignored)
    }

    @Test("adding through the app takes the new keys from opening the line to applying it")
    func addWithNewKeys() throws {
        let app = try Self.app(try Self.bepo())
        _ = app.handle(.key(.character("y")))
        for key in Key.typing("Item pain") { _ = app.handle(.key(key)) }
        #expect(app.handle(.key(.enter)).isEmpty, "Enter no longer applies the line")
        #expect(app.handle(.key(.tab)) == [.save])
        #expect(app.status?.text == "Added 'Item pain' — v to undo")
    }

    @Test("the key table, the hints and the messages name the new keys")
    func helpShowsNewKeys() throws {
        let bepo = try Self.bepo()
        let app = try Self.app(bepo)
        var screen = Screen(rows: 12, columns: 100)
        app.render(into: &screen)
        #expect(screen.lines[11] == "y add  è edit  à delete  ç done  z date  f filter  v undo  % keys  b quit")
        #expect(screen.lines[0].hasSuffix("oldest first · % help"))
        _ = app.handle(.key(.character("%")))
        let overlay = HelpOverlay(keys: bepo.keys, editorKeys: bepo.editorKeys)
        var tall = Screen(rows: 40, columns: 100)
        overlay.render(into: &tall)
        for line in bepo.keys.lines {
            #expect(
                tall.lines.contains {
                    $0.contains(line.keysLabel + " ")
                        && $0.contains(line.action(keys: bepo.keys, editorKeys: bepo.editorKeys))
                },
                "\(line.keysLabel)")
        }
        #expect(tall.lines.contains { $0.contains("t s") && $0.contains("next / previous item") })
        #expect(tall.lines.contains { $0.contains("delete (v undoes)") })
        #expect(tall.lines.contains { $0.contains("edit notes: Ctrl-R new line, Ctrl-E saves, Ctrl-G cancels") })
        #expect(!tall.lines.contains { $0.contains("j k") })
        // The table does not fit 12 rows: it scrolls on the new down key, not on j.
        var small = Screen(rows: 12, columns: 100)
        app.render(into: &small)
        #expect(small.lines.contains { $0.contains("t s Ctrl-F Ctrl-B scroll") })
        _ = app.handle(.key(.character("t")))
        #expect(app.mode == .help(firstLine: 1))
        _ = app.handle(.key(.character("j")))
        #expect(app.mode == .browse, "j closes the table like any other key")
        _ = app.handle(.key(.character("à")))
        #expect(app.status?.text.hasSuffix("— v to undo") == true)
        _ = app.handle(.key(.character("v")))
        #expect(app.status?.text.hasSuffix("— V or Ctrl-Y to redo") == true)
    }
}
