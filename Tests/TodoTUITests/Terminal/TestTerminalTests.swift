import Testing

@testable import todo_tui

@Suite("Test terminal: scripted events, recorded screens")
struct TestTerminalTests {
    @Test("events come in script order, then nil with the script marked exhausted")
    func script() {
        let terminal = TestTerminal(events: [
            .key(.down), .mouse(MouseEvent(kind: .wheelUp, position: ScreenPosition(row: 2, column: 3))),
        ])
        terminal.enqueue(keys: "C-r")
        #expect(terminal.nextEvent(timeout: nil) == .key(.down))
        #expect(
            terminal.nextEvent(timeout: .milliseconds(16))
                == .mouse(MouseEvent(kind: .wheelUp, position: ScreenPosition(row: 2, column: 3))))
        #expect(!terminal.isExhausted)
        #expect(terminal.nextEvent(timeout: .zero) == .key(.control("r")))
        #expect(terminal.nextEvent(timeout: nil) == nil)
        #expect(terminal.isExhausted)
        #expect(terminal.requestedTimeouts == [nil, .milliseconds(16), .zero, nil])
    }

    @Test("a scripted resize changes the size")
    func resize() {
        let terminal = TestTerminal(
            size: TerminalSize(rows: 24, columns: 80), events: [.resize(TerminalSize(rows: 10, columns: 40))])
        #expect(terminal.nextEvent(timeout: nil) == .resize(TerminalSize(rows: 10, columns: 40)))
        #expect(terminal.size == TerminalSize(rows: 10, columns: 40))
    }

    @Test("every presented screen is recorded in order")
    func records() {
        let terminal = TestTerminal(size: TerminalSize(rows: 1, columns: 5))
        var screen = Screen(size: terminal.size)
        screen.write("one", row: 0, column: 0)
        terminal.present(screen)
        screen.write("two", row: 0, column: 0)
        terminal.present(screen)
        #expect(terminal.presented.map(\.lines) == [["one"], ["two"]])
        #expect(terminal.lastScreen == screen)
        #expect(terminal.presentCount == 2)
    }

    @Test("the history limit keeps the latest screens and counts them all")
    func historyLimit() {
        let terminal = TestTerminal(size: TerminalSize(rows: 1, columns: 3), historyLimit: 2)
        for text in ["a", "b", "c"] {
            var screen = Screen(size: terminal.size)
            screen.write(text, row: 0, column: 0)
            terminal.present(screen)
        }
        #expect(terminal.presented.map(\.lines) == [["b"], ["c"]])
        #expect(terminal.presentCount == 3)
    }

    @Test("typing enqueues one key per character and shutdown is recorded")
    func typingAndShutdown() {
        let terminal = TestTerminal()
        terminal.enqueue(typing: "ok")
        #expect(Array(terminal.remainingEvents) == [.key(.character("o")), .key(.character("k"))])
        terminal.shutdown()
        #expect(terminal.isShutDown)
    }
}
