import Foundation
import Testing
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
            let haystack = String((0..<Int.random(in: 0...12, using: &random)).compactMap { _ in alphabet.randomElement(using: &random) })
            let needle = String((0..<Int.random(in: 0...3, using: &random)).compactMap { _ in alphabet.randomElement(using: &random) })
            let expected = Self.foundation(haystack, needle)
            #expect(haystack.containsIgnoringCaseAndDiacritics(needle) == expected, "\(haystack.debugDescription) ~ \(needle.debugDescription)")
            matches += expected ? 1 : 0
        }
        #expect(matches > 2_000, "the cases include matches")
    }

    @Test("text beyond ASCII is matched ignoring case and diacritics", arguments: [
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
}
