import Testing

@testable import todo_tui

@Suite("Inert text: hostile characters become visible placeholders")
struct InertTextTests {
    private func shown(_ text: String) -> String {
        String(InertText.glyphs(text).map(\.character))
    }

    @Test("an escape sequence shows its ESC as a control picture")
    func escapeSequence() {
        #expect(shown("\u{1B}[2J\u{1B}]0;owned\u{7}x") == "␛[2J␛]0;owned␇x")
    }

    @Test("CR LF, TAB, NUL and DEL become control pictures, one per character")
    func controls() {
        #expect(shown("a\r\nb\tc\u{0}d\u{7F}") == "a␍␊b␉c␀d␡")
    }

    @Test("C1 controls, bidi overrides and isolates become U+FFFD")
    func c1AndBidi() {
        #expect(shown("\u{9B}31m") == "�31m")
        #expect(shown("abc\u{202E}fed\u{202C}") == "abc�fed�")
        #expect(shown("\u{2066}x\u{2069}\u{200F}") == "�x��")
    }

    @Test("each zero-width character of a run is shown")
    func zeroWidthRun() {
        #expect(shown("pay\u{200B}\u{200B}\u{2060}\u{FEFF}pal") == "pay����pal")
    }

    /// "TAGS" spelled in tag characters (U+E0054 U+E0041 U+E0047 U+E0053), invisible anywhere.
    static let hiddenTags = "\u{E0054}\u{E0041}\u{E0047}\u{E0053}"

    @Test("tag characters after a letter are shown, one U+FFFD each (issue 13)")
    func tagCharacters() {
        #expect(shown("safe" + Self.hiddenTags + "end") == "safe����end")
        #expect(InertText.width(of: "safe" + Self.hiddenTags + "end") == 11)
        // At the start of a text, and after an accented letter (the accent stays).
        #expect(shown(Self.hiddenTags + "x") == "����x")
        #expect(shown("e\u{301}\u{E0001}z") == "e\u{301}�z")
    }

    @Test("an emoji tag sequence (a subdivision flag) keeps its tags")
    func subdivisionFlag() {
        let england = "\u{1F3F4}\u{E0067}\u{E0062}\u{E0065}\u{E006E}\u{E0067}\u{E007F}"
        #expect(shown("go " + england) == "go " + england)
    }

    @Test("a combining mark at the start is shown on a dotted circle")
    func leadingMark() {
        let glyphs = Array(InertText.glyphs("\u{301}a"))
        #expect(glyphs.map(\.character) == ["\u{25CC}\u{301}", "a"])
        #expect(glyphs.map(\.width) == [1, 1])
    }

    @Test("a stack of 10,000 marks keeps its first 32 scalars in one glyph")
    func zalgo() throws {
        let text = "a" + String(repeating: "\u{301}", count: 10_000) + "b"
        let glyphs = Array(InertText.glyphs(text))
        #expect(glyphs.count == 2)
        let first = try #require(glyphs.first)
        #expect(first.character.unicodeScalars.count == InertText.maximumScalarsPerCluster)
        #expect(first.width == 1)
    }

    @Test("legitimate text is kept as it is")
    func legitimate() {
        let text = "Café 日本語 한국어 👩‍💻 🇰🇷 e\u{301}"
        #expect(shown(text) == text)
    }

    @Test("width counts every glyph and stops at the limit")
    func width() {
        #expect(InertText.width(of: "ab日本👩‍💻\u{1B}") == 9)
        #expect(InertText.width(of: "\u{200B}\u{200B}") == 2)
        let long = String(repeating: "日", count: 10_000)
        #expect(InertText.width(of: long, limit: 7) == 8)
        #expect(InertText.width(of: long) == 20_000)
    }
}
