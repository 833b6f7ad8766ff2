extension TOMLParser {
    /// What may stand after `=`, as a phrase for errors.
    static let valueForms = "a \"string\", a whole number, true, false or an [array]"

    /// A value: string, integer, boolean or array.
    mutating func parseValue() throws(TOMLSyntaxError) -> TOMLValue {
        let position = here
        switch current {
        case UInt8(ascii: "\""):
            if peek(1) == UInt8(ascii: "\""), peek(2) == UInt8(ascii: "\"") {
                throw error(
                    "multi-line strings (\"\"\"…\"\"\") are not used in this file; write the text on one line")
            }
            return TOMLValue(kind: .string(try parseBasicString()), position: position)
        case UInt8(ascii: "'"):
            if peek(1) == UInt8(ascii: "'"), peek(2) == UInt8(ascii: "'") {
                throw error("multi-line strings ('''…''') are not used in this file; write the text on one line")
            }
            return TOMLValue(kind: .string(try parseLiteralString()), position: position)
        case UInt8(ascii: "["):
            return TOMLValue(kind: .array(try parseArray()), position: position)
        case UInt8(ascii: "{"):
            throw error("inline tables ({…}) are not used in this file; write the keys under a [table] header")
        case UInt8(ascii: "t"), UInt8(ascii: "f"):
            return TOMLValue(kind: .boolean(try parseBoolean()), position: position)
        case .some(let byte) where byte == UInt8(ascii: "+") || byte == UInt8(ascii: "-") || Self.isDigit(byte):
            return TOMLValue(kind: .integer(try parseInteger()), position: position)
        case nil, UInt8(ascii: "\n"), UInt8(ascii: "\r"), UInt8(ascii: "#"):
            throw error("expected a value after =: \(Self.valueForms)")
        default:
            throw error("expected \(Self.valueForms), not \(word())")
        }
    }

    /// What a number-like token is made of, so that `1.5`, `1e3` and `1979-05-27` are read
    /// whole and refused by name.
    private static func isNumberTokenByte(_ byte: UInt8) -> Bool {
        isBareKeyByte(byte) || byte == UInt8(ascii: "+") || byte == UInt8(ascii: ".") || byte == UInt8(ascii: ":")
    }

    static func isDigit(_ byte: UInt8) -> Bool {
        byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
    }

    /// The word at the current byte, quoted, for an error: up to the next space, comma, bracket or
    /// line end (at most 20 characters).
    func word() -> String {
        var end = index
        let stops = Array(" \t\n\r,]#".utf8)
        while end < bytes.count, !stops.contains(bytes[end]), end - index < 20 { end += 1 }
        return "'" + String(decoding: bytes[index..<end], as: UTF8.self) + "'"
    }

    private static let trueBytes = Array("true".utf8), falseBytes = Array("false".utf8)

    private mutating func parseBoolean() throws(TOMLSyntaxError) -> Bool {
        for (utf8, value) in [(Self.trueBytes, true), (Self.falseBytes, false)] {
            if index + utf8.count <= bytes.count, Array(bytes[index..<index + utf8.count]) == utf8,
                !(peek(utf8.count).map(Self.isBareKeyByte) ?? false)
            {
                index += utf8.count
                return value
            }
        }
        throw error("expected \(Self.valueForms), not \(word()) (true and false are lowercase)")
    }

    /// A decimal integer: an optional sign, digits with single underscores between them, no
    /// leading zero; within 64 bits.
    private mutating func parseInteger() throws(TOMLSyntaxError) -> Int {
        let start = index
        var end = index
        while end < bytes.count, Self.isNumberTokenByte(bytes[end]) {
            end += 1
        }
        let token = Array(bytes[start..<end])
        let text = String(decoding: token, as: UTF8.self)
        let unsigned =
            token.first.map { $0 == UInt8(ascii: "+") || $0 == UInt8(ascii: "-") } == true
            ? token.dropFirst() : token[...]
        if text.contains(":") || (unsigned.count >= 5 && unsigned.dropFirst(4).first == UInt8(ascii: "-")) {
            throw error("dates and times (\(text)) are not used in this file")
        }
        if unsigned.starts(with: Array("0x".utf8)) || unsigned.starts(with: Array("0o".utf8))
            || unsigned.starts(with: Array("0b".utf8))
        {
            throw error("write the number \(text) in decimal")
        }
        if text.contains(".") || unsigned.contains(UInt8(ascii: "e")) || unsigned.contains(UInt8(ascii: "E"))
            || text.hasSuffix("inf") || text.hasSuffix("nan")
        {
            throw error("\(text) is not a whole number; every number in this file is whole (seconds, colour numbers)")
        }
        var value = 0
        var previousWasDigit = false
        let negative = token.first == UInt8(ascii: "-")
        for (offset, byte) in unsigned.enumerated() {
            if byte == UInt8(ascii: "_") {
                guard previousWasDigit, offset + 1 < unsigned.count,
                    Self.isDigit(unsigned[unsigned.startIndex + offset + 1])
                else { throw error("\(text) is not a number: an underscore must stand between two digits", at: start) }
                previousWasDigit = false
                continue
            }
            guard Self.isDigit(byte) else { throw error("\(text) is not a number", at: start) }
            let digit = Int(byte - UInt8(ascii: "0"))
            let (times, overflowA) = value.multipliedReportingOverflow(by: 10)
            let (sum, overflowB) =
                negative ? times.subtractingReportingOverflow(digit) : times.addingReportingOverflow(digit)
            guard !overflowA, !overflowB else { throw error("\(text) is too large a number", at: start) }
            value = sum
            previousWasDigit = true
        }
        guard !unsigned.isEmpty else { throw error("expected digits after the sign", at: start) }
        if unsigned.count > 1, unsigned.first == UInt8(ascii: "0") {
            throw error("\(text) has a leading zero, which TOML does not allow", at: start)
        }
        index = end
        return value
    }

    /// `[a, b, …]`, over several lines if need be, with comments and a trailing comma.
    private mutating func parseArray() throws(TOMLSyntaxError) -> [TOMLValue] {
        index += 1
        var elements: [TOMLValue] = []
        while true {
            try skipArraySpace()
            if current == UInt8(ascii: "]") {
                index += 1
                return elements
            }
            guard current != nil else { throw error("the array is not closed; expected ]") }
            elements.append(try parseValue())
            try skipArraySpace()
            switch current {
            case UInt8(ascii: ","): index += 1
            case UInt8(ascii: "]"):
                index += 1
                return elements
            case nil: throw error("the array is not closed; expected ]")
            default: throw error("expected , or ] after an array element, not \(word())")
            }
        }
    }

    /// Spaces, line ends and comments, which may stand anywhere between an array's elements.
    private mutating func skipArraySpace() throws(TOMLSyntaxError) {
        while true {
            skipSpaces()
            try skipComment()
            guard try takeNewline() else { return }
        }
    }
}
