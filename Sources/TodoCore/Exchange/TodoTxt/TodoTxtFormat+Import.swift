import Foundation

extension TodoTxtFormat {
    /// Reads todo.txt lines: `x` and the completion date mark a done item, a priority `(A)` is
    /// dropped (items have none), the creation date is read, and the `due:`, `color:` and `uuid:`
    /// tags set the date, colour and id wherever they stand; every other word, including other
    /// `key:value` tags, `+project` and `@context`, stays in the text. Blank lines are skipped.
    ///
    /// - Throws: `ExchangeError.invalidLine` for a `due:` that is not a `YYYY-MM-DD` day, a
    ///   `uuid:` that is not a UUID, a `color:` that is not one of the eight, or an empty text.
    /// - Complexity: O(n) in the length of the input.
    static func parse(_ bytes: [UInt8], source: String, now: Date, calendar: Calendar) throws(ExchangeError) -> [TodoItem] {
        var collector = ImportCollector(format: .todotxt, source: source, now: now)
        for (index, line) in try ImportLines.split(bytes, source: source).enumerated() where !line.allSatisfy(\.isWhitespace) {
            let position = ImportPosition.line(index + 1)
            var words = line.split(separator: " ", omittingEmptySubsequences: false)[...]
            var record = ImportRecord(text: "")
            if words.first == "x" {
                record.isDone = true
                words.removeFirst()
                record.modifiedAt = leadingDay(&words, calendar: calendar)
            } else if let first = words.first, isPriority(first) {
                words.removeFirst()
            }
            record.createdAt = leadingDay(&words, calendar: calendar)
            var textWords: [Substring] = []
            for word in words {
                if try !readTag(word, into: &record, calendar: calendar, position: position, source: source) {
                    textWords.append(word)
                }
            }
            record.text = textWords.joined(separator: " ")
            try collector.add(record, at: position)
        }
        return collector.items
    }

    /// Whether `word` is a todo.txt priority: an uppercase letter in parentheses, `(A)`.
    static func isPriority(_ word: Substring) -> Bool {
        word.count == 3 && word.first == "(" && word.last == ")" && word.dropFirst().first?.isUppercase == true
    }

    /// The first instant, in `calendar`, of the day a `YYYY-MM-DD` word names.
    static func day(_ word: Substring, calendar: Calendar) -> Date? {
        guard word.count == 10, case .day(let fields)? = ParsedTimestamp.parse(word) else { return nil }
        return ParsedTimestamp.day(fields).date(in: calendar)
    }

    /// Removes and returns a leading `YYYY-MM-DD` word as the first instant of that day.
    private static func leadingDay(_ words: inout ArraySlice<Substring>, calendar: Calendar) -> Date? {
        guard let word = words.first, let date = day(word, calendar: calendar) else { return nil }
        words.removeFirst()
        return date
    }

    /// Applies `word` to `record` when it is one of the tags this format writes.
    /// - Returns: whether the word was a tag (and so is not part of the text).
    private static func readTag(
        _ word: Substring, into record: inout ImportRecord, calendar: Calendar, position: ImportPosition, source: String
    ) throws(ExchangeError) -> Bool {
        guard let colon = word.firstIndex(of: ":") else { return false }
        let value = word[word.index(after: colon)...]
        switch word[..<colon] {
        case "due":
            guard let date = day(value, calendar: calendar) else {
                throw position.error("\(StoreError.quoted(String(word))) is not a due date of the form due:YYYY-MM-DD", source: source)
            }
            record.date = date
        case "color":
            record.color = try ImportRecord.color(value, in: "the color: tag", at: position, source: source)
        case "uuid":
            guard let id = UUID(uuidString: String(value)) else {
                throw position.error("\(StoreError.quoted(String(word))) does not hold a UUID", source: source)
            }
            record.id = id
        default:
            return false
        }
        return true
    }
}
