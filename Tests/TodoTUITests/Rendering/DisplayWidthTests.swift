import Testing

@testable import todo_tui

@Suite("Display width of scalars and grapheme clusters")
struct DisplayWidthTests {
    @Test("ASCII, Latin and Greek letters take one column", arguments: ["a", "Z", "~", " ", "é", "ß", "Ω", "…"])
    func narrow(_ text: String) throws {
        let character = try #require(text.first)
        #expect(DisplayWidth.of(character) == 1)
    }

    @Test(
        "CJK, Hangul, fullwidth forms and emoji take two columns",
        arguments: ["日", "本", "한", "글", "ア", "Ａ", "。", "😀", "🎉", "🦀", "\u{20000}", "\u{1FAF8}"])
    func wide(_ text: String) throws {
        let character = try #require(text.first)
        #expect(DisplayWidth.of(character) == 2)
    }

    @Test("halfwidth katakana is narrow; Hangul leading consonants are wide, vowels join them")
    func halfwidthAndJamo() throws {
        #expect(DisplayWidth.of("ｱ" as Character) == 1)
        #expect(DisplayWidth.of(try #require(Unicode.Scalar(0x1100))) == 2)
        #expect(DisplayWidth.of(try #require(Unicode.Scalar(0x1160))) == 0)
    }

    @Test(
        "ZWJ sequences, flags, skin tones and VS16 on a wide emoji are one two-column cluster",
        arguments: ["👩‍💻", "👨‍👩‍👧‍👦", "🇰🇷", "🇯🇵", "👍🏽", "⌚️", "😀\u{FE0F}"])
    func emojiSequences(_ text: String) throws {
        #expect(text.count == 1)
        let character = try #require(text.first)
        #expect(DisplayWidth.of(character) == 2)
    }

    @Test(
        "VS16 adds no column: a narrow base with VS16 takes one, as tmux, xterm and VTE draw it (issue 12)",
        arguments: ["✈️", "❤️", "☺️", "©️", "1️⃣", "#️⃣", "🏳️‍🌈"])
    func variationSelector16(_ text: String) throws {
        #expect(text.count == 1)
        let character = try #require(text.first)
        #expect(DisplayWidth.of(character) == 1)
        #expect(InertText.width(of: text) == 1)
    }

    @Test("a text-presentation emoji and a lone regional indicator take one column")
    func textPresentation() {
        #expect(DisplayWidth.of("❤" as Character) == 1)
        #expect(DisplayWidth.of("\u{1F1F0}" as Character) == 1)
    }

    @Test("combining marks add nothing to their base")
    func combining() {
        #expect(DisplayWidth.of("e\u{301}" as Character) == 1)
        #expect(DisplayWidth.of("가\u{302}" as Character) == 2)
        #expect(DisplayWidth.of("\u{1100}\u{1161}\u{11A8}" as Character) == 2)
    }

    @Test(
        "marks, format characters and controls take no column on their own",
        arguments: [
            0x0301, 0x20DD, 0x200B, 0x200D, 0x202E, 0x2066, 0xFEFF, 0x00AD, 0x1B, 0x9B, 0x7F, 0x2028, 0x1161, 0x11A8,
            0x3099,
        ])
    func zeroWidth(_ value: Int) throws {
        let scalar = try #require(Unicode.Scalar(UInt32(value)))
        #expect(DisplayWidth.of(scalar) == 0)
    }
}
