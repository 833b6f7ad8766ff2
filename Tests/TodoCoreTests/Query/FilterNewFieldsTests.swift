import Foundation
import Testing
import TodoCore

/// Filters over priority, tags and notes (issue 15): `pri:`, `pri>=`, `tag:`, `+word`, `has:`,
/// and `-` before any of them.
@Suite("Filters on priority, tags and notes")
struct FilterNewFieldsTests {
    static let now = Date(timeIntervalSince1970: 1_795_132_800)
    static let calendar = Calendar(identifier: .gregorian)
    static let items: [TodoItem] = [
        TodoItem(text: "none", date: now, createdAt: now),
        TodoItem(text: "low", date: now, createdAt: now, priority: .low, tags: ["Work"]),
        TodoItem(text: "medium", date: now, createdAt: now, notes: "n", priority: .medium, tags: ["home", "Café"]),
        TodoItem(text: "high", date: now, createdAt: now, priority: .high, tags: ["work", "urgent"]),
    ]

    func matches(_ filter: String) throws -> [String] {
        let predicate = try FilterParser.parse(filter, now: Self.now, calendar: Self.calendar)
        return Self.items.filter(predicate.evaluate).map(\.text)
    }

    @Test(
        "priority: equal and ordered, by name or letter, pri: or priority:",
        arguments: [
            ("pri:high", ["high"]), ("pri:h", ["high"]), ("priority:m", ["medium"]), ("PRI:None", ["none"]),
            ("pri>=medium", ["medium", "high"]), ("pri>low", ["medium", "high"]), ("pri<medium", ["none", "low"]),
            ("pri<=low", ["none", "low"]), ("pri>high", []), ("pri<none", []),
            ("-pri:none", ["low", "medium", "high"]),
        ])
    func priority(filter: String, expected: [String]) throws {
        #expect(try matches(filter) == expected, "\(filter)")
    }

    @Test(
        "tags: tag:word and +word, ignoring case and diacritics; -tag: and -+word exclude",
        arguments: [
            ("tag:work", ["low", "high"]), ("+WORK", ["low", "high"]), ("+cafe", ["medium"]),
            ("-tag:work", ["none", "medium"]),
            ("-+urgent", ["none", "low", "medium"]), ("+work +urgent", ["high"]), ("\"+work\"", []), ("+", []),
        ])
    func tags(filter: String, expected: [String]) throws {
        #expect(try matches(filter) == expected, "\(filter)")
    }

    @Test(
        "has: notes, tags, priority; and negated",
        arguments: [
            ("has:notes", ["medium"]), ("has:tags", ["low", "medium", "high"]),
            ("has:priority", ["low", "medium", "high"]),
            ("-has:notes", ["none", "low", "high"]), ("HAS:Tags pri>=medium", ["medium", "high"]),
        ])
    func has(filter: String, expected: [String]) throws {
        #expect(try matches(filter) == expected, "\(filter)")
    }

    @Test("has:repeat: a rule computed here or one another program keeps; -has:repeat the rest")
    func hasRepeat() throws {
        let weekly = try RecurrenceRule(rrule: "FREQ=WEEKLY")
        let items = [
            TodoItem(
                text: "here", date: Self.now, createdAt: Self.now, repetition: ItemRepetition(Repetition(rule: weekly))),
            TodoItem(
                text: "foreign", date: Self.now, createdAt: Self.now,
                foreign: ForeignProperties(todoTxt: ["rec:+1w"])),
            TodoItem(text: "once", date: Self.now, createdAt: Self.now),
        ]
        for (filter, expected) in [("has:repeat", ["here", "foreign"]), ("-has:repeat", ["once"])] {
            let predicate = try FilterParser.parse(filter, now: Self.now, calendar: Self.calendar)
            #expect(items.filter(predicate.evaluate).map(\.text) == expected, "\(filter)")
        }
    }

    @Test(
        "bad values name what the field takes",
        arguments: [
            (
                "pri:urgent",
                "Unknown priority value 'urgent' at column 5 of the filter; use none, low, medium or high (or l, m, h)."
            ),
            (
                "has:dates",
                "Unknown has value 'dates' at column 5 of the filter; use notes, tags, priority, date, start, repeat or "
                    + "alarm."
            ),
            (
                "tag>x",
                "Operator '>' at column 4 of the filter does not apply to tag; only date, start, done (with a day) and priority take <, <=, > "
                    + "and >=."
            ),
            ("tag:", "No value after 'tag:' at column 1 of the filter; use a tag, such as tag:work."),
        ])
    func errors(filter: String, message: String) {
        #expect(throws: FilterError.self) { try FilterParser.parse(filter, now: Self.now, calendar: Self.calendar) }
        do {
            _ = try FilterParser.parse(filter, now: Self.now, calendar: Self.calendar)
        } catch {
            #expect(error.description == message)
        }
    }
}
