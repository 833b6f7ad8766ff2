import Foundation
import Testing
import TodoCore
import TodoTestSupport

/// Issue 13.11: Foundation's case- and diacritic-insensitive search traps on Linux when a text or
/// word holds U+0000 and the text has a letter beyond ASCII such as "é" (fuzz input "c\0"). The
/// CLI and the app cannot type a NUL, but TodoCore is a library: no input to the public filter
/// API may trap, and U+0000 matches only itself.
@Suite("Filter with U+0000")
struct FilterNULTests {
    let now = Date(timeIntervalSince1970: 1_736_899_200)
    let calendar: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        return calendar
    }()

    func matches(_ filter: String, _ text: String) throws -> Bool {
        let predicate = try FilterParser.parse(filter, now: now, calendar: calendar)
        return predicate.evaluate(TodoItem(text: text, date: now, createdAt: now))
    }

    @Test(
        "the fuzz input c\\0 against a text ending in é, and NUL matching only itself",
        arguments: [
            ("c\0", "café", false),
            ("c\0", "c\0é", true),
            ("c\0", "C\0É", true),
            ("caf", "caf\0é", true),
            ("\0e", "caf\0é", true),
            ("\0E", "\0e\u{301}", true),
            ("f\0", "caf\0é", true),
            ("a\0", "caf\0é", false),
            ("\u{E000}", "caf\0é", false),
            ("\0", "caf\u{E000}é", false),
        ])
    func nulMatchesItself(filter: String, text: String, expected: Bool) throws {
        #expect(try matches(filter, text) == expected)
    }

    @Test(
        "random words and texts from NUL, ASCII and accented letters never trap, and without NUL agree with Foundation")
    func randomNeverTraps() throws {
        var random = SplitMix64(seed: 13)
        let alphabet: [String] = ["\0", "c", "C", "é", "É", "e\u{301}", "a", "\u{E000}", "ß", " "]
        for _ in 0..<3_000 {
            let text = (0..<Int.random(in: 1...8, using: &random)).map { _ in
                alphabet.randomElement(using: &random) ?? ""
            }.joined()
            let word = (0..<Int.random(in: 1...3, using: &random)).map { _ in
                alphabet.randomElement(using: &random) ?? ""
            }.joined()
            let predicate = TodoPredicate.textContains(word)
            let found = predicate.evaluate(TodoItem(text: text, date: now, createdAt: now))
            if !text.contains("\0"), !word.contains("\0") {
                #expect(
                    found == (text.range(of: word, options: [.caseInsensitive, .diacriticInsensitive]) != nil),
                    "\(text.debugDescription) \(word.debugDescription)")
            }
            _ = try? FilterParser.parse(word, now: now, calendar: calendar)
        }
    }
}
