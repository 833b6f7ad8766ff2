import Foundation
import Testing
import TodoCore
import TodoTestSupport

@testable import todo_tui

/// `[theme]` as a real terminal shows it: the release binary in tmux, the pane read back with its
/// colours (`capture-pane -e`). Named colours, 256-colour numbers and `#rrggbb` (as the nearest
/// colour the terminal has, by its terminfo's number of colours); `NO_COLOR` still wins.
@Suite(
    "Themes in tmux",
    .enabled(if: TmuxSession.executable != nil, "tmux is not installed"),
    .serialized
)
struct ThemeTmuxTests {
    /// The foreground, bold and reverse video that SGR sequences leave in force.
    struct Look: Equatable {
        /// The SGR parameters that set the foreground (`35`, `38;5;208`), nil for the terminal's own.
        var foreground: String?
        var bold = false
        var reverse = false
    }

    /// The look in force before `index` in `text`.
    static func look(before index: String.Index, in text: String) -> Look {
        var look = Look()
        var rest = text[..<index]
        while let escape = rest.range(of: "\u{1B}[") {
            let tail = rest[escape.upperBound...]
            guard let end = tail.firstIndex(where: { $0.isLetter }) else { break }
            if tail[end] == "m" {
                var parameters = tail[..<end].split(separator: ";", omittingEmptySubsequences: false).map {
                    Int($0) ?? 0
                }
                if parameters.isEmpty { parameters = [0] }
                var position = 0
                while position < parameters.count {
                    let parameter = parameters[position]
                    switch parameter {
                    case 0: look = Look()
                    case 1: look.bold = true
                    case 22: look.bold = false
                    case 7: look.reverse = true
                    case 27: look.reverse = false
                    case 30...37, 90...97: look.foreground = String(parameter)
                    case 39: look.foreground = nil
                    case 38 where position + 2 < parameters.count && parameters[position + 1] == 5:
                        look.foreground = "38;5;\(parameters[position + 2])"
                        position += 2
                    case 38 where position + 4 < parameters.count && parameters[position + 1] == 2:
                        look.foreground = parameters[position...(position + 4)].map(String.init).joined(separator: ";")
                        position += 4
                    default: break
                    }
                    position += 1
                }
            }
            rest = tail[tail.index(after: end)...]
        }
        return look
    }

    /// Runs the release list with `theme` as its configuration, `TERM=term`, on a store with an
    /// overdue to-do and one for today, and reads the look of the overdue mark and of the title.
    func show(theme: String, term: String, noColor: Bool = false) throws -> (mark: Look, title: Look) {
        let binary = try ReleaseBinary.path.get()
        let sandbox = try CLISandbox()
        let config = sandbox.home.path("config.toml")
        try theme.write(toFile: config, atomically: true, encoding: .utf8)
        #expect(
            try sandbox.cli.run("add", "Pay the bill", "--date", "2000-01-03", "--store", sandbox.store).status == 0)
        _ = try sandbox.add("Today's")
        var command = TmuxSession.todoTUICommand(["--config", config, "--store", sandbox.store], home: sandbox.home)
        command[command.count - 1] = command[command.count - 1].replacingOccurrences(
            of: TmuxSession.shellQuoted(CommandRunner.executable("todo-tui")), with: TmuxSession.shellQuoted(binary))
        let shell = command.firstIndex(of: "sh") ?? command.count
        command.insert(contentsOf: ["TERM=\(term)", noColor ? "NO_COLOR=1" : "NO_COLOR="], at: shell)
        let session = try TmuxSession(command: command, columns: 80, rows: 12, scratch: sandbox.home.url.path)
        defer { session.kill() }
        let (lines, matched) = try session.waitForPane(timeout: .seconds(10)) {
            $0.map(RowTime.removed(from:)).contains("! [ ] Pay the bill")
        }
        try #require(matched, "\(lines)")
        let styled = try session.run(["capture-pane", "-p", "-e"])
        let title = try #require(styled.range(of: "todo-tui"), "\(styled.debugDescription)")
        let mark = try #require(styled.range(of: "! ", range: title.upperBound..<styled.endIndex))
        return (Self.look(before: mark.lowerBound, in: styled), Self.look(before: title.lowerBound, in: styled))
    }

    @Test("the eight named colours: a magenta overdue mark under a blue title bar")
    func namedColours() throws {
        let shown = try show(theme: "[theme]\noverdue = \"magenta\"\ntitle = \"blue\"\n", term: "xterm-256color")
        #expect(shown.mark == Look(foreground: "35", bold: true))
        #expect(shown.title == Look(foreground: "34", reverse: true))
    }

    @Test("256-colour numbers on a 256-colour terminal")
    func colourNumbers() throws {
        let shown = try show(theme: "[theme]\noverdue = 208\ntitle = 27\n", term: "xterm-256color")
        #expect(shown.mark == Look(foreground: "38;5;208", bold: true))
        #expect(shown.title == Look(foreground: "38;5;27", reverse: true))
    }

    @Test("#rrggbb as the nearest colour: of 256 on xterm-256color, of 8 on xterm; a number past 8 likewise")
    func rgb() throws {
        let theme = "[theme]\noverdue = \"#ff8700\"\ntitle = 196\n"
        let wide = try show(theme: theme, term: "xterm-256color")
        #expect(wide.mark == Look(foreground: "38;5;208", bold: true), "#ff8700 is colour 208")
        #expect(wide.title == Look(foreground: "38;5;196", reverse: true))
        let narrow = try show(theme: theme, term: "xterm")
        let orange = try #require(TerminalColor.rgb(0xFF, 0x87, 0).nearestIndex(amongFirst: 8))
        #expect(narrow.mark == Look(foreground: "3\(orange)", bold: true))
        #expect(narrow.title == Look(foreground: "31", reverse: true), "196, pure red, is red among 8")
    }

    @Test("NO_COLOR still wins over the theme: no colour, the bold and the reverse video stay")
    func noColor() throws {
        let shown = try show(
            theme: "[theme]\noverdue = \"#ff8700\"\ntitle = \"blue\"\n", term: "xterm-256color", noColor: true)
        #expect(shown.mark == Look(foreground: nil, bold: true))
        #expect(shown.title == Look(foreground: nil, reverse: true))
    }

    @Test("ASCII marks in the rows and in list")
    func asciiMarks() throws {
        let sandbox = try CLISandbox()
        let config = sandbox.home.path("config.toml")
        try "[theme]\nmarks = \"ascii\"\n".write(toFile: config, atomically: true, encoding: .utf8)
        #expect(
            try sandbox.cli.run("add", "Call", "--note", "Ask about the bill", "--store", sandbox.store).status == 0)
        let ascii = try sandbox.cli.run("--config", config, "list", "--store", sandbox.store)
        #expect(ascii.stdout.contains("Call *\n"), "\(ascii.stdout)")
        let unicode = try sandbox.cli.run("list", "--store", sandbox.store)
        #expect(unicode.stdout.contains("Call ✎\n"), "\(unicode.stdout)")
        var theme = Theme.standard
        theme.marks = .ascii
        let item = TodoItem(text: "Call", date: Date(), createdAt: Date(), notes: "x", hasTime: false)
        let cell = ItemTableDataSource.cell(
            for: item, startOfToday: .distantPast, now: .distantPast, calendar: Calendar(identifier: .gregorian),
            theme: theme)
        #expect(cell.text.hasSuffix("Call *"))
    }
}
