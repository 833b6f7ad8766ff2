/// Reads iCalendar (RFC 5545) text into components of content lines.
///
/// Unfolds continuation lines (a line starting with a space or tab continues the one before),
/// splits each content line into name, parameters and value, and checks that `BEGIN`/`END`
/// nest properly inside `VCALENDAR`. Names are case-insensitive and kept uppercased. Values
/// are returned raw; `unescapedText(_:)` undoes TEXT escaping.
struct ICalendarParser {
    /// One property: `NAME;PARAM=value:value`, with the line it starts on.
    struct ContentLine {
        var name: String
        var parameters: [String: String]
        var value: String
        var line: Int
        /// The whole content line exactly as read, after unfolding: what a kept property is
        /// written back as.
        var raw: String
    }

    /// A component (`VTODO`, `VEVENT`, …) with its own properties, not those of nested components.
    struct Component {
        var name: String
        var line: Int
        var properties: [ContentLine]
        /// Every line of the component exactly as read, from its BEGIN to its END, nested
        /// components' lines included.
        var lines: [String] = []
        /// The lines (`lines`) of each component nested directly in this one, in order.
        var nestedBlocks: [[String]] = []

        /// The first property called `name`.
        func first(_ name: String) -> ContentLine? {
            properties.first { $0.name == name }
        }
    }

    private let source: String

    init(source: String) {
        self.source = source
    }

    /// Every component of the input, in the order they end (nested ones before their parent).
    ///
    /// - Throws: `ExchangeError.invalidLine` for text outside `VCALENDAR`, a line without a colon,
    ///   an `END` that does not match its `BEGIN`, or a component left open at the end.
    /// - Complexity: O(n) in the length of the input.
    func components(_ bytes: [UInt8]) throws(ExchangeError) -> [Component] {
        var components: [Component] = []
        var open: [Component] = []
        for line in try unfoldedLines(bytes) {
            let content = try contentLine(line.text, at: line.number)
            if content.name == "BEGIN" || content.name == "END", !Self.isName(content.value) {
                throw problem(
                    "\(StoreError.quoted(content.value)) after \(content.name): is not a component name",
                    line: line.number)
            }
            switch content.name {
            case "BEGIN":
                let name = content.value.uppercased()
                guard !open.isEmpty || name == "VCALENDAR" else {
                    throw problem("expected BEGIN:VCALENDAR, found BEGIN:\(content.value)", line: line.number)
                }
                open.append(Component(name: name, line: line.number, properties: [], lines: [line.text]))
            case "END":
                guard let current = open.popLast() else {
                    throw problem("END:\(content.value) has no matching BEGIN", line: line.number)
                }
                guard current.name == content.value.uppercased() else {
                    throw problem(
                        "END:\(content.value) closes BEGIN:\(current.name) from line \(current.line)", line: line.number
                    )
                }
                var closed = current
                closed.lines.append(line.text)
                if !open.isEmpty {
                    open[open.count - 1].nestedBlocks.append(closed.lines)
                    open[open.count - 1].lines.append(contentsOf: closed.lines)
                }
                components.append(closed)
            default:
                guard !open.isEmpty else {
                    throw problem("expected BEGIN:VCALENDAR, found \(content.name)", line: line.number)
                }
                open[open.count - 1].properties.append(content)
                open[open.count - 1].lines.append(line.text)
            }
        }
        if let unclosed = open.last {
            throw problem("BEGIN:\(unclosed.name) is never closed by END:\(unclosed.name)", line: unclosed.line)
        }
        return components
    }

    /// TEXT with its escapes undone: `\\`, `\;`, `\,`, and `\n` or `\N` for a line break.
    /// An unknown escape keeps the escaped character, as lenient readers do.
    static func unescapedText(_ value: String) -> String {
        BackslashEscapes.undo(value) { $0 == "n" || $0 == "N" ? "\n" : String($0) }
    }

    /// Physical lines joined into logical ones, each with the number of its first physical line.
    /// Unfolding happens on bytes, before decoding, so a fold inside a UTF-8 sequence still reads.
    private func unfoldedLines(_ bytes: [UInt8]) throws(ExchangeError) -> [(text: String, number: Int)] {
        var joined: [(bytes: [UInt8], number: Int)] = []
        for (index, line) in ImportLines.byteLines(bytes).enumerated() {
            if let first = line.first, first == UInt8(ascii: " ") || first == UInt8(ascii: "\t"), !joined.isEmpty {
                joined[joined.count - 1].bytes.append(contentsOf: line.dropFirst())
            } else if !line.isEmpty {
                joined.append((Array(line), index + 1))
            }
        }
        var lines: [(text: String, number: Int)] = []
        lines.reserveCapacity(joined.count)
        for line in joined {
            lines.append((try ImportLines.decodeLine(line.bytes, number: line.number, source: source), line.number))
        }
        return lines
    }

    /// Splits `NAME;PARAM=a;PARAM="b:c":value`; a colon inside a quoted parameter value is text.
    func contentLine(_ text: String, at line: Int) throws(ExchangeError) -> ContentLine {
        let scalars = Array(text.unicodeScalars)
        var index = 0
        var name = ""
        while index < scalars.count, scalars[index] != ";", scalars[index] != ":" {
            name.unicodeScalars.append(scalars[index])
            index += 1
        }
        guard Self.isName(name) else {
            throw problem("\(StoreError.quoted(text)) is not an iCalendar content line (NAME:value)", line: line)
        }
        var parameters: [String: String] = [:]
        while index < scalars.count, scalars[index] == ";" {
            index += 1
            var parameter = ""
            var value = ""
            while index < scalars.count, scalars[index] != "=" {
                parameter.unicodeScalars.append(scalars[index])
                index += 1
            }
            index += 1
            var quoted = false
            while index < scalars.count, quoted || (scalars[index] != ";" && scalars[index] != ":") {
                if scalars[index] == "\"" {
                    quoted.toggle()
                } else {
                    value.unicodeScalars.append(scalars[index])
                }
                index += 1
            }
            parameters[parameter.uppercased()] = value
        }
        guard index < scalars.count, scalars[index] == ":" else {
            throw problem("the \(name.uppercased()) property has no ':' before its value", line: line)
        }
        var value = String.UnicodeScalarView()
        value.append(contentsOf: scalars[(index + 1)...])
        return ContentLine(name: name.uppercased(), parameters: parameters, value: String(value), line: line, raw: text)
    }

    /// Whether `text` is an iCalendar name (iana-token or x-name): ASCII letters, digits, hyphens.
    private static func isName(_ text: String) -> Bool {
        !text.isEmpty
            && text.unicodeScalars.allSatisfy {
                $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "-")
            }
    }

    private func problem(_ reason: String, line: Int) -> ExchangeError {
        .invalidLine(source: source, line: line, reason: reason)
    }
}
