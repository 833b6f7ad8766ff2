import Testing

@testable import todo_tui

@Suite("Screen: hostile text is drawn inert and clipped")
struct ScreenHostileTextTests {
    /// Every scalar that must never reach a terminal raw.
    private func isForbidden(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        return value < 0x20 || (0x7F...0x9F).contains(value) || (0x202A...0x202E).contains(value)
            || (0x2066...0x2069).contains(value) || (0x200B...0x200F).contains(value)
            || value == 0x2060 || value == 0xFEFF || value == 0x2028 || value == 0x2029
            || (0xE0000...0xE007F).contains(value)
    }

    private func forbiddenScalars(in screen: Screen) -> [Unicode.Scalar] {
        screen.cells.flatMap { $0.character.unicodeScalars.filter(isForbidden) }
    }

    @Test(
        "escape sequences, C1 controls, bidi overrides and zero-width runs show as placeholders",
        arguments: [
            ("\u{1B}[31mred\u{1B}[0m", "␛[31mred␛[0m"),
            ("\u{9B}2J\u{85}x", "�2J�x"),
            ("evil\u{202E}txt.exe", "evil�txt.exe"),
            ("a\u{2067}b\u{2069}c", "a�b�c"),
            ("\u{200B}\u{200B}\u{200B}x", "���x"),
            ("bell\u{7}\u{8}\u{8}", "bell␇␈␈"),
            ("safe\u{E0054}\u{E0041}\u{E0047}\u{E0053}end", "safe����end"),
        ])
    func placeholders(_ text: String, _ expected: String) {
        var screen = Screen(rows: 1, columns: 20)
        let used = screen.write(text, row: 0, column: 0)
        #expect(screen.lines == [expected])
        #expect(used == expected.count)
        #expect(forbiddenScalars(in: screen).isEmpty)
    }

    @Test("a 10,000-character line is clipped at the width")
    func longLine() {
        var screen = Screen(rows: 2, columns: 80)
        let line = String(repeating: "0123456789", count: 1_000)
        #expect(screen.write(line, row: 0, column: 0) == 80)
        #expect(screen.lines[0] == String(line.prefix(80)))
        #expect(screen.write(String(repeating: "\u{200B}", count: 10_000), row: 1, column: 0) == 80)
        #expect(screen.lines[1] == String(repeating: "\u{FFFD}", count: 80))
    }

    @Test("a line of 10,000 escape sequences stays inert and clipped")
    func longHostileLine() {
        var screen = Screen(rows: 1, columns: 40)
        let line = String(repeating: "\u{1B}[2J\u{1B}]52;c;AAAA\u{7}", count: 10_000)
        #expect(screen.write(line, row: 0, column: 0, overflow: .ellipsis) == 40)
        #expect(forbiddenScalars(in: screen).isEmpty)
        #expect(screen.lines[0].hasSuffix("…"))
    }

    @Test("a cluster of 10,000 combining marks fills one cell with a bounded cluster")
    func zalgoCell() {
        var screen = Screen(rows: 1, columns: 4)
        #expect(screen.write("Z" + String(repeating: "\u{36B}", count: 10_000) + "!", row: 0, column: 0) == 2)
        #expect(screen[0, 0].character.unicodeScalars.count == InertText.maximumScalarsPerCluster)
        #expect(screen[0, 1].character == "!")
    }
}
