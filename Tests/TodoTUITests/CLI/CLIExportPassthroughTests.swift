import Foundation
import Testing

/// `--export json` through the built binary, where a compacted store is passed through from its
/// file (`JSONStore.passthroughJSONExport(for:)`): the same bytes and the same errors as the
/// normal path.
@Suite("CLI JSON export passed through from the store file")
struct CLIExportPassthroughTests: CLISandboxSuite {
    let sandbox: CLISandbox

    init() throws {
        var sandbox = try CLISandbox()
        sandbox.cli.environment["TERM"] = nil
        self.sandbox = sandbox
        _ = try cli.run("add", "Buy \"milk\" 🥛", "--color", "red", "--store", store)
        _ = try cli.run("add", "Call Mum", "--date", "tomorrow", "--priority", "high", "--store", store)
        _ = try cli.run("add", "Pay rent", "--date", "yesterday", "--tag", "home", "--store", store)
    }

    @Test("the export of a compacted store is the normal path's, to standard output and to a file")
    func sameBytes() throws {
        let passed = try cli.run("--export", "json", "--store", store)
        #expect(passed.status == 0, "\(passed.stderr)")
        #expect(passed.stdout.contains("\"generation\": 0,"))
        let output = home.path("export.json")
        #expect(try cli.run("--export", "json", "--output", output, "--store", store).status == 0)
        #expect(try String(contentsOfFile: output, encoding: .utf8) == passed.stdout)
        // A blank line at the end keeps the store valid but not as the encoder writes it: the
        // normal path exports it.
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: store))
        try handle.seekToEnd()
        try handle.write(contentsOf: Data("\n".utf8))
        try handle.close()
        let normal = try cli.run("--export", "json", "--store", store)
        #expect(normal.status == 0, "\(normal.stderr)")
        #expect(normal.stdout == passed.stdout)
        // --filter takes the normal path.
        let filtered = try cli.run("--export", "json", "--filter", "milk", "--store", store)
        #expect(filtered.stdout.contains("milk"))
        #expect(!filtered.stdout.contains("Call Mum"))
    }

    @Test(
        "a broken store fails --export json exactly as another format's export",
        arguments: ["truncated", "newer", "duplicate"])
    func sameErrors(damage: String) throws {
        var text = try String(contentsOfFile: store, encoding: .utf8)
        switch damage {
        case "truncated": text = String(text.dropLast(40))
        case "newer": text = text.replacingOccurrences(of: "\"version\": 4\n}", with: "\"version\": 5\n}")
        default:
            let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
            text = (lines[..<5] + [lines[4]] + lines[5...]).joined(separator: "\n")
        }
        try text.write(toFile: store, atomically: false, encoding: .utf8)
        let json = try cli.run("--export", "json", "--store", store)
        let csv = try cli.run("--export", "csv", "--store", store)
        #expect(json.status != 0)
        #expect(json.status == csv.status)
        #expect(json.stderr == csv.stderr)
        #expect(json.stdout.isEmpty)
    }
}
