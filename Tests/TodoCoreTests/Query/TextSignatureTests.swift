import Foundation
import Testing
import TodoTestSupport

@testable import TodoCore

/// The live filter's index: a text's signature may rule a needle out only when Foundation's
/// case- and diacritic-insensitive search would not find it, and decides a one-letter needle
/// alone only where that is Foundation's answer too.
@Suite("TextSignature")
struct TextSignatureTests {
    /// Pieces of to-do texts, the awkward ones included: scalars inert to an ASCII search (CJK,
    /// Hangul, emoji, dashes), and ones that are not (accents, a combining mark, the ﬁ ligature,
    /// the Kelvin sign, ß), NUL and other controls.
    static let pieces = [
        "Buy", " milk", "MILK", "rent", "Plants", "den", "tist", " ", "-", "#", "\"", "\\", "42", "0", "9am",
        "우유", "牛乳", "🥛", "—", "（", "Café", "cafe", "e\u{301}", "ﬁle", "file", "\u{212A}elvin", "Straße", "ss",
        "\0", "\t", "ǅ", "ＡＢＣ", "İ", "ı", "ö", "o",
    ]
    static let needles = [
        "b", "m", "M", "i", "k", "mi", "milk", "ilk", "e", "en", "ent", "4", "42", "9a", "-", "#", " m", "f", "fi",
        "fil", "k", "kel", "s", "ss", "st", "caf", "cafe", "é", "ab", "\0", "i", "o",
    ]

    @Test("No needle a text's signature rules out is found by the text search, over random texts")
    func signatureNeverRulesOutAMatch() {
        var random = SplitMix64(seed: 15_17)
        for _ in 0..<3_000 {
            let text = (0..<Int.random(in: 1...5, using: &random)).map { _ in
                Self.pieces.randomElement(using: &random)!
            }.joined()
            let signature = TextSignature(of: text)
            for needle in Self.needles {
                let found = text.containsIgnoringCaseAndDiacritics(needle)
                if let wanted = TextSignature(needle: needle), !signature.mayContain(wanted) {
                    #expect(!found, "\(text.debugDescription) was ruled out for \(needle.debugDescription)")
                }
                if TextSignature.isDecisive(needle), !signature.needsFoundation,
                    let wanted = TextSignature(needle: needle)
                {
                    #expect(
                        signature.mayContain(wanted) == found, "\(text.debugDescription) for \(needle.debugDescription)"
                    )
                }
            }
        }
    }

    @Test("Texts beyond ASCII need Foundation's search unless every scalar is inert to it")
    func foundationTexts() {
        for text in ["Buy milk", "우유 사기 🥛", "請求書を払う（期限：金曜日）", "order the cake — 🎂", ""] {
            #expect(!TextSignature(of: text).needsFoundation, "\(text)")
        }
        for text in ["Café", "ﬁle", "\u{212A}elvin", "e\u{301}", "Straße", "ｶﾞ"] {
            #expect(TextSignature(of: text).needsFoundation, "\(text)")
        }
    }

    @Test("Needles: ASCII ones have a signature, the empty and non-ASCII ones none; one letter or digit decides")
    func needles() {
        #expect(TextSignature(needle: "milk") != nil)
        #expect(TextSignature(needle: "") == nil)
        #expect(TextSignature(needle: "é") == nil)
        #expect(TextSignature(needle: "牛") == nil)
        #expect(TextSignature.isDecisive("m") && TextSignature.isDecisive("M") && TextSignature.isDecisive("7"))
        #expect(!TextSignature.isDecisive("#") && !TextSignature.isDecisive("mi") && !TextSignature.isDecisive("é"))
    }

    @Test("A pair of letters the text never has side by side rules the needle out")
    func pairs() throws {
        let signature = TextSignature(of: "Buy milk")
        #expect(signature.mayContain(try #require(TextSignature(needle: "MIL"))))
        #expect(!signature.mayContain(try #require(TextSignature(needle: "lim"))))
        #expect(!TextSignature(of: "b 牛 u").mayContain(try #require(TextSignature(needle: "bu"))))
    }
}
