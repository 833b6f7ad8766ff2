import Foundation

/// What an XML answer must be before FoundationXML may read it: FoundationXML traps (ending the
/// process) on some input a hostile server can send, so that input is refused here first.
///
/// - An element name that is not UTF-8: libxml2 hands such bytes on when it reads a document as
///   UTF-8, and FoundationXML traps converting them. A document is read as UTF-8 unless its
///   declaration names a single-byte encoding (ISO-8859-*, windows-125*, ASCII), which libxml2
///   converts itself; so a document not so declared must be UTF-8. (A declared UTF-16, with or
///   without a byte order mark, is refused too: no server sends one, and without the mark it
///   traps as well.)
/// - A processing instruction without data (`<?pi?>`): FoundationXML reads its data as a C
///   string without looking for none. A WebDAV answer has no processing instruction beyond its
///   leading XML declaration, so any other `<?` is refused (in a CDATA section or a comment
///   too, which costs nothing real).
enum XMLInputCheck {
    /// Why `data` must not be parsed, or nil when it may be.
    /// - Complexity: O(n) in the size of the data.
    static func refusal(of data: Data) -> String? {
        let bytes = data.starts(with: byteOrderMark) ? data.dropFirst(byteOrderMark.count) : data[...]
        let declaration = leadingDeclaration(bytes)
        switch declaration.flatMap({ declaredEncoding(String(decoding: bytes[$0], as: UTF8.self)) }) {
        case nil, "utf-8", "utf8":
            guard String(validating: data, as: UTF8.self) != nil else { return "the answer is not UTF-8 text" }
        case let name? where isSingleByte(name):
            break
        case let name?:
            return "its XML is in \(name.prefix(40)), which the sync does not read"
        }
        let rest = declaration.map { bytes[$0.upperBound...] } ?? bytes
        if rest.firstRange(of: [UInt8(ascii: "<"), UInt8(ascii: "?")]) != nil {
            return "its XML holds a processing instruction, which a WebDAV answer never does"
        }
        return nil
    }

    private static let byteOrderMark: [UInt8] = [0xEF, 0xBB, 0xBF]

    /// The range of a leading `<?xml …?>` declaration, when `bytes` start with one.
    private static func leadingDeclaration(_ bytes: Data.SubSequence) -> Range<Data.Index>? {
        let opening = Array("<?xml".utf8)
        guard bytes.starts(with: opening) else { return nil }
        let next = bytes.dropFirst(opening.count).first
        guard let next, [0x20, 0x09, 0x0D, 0x0A].contains(next),
            let end = bytes.firstRange(of: [UInt8(ascii: "?"), UInt8(ascii: ">")])
        else { return nil }
        return bytes.startIndex..<end.upperBound
    }

    /// The declaration's `encoding`, lower-cased; nil when it names none.
    private static func declaredEncoding(_ declaration: String) -> String? {
        let text = declaration.lowercased().replacingOccurrences(of: "'", with: "\"")
        guard let start = text.range(of: "encoding=\"") else { return nil }
        return String(text[start.upperBound...].prefix { $0 != "\"" })
    }

    private static func isSingleByte(_ encoding: String) -> Bool {
        encoding.hasPrefix("iso-8859-") || encoding.hasPrefix("windows-125")
            || ["latin1", "us-ascii", "ascii"].contains(encoding)
    }
}
