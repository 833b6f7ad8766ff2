import Foundation
import Testing
import TodoCore
@testable import todo_tui

/// `todo-tui list` prints texts from the store inert, as the screen draws them.
@Suite("ItemListFormatter")
struct ItemListFormatterTests {
    @Test("printable ASCII is printed as it is; controls, escapes and invisible characters never reach the terminal", arguments: [
        ("Buy milk, eggs; and \"bread\" ~ #482", "Buy milk, eggs; and \"bread\" ~ #482"),
        ("\u{1B}[31mred\u{1B}[0m", "␛[31mred␛[0m"),
        ("tab\there\u{7F}", "tab␉here␡"),
        ("abc\u{202E}def", "abc�def"),
        ("우유 사기 🥛", "우유 사기 🥛"),
    ])
    func inert(text: String, printed: String) {
        #expect(ItemListFormatter.inert(text) == printed)
        #expect(ItemListFormatter.inert(text) == String(InertText.glyphs(text).map(\.character)), "the same as the screen")
    }
}
