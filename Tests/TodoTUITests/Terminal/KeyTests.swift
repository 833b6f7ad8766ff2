import Testing

@testable import todo_tui

@Suite("Key names and control codes")
struct KeyTests {
    @Test(
        "names parse to keys, in any letter case and with their aliases",
        arguments: [
            ("C-r", Key.control("r")), ("C-C", .control("c")), ("Up", .up), ("down", .down),
            ("Esc", .escape), ("Escape", .escape), ("Enter", .enter), ("Return", .enter),
            ("C-m", .enter), ("BS", .backspace), ("C-h", .backspace), ("Del", .delete),
            ("Tab", .tab), ("PgUp", .pageUp), ("PageDown", .pageDown), ("Home", .home),
            ("End", .end), ("Space", .character(" ")), ("x", .character("x")),
            ("한", .character("한")), ("-", .character("-")), ("Unknown(353)", .unknown(353)),
        ])
    func parse(_ name: String, _ key: Key) {
        #expect(Key.parse(name) == key)
    }

    @Test("names that are no key do not parse", arguments: ["", "C-", "C-1", "Ctrl", "Upp", "C-rr"])
    func notAKey(_ name: String) {
        #expect(Key.parse(name) == nil)
    }

    @Test("every key's description parses back to it")
    func roundTrip() {
        let keys: [Key] = [
            .character("a"), .character(" "), .character("日"), .control("a"), .control("z"), .enter,
            .escape, .backspace, .delete, .tab, .up, .down, .left, .right, .home, .end, .pageUp,
            .pageDown, .unknown(410),
        ]
        for key in keys {
            #expect(Key.parse(key.description) == key, "\(key.description)")
        }
    }

    @Test("control bytes map as terminals send them")
    func controlCodes() {
        #expect(Key(controlCode: 3) == .control("c"))
        #expect(Key(controlCode: 18) == .control("r"))
        #expect(Key(controlCode: 13) == .enter)
        #expect(Key(controlCode: 10) == .enter)
        #expect(Key(controlCode: 9) == .tab)
        #expect(Key(controlCode: 127) == .backspace)
        #expect(Key(controlCode: 8) == .backspace)
        #expect(Key(controlCode: 27) == .escape)
        #expect(Key(controlCode: 0) == nil)
        #expect(Key(controlCode: 28) == nil)
        #expect(Key(controlCode: 65) == nil)
    }

    @Test("sequences and typing make scripts")
    func scripts() {
        #expect(Key.sequence("a C-r  Esc Space") == [.character("a"), .control("r"), .escape, .character(" ")])
        #expect(Key.typing("Hi 日") == [.character("H"), .character("i"), .character(" "), .character("日")])
    }
}
