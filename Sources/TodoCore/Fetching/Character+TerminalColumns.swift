extension Character {
    /// East Asian Wide and Fullwidth blocks (Unicode UAX #11) that terminals draw two columns wide.
    private static let wideScalars: [ClosedRange<UInt32>] = [
        0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF,
        0xA000...0xA4CF, 0xA960...0xA97F, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE10...0xFE19,
        0xFE30...0xFE6F, 0xFF00...0xFF60, 0xFFE0...0xFFE6, 0x1F300...0x1F64F, 0x1F900...0x1F9FF,
        0x20000...0x2FFFD, 0x30000...0x3FFFD,
    ]

    /// How many terminal columns the character takes: 2 for wide CJK and emoji, 0 for a lone
    /// combining mark or format character, else 1. Used to draw carets under filter tokens.
    var terminalColumns: Int {
        guard let first = unicodeScalars.first else { return 0 }
        let properties = first.properties
        if properties.isEmojiPresentation || (properties.isEmoji && unicodeScalars.contains("\u{FE0F}")) {
            return 2
        }
        if Self.wideScalars.contains(where: { $0.contains(first.value) }) {
            return 2
        }
        switch properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format: return 0
        default: return 1
        }
    }
}
