import Foundation
import Testing
import TodoCore

/// Issue 15 on the command line: `add`/`edit --priority --tag --untag --note`, `list`'s marks,
/// `list --json`'s fields, and `done` refused on a repeating item.
@Suite("CLI item details")
struct CLIItemDetailsTests: CLISandboxSuite {
    let sandbox: CLISandbox

    init() throws {
        sandbox = try CLISandbox()
    }

    func storedItem() throws -> TodoItem {
        try #require(try JSONStore(path: store).load().items.first)
    }

    func listLines() throws -> [String] {
        try cli.run("list", "--store", store).stdout.split(separator: "\n").map { RowTime.removed(from: String($0)) }
    }

    @Test("add --priority --tag --note stores them; list shows the marks; list --json carries the fields")
    func addWithDetails() throws {
        let added = try cli.run(
            "add", "Call the bank", "--date", "2030-05-06T09:30", "--priority", "h", "--tag", "work", "--tag", "+home",
            "--tag", "work", "--note", "Ask for Ana\nBring the card", "--store", store)
        #expect(added.status == 0, "\(added.stderr)")
        let id = added.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        let item = try storedItem()
        #expect(item.priority == .high)
        #expect(item.tags == ["work", "home"])
        #expect(item.notes == "Ask for Ana\nBring the card")
        let lines = try listLines()
        #expect(lines.contains("  \(id.prefix(8)) [ ] !!! 09:30 Call the bank #work #home ✎"), "\(lines)")

        let json = try cli.run("list", "--json", "--store", store)
        let items = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]])
        #expect(items.first?["priority"] as? String == "high")
        #expect(items.first?["tags"] as? [String] == ["work", "home"])
        #expect(items.first?["notes"] as? String == "Ask for Ana\nBring the card")
    }

    @Test("list and list --json put higher priority first within a day, as the app opens")
    func listOrder() throws {
        for arguments in [
            ["Morning", "--date", "2030-05-06T08:00"], ["Evening", "--date", "2030-05-06T20:00", "--priority", "high"],
            ["Next day", "--date", "2030-05-07T07:00", "--priority", "low"],
        ] {
            #expect(try cli.run(["add"] + arguments + ["--store", store]).status == 0)
        }
        let texts = try listLines().compactMap { line in
            ["Morning", "Evening", "Next day"].first { line.hasSuffix(" \($0)") }
        }
        #expect(texts == ["Evening", "Morning", "Next day"])
        let json = try cli.run("list", "--json", "--store", store)
        let items = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]])
        #expect(items.compactMap { $0["text"] as? String } == ["Evening", "Morning", "Next day"])
    }

    @Test(
        """
        add --date with a day alone makes a whole-day item; edit --date with a time makes it timed, with a day alone \
        keeps it
        """
    )
    func wholeDayDates() throws {
        #expect(try cli.run("add", "Birthday", "--date", "2030-05-06", "--store", store).status == 0)
        #expect(try storedItem().hasTime == false)
        let id = try storedItem().id.uuidString
        #expect(try cli.run("edit", String(id.prefix(8)), "--date", "2030-05-07T18:00", "--store", store).status == 0)
        #expect(try storedItem().hasTime == true)
        #expect(try cli.run("edit", String(id.prefix(8)), "--date", "2030-05-08", "--store", store).status == 0)
        #expect(try storedItem().hasTime == true)
        #expect(try cli.run("add", "Call", "--date", "2030-05-06 9:30", "--store", store).status == 0)
        #expect(try JSONStore(path: store).load().items.first { $0.text == "Call" }?.hasTime == true)
    }

    @Test("--note takes its value as typed: the two characters \\n stay, a real line break is one")
    func noteIsLiteral() throws {
        #expect(try cli.run("add", "Literal", "--note", #"a\nb"#, "--store", store).status == 0)
        #expect(try storedItem().notes == #"a\nb"#)
    }

    @Test("--note - reads the notes from standard input, less one final line break")
    func noteFromStandardInput() throws {
        let input = home.path("notes.txt")
        try Data("First line\n\nThird line\n".utf8).write(to: URL(fileURLWithPath: input))
        let added = try cli.run(["add", "From stdin", "--note", "-", "--store", store], inputPath: input)
        #expect(added.status == 0, "\(added.stderr)")
        #expect(try storedItem().notes == "First line\n\nThird line")
    }

    @Test("edit changes priority, adds and removes tags and replaces or clears the notes; the rest stays")
    func editDetails() throws {
        let id = try cli.run(
            "add", "Call the bank", "--date", "2030-05-06T09:30", "--tag", "work", "--tag", "home", "--color", "red",
            "--store", store
        ).stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        let edited = try cli.run(
            "edit", String(id.prefix(6)), "--priority", "medium", "--tag", "#phone", "--untag", "home", "--note",
            "Ring at 9", "--store", store)
        #expect(edited.status == 0, "\(edited.stderr)")
        #expect(edited.stdout == "Changed 'Call the bank'\n")
        var item = try storedItem()
        #expect(item.priority == .medium)
        #expect(item.tags == ["work", "phone"])
        #expect(item.notes == "Ring at 9")
        #expect(item.color == .red && item.text == "Call the bank")
        let lines = try listLines()
        #expect(lines.contains("  \(id.prefix(8)) [ ] !!  09:30 Call the bank #work #phone ✎ · red"), "\(lines)")
        #expect(
            try cli.run(
                "edit", id, "--priority", "none", "--note", "", "--untag", "+work", "--untag", "absent", "--store",
                store
            ).status == 0)
        item = try storedItem()
        #expect(item.priority == .none && item.notes == "" && item.tags == ["phone"])
    }

    @Test(
        "bad priority, tag and notes are refused in one sentence with exit 64, nothing stored",
        arguments: [
            (
                ["add", "X", "--priority", "urgent"],
                "todo-tui: Unknown priority 'urgent'; use none, low, medium or high (or l, m, h).\n"
            ),
            (["add", "X", "--tag", "two words"], "a tag is one word"),
            (["add", "X", "--tag", "+"], "it is empty"),
            (["add", "X", "--note", "bell\u{7}"], "control character"),
        ])
    func badInput(_ arguments: [String], _ message: String) throws {
        let result = try cli.run(arguments + ["--store", store])
        #expect(result.status == 64)
        #expect(result.stderr.contains(message), "\(result.stderr)")
        #expect(
            result.stderr.hasPrefix("todo-tui: ") && result.stderr.filter { $0 == "\n" }.count == 1, "\(result.stderr)")
        let stored = FileManager.default.fileExists(atPath: store) ? try JSONStore(path: store).load().items : []
        #expect(stored.isEmpty)
    }

    @Test("edit with nothing to change names every option")
    func editNothing() throws {
        let id = try cli.run("add", "X", "--store", store).stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        let nothing = try cli.run("edit", id, "--store", store)
        #expect(nothing.status == 64)
        #expect(
            nothing.stderr
                == "todo-tui: Nothing to change; give a new text, --date, --start, --color, --priority, --tag, --untag, "
                + "--note, --repeat or --remind.\n"
        )
    }

    @Test("done on an item another program made repeat is refused with exit 65 and one sentence; the list marks it ↻")
    func doneRepeatingRefused() throws {
        let file = home.path("todo.txt")
        // Business days: a rec: todo-tui does not compute, kept for the program that does.
        try Data("Water plants rec:+1b\n".utf8).write(to: URL(fileURLWithPath: file))
        let imported = try cli.run("import", file, "--store", store)
        #expect(imported.status == 0, "\(imported.stderr)")
        let item = try storedItem()
        #expect(item.foreign.isRecurring)
        let done = try cli.run("done", idPrefix(item.id), "--store", store)
        #expect(done.status == 65)
        #expect(
            done.stderr
                == "todo-tui: 'Water plants' repeats by another program's rule, so completing it is left to that "
                + "program: its todo.txt rec: is kept as it was written.\n"
        )
        #expect(try storedItem().isDone == false)
        let lines = try listLines()
        #expect(lines.contains { $0.hasSuffix("[ ] Water plants ↻") }, "\(lines)")
    }

    /// The first 8 characters of an id, as `list` shows them.
    func idPrefix(_ id: UUID) -> String {
        String(id.uuidString.lowercased().prefix(8))
    }
}
