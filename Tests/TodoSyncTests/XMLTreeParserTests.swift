import Foundation
import Testing
import TodoSync

/// The XML reader's bounds and sentences: a document nested past 32 elements or holding more
/// than 1,000,000 is refused, so is what would trap FoundationXML (bytes that are not UTF-8, a
/// processing instruction, a document type and its entities), and every failure is said in
/// words, never as Foundation's error domain and code.
@Suite("XML answers, bounded and said in words")
struct XMLTreeParserTests {
    private func failure(_ text: String) -> String? {
        do {
            _ = try XMLTreeParser.parse(Data(text.utf8))
            return nil
        } catch {
            return error.reason
        }
    }

    @Test("32 elements deep is read; 33 is refused")
    func depth() throws {
        let open = (0..<32).map { _ in "<a>" }.joined()
        let close = (0..<32).map { _ in "</a>" }.joined()
        #expect(failure(open + close) == nil)
        #expect(failure("<a>" + open + close + "</a>") == "its XML nests elements more than 32 deep")
        #expect(
            failure(String(repeating: "<a>", count: 100_000) + String(repeating: "</a>", count: 100_000))
                == "its XML nests elements more than 32 deep")
    }

    @Test("1,000,000 elements are read; one more is refused")
    func elementCount() {
        let atBound = "<r>" + String(repeating: "<a/>", count: 999_999) + "</r>"
        #expect(failure(atBound) == nil)
        let over = "<r>" + String(repeating: "<a/>", count: 1_000_000) + "</r>"
        #expect(failure(over) == "its XML holds more than 1000000 elements")
    }

    @Test("malformed, empty, cut short and entity-declaring answers are said in words")
    func words() throws {
        var laughs = #"<?xml version="1.0"?><!DOCTYPE l [<!ENTITY l0 "lol">"#
        for level in 1...9 {
            laughs += "<!ENTITY l\(level) \"" + String(repeating: "&l\(level - 1);", count: 10) + "\">"
        }
        laughs += "]><l>&l9;</l>"
        let cases = [
            ("<a><b></a>", "the answer is not well-formed XML (line 1, column"),
            ("", "the answer is empty"),
            ("<a>", "the answer ends before its XML is complete"),
            (laughs, "its XML declares a document type, which a WebDAV answer never does"),
        ]
        for (text, expected) in cases {
            let reason = try #require(failure(text), "\(text.prefix(40))")
            #expect(reason.hasPrefix(expected), "\(reason)")
            #expect(!reason.contains("Domain") && !reason.contains("error "), "\(reason)")
        }
    }

    @Test("bytes that are not UTF-8 in a document read as UTF-8 are refused, not a crash; a declared encoding is read")
    func encodings() throws {
        let notUTF8: [[UInt8]] = [
            Array("<a><b".utf8) + [0xFF, 0xFE] + Array("/></a>".utf8), Array("<a>x".utf8) + [0xFF] + Array("</a>".utf8),
        ]
        for bytes in notUTF8 {
            do {
                _ = try XMLTreeParser.parse(Data(bytes))
                Issue.record("\(bytes) was read")
            } catch {
                #expect(error.reason == "the answer is not UTF-8 text")
            }
        }
        let declared = [
            ("UTF-16", "its XML is in utf-16, which the sync does not read"),
            ("windows-125$ngu", "its XML is in windows-125$ngu, which the sync does not read"),
            ("utf-8<a xmlns=\"1.0\" encoding=\"x", "the answer is not UTF-8 text"),
        ]
        for (encoding, reason) in declared {
            let bytes =
                Array("<?xml version=\"1.0\" encoding=\"\(encoding)\"?><a".utf8) + [0xFF, 0x81] + Array("/>".utf8)
            do {
                _ = try XMLTreeParser.parse(Data(bytes))
                Issue.record("\(encoding) was read")
            } catch {
                #expect(error.reason == reason)
            }
        }
        let latin = Array(#"<?xml version="1.0" encoding="ISO-8859-1"?><a>caf"#.utf8) + [0xE9] + Array("</a>".utf8)
        #expect(try XMLTreeParser.parse(Data(latin)).text == "café")
    }

    @Test(
        "a processing instruction past the declaration is refused, not a crash",
        arguments: ["<?xml?><a/>", "<a><?pi?></a>", "<a/><?pi?>", "<?pi?><a/>", "<a><?pi data?></a>", "<?xml-x?><a/>"])
    func processingInstructions(text: String) {
        #expect(failure(text) == "its XML holds a processing instruction, which a WebDAV answer never does")
    }

    @Test("a leading XML declaration is read, with or without a byte order mark")
    func declaration() throws {
        #expect(failure(#"<?xml version="1.0" encoding="utf-8" ?><a/>"#) == nil)
        #expect(failure("\u{FEFF}<?xml version='1.0'?>\n<a/>") == nil)
        #expect(failure("<a><![CDATA[<?pi?> <!DOCTYPE]]><!-- <?pi?> --></a>") == nil, "inside CDATA and comments")
        #expect(failure("<?xml versidr><e:spons<?xfxmsln?>") != nil, "a declaration holding markup is none")
    }

    @Test("a warning (a relative namespace) does not stop a whole document")
    func warnings() throws {
        let root = try XMLTreeParser.parse(Data(#"<a xmlns="relative/uri"><b>text</b></a>"#.utf8))
        #expect(root.children.first?.text == "text")
    }
}
