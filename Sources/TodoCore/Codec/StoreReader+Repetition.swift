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
        try readMembers(of: "repeat", context: context) { (reader, name) throws(StoreError) in
            let valueStart = reader.scanner.position
            switch name {
            case "rule":
                try reader.expectValue(.string, named: "\"repeat.rule\"", context: context)
                let text = reader.scanner.string(try reader.scanner.scanString())
                do throws(RecurrenceError) {
                    rule = try RecurrenceRule(rrule: text)
                } catch {
                    throw reader.dataError(
                        at: valueStart, context: context,
                        "\"repeat.rule\" must be a rule todo-tui computes, found \(StoreError.quoted(text)): "
                            + error.description.dropLast().lowercasedFirst)
                }
            case "from":
                try reader.expectValue(.string, named: "\"repeat.from\"", context: context)
                switch reader.scanner.string(try reader.scanner.scanString()) {
                case "due": anchor = .due
                case "completion": anchor = .completion
                case let other:
                    throw reader.dataError(
                        at: valueStart, context: context,
                        "\"repeat.from\" must be due or completion, found \(StoreError.quoted(other))")
                }
            case "completed": completed = try reader.readCount(.repetition, context: context)
            case "lastCompleted": lastCompleted = try reader.readRepetitionTimestamp(named: "lastCompleted", context)
            case "exdates": exceptionDates = try reader.readRepetitionTimestamps(named: "exdates", context)
            case "rdates": extraDates = try reader.readRepetitionTimestamps(named: "rdates", context)
            default: return false
            }
            return true
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
