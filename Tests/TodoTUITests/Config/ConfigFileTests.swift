import Foundation
import Testing
import TodoCore
import TodoTestSupport

@testable import todo_tui

/// The configuration file's settings as a whole: `config defaults` is a file of every setting
/// that reads back as the built-in configuration and that the docs include word for word;
/// `config`, `config keys`, `config check` and `config path` say what is in force.
@Suite("Configuration file")
struct ConfigFileTests {
    static func read(_ text: String) throws(ConfigError) -> Configuration {
        var configuration = Configuration()
        try ConfigurationLoader.read(Array(text.utf8), path: "test.toml", into: &configuration)
        return configuration
    }

    /// `config defaults` with every setting's `# ` removed: the full file.
    static var uncommentedDefaults: String {
        ConfigWriter.defaultsFile.split(separator: "\n", omittingEmptySubsequences: false).map { line in
            guard line.hasPrefix("# "), let equals = line.range(of: " = "),
                line[line.index(line.startIndex, offsetBy: 2)..<equals.lowerBound].allSatisfy({
                    $0.isLowercase || $0.isNumber || $0 == "-"
                })
            else { return String(line) }
            return String(line.dropFirst(2))
        }.joined(separator: "\n")
    }

    @Test("config defaults names every setting and every action, and reads back as the built-in configuration")
    func defaultsFile() throws {
        let text = ConfigWriter.defaultsFile
        for setting in Setting.all {
            #expect(text.contains("\n# \(setting.name) = \(setting.written(.standard))\n"), "\(setting.path)")
        }
        for command in BrowseCommand.allCases {
            #expect(text.contains("\n# \(command.rawValue) = "), "\(command)")
        }
        for command in EditorCommand.allCases {
            #expect(text.contains("\n# \(command.rawValue) = "), "\(command)")
        }
        #expect(try Self.read(text).source(of: "keys.down") == .builtIn, "as printed, it changes nothing")
        let full = try Self.read(Self.uncommentedDefaults)
        #expect(ConfigWriter.fingerprint(of: full) == ConfigWriter.fingerprint(of: .standard))
        #expect(full.source(of: "keys.down") == .file(line: lineOf("down = ", in: Self.uncommentedDefaults)))
        for setting in Setting.all where setting.name != "store" {
            #expect(setting.written(full) == setting.written(.standard), "\(setting.path)")
            #expect(full.source(of: setting.path) != .builtIn, "\(setting.path) is set by the full file")
        }
        #expect(text.split(separator: "\n").allSatisfy { $0.count <= 100 }, "lines fit a terminal")
    }

    func lineOf(_ prefix: String, in text: String) -> Int {
        (text.split(separator: "\n", omittingEmptySubsequences: false).firstIndex { $0.hasPrefix(prefix) } ?? -1) + 1
    }

    @Test("docs/config.md includes the output of todo-tui config defaults word for word")
    func docsIncludeDefaults() throws {
        let docs = try String(
            contentsOf: CLIUsageTests.repositoryRoot.appendingPathComponent("docs/config.md"), encoding: .utf8)
        let sandbox = try CLISandbox()
        let printed = try sandbox.cli.run("config", "defaults")
        try #require(printed.status == 0)
        #expect(printed.stdout == ConfigWriter.defaultsFile)
        #expect(
            docs.contains("```toml\n" + printed.stdout + "```\n"),
            "docs/config.md should hold `todo-tui config defaults` in a ```toml block; regenerate it")
    }

    @Test("config check passes the printed defaults and the full file, and refuses a bad one with exit 78")
    func check() throws {
        let sandbox = try CLISandbox()
        let path = sandbox.home.path("full.toml")
        try Self.uncommentedDefaults.write(toFile: path, atomically: true, encoding: .utf8)
        let fine = try sandbox.cli.run("config", "check", path)
        #expect(fine.status == 0 && fine.stdout == "\(path): fine.\n", "\(fine)")
        let none = try sandbox.cli.run("config", "check")
        #expect(
            none.status == 0
                && none.stdout.hasPrefix("No configuration file at \(sandbox.home.path("config"))/todo-tui/config.toml")
        )
        // A broken default file does not stop config path, which is how one finds it.
        try FileManager.default.createDirectory(
            atPath: sandbox.home.path("config/todo-tui"), withIntermediateDirectories: true)
        try "[keys\n".write(toFile: sandbox.home.path("config/todo-tui/config.toml"), atomically: true, encoding: .utf8)
        let path2 = try sandbox.cli.run("config", "path")
        #expect(path2.status == 0 && path2.stdout == sandbox.home.path("config") + "/todo-tui/config.toml\n")
        let broken = try sandbox.cli.run("config", "check")
        #expect(broken.status == 78 && broken.stderr.contains("config.toml:1:6: Expected ] to close the table header."))
        #expect(try sandbox.cli.run("list").status == 78)
    }

    @Test("config keys lists every action with its keys in force, as the file names them")
    func keys() throws {
        let sandbox = try CLISandbox()
        let standard = try sandbox.cli.run("config", "keys")
        try #require(standard.status == 0, "\(standard.stderr)")
        func row(_ output: String, _ parts: [String]) -> Bool {
            output.split(separator: "\n").contains { line in
                line.split(separator: " ", omittingEmptySubsequences: true).joined(separator: " ")
                    == "\(parts.joined(separator: " "))"
            }
        }
        #expect(row(standard.stdout, ["down", "j,", "down", "next", "item"]), "\(standard.stdout)")
        #expect(row(standard.stdout, ["quit", "q,", "ctrl-c", "quit"]))
        #expect(
            row(standard.stdout, ["suspend", "ctrl-z", "suspend (fg resumes); in every mode, so a control key only"]))
        #expect(
            standard.stdout.hasPrefix("[keys] the list\n") && standard.stdout.contains("\n[keys.editor] the editors\n"))
        let bepo = try sandbox.cli.run(
            "config", "keys", "--config", CLIUsageTests.repositoryRoot.appendingPathComponent("data/bepo.toml").path)
        #expect(row(bepo.stdout, ["down", "t", "next", "item"]), "\(bepo.stdout)")
        #expect(row(bepo.stdout, ["save", "ctrl-e", "notes:", "save", "them"]))
    }

    @Test("keys: a list, one name, none; names read in any case; every action keeps the others' keys")
    func keyValues() throws {
        let configuration = try Self.read(
            "[keys]\ndown = [\"J\", \"DOWN\", \"ctrl-n\"]\nsync = \"none\"\ncopy = []\n[keys.editor]\nsave = \"ctrl-o\"\n"
        )
        #expect(configuration.keys.keys(for: .down) == [.character("J"), .down, .control("n")])
        #expect(configuration.keys.keys(for: .sync).isEmpty && configuration.keys.keys(for: .copy).isEmpty)
        #expect(configuration.keys.keys(for: .up) == [.character("k"), .up])
        #expect(configuration.keys.command(for: .character("j")) == nil)
        #expect(configuration.editorKeys.keys(for: .save) == [.control("o")])
        #expect(configuration.editorKeys.command(for: .control("s"), in: .notes) == nil)
        #expect(configuration.keys.hints == "a add  e edit  d delete  x done  t date  / filter  u undo  ? keys  q quit")
        let noUndo = try Self.read("[keys]\nundo = \"none\"\nadd = \"none\"\n")
        #expect(noUndo.keys.suffix(.undo, "to undo") == "")
        #expect(noUndo.keys.hints == "e edit  d delete  x done  t date  / filter  ? keys  q quit")
        for (text, message) in [
            ("[keys]\ndown = [\"none\", \"j\"]\n", "\"none\" stands alone"),
            ("[keys]\ndown = [\"j\", \"j\"]\n", "'j' is given twice for down"),
            ("[keys]\ndown = 7\n", "down takes a key name"),
            ("[keys]\ndown = [7]\n", "A key is a name in quotes"),
            ("[keys]\ndown = \"\"\n", "'' is not a key name"),
            ("[keys.editor]\nsave = \"ctrl-z\"\n", "'ctrl-z' is bound to save here and to suspend by default"),
            ("[keys.editor]\nsave = \"enter\"\n", "'enter' is bound to save here and to new-line by default"),
        ] {
            #expect(throws: ConfigError.self, "\(text)") { try Self.read(text) }
            do {
                _ = try Self.read(text)
            } catch {
                #expect(error.message.contains(message), "\(text): \(error.message)")
            }
        }
        // The line editor's Enter and the notes editor's Enter are different editors' keys.
        #expect(try Self.read("[keys.editor]\nsubmit = \"enter\"\nnew-line = \"enter\"\n").editorKeys == .standard)
    }

    @Test("theme values: names, numbers and #rrggbb, per part and per to-do colour")
    func theme() throws {
        let configuration = try Self.read(
            "[theme]\nmarks = \"ascii\"\ntitle = \"blue\"\nheader = 208\nselection = \"#00FF7f\"\n"
                + "[theme.colors]\nred = \"#d70000\"\ngreen = 34\n")
        #expect(configuration.theme.marks == .ascii)
        #expect(configuration.theme.color(.title) == .blue && configuration.theme.color(.header) == .indexed(208))
        #expect(configuration.theme.color(.selection) == .rgb(0, 255, 127))
        #expect(configuration.theme.color(of: .red) == .rgb(0xD7, 0, 0))
        #expect(configuration.theme.color(of: .green) == .indexed(34))
        #expect(configuration.theme.color(of: .blue) == .blue && configuration.theme.color(of: .default) == .default)
        #expect(Setting.all.first { $0.path == "theme.selection" }?.written(configuration) == "\"#00ff7f\"")
    }
}
