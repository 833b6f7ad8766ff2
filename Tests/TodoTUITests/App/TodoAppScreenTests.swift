import Foundation
import Testing
import TodoCore
@testable import todo_tui

/// What the list's screen tells the user beyond the rows: counts, position, status lines
/// (issue 12's screen items). Uses `TodoAppTests`' store, app and key helpers.
@Suite("TodoApp screen")
struct TodoAppScreenTests {
    let keys = TodoAppTests()

    @Test("a large list shows its count with thousands separators and the selection's position")
    func largeListPosition() throws {
        let app = try keys.makeApp((1...1_500).map { "Item \($0)" }, size: TerminalSize(rows: 12, columns: 80))
        let first = try keys.send([], to: app)
        #expect(first[0].hasPrefix(" todo-tui · 1,500 to-dos "), "\(first[0])")
        #expect(first[0].contains("1 / 1,500 · oldest first"), "\(first[0])")
        let last = try keys.send([.end], to: app)
        #expect(last[0].contains("1,500 / 1,500 · oldest first"), "\(last[0])")
        let up = try keys.send([.up], to: app)
        #expect(up[0].contains("1,499 / 1,500"), "\(up[0])")
    }
}
