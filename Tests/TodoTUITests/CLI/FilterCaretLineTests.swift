import Foundation
import Testing
import TodoCore

@testable import todo_tui

@Suite("Filter caret line")
struct FilterCaretLineTests {
    func failure(_ text: String) throws -> FilterError {
        let now = Date(timeIntervalSince1970: 1_736_932_830)
        let error: FilterError? =
            switch Result(catching: { () throws(FilterError) in
                try FilterParser.parse(text, now: now, calendar: Calendar(identifier: .gregorian))
            }) {
            case .success: nil
            case .failure(let error): error
            }
        return try #require(error, "'\(text)' parsed without an error")
    }

    @Test("the caret line puts carets under the token, counting wide characters twice and keeping tabs")
    func caretLine() throws {
        #expect(try failure("color:mauve").caretLine == "      ^^^^^")
        #expect(try failure("colour:red").caretLine == "^^^^^^")
        #expect(try failure("東京 color:mauve").caretLine == "           ^^^^^")
        #expect(try failure("🍕 done:maybe").caretLine == "        ^^^^^")
        #expect(try failure("a\tcolor:").caretLine == " \t^^^^^^")
        #expect(try failure("done:東京").caretLine == "     ^^^^")
        #expect(try failure("café done:x").caretLine == "          ^")
        #expect(try failure("cafe\u{301} done:x").caretLine == "          ^")
        #expect(try failure("cafe\u{301} done:x").column == 11)
    }
}
