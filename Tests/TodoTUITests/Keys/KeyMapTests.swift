import Foundation
import Testing
import TodoCore

@testable import todo_tui

/// The key map is the one source of the list's keys: its handling, the `?` overlay, the hints
/// under the list and the man page's KEYS section agree with it.
@Suite("Key map")
struct KeyMapTests {
    static let start = Date(timeIntervalSince1970: 1_763_640_000)  // 2026-11-20 12:00 UTC

    /// Every binding of the standard map: command, key.
    static let bindings: [(BrowseCommand, Key)] = KeyMap.standard.lines.flatMap(\.bindings).flatMap { binding in
        binding.keys.map { (binding.command, $0) }
    }

    @Test("every command has a key, a short lowercase name, and keys written as a configuration file writes them")
    func everyCommandBound() {
        for command in BrowseCommand.allCases {
            #expect(!KeyMap.standard.keys(for: command).isEmpty, "\(command) has no key")
            #expect(command.rawValue.allSatisfy { $0.isLowercase || $0 == "-" }, "\(command.rawValue)")
        }
        for (name, key) in [
            ("j", Key.character("j")), ("down", .down), ("ctrl-r", .control("r")), ("ctrl-n", .control("n")),
            ("space", .character(" ")), ("enter", .enter), ("pgdn", .pageDown), ("esc", .escape),
            ("G", .character("G")),
        ] {
            #expect(Key.parse(name) == key, "\(name)")
        }
    }

    @Test("each key the map binds runs its command", arguments: bindings.map { "\($0.0.rawValue) \($0.1)" })
    func keyRunsItsCommand(binding: String) {
        let parts = binding.split(separator: " ", maxSplits: 1).map(String.init)
        let key = parts.count == 2 ? Key.parse(parts[1]) : nil
        #expect(key.flatMap(KeyMap.standard.command(for:))?.rawValue == parts.first)
    }

    /// The screen (which shows the mode: an editor's prompt, the key table) and the effects after
    /// `key`, on a fresh app with 30 items and a filter set.
    func outcome(of key: Key) throws -> (lines: [String], effects: [AppEffect]) {
        let store = InMemoryStore()
        let seed = TodoContext(store: store, now: { Self.start })
        for index in 1...30 {
            try seed.insert(text: "Item \(index)", date: Self.start + TimeInterval(index))
        }
        try seed.save()
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = .gmt
        let app = try TodoApp(
            context: TodoContext(store: store, now: { Self.start }), calendar: calendar, now: Self.start,
            size: TerminalSize(rows: 12, columns: 100), animations: false)
        app.applyFilter("Item")
        _ = app.handle(.key(.down))
        let effects = app.handle(.key(key))
        var screen = Screen(rows: 12, columns: 100)
        app.render(into: &screen)
        return (screen.lines, effects)
    }

    @Test("a command's other keys do exactly what its main key does")
    func alternateKeysAgree() throws {
        for line in KeyMap.standard.lines {
            for (command, keys) in line.bindings where keys.count > 1 {
                let main = try outcome(of: keys[0])
                for key in keys.dropFirst() {
                    let other = try outcome(of: key)
                    #expect(other.lines == main.lines, "\(command): \(key) and \(keys[0])")
                    #expect(other.effects == main.effects, "\(command): \(key)")
                }
            }
        }
    }

    @Test("a key the map does not bind does nothing while browsing", arguments: ["Q", "K", "C-b", "Tab", "Left"])
    func unboundKey(name: String) throws {
        let key = try #require(Key.parse(name))
        #expect(KeyMap.standard.command(for: key) == nil)
        let before = try outcome(of: .unknown(0))
        let after = try outcome(of: key)
        #expect(after.lines == before.lines && after.effects.isEmpty)
    }

    @Test("the ? overlay shows every line of the map, keys and action")
    func overlayShowsTheMap() {
        var screen = Screen(rows: 40, columns: 120)
        HelpOverlay().render(into: &screen)
        for line in KeyMap.standard.lines {
            #expect(
                screen.lines.contains { $0.contains(line.keysLabel + " ") && $0.contains(line.standardAction) },
                "\(line.keysLabel) \(line.standardAction)")
        }
        #expect(HelpOverlay().lines.count == KeyMap.standard.lines.count)
    }

    @Test("the editors' built-in map is one the checking initialiser accepts, key for key")
    func editorStandard() {
        let checked = EditorKeyMap { EditorKeyMap.standard.keys(for: $0) }
        #expect(checked == .standard)
        #expect(EditorKeyMap.standard.command(for: .enter, in: .line) == .submit)
        #expect(EditorKeyMap.standard.command(for: .enter, in: .notes) == .newLine)
        #expect(EditorKeyMap.standard.command(for: .control("s"), in: .line) == nil)
        #expect(EditorKeyMap.standard.label(.save) == "Ctrl-S")
    }

    @Test("the hints under the list name each hinted command's main key")
    func hints() {
        #expect(KeyMap.standard.hints == "a add  e edit  d delete  x done  t date  / filter  u undo  ? keys  q quit")
        for (command, word) in KeyMap.hintedCommands {
            let key = KeyMap.standard.keys(for: command)[0]
            #expect(KeyMap.standard.hints.contains("\(key.label) \(word)"))
        }
    }

    /// The man page's KEYS entries as the map makes them: one `.TP` per line of the key table.
    static var manPageEntries: String {
        KeyMap.standard.lines.map { line in
            let keys = line.keysLabel.replacingOccurrences(of: "↓", with: "\\(da")
                .replacingOccurrences(of: "↑", with: "\\(ua").replacingOccurrences(of: "-", with: "\\-")
            return ".TP\n.B \"\(keys)\"\n\(line.standardAction)\n"
        }.joined()
    }

    @Test("the man page's KEYS section is the key map")
    func manPageKeys() throws {
        let page = try String(
            contentsOf: CLIUsageTests.repositoryRoot.appendingPathComponent("data/todo-tui.1"), encoding: .utf8)
        // The section's text up to the next heading, its last line's end included.
        let section =
            try #require(
                page.components(separatedBy: "\n.SH KEYS\n").dropFirst().first?.components(separatedBy: "\n.SH ").first
            ) + "\n"
        #expect(
            section.contains(Self.manPageEntries),
            "data/todo-tui.1's KEYS section should hold exactly these entries, in this order:\n\(Self.manPageEntries)")
        #expect(section.components(separatedBy: ".TP\n").count - 1 == KeyMap.standard.lines.count)
    }
}
