import Testing

@testable import todo_tui

/// How the command line is read before and after swift-argument-parser: options before a
/// command's name become the command's, and an option given to the wrong command is named.
@Suite("CLI command-line model")
struct CommandLineModelTests {
    @Test(
        "options before a command's name move after it; without a name, or with one first, nothing moves",
        arguments: [
            ([], []),
            (["add", "x", "--demo"], ["add", "x", "--demo"]),
            (["--filter", "milk", "list"], ["list", "--filter", "milk"]),
            (["--filter=milk", "list", "--json"], ["list", "--filter=milk", "--json"]),
            (["--filter", "list"], ["--filter", "list"]),
            (["--demo", "add", "x"], ["add", "--demo", "x"]),
            (["--store", "p", "sync", "setup", "u"], ["sync", "setup", "--store", "p", "u"]),
            (["--store", "p", "--export", "json"], ["--store", "p", "--export", "json"]),
            (["--", "list"], ["--", "list"]),
        ])
    func commandFirst(arguments: [String], read: [String]) {
        #expect(CommandLineModel.commandFirst(arguments) == read)
    }

    @Test(
        "an option another command takes is named with the command it was given to",
        arguments: [
            (["done", "abcd", "--export", "json"], "--export does not apply to done; see todo-tui --help."),
            (["add", "--filter=milk", "x"], "--filter does not apply to add; see todo-tui --help."),
            (["sync", "--demo"], "--demo does not apply to sync; see todo-tui --help."),
            (["sync", "setup", "u", "--yes"], "--yes does not apply to sync setup; see todo-tui --help."),
            (["open", "--json"], "--json does not apply to open; see todo-tui --help."),
        ])
    func misplaced(arguments: [String], sentence: String) {
        #expect(CommandLineModel.misplacedOption(in: arguments) == .usage(sentence))
    }

    @Test(
        "an option no command takes, or one given without a command's name, is left to the parser's words",
        arguments: [
            ["list", "--nope"], ["--json"], ["sync", "--merge-policy", "error"], ["add", "x", "--", "--demo"],
        ])
    func notMisplaced(arguments: [String]) {
        #expect(CommandLineModel.misplacedOption(in: arguments) == nil)
    }
}
