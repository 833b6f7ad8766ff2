import Foundation
import Testing

/// `--export` and `import` through the built binary (issue 5's CLI part).
@Suite("CLI export and import")
struct CLIExchangeTests: CLISandboxSuite {
    let sandbox: CLISandbox

    init() throws {
        var sandbox = try CLISandbox()
        // Exports must not depend on a terminal.
        sandbox.cli.environment["TERM"] = nil
        self.sandbox = sandbox
        _ = try cli.run("add", "Buy milk", "--color", "red", "--store", store)
        _ = try cli.run("add", "Call Mum", "--date", "tomorrow", "--store", store)
    }

    @Test(
        "every format exports to stdout without a terminal, and imports back into an empty store unchanged",
        arguments: ["json", "csv", "ics", "taskwarrior", "todotxt", "markdown"])
    func roundTrip(format: String) throws {
        let exported = try cli.run("--export", format, "--store", store)
        #expect(exported.status == 0, "\(exported.stderr)")
        #expect(exported.stdout.contains("Buy milk"))
        let file = home.path("export.\(format == "markdown" ? "md" : format)")
        try exported.stdout.write(toFile: file, atomically: false, encoding: .utf8)

        let fresh = home.path("fresh.json")
        let first = try cli.run("import", file, "--store", fresh)
        #expect(first.status == 0, "\(first.stderr)")
        #expect(first.stdout.contains("2 added"))
        let second = try cli.run("import", file, "--store", fresh)
        #expect(second.stdout.contains("0 added, 0 updated, 2 unchanged"), "\(second.stdout)")
    }

    @Test("--filter narrows the export and --output writes a file")
    func filteredToFile() throws {
        let output = home.path("milk.csv")
        let result = try cli.run("--export", "csv", "--filter", "milk", "--output", output, "--store", store)
        #expect(result.status == 0)
        #expect(result.stdout.isEmpty)
        let text = try String(contentsOfFile: output, encoding: .utf8)
        #expect(text.contains("Buy milk"))
        #expect(!text.contains("Call Mum"))
    }

    @Test("vdir needs --output and writes one .ics per item into the folder of its list")
    func vdir() throws {
        #expect(try cli.run("--export", "vdir", "--store", store).status == 64)
        let folder = home.path("vdir")
        #expect(try cli.run("--export", "vdir", "--output", folder, "--store", store).status == 0)
        let list = folder + "/00000000-0000-4000-8000-000000000001"
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == ["00000000-0000-4000-8000-000000000001"])
        #expect(try FileManager.default.contentsOfDirectory(atPath: list).filter { $0.hasSuffix(".ics") }.count == 2)
    }

    @Test("a malformed import is refused whole with exit 65 and the store is unchanged")
    func malformedImport() throws {
        let before = try Data(contentsOf: URL(fileURLWithPath: store))
        let bad = home.path("bad.csv")
        try "id,text,date,color,done,createdAt,modifiedAt\r\nnot-a-row\r\n".write(
            toFile: bad, atomically: false, encoding: .utf8)
        let result = try cli.run("import", bad, "--store", store)
        #expect(result.status == 65, "\(result.stderr)")
        #expect(result.stderr.contains("line 2"))
        #expect(try Data(contentsOf: URL(fileURLWithPath: store)) == before)
    }

    @Test("an unknown format and a missing file are clear errors")
    func badArguments() throws {
        let unknown = try cli.run("--export", "yaml", "--store", store)
        #expect(unknown.status == 64)
        #expect(unknown.stderr.contains("Unknown format 'yaml'"))
        let missing = try cli.run("import", home.path("nope.json"), "--store", store)
        #expect(missing.status == 66)
    }

    @Test("--output naming a directory says the output path is a directory, not the store")
    func outputIsDirectory() throws {
        let folder = home.path("out")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let result = try cli.run("--export", "json", "--output", folder, "--store", store)
        #expect(result.status == 74)
        #expect(
            result.stderr
                == "todo-tui: The output path \(folder) is a directory; give a file name (only vdir writes into a "
                + "folder).\n"
        )
    }
}
