import Testing
@testable import todo_tui
import TodoCore

@Suite("todo-tui module")
struct ExecutableLinkTests {
    @Test("the executable module links against TodoCore")
    func links() {
        #expect(TodoColor.allCases.count == 8)
    }
}
