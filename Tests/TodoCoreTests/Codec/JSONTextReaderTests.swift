import Foundation
import Testing

@testable import TodoCore

/// A string checked without being decoded (`stringRange()`, `skip()`) is held to the same rules
/// as one decoded (`string()`), and decodes later to the same text.
@Suite("JSON strings checked, skipped and decoded")
struct JSONTextReaderTests {
    /// What each way of reading makes of `literal`: the decoded text, or nil when refused;
    /// and whether the three agree on it and on where the string ends.
    private static func read(_ literal: [UInt8]) -> (text: String?, agree: Bool) {
        literal.withUnsafeBufferPointer { bytes in
            var decoding = JSONTextReader(bytes: bytes, path: "t.json")
            var checking = JSONTextReader(bytes: bytes, path: "t.json")
            var skipping = JSONTextReader(bytes: bytes, path: "t.json")
            let text = try? decoding.string()
            let range = try? checking.stringRange()
            let skipped = (try? skipping.skip()) != nil
            let later = range.flatMap { try? JSONTextReader.string(at: $0, in: bytes, path: "t.json") }
            let agree =
                (text != nil) == (range != nil) && (text != nil) == skipped && later == text
                && (text == nil || (decoding.position == checking.position && checking.position == skipping.position))
            return (text, agree)
        }
    }

    @Test("well-formed strings: plain, escaped, long, and with every kind of escape, read alike")
    func wellFormed() throws {
        let cases: [(String, String)] = [
            (#""""#, ""), (#""plain""#, "plain"), (#""a\"b\\c\/d\be\ff\ng\rh\ti""#, "a\"b\\c/d\u{8}e\u{C}f\ng\rh\ti"),
            (#""\u00e9\u6F22\ud83c\udf89""#, "é漢🎉"), ("\"é ü 漢字\"", "é ü 漢字"),
            (
                "\"" + String(repeating: #"BEGIN:VTODO\r\nSUMMARY:x\r\n"#, count: 20) + "\"",
                String(repeating: "BEGIN:VTODO\r\nSUMMARY:x\r\n", count: 20)
            ),
            (
                "\"" + String(repeating: "x", count: 17) + #"\n"# + String(repeating: "y", count: 9) + "\"",
                String(repeating: "x", count: 17) + "\n" + String(repeating: "y", count: 9)
            ),
        ]
        for (literal, expected) in cases {
            let (text, agree) = Self.read(Array(literal.utf8) + Array(", 1".utf8))
            #expect(text == expected, "\(literal)")
            #expect(agree, "\(literal)")
        }
    }

    @Test("malformed strings are refused by every way of reading them")
    func malformed() {
        let cases: [[UInt8]] = [
            Array(#""bad \x escape""#.utf8), Array(#""lone \ud800 high""#.utf8), Array(#""lone \udc00 low""#.utf8),
            Array(#""short \u12""#.utf8), Array("\"raw \n newline\"".utf8), Array(#""unterminated"#.utf8),
            Array(#""ends in a backslash \"#.utf8), [0x22, 0x61, 0xFF, 0x62, 0x22],
            Array(("\"" + String(repeating: "x", count: 20) + #"\q""#).utf8),
        ]
        for literal in cases {
            let (text, agree) = Self.read(literal)
            #expect(text == nil, "\(literal)")
            #expect(agree, "\(literal)")
        }
    }
}
