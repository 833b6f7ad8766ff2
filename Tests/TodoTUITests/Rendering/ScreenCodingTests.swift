import Foundation
import Testing
import TodoCore
import TodoTestSupport

@testable import todo_tui

/// The start screen's cache stores a `Screen` as text lines: every screen comes back equal, and
/// lines that are not exactly a screen's are refused.
@Suite("Screen as text lines")
struct ScreenCodingTests {
    static let texts = ["todo-tui · 30 to-dos", "우유 사기 🥛", "牛乳を買う", "Café", "e\u{301}", "!!!", "␛[31m", " ", "x"]

    static func decoded(_ screen: Screen) -> Screen? {
        Screen(rows: screen.rows, columns: screen.columns, decoding: ArraySlice(screen.encodedLines))
    }

    @Test("Random screens of wide and narrow characters, colours, attributes and cursors come back equal")
    func roundTrip() {
        var random = SplitMix64(seed: 2_026)
        for _ in 0..<300 {
            var screen = Screen(
                rows: Int.random(in: 1...8, using: &random), columns: Int.random(in: 1...30, using: &random))
            for _ in 0..<Int.random(in: 0...12, using: &random) {
                let style = CellStyle(
                    foreground: [
                        TerminalColor.default, .red, .indexed(UInt8.random(in: 0...255, using: &random)),
                        .rgb(
                            UInt8.random(in: 0...255, using: &random), UInt8.random(in: 0...255, using: &random),
                            UInt8.random(in: 0...255, using: &random)),
                    ].randomElement(using: &random)!,
                    attributes: CellStyle.Attributes(rawValue: UInt8.random(in: 0...0x1F, using: &random)))
                screen.write(
                    Self.texts.randomElement(using: &random)!, row: Int.random(in: 0..<screen.rows, using: &random),
                    column: Int.random(in: 0..<screen.columns, using: &random), style: style)
            }
            if Bool.random(using: &random) {
                screen.cursor = ScreenPosition(
                    row: Int.random(in: 0..<screen.rows, using: &random),
                    column: Int.random(in: 0..<screen.columns, using: &random))
            }
            #expect(Self.decoded(screen) == screen)
        }
    }

    @Test("Lines that are not a screen's are refused")
    func malformed() {
        var screen = Screen(rows: 2, columns: 4)
        screen.write("a우b", row: 0, column: 0, style: CellStyle(foreground: .red, attributes: .bold))
        let lines = screen.encodedLines
        let separator = "\u{1F}"
        func refused(_ change: (inout [String]) -> Void, _ why: Comment) {
            var changed = lines
            change(&changed)
            #expect(Screen(rows: 2, columns: 4, decoding: ArraySlice(changed)) == nil, why)
        }
        #expect(Self.decoded(screen) == screen)
        #expect(lines[1].split(separator: "\u{1F}").map(String.init) == ["1i0101a", "2i0101우", "0i0101 ", "1i0101b"])
        refused({ $0.removeLast() }, "a row missing")
        refused({ $0[1] += separator + "1d00x" }, "a cell too many")
        refused({ $0[1] = $0[1].replacingOccurrences(of: "1i0101a", with: "3i0101a") }, "a width of 3")
        refused({ $0[1] = $0[1].replacingOccurrences(of: "1i0101a", with: "1x0101a") }, "no such kind of colour")
        refused({ $0[1] = $0[1].replacingOccurrences(of: "1i0101a", with: "1i0g01a") }, "a colour that is not hex")
        refused({ $0[1] = $0[1].replacingOccurrences(of: "1i0101a", with: "1r0101a") }, "an RGB colour cut short")
        refused({ $0[1] = $0[1].replacingOccurrences(of: "1i0101a", with: "1i0141a") }, "an unknown attribute")
        refused(
            { $0[1] = $0[1].replacingOccurrences(of: "1i0101a", with: "0i0101 ") }, "a continuation without its lead")
        refused({ $0[1] = $0[1].replacingOccurrences(of: "2i0101우", with: "1i0101우") }, "a wide lead turned narrow")
        refused({ $0[1] = $0[1].replacingOccurrences(of: "1i0101a", with: "1i0101ab") }, "two characters in a cell")
        refused({ $0[0] = "cursor 2 0" }, "a cursor below the screen")
        refused({ $0[0] = "cursor" }, "a cursor without a place")
    }
}
