import Testing
import TodoCore

@testable import todo_tui

@Suite("todo-tui module")
struct ExecutableLinkTests {
    @Test("the executable module links against TodoCore")
    func links() {
        #expect(TodoColor.allCases.count == 8)
    }
}
