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
        // Each logical line: its first physical line, and the continuations after it, if any.
        var joined: [(first: ArraySlice<UInt8>, more: [ArraySlice<UInt8>], number: Int)] = []
        for (index, line) in ImportLines.byteLines(bytes).enumerated() {
            if let first = line.first, first == UInt8(ascii: " ") || first == UInt8(ascii: "\t"), !joined.isEmpty {
                joined[joined.count - 1].more.append(line.dropFirst())
            } else if !line.isEmpty {
                joined.append((line, [], index + 1))
            }
        }
        var lines: [(text: String, number: Int)] = []
        lines.reserveCapacity(joined.count)
        for line in joined {
            // Only a folded line is copied: the others are decoded where they lie.
            let text =
                line.more.isEmpty
                ? try ImportLines.decodeLine(line.first, number: line.number, source: source)
                : try ImportLines.decodeLine(
                    line.more.reduce(into: Array(line.first)) { $0 += $1 }, number: line.number, source: source)
            lines.append((text, line.number))
        }
        return lines
    }

    /// Splits `NAME;PARAM=a;PARAM="b:c":value`; a colon inside a quoted parameter value is text.
    /// Works on the line's UTF-8 bytes: every delimiter is ASCII, and no byte of a longer UTF-8
    /// sequence is, so each part is cut at a character boundary and taken whole.
    /// - Complexity: O(length of the line).
    func contentLine(_ text: String, at line: Int) throws(ExchangeError) -> ContentLine {
        let bytes = text.utf8
        let end = bytes.endIndex
        var index = bytes.startIndex
        while index < end, bytes[index] != Self.semicolon, bytes[index] != Self.colon {
            bytes.formIndex(after: &index)
        }
        let name = text[..<index]
        guard Self.isName(name) else {
            throw problem("\(StoreError.quoted(text)) is not an iCalendar content line (NAME:value)", line: line)
        }
        var parameters: [String: String] = [:]
        while index < end, bytes[index] == Self.semicolon {
            bytes.formIndex(after: &index)
            let parameterStart = index
            while index < end, bytes[index] != Self.equals {
                bytes.formIndex(after: &index)
            }
            let parameter = text[parameterStart..<index]
            if index < end { bytes.formIndex(after: &index) }
            // The value without its quotes: the text between them, each run taken whole.
            var value = ""
            var run = index
            var quoted = false
            while index < end, quoted || (bytes[index] != Self.semicolon && bytes[index] != Self.colon) {
                if bytes[index] == Self.quote {
                    value += text[run..<index]
                    quoted.toggle()
                    run = bytes.index(after: index)
                }
                bytes.formIndex(after: &index)
            }
            value += text[run..<index]
            parameters[parameter.uppercased()] = value
        }
        guard index < end, bytes[index] == Self.colon else {
            throw problem("the \(name.uppercased()) property has no ':' before its value", line: line)
        }
        return ContentLine(
            name: name.uppercased(), parameters: parameters, value: String(text[bytes.index(after: index)...]),
            line: line, raw: text)
    }

    private static let semicolon = UInt8(ascii: ";")
    private static let colon = UInt8(ascii: ":")
    private static let equals = UInt8(ascii: "=")
    private static let quote = UInt8(ascii: "\"")

    /// Whether `text` is an iCalendar name (iana-token or x-name): ASCII letters, digits, hyphens.
    private static func isName(_ text: some StringProtocol) -> Bool {
        !text.isEmpty
            && text.utf8.allSatisfy {
                switch $0 {
                case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
                    UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"):
                    true
                default:
                    false
                }
            }
    }

    private func problem(_ reason: String, line: Int) -> ExchangeError {
        .invalidLine(source: source, line: line, reason: reason)
    }
}
