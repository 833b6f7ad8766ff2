import Foundation
import Testing

@testable import todo_tui

/// Lists through every format from the command line: `--export FORMAT --list NAME`, and imports
/// that make lists and move to-dos between them.
@Suite("CLI lists in every format")
struct CLIListFormatsTests: CLISandboxSuite {
    let sandbox: CLISandbox

    init() throws {
        sandbox = try CLISandbox()
    }

    @Test(
        "--export of every format with an unknown --list is one sentence naming the lists, exit 64",
        arguments: ["json", "csv", "markdown", "ics", "vdir", "todotxt", "taskwarrior"])
    func unknownList(format: String) throws {
        _ = try cli.run("lists", "add", "Work", "--store", store)
        let result = try cli.run(
            "--export", format, "--list", "Nope", "--output", sandbox.home.path("out"), "--store", store)
        #expect(result.status == 64)
        #expect(result.stderr == "todo-tui: No list is named \"Nope\"; the lists are \"To-dos\" and \"Work\".\n")
        #expect(!FileManager.default.fileExists(atPath: sandbox.home.path("out")))
    }

    @Test("--export with --list writes that list's to-dos only, in every format that writes a file")
    func oneList() throws {
        _ = try cli.run("lists", "add", "Work", "--store", store)
        _ = try cli.run("add", "Report", "--list", "Work", "--store", store)
        _ = try cli.run("add", "Milk", "--store", store)
        for format in ["json", "csv", "markdown", "ics", "todotxt", "taskwarrior"] {
            let out = try cli.run("--export", format, "--list", "work", "--store", store).stdout
            #expect(out.contains("Report") && !out.contains("Milk"), "\(format): \(out)")
        }
        let ics = try cli.run("--export", "ics", "--list", "Work", "--store", store).stdout
        #expect(ics.components(separatedBy: "BEGIN:VCALENDAR").count == 2 && ics.contains("X-WR-CALNAME:Work"))
        let folder = sandbox.home.path("work")
        #expect(try cli.run("--export", "vdir", "--list", "Work", "--output", folder, "--store", store).status == 0)
        let files = try FileManager.default.contentsOfDirectory(atPath: folder)
        #expect(files.count == 2 && files.contains("displayname"), "\(files)")
        #expect(files.filter { $0.hasSuffix(".ics") }.count == 1, "\(files)")
    }

    @Test(
        """
        a Taskwarrior import makes a list per project and moves a known to-do into its project's list; a csv \
        import leaves each to-do in its list
        """
    )
    func taskwarriorImport() throws {
        let id = try sandbox.add("Report")
        let tasks = sandbox.home.path("tasks.json")
        try Data(
            """
            [{"uuid":"\(id)","description":"Report","status":"pending","project":"Work"},
            {"uuid":"6f1c2a3b-4d5e-4f60-8a7b-000000000001","description":"Dig","project":"home.garden"}]
            """.utf8
        ).write(to: URL(fileURLWithPath: tasks))
        let imported = try cli.run("import", tasks, "--store", store)
        #expect(
            imported.stdout.hasSuffix("1 added, 1 updated, 0 unchanged. New lists: \"Work\" and \"home.garden\".\n"),
            "\(imported.stdout)\(imported.stderr)")
        #expect(
            try cli.run("lists", "--store", store).stdout
                == "To-dos\t0\tdefault\nWork\t1\tdefault\nhome.garden\t1\tdefault\n")
        #expect(try cli.run("import", tasks, "--store", store).stdout.contains("0 added, 0 updated, 2 unchanged"))

        let csv = sandbox.home.path("todos.csv")
        #expect(try cli.run("--export", "csv", "--output", csv, "--store", store).status == 0)
        let again = try cli.run("import", csv, "--store", store)
        #expect(again.stdout.contains("2 unchanged"), "\(again.stdout)")
        #expect(try cli.run("list", "--list", "Work", "--store", store).stdout.contains("Report"))
    }

    @Test(
        """
        importing an ics export again moves a to-do back to the list its calendar names, and leaves one of the \
        unnamed calendar (the standard list's) in the list it was moved to since
        """
    )
    func icsMoves() throws {
        _ = try cli.run("lists", "add", "Work", "--store", store)
        let report = String(try cli.run("add", "Report", "--list", "Work", "--store", store).stdout.prefix(8))
        let milk = String(try sandbox.add("Milk").prefix(8))
        let file = sandbox.home.path("all.ics")
        #expect(try cli.run("--export", "ics", "--output", file, "--store", store).status == 0)
        #expect(try cli.run("move", report, "--list", "To-dos", "--store", store).status == 0)
        #expect(try cli.run("move", milk, "--list", "Work", "--store", store).status == 0)
        let imported = try cli.run("import", file, "--store", store)
        #expect(imported.stdout.contains("0 added, 1 updated, 1 unchanged."), "\(imported.stdout)\(imported.stderr)")
        let work = try cli.run("list", "--list", "Work", "--store", store).stdout
        #expect(work.contains("Report") && work.contains("Milk"), "\(work)")
    }

    @Test("a vdir export of every list imports into a new store as the same lists, colours and to-dos")
    func vdirTrip() throws {
        _ = try cli.run("lists", "add", "Work", "--color", "red", "--store", store)
        _ = try cli.run("add", "Report", "--list", "Work", "--store", store)
        _ = try cli.run("add", "Milk", "--store", store)
        let tree = sandbox.home.path("calendars")
        #expect(try cli.run("--export", "vdir", "--output", tree, "--store", store).status == 0)
        let other = sandbox.home.path("other/todos.json")
        #expect(try cli.run("import", tree, "--store", other).status == 0)
        #expect(try cli.run("lists", "--store", other).stdout == "To-dos\t1\tdefault\nWork\t1\tred\n")
        #expect(try cli.run("list", "--list", "Work", "--store", other).stdout.contains("Report"))
    }
}
