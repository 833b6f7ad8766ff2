import Foundation
import Testing

@testable import todo_tui

/// Several lists from the command line: `lists`, `--list` on add, list and export, `move`, and
/// json carrying the lists into another store.
@Suite("CLI lists")
struct CLIListsTests: CLISandboxSuite {
    let sandbox: CLISandbox

    init() throws {
        sandbox = try CLISandbox()
    }

    @Test("lists add, add --list, lists, list --list, move and lists delete work as a user types them")
    func listsByHand() throws {
        #expect(try cli.run("lists", "add", "Work", "--color", "red", "--store", store).status == 0)
        _ = try cli.run("add", "Milk", "--store", store)
        let id = String(try cli.run("add", "Report", "--list", "work", "--store", store).stdout.prefix(8))
        #expect(try cli.run("lists", "--store", store).stdout == "To-dos\t1\tdefault\nWork\t1\tred\n")
        let work = try cli.run("list", "--list", "Work", "--store", store).stdout
        #expect(work.contains("Report") && !work.contains("Milk"), "\(work)")
        #expect(try cli.run("list", "--filter", "list:to-dos", "--store", store).stdout.contains("Milk"))
        let refused = try cli.run("lists", "delete", "Work", "--store", store)
        #expect(refused.status == 64 && refused.stderr.contains("holds 1 to-do"), "\(refused.stderr)")
        #expect(try cli.run("move", id, "--list", "To-dos", "--store", store).status == 0)
        #expect(try cli.run("lists", "delete", "Work", "--store", store).status == 0)
        #expect(try cli.run("lists", "--store", store).stdout == "To-dos\t2\tdefault\n")
    }

    @Test("the quick-add token list:NAME puts the to-do in that list, and --list wins over it")
    func quickAddToken() throws {
        _ = try cli.run("lists", "add", "Work", "--store", store)
        _ = try cli.run("lists", "add", "Home", "--store", store)
        #expect(try cli.run("add", "Call list:work Bob", "--store", store).status == 0)
        #expect(try cli.run("add", "Fix list:work sink", "--list", "Home", "--store", store).status == 0)
        let work = try cli.run("list", "--list", "Work", "--store", store).stdout
        #expect(work.contains("Call Bob") && !work.contains("sink"), "\(work)")
        #expect(try cli.run("list", "--list", "Home", "--store", store).stdout.contains("Fix sink"))
        let unknown = try cli.run("add", "x list:Nope", "--store", store)
        #expect(unknown.status == 64 && unknown.stderr.contains("No list is named \"Nope\""), "\(unknown.stderr)")
    }

    @Test(
        "an unknown list is one sentence naming the lists, exit 64",
        arguments: [
            ["add", "x", "--list", "Nope"], ["list", "--list", "Nope"], ["--export", "json", "--list", "Nope"],
            ["lists", "rename", "Nope", "New"],
        ])
    func unknownList(arguments: [String]) throws {
        _ = try cli.run("lists", "add", "Work", "--store", store)
        let result = try cli.run(arguments + ["--store", store])
        #expect(result.status == 64)
        #expect(result.stderr == "todo-tui: No list is named \"Nope\"; the lists are \"To-dos\" and \"Work\".\n")
    }

    @Test("a json export carries the lists, and importing it into a new store brings them with the to-dos")
    func jsonCarriesLists() throws {
        _ = try cli.run("lists", "add", "Home", "--color", "green", "--store", store)
        _ = try cli.run("add", "Garden", "--list", "Home", "--store", store)
        let exported = sandbox.home.path("export.json")
        #expect(try cli.run("--export", "json", "--output", exported, "--store", store).status == 0)
        let other = sandbox.home.path("other/todos.json")
        #expect(try cli.run("import", exported, "--store", other).status == 0)
        #expect(try cli.run("lists", "--store", other).stdout == "To-dos\t0\tdefault\nHome\t1\tgreen\n")
    }
}
