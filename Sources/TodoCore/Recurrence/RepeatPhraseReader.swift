import Foundation

/// The word-by-word reading behind ``RepeatPhrase/parse(_:anchor:calendar:)``.
struct RepeatPhraseReader {
    private let words: [String]
    private let anchor: Date?
    private let calendar: Calendar
    private var index = 0
    private var frequency: RecurrenceRule.Frequency?
    private var frequencyWord = ""
    private var interval = 1
    private var byDay: [RecurrenceRule.WeekdayRule] = []
    private var byMonthDay: [Int] = []
    /// The first word that asked for days of the month or ordinal weekdays, for the error.
    private var dayWord: String?
    private var repeatAnchor = RepeatAnchor.due
    private var count: Int?
    private var until: RecurrenceRule.Day?

    init(words: [String], anchor: Date?, calendar: Calendar) {
        self.words = words
        self.anchor = anchor
        self.calendar = calendar
    }

    private static let weekdayNames: [String: RecurrenceRule.Weekday] = {
        var names: [String: RecurrenceRule.Weekday] = [:]
        let spellings = [
            ["mo", "mon", "monday"], ["tu", "tue", "tues", "tuesday"], ["we", "wed", "wednesday"],
            ["th", "thu", "thur", "thurs", "thursday"], ["fr", "fri", "friday"], ["sa", "sat", "saturday"],
            ["su", "sun", "sunday"],
        ]
        for (day, spelled) in zip(RecurrenceRule.Weekday.allCases, spellings) {
            for name in spelled { names[name] = day }
            names[spelled[spelled.count - 1] + "s"] = day
        }
        return names
    }()

    private static let monthNames = [
        "jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec",
    ]

    /// The weekday a word names (`mon`, `Monday`, `mondays`, `MO`), or `nil`.
    static func weekday(_ word: some StringProtocol) -> RecurrenceRule.Weekday? {
        weekdayNames[word.lowercased()]
    }

    private func word(at offset: Int) -> String? {
        words.indices.contains(index + offset) ? words[index + offset].lowercased() : nil
    }

    mutating func read() throws(RepeatPhraseError) -> Repetition {
        while index < words.count {
            try readWord()
        }
        guard let frequency else { throw .missingFrequency }
        if let dayWord, frequency == .daily || frequency == .weekly {
            throw .notForFrequency(dayWord, frequency: frequencyWord)
        }
        if frequency == .daily && !byDay.isEmpty {
            throw .notForFrequency(byDay[0].weekday.code.lowercased(), frequency: frequencyWord)
        }
        let firstWeekday = RecurrenceRule.Weekday(calendarWeekday: calendar.firstWeekday)
        let weekOrder = { (day: RecurrenceRule.Weekday) in (day.rawValue - firstWeekday.rawValue + 7) % 7 }
        var seen = Set<RecurrenceRule.WeekdayRule>()
        let days = byDay.filter { seen.insert($0).inserted }.sorted {
            ($0.ordinal ?? 0, weekOrder($0.weekday)) < ($1.ordinal ?? 0, weekOrder($1.weekday))
        }
        let weekStartMatters = frequency == .weekly && interval > 1 && days.count > 1 && firstWeekday != .monday
        var rule = RecurrenceRule(
            frequency: frequency, interval: interval, byDay: days, byMonthDay: Array(Set(byMonthDay)).sorted(),
            weekStart: weekStartMatters ? firstWeekday : nil, count: count)
        if let until { rule.setUntil(.date(until)) }
        return Repetition(rule: rule, anchor: repeatAnchor)
    }

    private mutating func readWord() throws(RepeatPhraseError) {
        let original = words[index]
        let word = original.lowercased()
        index += 1
        switch word {
        case "daily": try setFrequency(.daily, word: original)
        case "weekly": try setFrequency(.weekly, word: original)
        case "monthly": try setFrequency(.monthly, word: original)
        case "yearly", "annually": try setFrequency(.yearly, word: original)
        case "fortnightly":
            try setFrequency(.weekly, word: original)
            interval = 2
        case "weekdays":
            try setFrequency(.weekly, word: original)
            byDay += Self.workingDays
        case "every": try readEvery()
        case "on": try readOn()
        case "and", "the": break
        case "after":
            guard let next = self.word(at: 0), next == "done" || next == "completion" else {
                throw .incomplete(original)
            }
            index += 1
            repeatAnchor = .completion
        case "until": try readUntil()
        case "last":
            guard self.word(at: 0) == "time" else { throw .unknownWord(original) }
            index += 1
            count = 1
        default:
            if let day = Self.weekday(word) {
                byDay.append(RecurrenceRule.WeekdayRule(day))
            } else if let number = Int(word) {
                try readCount(number, word: original)
            } else {
                throw .unknownWord(original)
            }
        }
    }

    private static let workingDays = [RecurrenceRule.Weekday.monday, .tuesday, .wednesday, .thursday, .friday].map {
        RecurrenceRule.WeekdayRule($0)
    }

    private mutating func setFrequency(_ value: RecurrenceRule.Frequency, word: String) throws(RepeatPhraseError) {
        guard frequency == nil else { throw .repeatedFrequency(word, earlier: frequencyWord) }
        frequency = value
        frequencyWord = word
    }

    private static func unit(_ word: String) -> RecurrenceRule.Frequency? {
        switch word {
        case "day", "days": .daily
        case "week", "weeks": .weekly
        case "month", "months": .monthly
        case "year", "years": .yearly
        default: nil
        }
    }

    /// `every N units`, `every other unit`, `every unit`, `every weekday`, `every mon thu`.
    private mutating func readEvery() throws(RepeatPhraseError) {
        guard let next = word(at: 0) else { throw .incomplete("every") }
        let phrase = "every " + next
        if let number = Int(next) {
            guard (1...RepeatPhrase.largestNumber).contains(number) else { throw .invalidNumber(words[index]) }
            guard let unitWord = word(at: 1), let unit = Self.unit(unitWord) else { throw .incomplete(phrase) }
            index += 2
            try setFrequency(unit, word: "\(phrase) \(unitWord)")
            interval = number
        } else if next == "other" {
            guard let unitWord = word(at: 1), let unit = Self.unit(unitWord) else { throw .incomplete(phrase) }
            index += 2
            try setFrequency(unit, word: "\(phrase) \(unitWord)")
            interval = 2
        } else if let unit = Self.unit(next) {
            index += 1
            try setFrequency(unit, word: phrase)
        } else if next == "weekday" {
            index += 1
            try setFrequency(.weekly, word: phrase)
            byDay += Self.workingDays
        } else if Self.weekday(next) != nil {
            try setFrequency(.weekly, word: phrase)
            while let name = word(at: 0), name == "and" || Self.weekday(name) != nil {
                if let day = Self.weekday(name) { byDay.append(RecurrenceRule.WeekdayRule(day)) }
                index += 1
            }
        } else {
            throw .unknownWord(words[index])
        }
    }

    /// `on mon and thu`, `on the 31st`, `on the last day`, `on the last fri`, `on the 1st and 15th`.
    private mutating func readOn() throws(RepeatPhraseError) {
        if word(at: 0) == "the" { index += 1 }
        var readAny = false
        while let next = word(at: 0) {
            if next == "and" || next == "the" {
                index += 1
            } else if next == "weekdays" {
                byDay += Self.workingDays
                index += 1
            } else if let day = Self.weekday(next) {
                byDay.append(RecurrenceRule.WeekdayRule(day))
                index += 1
            } else if let ordinal = Self.ordinal(next) {
                let place = "on the " + next
                index += 1
                if let name = word(at: 0), let day = Self.weekday(name) {
                    dayWord = dayWord ?? place + " " + name
                    guard abs(ordinal) <= 5 else { throw .notForFrequency(place + " " + name, frequency: "monthly") }
                    byDay.append(RecurrenceRule.WeekdayRule(day, ordinal: ordinal))
                    index += 1
                } else {
                    dayWord = dayWord ?? place
                    if word(at: 0) == "day" { index += 1 }
                    guard (1...31).contains(abs(ordinal)) else { throw .invalidNumber(words[index - 1]) }
                    byMonthDay.append(ordinal)
                }
            } else {
                break
            }
            readAny = true
        }
        guard readAny else { throw .incomplete("on") }
    }

    /// `1st`, `2nd`, `31st`, `first` … `fifth`, `last` (−1).
    private static func ordinal(_ word: String) -> Int? {
        let words = ["first": 1, "second": 2, "third": 3, "fourth": 4, "fifth": 5, "last": -1]
        if let value = words[word] { return value }
        guard ["st", "nd", "rd", "th"].contains(where: { word.hasSuffix($0) }), let number = Int(word.dropLast(2)),
            number >= 1
        else { return nil }
        return number
    }

    /// `3 times`, `2 more times`, `1 time`.
    private mutating func readCount(_ number: Int, word original: String) throws(RepeatPhraseError) {
        var more = 0
        if self.word(at: 0) == "more" {
            more = 1
            index += 1
        }
        guard let unit = self.word(at: 0), unit == "times" || unit == "time" else { throw .unknownWord(original) }
        index += 1
        guard (1 - more...RepeatPhrase.largestNumber).contains(number) else { throw .invalidNumber(original) }
        count = number + more
    }

    /// `until 2027-06-30`, `until fri` (relative to the anchor), `until 30 Jun 2027`.
    private mutating func readUntil() throws(RepeatPhraseError) {
        guard let first = word(at: 0) else { throw .incomplete("until") }
        var text = words[index]
        var day: RecurrenceRule.Day?
        if let dayOfMonth = Int(first), let monthWord = word(at: 1),
            let month = Self.monthNames.firstIndex(where: { monthWord.hasPrefix($0) }), let yearWord = word(at: 2),
            let year = Int(yearWord), yearWord.count == 4
        {
            text = words[index..<index + 3].joined(separator: " ")
            guard (1...CivilDate.lastDay(ofMonth: month + 1, year: year)).contains(dayOfMonth) else {
                throw .invalidUntil(text, problem: .unknownDate(text))
            }
            day = RecurrenceRule.Day(year: year, month: month + 1, day: dayOfMonth)
            index += 3
        } else {
            index += 1
            // Without the to-do's date nothing anchors `until fri`: only a date naming its day.
            let namesItsDay = text.count == 10 && text.first?.isNumber == true
            guard anchor != nil || namesItsDay else { throw .invalidUntil(text, problem: .unknownDate(text)) }
            let start: Date
            do {
                start = try DateInput.day(text, now: anchor ?? Date(timeIntervalSince1970: 0), calendar: calendar)
            } catch {
                throw .invalidUntil(text, problem: error)
            }
            day = RecurrenceRule.Day(dayNumber: WallClock.dayNumber(of: start, in: calendar.timeZone))
        }
        if let anchor, let day, day.dayNumber < WallClock.dayNumber(of: anchor, in: calendar.timeZone) {
            throw .invalidUntil(text, problem: nil)
        }
        until = day
    }
}
