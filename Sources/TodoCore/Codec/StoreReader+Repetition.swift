import Foundation

extension StoreReader {
    /// `{"completed": N, "exdates": [timestamps], "from": "due"|"completion", "lastCompleted":
    /// timestamp, "rdates": [timestamps], "rule": "RRULE text"}`, every key but `rule` optional.
    /// The rule must be one todo-tui computes (`RecurrenceRule(rrule:)`): only such rules are
    /// stored as a repetition.
    mutating func readRepetition(context: ItemContext) throws(StoreError) -> ItemRepetition {
        let objectStart = scanner.position
        try expectValue(.object, named: "\"repeat\"", context: context)
        var rule: RecurrenceRule?
        var anchor = RepeatAnchor.due
        var exceptionDates: [Date] = [], extraDates: [Date] = []
        var completed = 0
        var lastCompleted: Date?
        var seen: Set<String> = []
        scanner.position += 1
        scanner.skipWhitespace()
        if !scanner.consume(UInt8(ascii: "}")) {
            repeat {
                scanner.skipWhitespace()
                let offset = scanner.position
                guard scanner.current == UInt8(ascii: "\"") else {
                    throw scanner.syntaxError(expected: "a key in double quotes")
                }
                let name = scanner.string(try scanner.scanString())
                guard seen.insert(name).inserted else {
                    throw dataError(
                        at: offset, context: context, "the key \(StoreError.quoted(name)) appears twice in \"repeat\"")
                }
                scanner.skipWhitespace()
                try scanner.expect(UInt8(ascii: ":"), "':' after a key")
                scanner.skipWhitespace()
                let valueStart = scanner.position
                switch name {
                case "rule":
                    try expectValue(.string, named: "\"repeat.rule\"", context: context)
                    let text = scanner.string(try scanner.scanString())
                    do {
                        rule = try RecurrenceRule(rrule: text)
                    } catch {
                        throw dataError(
                            at: valueStart, context: context,
                            "\"repeat.rule\" must be a rule todo-tui computes, found \(StoreError.quoted(text)): "
                                + error.description.dropLast().lowercasedFirst)
                    }
                case "from":
                    try expectValue(.string, named: "\"repeat.from\"", context: context)
                    switch scanner.string(try scanner.scanString()) {
                    case "due": anchor = .due
                    case "completion": anchor = .completion
                    case let other:
                        throw dataError(
                            at: valueStart, context: context,
                            "\"repeat.from\" must be due or completion, found \(StoreError.quoted(other))")
                    }
                case "completed": completed = try readCount(.repetition, context: context)
                case "lastCompleted": lastCompleted = try readRepetitionTimestamp(named: "lastCompleted", context)
                case "exdates": exceptionDates = try readRepetitionTimestamps(named: "exdates", context)
                case "rdates": extraDates = try readRepetitionTimestamps(named: "rdates", context)
                default:
                    throw dataError(
                        at: offset, context: context, "the key \(StoreError.quoted(name)) is not part of \"repeat\"")
                }
                scanner.skipWhitespace()
            } while scanner.consume(UInt8(ascii: ","))
            try scanner.expect(UInt8(ascii: "}"), "',' or '}'")
        }
        guard let rule else {
            throw dataError(at: objectStart, context: context, "the key \"rule\" is missing in \"repeat\"")
        }
        return ItemRepetition(
            Repetition(rule: rule, anchor: anchor, exceptionDates: exceptionDates, extraDates: extraDates),
            completedCount: completed, lastCompletedAt: lastCompleted)
    }

    private mutating func readRepetitionTimestamp(
        named name: String, _ context: ItemContext
    ) throws(StoreError) -> Date {
        let offset = scanner.position
        try expectValue(.string, named: "\"repeat.\(name)\"", context: context)
        let text = try scanner.scanString()
        guard let milliseconds = scanner.withBytes(of: text, TimestampFormat.parse) else {
            throw dataError(
                at: offset, context: context,
                "\"repeat.\(name)\" must be an ISO-8601 date and time such as 2025-01-31T09:15:00.000Z, found "
                    + StoreError.quoted(scanner.string(text)))
        }
        return Date(millisecondsSince1970: milliseconds)
    }

    private mutating func readRepetitionTimestamps(
        named name: String, _ context: ItemContext
    ) throws(StoreError) -> [Date] {
        try expectValue(.array, named: "\"repeat.\(name)\"", context: context)
        var dates: [Date] = []
        scanner.position += 1
        scanner.skipWhitespace()
        guard !scanner.consume(UInt8(ascii: "]")) else { return dates }
        repeat {
            scanner.skipWhitespace()
            dates.append(try readRepetitionTimestamp(named: name, context))
            scanner.skipWhitespace()
        } while scanner.consume(UInt8(ascii: ","))
        try scanner.expect(UInt8(ascii: "]"), "',' or ']'")
        return dates
    }
}

extension Substring {
    /// The text with its first character lower-cased, to continue a sentence.
    fileprivate var lowercasedFirst: String {
        guard let first else { return "" }
        return first.lowercased() + dropFirst()
    }
}
