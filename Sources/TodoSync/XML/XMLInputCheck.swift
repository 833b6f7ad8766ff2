import Foundation

/// What an XML answer must be before FoundationXML may read it: FoundationXML traps (ending the
/// process) on some input a hostile server can send, so that input is refused here first.
///
/// - An element name that is not UTF-8: libxml2 hands such bytes on when it reads a document as
///   UTF-8, and FoundationXML traps converting them. A document is read as UTF-8 unless its
///   declaration names ISO-8859-1 or ASCII, which libxml2 converts itself; so a document not so
///   declared must be UTF-8, and one declaring any other encoding is refused (no server sends
///   one; a declared UTF-16 without a byte order mark traps too).
/// - A processing instruction without data (`<?pi?>`): FoundationXML reads its data as a C
///   string without looking for none. A WebDAV answer has no processing instruction beyond its
///   leading XML declaration, and no document type (whose entities could expand into one), so
///   either is refused wherever it stands outside a CDATA section or a comment.
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
        switch firstMarkup(in: rest) {
        case .processingInstruction?: return "its XML holds a processing instruction, which a WebDAV answer never does"
        case .documentType?: return "its XML declares a document type, which a WebDAV answer never does"
        case nil: return nil
        }
    }

    private enum Markup {
        case processingInstruction, documentType
    }

    /// The first processing instruction or document type declaration in `bytes`, outside CDATA
    /// sections and comments (which end where the parser ends them: at the first `]]>`, `-->`).
    /// - Complexity: O(n), over the bytes in place (a multiget answer is megabytes, and going
    ///   through `Data`'s indices byte by byte cost more than parsing it).
    private static func firstMarkup(in data: Data.SubSequence) -> Markup? {
        data.withUnsafeBytes { raw in firstMarkup(in: raw.bindMemory(to: UInt8.self)) }
    }

    private static func firstMarkup(in bytes: UnsafeBufferPointer<UInt8>) -> Markup? {
        /// True when `pattern` stands at `index`.
        func matches(_ pattern: [UInt8], at index: Int) -> Bool {
            index + pattern.count <= bytes.count && pattern.indices.allSatisfy { bytes[index + $0] == pattern[$0] }
        }
        /// Where the first `pattern` after `index` ends.
        func end(of pattern: [UInt8], from index: Int) -> Int? {
            var candidate = index
            while candidate + pattern.count <= bytes.count {
                if matches(pattern, at: candidate) { return candidate + pattern.count }
                candidate += 1
            }
            return nil
        }
        var index = 0
        while let open = (index..<bytes.count).first(where: { bytes[$0] == UInt8(ascii: "<") }) {
            if matches(cdataStart, at: open) {
                guard let next = end(of: cdataEnd, from: open + cdataStart.count) else { return nil }
                index = next
            } else if matches(commentStart, at: open) {
                guard let next = end(of: commentEnd, from: open + commentStart.count) else { return nil }
                index = next
            } else if open + 1 < bytes.count, bytes[open + 1] == UInt8(ascii: "?") {
                return .processingInstruction
            } else if matches(documentTypeStart, at: open) {
                return .documentType
            } else {
                index = open + 1
            }
        }
        return nil
    }

    private static let cdataStart = Array("<![CDATA[".utf8)
    private static let cdataEnd = Array("]]>".utf8)
    private static let commentStart = Array("<!--".utf8)
    private static let commentEnd = Array("-->".utf8)
    private static let documentTypeStart = Array("<!DOCTYPE".utf8)

    private static let byteOrderMark: [UInt8] = [0xEF, 0xBB, 0xBF]

    /// The range of a leading `<?xml …?>` declaration, when `bytes` start with one.
    private static func leadingDeclaration(_ bytes: Data.SubSequence) -> Range<Data.Index>? {
        let opening = Array("<?xml".utf8)
        guard bytes.starts(with: opening) else { return nil }
        let next = bytes.dropFirst(opening.count).first
        // A declaration holds no markup: one that does is something else, scanned as such.
        guard let next, [0x20, 0x09, 0x0D, 0x0A].contains(next),
            let end = bytes.firstRange(of: [UInt8(ascii: "?"), UInt8(ascii: ">")]),
            !bytes[(bytes.startIndex + 1)..<end.lowerBound].contains(UInt8(ascii: "<"))
        else { return nil }
        return bytes.startIndex..<end.upperBound
    }

    /// The declaration's `encoding`, lower-cased; nil when it names none.
    private static func declaredEncoding(_ declaration: String) -> String? {
        let text = declaration.lowercased().replacingOccurrences(of: "'", with: "\"")
        guard let start = text.range(of: "encoding=\"") else { return nil }
        return String(text[start.upperBound...].prefix { $0 != "\"" })
    }

    /// The single-byte encodings libxml2 reads by itself, without iconv: a name it cannot look up
    /// (`windows-125$`) leaves it reading UTF-8 after all.
    private static func isSingleByte(_ encoding: String) -> Bool {
        ["iso-8859-1", "latin1", "us-ascii", "ascii"].contains(encoding)
    }
}
