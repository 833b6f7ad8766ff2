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
        /// components' lines included: a slice of the input's lines, shared, never copied.
        var lines: ArraySlice<String> = []
        /// The lines (`lines`) of each component nested directly in this one, in order.
        var nestedBlocks: [ArraySlice<String>] = []

        /// The first property called `name`.
        func first(_ name: String) -> ContentLine? {
            properties.first { $0.name == name }
        }
    }

    /// How much one input may ask of the parser. An input over a bound is refused with a
    /// sentence naming the bound, before it costs more than its own size.
    struct Limits {
        /// The most bytes the input may hold.
        var maximumBytes: Int
        /// The most components open at once, VCALENDAR included.
        var maximumDepth: Int
        /// The most components in the input, VCALENDAR included.
        var maximumComponents: Int

        /// An iCalendar file, as an import reads one: any number of components (a calendar of
        /// many to-dos), no deeper than `maximumNesting`; its size is bounded where the file is
        /// read (`ImportInput.maximumFileSize`).
        static let file = Limits(maximumBytes: .max, maximumDepth: maximumNesting, maximumComponents: .max)

        /// One CalDAV object resource (one to-do), as a server holds it: at most
        /// `ICalendarFormat.maximumObjectResourceBytes` and 1,000 components (a VTODO, its
        /// VALARMs and the VTIMEZONEs with their observances take a handful).
        static let objectResource = Limits(
            maximumBytes: ICalendarFormat.maximumObjectResourceBytes, maximumDepth: maximumNesting,
            maximumComponents: 1_000)

        /// 16 components open at once: real calendars nest three deep (VCALENDAR, VTODO,
        /// VALARM; VCALENDAR, VTIMEZONE, STANDARD).
        static let maximumNesting = 16
    }

    private let source: String
    private let limits: Limits

    init(source: String, limits: Limits = .file) {
        self.source = source
        self.limits = limits
    }

    /// Every component of the input, in the order they end (nested ones before their parent).
    ///
    /// - Throws: `ExchangeError.invalidLine` for text outside `VCALENDAR`, a line without a colon,
    ///   an `END` that does not match its `BEGIN`, a component left open at the end, or a
    ///   component past the limits' depth or count; `.invalidInput` for an input over their size.
    /// - Complexity: O(n) in the length of the input: a component's lines are a slice of the
    ///   input's, however deeply it nests.
    func components(_ bytes: [UInt8]) throws(ExchangeError) -> [Component] {
        guard bytes.count <= limits.maximumBytes else {
            throw .invalidInput(
                source: source,
                reason:
                    "it is larger than \(ByteCount.phrase(limits.maximumBytes)), the most one calendar object may hold")
        }
        let numbered = try unfoldedLines(bytes)
        let texts = numbered.map(\.text)
        var components: [Component] = []
        var open: [(component: Component, start: Int)] = []
        for (index, line) in numbered.enumerated() {
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
                guard open.count < limits.maximumDepth else {
                    throw problem(
                        "BEGIN:\(content.value) nests components more than \(limits.maximumDepth) deep",
                        line: line.number)
                }
                guard components.count + open.count < limits.maximumComponents else {
                    throw problem(
                        "BEGIN:\(content.value) makes more than \(limits.maximumComponents) components, the most one "
                            + "calendar object may hold", line: line.number)
                }
                open.append((Component(name: name, line: line.number, properties: []), index))
            case "END":
                guard let (current, start) = open.popLast() else {
                    throw problem("END:\(content.value) has no matching BEGIN", line: line.number)
                }
                guard current.name == content.value.uppercased() else {
                    throw problem(
                        "END:\(content.value) closes BEGIN:\(current.name) from line \(current.line)", line: line.number
                    )
                }
                var closed = current
                closed.lines = texts[start...index]
                if !open.isEmpty {
                    open[open.count - 1].component.nestedBlocks.append(closed.lines)
                }
                components.append(closed)
            default:
                guard !open.isEmpty else {
                    throw problem("expected BEGIN:VCALENDAR, found \(content.name)", line: line.number)
                }
                open[open.count - 1].component.properties.append(content)
            }
        }
        if let unclosed = open.last?.component {
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
