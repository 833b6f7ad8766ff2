import Testing
import TodoCore

/// Colours as calendar programs write them (`#RRGGBB`), to and from the eight terminal colours.
@Suite("Colours as #RRGGBB")
struct TodoColorHexTests {
    @Test("every colour but default is written as #RRGGBB and reads back as itself")
    func roundTrip() {
        for color in TodoColor.allCases {
            #expect((color.hexCode == nil) == (color == .default))
            if let code = color.hexCode {
                #expect(code.count == 7 && code.hasPrefix("#"))
                #expect(TodoColor(hexCode: code) == color)
            }
        }
    }

    @Test(
        "a calendar's colour reads as the terminal colour nearest in hue; greys as white or default; other text as none",
        arguments: [
            ("#3A87AD", TodoColor.cyan), ("#FF0000FF", .red), ("f20", .red), ("#ffcc00", .yellow), ("#7BD148", .green),
            ("#4986E7", .blue), ("#A47AE2", .blue), ("#C03CC0", .magenta), ("#F691B2", .red), ("#EEEEEE", .white),
            ("#333333", .default),
        ])
    func nearest(code: String, color: TodoColor) {
        #expect(TodoColor(hexCode: code) == color)
    }

    @Test("text that is no colour code reads as none", arguments: ["", "#", "red", "#12345", "#GGGGGG", "#1234567890"])
    func notCodes(text: String) {
        #expect(TodoColor(hexCode: text) == nil)
    }
}
