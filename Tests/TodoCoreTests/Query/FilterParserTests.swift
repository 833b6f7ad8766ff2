import Foundation
import Testing

@testable import TodoCore

@Suite("FilterParser")
struct FilterParserTests {
    /// Europe/Berlin, and Wednesday 2025-01-15 10:20:30.456 there: the date tests' fixture.
    static let berlin = DateInputTests.berlin
    static let now = DateInputTests.now

    func parse(_ text: String, now: Date = now) throws(FilterError) -> TodoPredicate {
        try FilterParser.parse(text, now: now, calendar: Self.berlin)
    }

    /// The error `text` raises; fails the test when it parses.
    func failure(_ text: String) throws -> FilterError {
        let error: FilterError? =
            switch Result(catching: { () throws(FilterError) in try parse(text) }) {
            case .success: nil
            case .failure(let error): error
            }
        return try #require(error, "'\(text)' parsed without an error")
    }

    func item(_ text: String, date: Date = now, color: TodoColor = .default, isDone: Bool = false) -> TodoItem {
        TodoItem(text: text, date: date, color: color, isDone: isDone, createdAt: Self.now)
    }

    // MARK: - Free words

    @Test("an empty or blank filter is every item", arguments: ["", " ", "\t ", "\u{3000}"])
    func blank(text: String) throws {
        #expect(try parse(text) == .all)
    }

    @Test("free words each become a text condition, all of which must hold")
    func freeWords() throws {
        #expect(try parse("milk") == .textContains("milk"))
        #expect(try parse("  buy   milk ") == .and([.textContains("buy"), .textContains("milk")]))
        #expect(try parse("牛乳\u{3000}パン") == .and([.textContains("牛乳"), .textContains("パン")]))
        #expect(try parse("buy milk").description == #"and(text~"buy", text~"milk")"#)
    }

    @Test("free words match ignoring case and diacritics")
    func caseAndDiacritics() throws {
        let cafe = try parse("cafe")
        #expect(cafe.evaluate(item("Café au lait")))
        #expect(try parse("CAFÉ").evaluate(item("cafe on the corner")))
        #expect(try parse("TOKYO").evaluate(item("Trip to Tokyo")))
        #expect(try parse("東京").evaluate(item("東京タワーに行く")))
        #expect(!cafe.evaluate(item("Coffee")))
        #expect(try parse("buy milk").evaluate(item("Milk: buy two")))
        #expect(try !parse("buy milk").evaluate(item("Buy bread")))
    }

    @Test("a quoted phrase keeps its spaces and may hold field-like text")
    func quotedPhrases() throws {
        #expect(try parse(#""oat milk" bread"#) == .and([.textContains("oat milk"), .textContains("bread")]))
        #expect(try parse(#""re: budget""#) == .textContains("re: budget"))
        #expect(try parse(#""color:red""#) == .textContains("color:red"))
        #expect(try parse(#""-5""#) == .textContains("-5"))
        #expect(try parse(#"5" screws"#) == .and([.textContains(#"5""#), .textContains("screws")]))
        #expect(try parse(#"say"hi""#) == .textContains(#"say"hi""#))
        #expect(try parse(#""oat milk""#).evaluate(item("Buy OAT MILK")))
        #expect(try !parse(#""oat milk""#).evaluate(item("Buy oat and milk")))
    }

    @Test("only ASCII letters directly followed by an operator make a field; other colons are text")
    func fieldShape() throws {
        #expect(try parse("10:30") == .textContains("10:30"))
        #expect(try parse("東京:") == .textContains("東京:"))
        #expect(try parse("x2:y") == .textContains("x2:y"))
        #expect(try parse(":done") == .textContains(":done"))
        #expect(try parse("a-b") == .textContains("a-b"))
        #expect(try parse("1<2") == .textContains("1<2"))
    }

    // MARK: - Negation

    @Test("a leading minus negates a word, a phrase or a field")
    func negation() throws {
        #expect(try parse("-milk") == .not(.textContains("milk")))
        #expect(try parse(#"-"oat milk""#) == .not(.textContains("oat milk")))
        #expect(try parse("-done:yes") == .not(.isDone(true)))
        #expect(try parse("-color:red") == .not(.color(.red)))
        #expect(try parse("--x") == .not(.textContains("-x")))
        #expect(try parse("milk -oat") == .and([.textContains("milk"), .not(.textContains("oat"))]))
        #expect(try parse("milk -oat").evaluate(item("Milk")))
        #expect(try !parse("milk -oat").evaluate(item("Oat milk")))
    }

    // MARK: - Fields

    @Test("done takes yes, no, true or false, in any case, after : or =")
    func done() throws {
        #expect(try parse("done:yes") == .isDone(true))
        #expect(try parse("done:true") == .isDone(true))
        #expect(try parse("done:no") == .isDone(false))
        #expect(try parse("done:false") == .isDone(false))
        #expect(try parse("DONE:Yes") == .isDone(true))
        #expect(try parse("done=no") == .isDone(false))
        #expect(try parse("done:yes").evaluate(item("x", isDone: true)))
        #expect(try !parse("done:yes").evaluate(item("x", isDone: false)))
    }

    @Test("color takes each of the eight colours, in any case", arguments: TodoColor.allCases)
    func colors(color: TodoColor) throws {
        #expect(try parse("color:\(color.rawValue)") == .color(color))
        #expect(try parse("Color=\(color.rawValue.uppercased())") == .color(color))
        #expect(try parse("color:\(color.rawValue)").evaluate(item("x", color: color)))
        #expect(try !parse("color:\(color.rawValue)").evaluate(item("x", color: color.next)))
    }

    @Test("date:DAY is that whole day, from its start to the start of the next")
    func dateDay() throws {
        let today = #"and(date>=2025-01-14T23:00:00.000Z, date<2025-01-15T23:00:00.000Z)"#
        #expect(try parse("date:today").description == today)
        #expect(try parse("date=today").description == today)
        #expect(try parse("DATE:TODAY").description == today)
        #expect(try parse("date:2025-01-15T09:30").description == today)
        #expect(
            try parse("date:fri").description == #"and(date>=2025-01-16T23:00:00.000Z, date<2025-01-17T23:00:00.000Z)"#)
        #expect(
            try parse("date:+3d").description == #"and(date>=2025-01-17T23:00:00.000Z, date<2025-01-18T23:00:00.000Z)"#)
        #expect(
            try parse("date:wed").description == #"and(date>=2025-01-21T23:00:00.000Z, date<2025-01-22T23:00:00.000Z)"#)
    }

    @Test("date comparisons work in whole days")
    func dateComparisons() throws {
        #expect(try parse("date>=2025-01-01").description == "date>=2024-12-31T23:00:00.000Z")
        #expect(try parse("date>2025-01-01").description == "date>=2025-01-01T23:00:00.000Z")
        #expect(try parse("date<2025-02-01").description == "date<2025-01-31T23:00:00.000Z")
        #expect(try parse("date<=2025-02-01").description == "date<2025-02-01T23:00:00.000Z")
        #expect(try parse("date>=yesterday").description == "date>=2025-01-13T23:00:00.000Z")
        #expect(try parse("-date<today").description == "not(date<2025-01-14T23:00:00.000Z)")
    }

    @Test("date tests include an item at the last millisecond of the day and exclude one at the next midnight")
    func dateBoundaries() throws {
        let today = try parse("date:today")
        let lastMillisecond = Date(millisecondsSince1970: 1_736_981_999_999)
        let nextMidnight = Date(millisecondsSince1970: 1_736_982_000_000)
        #expect(nextMidnight.iso8601UTC == "2025-01-15T23:00:00.000Z")
        #expect(today.evaluate(item("x", date: lastMillisecond)))
        #expect(!today.evaluate(item("x", date: nextMidnight)))
        #expect(try parse("date:tomorrow").evaluate(item("x", date: nextMidnight)))
        #expect(try parse("date<=today").evaluate(item("x", date: lastMillisecond)))
        #expect(try !parse("date<=today").evaluate(item("x", date: nextMidnight)))
        #expect(try parse("date>today").evaluate(item("x", date: nextMidnight)))
        #expect(try !parse("date>today").evaluate(item("x", date: lastMillisecond)))
    }

    @Test("the spring-forward day is 23 hours long and the autumn day 25")
    func dateDaylightSaving() throws {
        #expect(
            try parse("date:2025-03-30").description
                == #"and(date>=2025-03-29T23:00:00.000Z, date<2025-03-30T22:00:00.000Z)"#)
        #expect(
            try parse("date:2025-10-26").description
                == #"and(date>=2025-10-25T22:00:00.000Z, date<2025-10-26T23:00:00.000Z)"#)
        let saturday = Date(millisecondsSince1970: 1_743_246_000_000)
        #expect(
            try parse("date:tomorrow", now: saturday).description
                == #"and(date>=2025-03-29T23:00:00.000Z, date<2025-03-30T22:00:00.000Z)"#)
        #expect(try parse("date>sun", now: saturday).description == "date>=2025-03-30T22:00:00.000Z")
    }

    // MARK: - Combination

    @Test("conditions combine in the order typed into one flat conjunction with a stable description")
    func combination() throws {
        let predicate = try parse(#"buy -"oat milk" done:no color:red date:today"#)
        #expect(
            predicate.description
                == #"and(text~"buy", not(text~"oat milk"), done=false, color=red, date>=2025-01-14T23:00:00.000Z, date<2025-01-15T23:00:00.000Z)"#
        )
        #expect(predicate.evaluate(item("Buy bread", color: .red)))
        #expect(!predicate.evaluate(item("Buy oat milk", color: .red)))
        #expect(!predicate.evaluate(item("Buy bread", color: .blue)))
        #expect(!predicate.evaluate(item("Buy bread", color: .red, isDone: true)))
        #expect(!predicate.evaluate(item("Buy bread", date: Self.now.addingTimeInterval(-86_400), color: .red)))
        #expect(
            try parse("-date:today done:yes").description
                == #"and(not(and(date>=2025-01-14T23:00:00.000Z, date<2025-01-15T23:00:00.000Z)), done=true)"#)
        #expect(
            try parse("date>=2025-01-01 date<2025-02-01").description
                == "and(date>=2024-12-31T23:00:00.000Z, date<2025-01-31T23:00:00.000Z)")
    }

    // MARK: - Errors

    @Test("each mistake is reported at its token with its reason")
    func errors() throws {
        let cases: [(String, Int, Int, FilterError.Reason)] = [
            (#"milk "oat"#, 5, 4, .unterminatedQuote),
            (#"""#, 0, 1, .unterminatedQuote),
            (#"-"x"#, 1, 2, .unterminatedQuote),
            (#"a """#, 2, 2, .emptyPhrase),
            (#""oat milk"s bread"#, 10, 1, .textAfterQuote),
            (#""a"-b" c"#, 3, 3, .textAfterQuote),
            ("milk - bread", 5, 1, .nothingToNegate),
            ("milk -", 5, 1, .nothingToNegate),
            ("-", 0, 1, .nothingToNegate),
            ("colour:red", 0, 6, .unknownField("colour")),
            ("buy due:today", 4, 3, .unknownField("due")),
            ("re:", 0, 2, .unknownField("re")),
            ("https://example.com", 0, 5, .unknownField("https")),
            ("-Urgency>2", 1, 7, .unknownField("Urgency")),
            ("-Priority>2", 10, 1, .invalidFieldValue(.priority)),
            ("has:dates", 4, 5, .invalidFieldValue(.has)),
            ("tag<x", 3, 1, .unsupportedOperator("<", field: .tag)),
            ("color:", 0, 6, .missingValue(.color)),
            ("milk done=", 5, 5, .missingValue(.done)),
            ("date>=", 0, 6, .missingValue(.date)),
            ("color>red", 5, 1, .unsupportedOperator(">", field: .color)),
            ("done>=yes", 6, 3, .invalidValue(.unknownDate("yes"))),
            ("done<", 0, 5, .missingValue(.done)),
            ("date>none", 5, 4, .invalidFieldValue(.date)),
            ("is:waiting", 3, 7, .invalidFieldValue(.is)),
            ("done:maybe", 5, 5, .invalidDoneValue("maybe")),
            ("color:mauve", 6, 5, .invalidValue(.unknownColor("mauve"))),
            ("date:tomorow", 5, 7, .invalidValue(.unknownDate("tomorow"))),
            (
                "date<2025-02-30", 5, 10,
                .invalidValue(.invalidDate("2025-02-30", problem: .dayOutOfRange(year: 2025, month: 2, lastDay: 28)))
            ),
            (
                "date>=2025-01-31T25:00", 6, 16,
                .invalidValue(.invalidDate("2025-01-31T25:00", problem: .hourOutOfRange))
            ),
            ("東京 color:mauve", 9, 5, .invalidValue(.unknownColor("mauve"))),
            ("colour:red color:mauve", 0, 6, .unknownField("colour")),
        ]
        for (text, offset, length, reason) in cases {
            let error = try failure(text)
            #expect(error == FilterError(filter: text, offset: offset, length: length, reason: reason), "\(text)")
            #expect(error.column == offset + 1)
        }
    }

    @Test("messages are one sentence naming the token and its column")
    func messages() throws {
        let expected = [
            #"milk "oat"#: #"The phrase '"oat' at column 6 of the filter has no closing quote; add a " after it."#,
            #"a """#: #"Empty quotes '""' at column 3 of the filter; put words between them or remove them."#,
            #""oat milk"s"#: "Text 's' at column 11 of the filter is glued to a closing quote; put a space before it.",
            "milk - bread":
                #"Nothing follows the '-' at column 6 of the filter; write -word or -field:value, or "-" to search for a minus sign."#,
            "buy colour:red":
                "Unknown field 'colour' at column 5 of the filter; use done:, color:, date:, start:, pri:, tag:, has:, is: or list:, or put the text in quotes to search for it.",
            "color:":
                "No value after 'color:' at column 1 of the filter; use one of default, red, green, yellow, blue, magenta, cyan, white.",
            "done=":
                "No value after 'done=' at column 1 of the filter; use yes, no, true or false, or the day it was done (done:today, done>=mon).",
            "date<":
                "No value after 'date<' at column 1 of the filter; use today, tomorrow, yesterday, a weekday (mon…sun), next week, next mon…next sun, +3d, -2d, +1w, 2025-01-31 or 2025-01-31T09:30, "
                + "each optionally followed by a time (tomorrow 9:00, tue 14:30), or a time alone for today (9am, 9:30pm, 18:00), or none.",
            "color>red":
                "Operator '>' at column 6 of the filter does not apply to color; only date, start, done (with a day) and priority take <, <=, > and >=.",
            "done:maybe":
                "Unknown done value 'maybe' at column 6 of the filter; use yes, no, true or false, or the day it was done (done:today, done>=mon).",
            "color:mauve":
                "Unknown colour 'mauve' at column 7 of the filter; use one of default, red, green, yellow, blue, magenta, cyan, white.",
            "milk date:tomorow":
                "Unknown date 'tomorow' at column 11 of the filter; use today, tomorrow, yesterday, a weekday (mon…sun), next week, next mon…next sun, +3d, -2d, +1w, 2025-01-31 or 2025-01-31T09:30, "
                + "each optionally followed by a time (tomorrow 9:00, tue 14:30), or a time alone for today (9am, 9:30pm, 18:00).",
            "date>=2025-02-30": "Invalid date '2025-02-30' at column 7 of the filter; 2025-02 has days 01 to 28.",
            "date:+99999999d":
                "Invalid date '+99999999d' at column 6 of the filter; only the years 1000 to 9999 are supported.",
        ]
        for (text, message) in expected {
            let description = try failure(text).description
            #expect(description == message)
            #expect(!description.contains("\n"))
        }
    }

    @Test("the token is the offending text as typed")
    func token() throws {
        #expect(try failure("milk date:tomorow").token == "tomorow")
        #expect(try failure(#"milk "oat"#).token == #""oat"#)
        #expect(try failure("Color>Red").token == ">")
    }
}
