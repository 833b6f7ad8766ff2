import Foundation
import Testing
import TodoCore

/// The scripting CLI end to end, through the built binary (DESIGN §4.4).
@Suite("CLI subcommands")
struct CLICommandTests: CLISandboxSuite {
    let sandbox: CLISandbox

    init() throws {
        sandbox = try CLISandbox()
    }

    func storeText() throws -> String {
        try String(contentsOfFile: store, encoding: .utf8)
    }

    @Test("add prints the new id, list shows it under No date (no date is invented), list --json carries every field")
    func addAndList() throws {
        let added = try cli.run("add", "Buy milk", "--color", "red", "--store", store)
        #expect(added.status == 0, "\(added.stderr)")
        let id = added.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(UUID(uuidString: id) != nil)
        #expect(id == id.lowercased())

        let list = try cli.run("list", "--store", store)
        #expect(list.status == 0)
        #expect(list.stdout == "No date\n  \(id.prefix(8)) [ ] Buy milk · red\n")

        let json = try cli.run("list", "--json", "--store", store)
        let items = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]])
        #expect(items.count == 1)
        #expect(items.first?["text"] as? String == "Buy milk")
        #expect(items.first?["color"] as? String == "red")
        #expect(items.first?["isDone"] as? Bool == false)
        #expect((items.first?["id"] as? String)?.lowercased() == id)
        #expect(items.first?["version"] as? Int == 1)
        #expect(items.first?["date"] == nil, "no date is invented for a to-do added without one")
    }

    @Test("edit, done, undone and delete act on a unique id prefix")
    func editDoneUndoneDelete() throws {
        let id = try cli.run("add", "Draft", "--store", store).stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        let prefix = String(id.prefix(6))
        #expect(try cli.run("edit", prefix, "Final text", "--store", store).status == 0)
        #expect(try storeText().contains("\"text\": \"Final text\""))
        #expect(try cli.run("done", prefix, "--store", store).status == 0)
        #expect(try storeText().contains("\"isDone\": true"))
        #expect(
            try cli.run("list", "--store", store).stdout.split(separator: "\n").map {
                RowTime.removed(from: String($0))
            }.contains { $0.hasSuffix("[x] Final text") })
        #expect(try cli.run("undone", prefix.uppercased(), "--store", store).status == 0)
        #expect(try storeText().contains("\"isDone\": false"))
        #expect(try cli.run("delete", id, "--store", store).status == 0)
        #expect(!(try storeText().contains(id.uppercased())))
    }

    @Test(
        """
        edit --date moves an item to another day at its own time of day, --color recolours it, and text stays unless \
        given
        """
    )
    func editDateAndColour() throws {
        let id = try cli.run("add", "Ring Ana", "--date", "2030-05-06T10:15", "--store", store).stdout
            .trimmingCharacters(in: .whitespacesAndNewlines)
        let before = try #require(try JSONStore(path: store).load().items.first?.date)
        let edited = try cli.run(
            "edit", String(id.prefix(5)), "--date", "2030-05-09", "--color", "red", "--store", store)
        #expect(edited.status == 0, "\(edited.stderr)")
        let item = try #require(try JSONStore(path: store).load().items.first)
        #expect(item.text == "Ring Ana")
        #expect(item.color == .red)
        #expect(
            item.date?.timeIntervalSince(before) == TimeInterval(3 * 86_400),
            "three days later at 10:15 in the runner's zone")
        let nothing = try cli.run("edit", id, "--store", store)
        #expect(nothing.status == 64)
        #expect(
            nothing.stderr
                == "todo-tui: Nothing to change; give a new text, --date, --start, --color, --priority, --tag, --untag, "
                + "--note, --repeat or --remind.\n"
        )
    }

    @Test("add accepts every documented date form")
    func dateForms() throws {
        for date in ["today", "tomorrow", "yesterday", "mon", "friday", "+3d", "-2d", "2025-01-31", "2025-01-31T09:30"]
        {
            let result = try cli.run("add", "Dated \(date)", "--date", date, "--store", store)
            #expect(result.status == 0, "\(date): \(result.stderr)")
        }
        let list = try cli.run("list", "--filter", "date:2025-01-31", "--store", store)
        #expect(list.stdout.components(separatedBy: "Dated 2025-01-31").count == 3)
    }

    @Test("list --filter narrows with the filter language and reports a bad token with exit 64")
    func listFilter() throws {
        _ = try cli.run("add", "Café au lait", "--color", "green", "--store", store)
        _ = try cli.run("add", "Tea", "--store", store)
        let hit = try cli.run("list", "--filter", "cafe color:green", "--store", store)
        #expect(hit.stdout.contains("Café au lait"))
        #expect(!hit.stdout.contains("Tea"))
        let bad = try cli.run("list", "--filter", "color:mauve", "--store", store)
        #expect(bad.status == 64)
        #expect(bad.stderr.contains("mauve"))
    }

    @Test(
        "bad input on the command line exits 64 with one clear line and leaves the store alone",
        arguments: [
            (["add", ""], "empty"),
            (["add", "two\nlines"], "control character"),
            (["add", "x", "--date", "tomorow"], "tomorow"),
            (["add", "x", "--color", "mauve"], "mauve"),
            (["done", "abc"], "too short"),
            (["done", "ffff0000"], "No to-do"),
            (["frobnicate"], "Unexpected argument 'frobnicate'"),
            (["list", "--merge-policy", "bogus"], "--merge-policy does not apply to list"),
            (["list", "--export", "json"], "--export does not apply to list"),
            (["--demo", "list"], "--demo does not apply to list"),
        ])
    func usageErrors(arguments: [String], message: String) throws {
        _ = try cli.run("add", "Existing", "--store", store)
        let before = try storeText()
        let result = try cli.run(arguments + ["--store", store])
        #expect(result.status == 64, "\(arguments): \(result.stderr)")
        #expect(result.stderr.contains(message))
        #expect(result.stdout.isEmpty)
        #expect(try storeText() == before)
    }

    @Test("an ambiguous prefix is refused, listing the candidates")
    func ambiguousPrefix() throws {
        let contents = """
            {
              "format": "todo-tui",
              "generation": 1,
              "items": [
                {"color": "default", "createdAt": "2025-01-01T00:00:00.000Z", "date": "2025-01-01T00:00:00.000Z", \
            "id": "ABCD0000-0000-4000-8000-000000000001", "isDone": false, "modifiedAt": \
            "2025-01-01T00:00:00.000Z", "text": "First", "version": 1},
                {"color": "default", "createdAt": "2025-01-01T00:00:00.000Z", "date": "2025-01-01T00:00:00.000Z", \
            "id": "ABCD0000-0000-4000-8000-000000000002", "isDone": false, "modifiedAt": \
            "2025-01-01T00:00:00.000Z", "text": "Second", "version": 1}
              ],
              "version": 1
            }

            """
        try contents.write(toFile: store, atomically: false, encoding: .utf8)
        let result = try cli.run("done", "abcd", "--store", store)
        #expect(result.status == 64)
        #expect(result.stderr.contains("matches 2 to-dos"))
        #expect(result.stderr.contains("'First'") && result.stderr.contains("'Second'"))
        #expect(try storeText() == contents)
        #expect(try cli.run("done", "abcd0000-0000-4000-8000-000000000002", "--store", store).status == 0)
    }

    @Test("the store location follows TODO_TUI_STORE, then XDG_DATA_HOME")
    func storeLocation() throws {
        #expect(try cli.run("add", "In XDG").status == 0)
        let xdgStore = home.url.appendingPathComponent("data/todo-tui/todos.json").path
        #expect(FileManager.default.fileExists(atPath: xdgStore))

        var explicit = cli
        explicit.environment["TODO_TUI_STORE"] = store
        #expect(try explicit.run("add", "In env").status == 0)
        #expect(try storeText().contains("In env"))
        #expect(!(try String(contentsOfFile: xdgStore, encoding: .utf8).contains("In env")))
    }

    @Test("plain todo-tui without a terminal says so and exits 64")
    func interactiveWithoutTerminal() throws {
        let result = try cli.run("--store", store)
        #expect(result.status == 64)
        #expect(result.stderr.contains("terminal"))
    }
}
