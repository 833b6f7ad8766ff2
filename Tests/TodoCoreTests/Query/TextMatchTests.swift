import Foundation
import Testing
import TodoTestSupport

@testable import TodoCore

/// The filter's free-word match: the ASCII fast path answers exactly as Foundation's
/// case- and diacritic-insensitive search, and other text still goes to Foundation.
@Suite("Filter text match")
struct TextMatchTests {
    static func foundation(_ haystack: String, _ needle: String) -> Bool {
        needle.isEmpty || haystack.range(of: needle, options: [.caseInsensitive, .diacriticInsensitive]) != nil
    }

    @Test("random ASCII texts and needles agree with Foundation")
    func asciiAgrees() {
        var random = SplitMix64(seed: 11)
        let alphabet = Array("aAbBzZ@[`{ -_09~\t")
        var matches = 0
        for _ in 0..<20_000 {
            let haystack = String(
                (0..<Int.random(in: 0...12, using: &random)).compactMap { _ in alphabet.randomElement(using: &random) })
            let needle = String(
                (0..<Int.random(in: 0...3, using: &random)).compactMap { _ in alphabet.randomElement(using: &random) })
            let expected = Self.foundation(haystack, needle)
            #expect(
                haystack.containsIgnoringCaseAndDiacritics(needle) == expected,
                "\(haystack.debugDescription) ~ \(needle.debugDescription)")
            matches += expected ? 1 : 0
        }
        #expect(matches > 2_000, "the cases include matches")
    }

    @Test(
        "text beyond ASCII is matched ignoring case and diacritics",
        arguments: [
            ("Café au lait", "cafe", true),
            ("CAFE", "café", true),
            ("Straße", "STRASSE", Self.foundation("Straße", "STRASSE")),
            ("장보기: 우유, 계란", "우유", true),
            ("駅前の本屋", "本屋", true),
            ("Morning run 🏃", "RUN 🏃", true),
            ("Morning run", "walk", false),
            ("naïve", "NAIVE", true),
        ])
    func beyondASCII(haystack: String, needle: String, expected: Bool) {
        #expect(haystack.containsIgnoringCaseAndDiacritics(needle) == expected)
    }

    @Test(
        """
        every scalar called inert folds, in Foundation, to something non-empty without ASCII, and leaves ASCII next \
        to it findable
        """
    )
    func inertScalars() {
        let options: String.CompareOptions = [.caseInsensitive, .diacriticInsensitive]
        var inert = 0
        for value in Array(0x80...0x2FFFF) + Array(0xE0000...0xE01EF) {
            guard let scalar = Unicode.Scalar(value), scalar.isInertToASCIISearch else { continue }
            inert += 1
            let character = String(Character(scalar))
            let folded = ("x" + character + "y").folding(options: options, locale: nil).unicodeScalars.dropFirst()
                .dropLast()
            #expect(
                !folded.isEmpty && !folded.contains(where: \.isASCII), "U+\(String(value, radix: 16, uppercase: true))")
            // ASCII right before or after it is matched as on its own (no cluster hides it).
            #expect(
                Self.foundation(character + "ab", "AB") && Self.foundation("ab" + character, "AB"),
                "U+\(String(value, radix: 16, uppercase: true))")
        }
        #expect(inert > 150_000, "Hangul, CJK, kana, punctuation and emoji are inert")
    }

    @Test("texts mixing ASCII with inert and with folding scalars agree with Foundation")
    func mixedTextsAgree() {
        var random = SplitMix64(seed: 12)
        let alphabet: [String] =
            "aAbBzZ -_09".map(String.init) + [
                "우", "牛", "—", "🥛", "…", "「", "é", "E\u{301}", "ß", "ﬁ", "K", "🏃🏽", "\u{200D}", "ı", "İ", "Σ", "ς",
            ]
        let needles = ["a", "ab", "Ba", "z0", "-", "e", "fi", "ss", "k", "i", "b 9"]
        for _ in 0..<20_000 {
            let haystack = (0..<Int.random(in: 0...10, using: &random)).compactMap { _ in
                alphabet.randomElement(using: &random)
            }.joined()
            let needle = needles.randomElement(using: &random) ?? "a"
            #expect(
                haystack.containsIgnoringCaseAndDiacritics(needle) == Self.foundation(haystack, needle),
                "\(haystack.debugDescription) ~ \(needle.debugDescription)")
        }
    }
}
