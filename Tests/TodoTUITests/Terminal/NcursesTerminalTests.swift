import Testing

@testable import todo_tui

/// The real adapter, without a terminal: ncurses writes to /dev/null and keeps its virtual
/// screen, which `readBack` reads. The terminal type is given, so `TERM` need not be set.
/// Serialized: ncurses has one screen per process.
@Suite("ncurses terminal on /dev/null", .serialized)
struct NcursesTerminalTests {
    private func open() throws -> NcursesTerminal {
        try NcursesTerminal(inputPath: "/dev/null", outputPath: "/dev/null", type: "xterm-256color")
    }

    private func readBack(_ terminal: NcursesTerminal) -> [String] {
        (0..<terminal.size.rows).map { row in
            var text = terminal.readBack(row: row)
            while text.last == " " {
                text.removeLast()
            }
            return text
        }
    }

    @Test("a presented screen reads back as drawn, and so do its changes")
    func presentAndReadBack() throws {
        let terminal = try open()
        defer { terminal.shutdown() }
        let size = terminal.size
        #expect(size.rows >= 4 && size.columns >= 20)
        var screen = Screen(size: size)
        screen.write("Today", row: 0, column: 0, style: CellStyle(attributes: .bold))
        screen.write("  日本語 ok", row: 1, column: 0, style: CellStyle(foreground: .red))
        screen.write("\u{1B}[2J evil\u{202E}", row: 2, column: 0, style: CellStyle(attributes: .reverse))
        terminal.present(screen)
        #expect(readBack(terminal) == screen.lines)

        screen.write("Yesterday", row: 0, column: 0)
        screen.fill(row: 2)
        screen.write("x", row: 1, column: 3)
        terminal.present(screen)
        #expect(Array(readBack(terminal).prefix(3)) == ["Yesterday", "   x本語 ok", ""])
        #expect(readBack(terminal) == screen.lines)
    }

    @Test("a screen of another size is drawn clipped, and nothing is read from /dev/null")
    func otherSizeAndNoInput() throws {
        let terminal = try open()
        defer { terminal.shutdown() }
        var screen = Screen(rows: 2, columns: terminal.size.columns + 5)
        screen.write(String(repeating: "ab", count: terminal.size.columns), row: 1, column: 0)
        terminal.present(screen)
        #expect(
            terminal.readBack(row: 1)
                == String(String(repeating: "ab", count: terminal.size.columns).prefix(terminal.size.columns)))
        #expect(terminal.nextEvent(timeout: .zero) == nil)
    }

    @Test("input at end of file is reported as closed, not as a timeout (issue 13)")
    func endOfInputIsNotATimeout() throws {
        let terminal = try open()
        defer { terminal.shutdown() }
        #expect(!terminal.isInputClosed)
        // Blocking read: without the check ERR would be returned as "no event yet" forever.
        #expect(terminal.nextEvent(timeout: nil) == nil)
        #expect(terminal.isInputClosed)
        #expect(terminal.nextEvent(timeout: .seconds(30)) == nil)
    }

    @Test("an unknown terminal type is refused with a clear error")
    func unknownType() {
        #expect(throws: TerminalError.unknownTerminalType("no-such-terminal")) {
            try NcursesTerminal(inputPath: "/dev/null", outputPath: "/dev/null", type: "no-such-terminal")
        }
        #expect(throws: TerminalError.cannotOpen(path: "/nonexistent/input")) {
            try NcursesTerminal(inputPath: "/nonexistent/input", outputPath: "/dev/null", type: "xterm")
        }
    }

    @Test("NO_COLOR counts only when set and not empty")
    func noColor() {
        #expect(NcursesTerminal.isNoColorSet(in: ["NO_COLOR": "1"]))
        #expect(!NcursesTerminal.isNoColorSet(in: ["NO_COLOR": ""]))
        #expect(!NcursesTerminal.isNoColorSet(in: [:]))
    }
}
