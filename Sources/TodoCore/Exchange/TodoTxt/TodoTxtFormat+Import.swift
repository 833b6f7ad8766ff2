import Foundation

extension TodoTxtFormat {
    /// Reads todo.txt lines: `x` and the completion date mark a done item (completed that day);
    /// a priority `(A)`, `(B)`, `(C)` (or `pri:A` on a done line) is high, medium, low, and `(D)`
    /// … `(Z)` low, kept as written; the creation date is read; `due:` (the date, a whole day),
    /// `t:` (the threshold: the start, a whole day), `color:` and `uuid:` set those fields
    /// wherever they stand; `+project` becomes the tag `project` and `@context` the tag
    /// `@context`; `rec:` is the repetition (`repetition(rec:)`: `rec:1w` from completion,
    /// `rec:+1w` strict); `h:` (and a `t:` that is no day, a `rec:` of another form) are kept as
    /// they are, in order, to be written back. The other words, other `key:value` words included,
    /// are the text. A line without `due:` is an item without a date. Blank lines are skipped. A
    /// repeating line and the done lines of its completed occurrences are one to-do
    /// (`TodoTxtSeries`).
    ///
    /// - Throws: `ExchangeError.invalidLine` for a `due:` that is not a `YYYY-MM-DD` day, a
    ///   `uuid:` that is not a UUID, a `color:` that is not one of the eight, or an empty text.
    /// - Complexity: O(n) in the length of the input.
    static func parse(
        _ bytes: [UInt8], source: String, now: Date, calendar: Calendar
    ) throws(ExchangeError) -> [TodoItem] {
        var collector = ImportCollector(format: .todotxt, source: source, now: now)
        var lines: [TodoTxtSeries.Line] = []
        for (index, line) in try ImportLines.split(bytes, source: source).enumerated()
        where !line.allSatisfy(\.isWhitespace) {
            let position = ImportPosition.line(index + 1)
            lines.append(
                (try record(of: Substring(line), calendar: calendar, position: position, source: source), position))
        }
        for line in TodoTxtSeries.merging(lines) {
            try collector.add(line.record, at: line.position)
        }
        return collector.items
    }

    /// The fields one line states.
    /// - Throws: as `parse`, for this line.
    static func record(
        of line: Substring, calendar: Calendar, position: ImportPosition, source: String
    ) throws(ExchangeError) -> ImportRecord {
        var words = line.split(separator: " ", omittingEmptySubsequences: false)[...]
        var record = ImportRecord(text: "")
        if words.first == "x" {
            record.isDone = true
            words.removeFirst()
            record.modifiedAt = leadingDay(&words, calendar: calendar)
            record.completedAt = record.modifiedAt
        } else if let first = words.first, isPriority(first) {
            words.removeFirst()
            record.priority = priority(letter: first.dropFirst().first)
            if record.priority == .low, first != "(C)" {
                record.foreign.todoTxt.append(String(first))
            }
        }
        record.createdAt = leadingDay(&words, calendar: calendar)
        var textWords: [Substring] = []
        for word in words {
            if try readTag(word, into: &record, calendar: calendar, position: position, source: source) {
                continue
            } else if word.count > 1, word.first == "+" {
                record.tags.insert(String(word.dropFirst()))
            } else if word.count > 1, word.first == "@" {
                record.tags.insert(String(word))
            } else if isKeptExtension(word) {
                record.foreign.todoTxt.append(String(word))
            } else {
                textWords.append(word)
            }
        }
        record.text = textWords.joined(separator: " ")
        // todo.txt dates are days.
        record.hasTime = false
        record.startHasTime = false
        return record
    }

    /// Whether `word` is a todo.txt priority: an uppercase letter in parentheses, `(A)`.
    static func isPriority(_ word: Substring) -> Bool {
        word.count == 3 && word.first == "(" && word.last == ")" && word.dropFirst().first?.isUppercase == true
    }

    /// The priority a todo.txt letter stands for: A high, B medium, every later letter low.
    static func priority(letter: Character?) -> TodoPriority {
        switch letter {
        case "A": .high
        case "B": .medium
        case .some: .low
        case nil: .none
        }
    }

    /// The `key:value` extensions other todo.txt programs act on, kept beside the text:
    /// threshold (`t:`, when it is not a day: a day is the start), recurrence (`rec:`) and hidden
    /// (`h:`). Any other `key:value` word stays
    /// where it stands in the text, so it is written back exactly there, and a text such as
    /// `see C:\logs` is never taken apart.
    static let keptExtensions: Set<Substring> = ["t", "rec", "h"]

    /// Whether `word` is one of `keptExtensions` with a value.
    static func isKeptExtension(_ word: Substring) -> Bool {
        guard let colon = word.firstIndex(of: ":"), keptExtensions.contains(word[..<colon]) else { return false }
        return word.index(after: colon) < word.endIndex
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
                throw position.error(
                    "\(StoreError.quoted(String(word))) is not a due date of the form due:YYYY-MM-DD", source: source)
            }
            record.date = date
        case "t":
            // A threshold in another form (Todour's `t:+30d` before it rewrites it) is kept.
            guard let date = day(value, calendar: calendar) else { return false }
            record.start = date
        case "color":
            record.color = try ImportRecord.color(value, in: "the color: tag", at: position, source: source)
        case "pri" where value.count == 1 && value.first?.isUppercase == true && value.first?.isASCII == true:
            record.priority = priority(letter: value.first)
            if record.priority == .low, value != "C" {
                record.foreign.todoTxt.append("(\(value))")
            }
        case "rec":
            // A value no client computes the way todo-tui does stays a kept token.
            guard let repetition = repetition(rec: value) else { return false }
            record.repetition = repetition
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
