import Foundation
import Testing

@testable import TodoCore

@Suite("Quick add")
struct QuickAddParserTests {
    static let utc: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        return calendar
    }()
    /// Thu 2026-11-26 12:30 UTC.
    static let now = Date(timeIntervalSince1970: 1_795_696_200)
    static let today = Date(timeIntervalSince1970: 1_795_651_200)

    func parse(_ line: String) throws(QuickAddError) -> QuickAdd {
        try QuickAddParser.parse(line, now: Self.now, calendar: Self.utc)
    }

    @Test("tokens set the fields; every other word is the text, spaced as typed")
    func tokens() throws {
        let line = try parse("Buy bread +shop due:fri !!  at the #corner  shop")
        #expect(line.text == "Buy bread at the shop", "a token takes the space after it away")
        #expect(line.due == .some(ItemDate(date: Self.today + 86_400, hasTime: false)))
        #expect(line.priority == .medium && Array(line.tags) == ["shop", "corner"])
        let timed = try parse("Call start:+3d due:2026-12-01T09:30 pri:h")
        #expect(timed.due == .some(ItemDate(date: Date(timeIntervalSince1970: 1_796_117_400), hasTime: true)))
        #expect(timed.start == .some(ItemDate(date: Self.today + 3 * 86_400, hasTime: false)))
        #expect(timed.priority == .high && timed.text == "Call")
        #expect(try parse("Someday due:none").due == .some(nil))
        #expect(try parse("Plain").due == nil, "no due: leaves the date to the caller")
    }

    @Test("#482, C#, a+b, user@host and a \\ token stay text", arguments: ["#482", "C#", "a+b", "user@host", "+1"])
    func text(word: String) throws {
        #expect(try parse("Fix \(word) now").text == "Fix \(word) now")
        #expect(try parse(#"Say \due:fri"#).text == "Say due:fri")
        #expect(try parse(#"Say \due:fri"#).due == nil)
    }

    @Test(
        "a bad token is refused naming it",
        arguments: [
            ("Buy due:fryday", 4, "'due:fryday'"), ("x pri:urgent", 2, "'pri:urgent'"), ("x due:", 2, "'due:'"),
            ("x due:fri due:mon", 10, "'due:mon' sets what 'due:fri' set already"),
        ])
    func refusals(line: String, offset: Int, named: String) {
        do {
            _ = try parse(line)
            Issue.record("read \(line)")
        } catch {
            #expect(error.offset == offset)
            #expect(error.description.contains(named), "\(error.description)")
        }
    }
}
