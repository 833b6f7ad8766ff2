import Foundation
import Testing
import TodoCore
import TodoTestSupport

/// Trimming on the UTF-8 bytes trims what Foundation's `whitespacesAndNewlines` (`of`) and
/// `whitespaces` (`ofSpaces`) trim.
@Suite("Trimmed text")
struct TrimmedTextTests {
    @Test(
        "texts written by hand trim as Foundation trims them",
        arguments: [
            "", " ", "\t\n\r\u{0B}\u{0C} ", "a", " a ", "\r\n\"etag\"\r\n", "HTTP/1.1 200 OK", "\u{85}a\u{85}",
            "\u{A0}a\u{3000}", "\u{200B}a\u{200B}", " \u{301}a", "a\u{301} ", " caf\u{E9} ", "\u{1F600}", " x \u{2028}",
            "\u{1C}a\u{1F}", "a b",
        ])
    func byHand(text: String) {
        #expect(
            TrimmedText.of(text) == text.trimmingCharacters(in: .whitespacesAndNewlines), "\(text.debugDescription)")
        #expect(TrimmedText.isBlank(text) == text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty)
        #expect(TrimmedText.ofSpaces(text) == text.trimmingCharacters(in: .whitespaces), "\(text.debugDescription)")
    }

    @Test("2,000 random texts of white space, line breaks, letters and non-ASCII trim as Foundation trims them")
    func random() {
        let alphabet: [String] = [
            " ", "\t", "\n", "\r", "\u{0B}", "\u{0C}", "\u{85}", "\u{A0}", "\u{2028}", "\u{200B}", "\u{3000}", "a", "Z",
            "\u{E9}", "\u{301}", "\u{1F600}", "\u{1F}", "\"",
        ]
        var generator = SplitMix64(seed: 30)
        for _ in 0..<2_000 {
            let length = Int.random(in: 0...8, using: &generator)
            let text = (0..<length).map { _ in alphabet[Int.random(in: 0..<alphabet.count, using: &generator)] }
                .joined()
            #expect(
                TrimmedText.of(text) == text.trimmingCharacters(in: .whitespacesAndNewlines), "\(text.debugDescription)"
            )
            #expect(TrimmedText.ofSpaces(text) == text.trimmingCharacters(in: .whitespaces), "\(text.debugDescription)")
        }
    }
}
