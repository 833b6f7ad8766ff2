extension TOMLParser {
    /// `"…"` with TOML's escapes, on one line.
    mutating func parseBasicString() throws(TOMLSyntaxError) -> String {
        let open = index
        index += 1
        var text: [UInt8] = []
        var runStart = index
        while true {
            guard let byte = current, byte != UInt8(ascii: "\n"), byte != UInt8(ascii: "\r") else {
                throw error("the string that starts here is not closed on its line", at: open)
            }
            switch byte {
            case UInt8(ascii: "\""):
                text += bytes[runStart..<index]
                index += 1
                return String(decoding: text, as: UTF8.self)
            case UInt8(ascii: "\\"):
                text += bytes[runStart..<index]
                text += try parseEscape()
                runStart = index
            case let control where Self.isControl(control):
                throw error(
                    "a string holds a control character (0x\(String(control, radix: 16))); write it as an escape")
            default:
                index += 1
            }
        }
    }

    /// One escape after `\`, as the UTF-8 bytes it stands for.
    private mutating func parseEscape() throws(TOMLSyntaxError) -> [UInt8] {
        let start = index
        index += 1
        guard let letter = current else { throw error("the string ends in the middle of an escape", at: start) }
        index += 1
        switch letter {
        case UInt8(ascii: "b"): return [0x08]
        case UInt8(ascii: "t"): return [0x09]
        case UInt8(ascii: "n"): return [0x0A]
        case UInt8(ascii: "f"): return [0x0C]
        case UInt8(ascii: "r"): return [0x0D]
        case UInt8(ascii: "\""): return [UInt8(ascii: "\"")]
        case UInt8(ascii: "\\"): return [UInt8(ascii: "\\")]
        case UInt8(ascii: "u"), UInt8(ascii: "U"):
            let count = letter == UInt8(ascii: "u") ? 4 : 8
            guard index + count <= bytes.count,
                let code = UInt32(String(decoding: bytes[index..<index + count], as: UTF8.self), radix: 16),
                bytes[index..<index + count].allSatisfy({ $0 != UInt8(ascii: "+") && $0 != UInt8(ascii: "-") }),
                let scalar = Unicode.Scalar(code)
            else {
                throw error(
                    "\\\(Character(Unicode.Scalar(letter))) must be followed by \(count) hexadecimal digits naming a "
                        + "Unicode scalar", at: start)
            }
            index += count
            return Array(String(scalar).utf8)
        default:
            throw error(
                "\\\(Character(Unicode.Scalar(letter))) is not an escape; use \\\\ for a backslash, or \\\", \\t, \\n, "
                    + "\\uXXXX", at: start)
        }
    }

    /// `'…'`: taken as written, without escapes, on one line.
    mutating func parseLiteralString() throws(TOMLSyntaxError) -> String {
        let open = index
        index += 1
        let start = index
        while true {
            guard let byte = current, byte != UInt8(ascii: "\n"), byte != UInt8(ascii: "\r") else {
                throw error("the string that starts here is not closed on its line", at: open)
            }
            if byte == UInt8(ascii: "'") {
                let text = String(decoding: bytes[start..<index], as: UTF8.self)
                index += 1
                return text
            }
            if Self.isControl(byte) {
                throw error("a string holds a control character (0x\(String(byte, radix: 16)))")
            }
            index += 1
        }
    }
}
