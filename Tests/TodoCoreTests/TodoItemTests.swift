import Foundation
import Testing
import TodoCore

@Suite("TodoItem")
struct TodoItemTests {
    @Test("typed text is trimmed and validated")
    func validation() throws {
        #expect(try TodoItem.validatedText("  Buy milk ") == "Buy milk")
        #expect(throws: ItemError.emptyText) { try TodoItem.validatedText("   ") }
        #expect(throws: ItemError.controlCharacter(scalar: 0x0A, offset: 3)) { try TodoItem.validatedText("Buy\nmilk") }
        #expect(throws: ItemError.controlCharacter(scalar: 0x1B, offset: 0)) {
            try TodoItem.validatedText("\u{1B}[31mred")
        }
        #expect(throws: ItemError.textTooLong(count: 4_097)) {
            try TodoItem.validatedText(String(repeating: "a", count: 4_097))
        }
        #expect(try TodoItem.validatedText(String(repeating: "가", count: 4_096)).count == 4_096)
    }

    @Test("dates are kept to whole milliseconds")
    func millisecondPrecision() {
        var item = TodoItem(
            text: "x", date: Date(timeIntervalSince1970: 1.0004), createdAt: Date(timeIntervalSince1970: 2.0006))
        #expect(item.date == Date(millisecondsSince1970: 1_000))
        #expect(item.createdAt == Date(millisecondsSince1970: 2_001))
        item.date = Date(timeIntervalSince1970: 3.0007)
        #expect(item.date?.millisecondsSince1970 == 3_001)
    }

    @Test("colours cycle in declaration order")
    func colorCycle() throws {
        #expect(TodoColor.default.next == .red)
        #expect(TodoColor.white.next == .default)
        #expect(try TodoColor.parse("Blue") == .blue)
        #expect(throws: ItemError.unknownColor("mauve")) { try TodoColor.parse("mauve") }
    }
}
