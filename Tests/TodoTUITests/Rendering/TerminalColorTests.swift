import Testing

@testable import todo_tui

/// Theme colours, and the colour a terminal shows for one it lacks.
@Suite("Terminal colours")
struct TerminalColorTests {
    @Test("names, numbers and #rrggbb are read, and written back as the configuration writes them")
    func readAndWrite() {
        #expect(TerminalColor(name: "default") == .default)
        #expect(TerminalColor(name: "Magenta") == .magenta && TerminalColor.magenta == .indexed(5))
        #expect(TerminalColor(name: "black") == .black)
        #expect(TerminalColor(name: "#FF8700") == .rgb(255, 135, 0))
        for bad in ["#ff870", "#ff87000", "ff8700", "#gg8700", "orange", "", "# ff870"] {
            #expect(TerminalColor(name: bad) == nil, "\(bad)")
        }
        #expect(TerminalColor(index: 208) == .indexed(208) && TerminalColor(index: 256) == nil)
        #expect(TerminalColor(index: -1) == nil)
        #expect(
            TerminalColor.red.configurationText == "\"red\"" && TerminalColor.indexed(208).configurationText == "208")
        #expect(TerminalColor.rgb(0, 10, 255).configurationText == "\"#000aff\"")
    }

    @Test("the nearest colour: itself when the terminal has it, else the closest of its 8, 16 or 256")
    func nearest() {
        #expect(TerminalColor.default.nearestIndex(amongFirst: 256) == nil)
        #expect(TerminalColor.indexed(208).nearestIndex(amongFirst: 256) == 208)
        #expect(TerminalColor.indexed(3).nearestIndex(amongFirst: 8) == 3)
        #expect(TerminalColor.rgb(255, 135, 0).nearestIndex(amongFirst: 256) == 208, "xterm's orange exactly")
        #expect(TerminalColor.rgb(255, 0, 0).nearestIndex(amongFirst: 256) == 9, "the first of two exact matches")
        #expect(TerminalColor.indexed(196).nearestIndex(amongFirst: 8) == 1, "pure red is red")
        #expect(TerminalColor.indexed(9).nearestIndex(amongFirst: 8) == 1, "bright red is red")
        #expect(TerminalColor.indexed(9).nearestIndex(amongFirst: 16) == 9)
        #expect(TerminalColor.rgb(250, 250, 250).nearestIndex(amongFirst: 8) == 7, "near white is white")
        #expect(TerminalColor.rgb(8, 8, 8).nearestIndex(amongFirst: 256) == 232, "the darkest grey")
        #expect(TerminalColor.indexed(21).nearestIndex(amongFirst: 8) == 4, "pure blue is blue")
        for count in [8, 16, 88, 256] {
            for index in 0..<256 {
                let nearest = TerminalColor.indexed(UInt8(index)).nearestIndex(amongFirst: count)
                #expect(nearest.map { $0 < (count >= 256 ? 256 : count >= 16 ? 16 : 8) } == true)
            }
        }
    }
}
