import Foundation
import TodoCore

/// A list's colour as CalDAV clients write it (Apple's `calendar-color`) and as the terminal
/// shows it (`TodoColor`, one of eight).
enum ListColor {
    /// The terminal colour nearest to `text`, a colour as servers hold it: `#rgb`, `#rrggbb` or
    /// `#rrggbbaa` (the alpha ignored), the `#` optional. Greys and anything unreadable are the
    /// default colour, a light grey white; a colour takes the hue sector it falls in.
    /// - Complexity: O(1).
    static func nearest(to text: String?) -> TodoColor {
        guard let (red, green, blue) = text.flatMap(components) else { return .default }
        let high = max(red, green, blue)
        let low = min(red, green, blue)
        guard high - low >= 0.2 else { return high >= 0.8 ? .white : .default }
        let hue: Double
        switch high {
        case red: hue = (60 * (green - blue) / (high - low) + 360).truncatingRemainder(dividingBy: 360)
        case green: hue = 60 * (blue - red) / (high - low) + 120
        default: hue = 60 * (red - green) / (high - low) + 240
        }
        switch hue {
        case 30..<90: return .yellow
        case 90..<150: return .green
        case 150..<210: return .cyan
        case 210..<270: return .blue
        case 270..<330: return .magenta
        default: return .red
        }
    }

    /// `color` as a `calendar-color` (`#RRGGBB`), or nil for the default colour.
    static func hex(of color: TodoColor) -> String? {
        switch color {
        case .default: nil
        case .red: "#FF0000"
        case .green: "#00FF00"
        case .yellow: "#FFFF00"
        case .blue: "#0000FF"
        case .magenta: "#FF00FF"
        case .cyan: "#00FFFF"
        case .white: "#FFFFFF"
        }
    }

    /// Red, green and blue from 0 to 1, or nil for text that is no colour.
    private static func components(_ text: String) -> (Double, Double, Double)? {
        var digits = Array(text.trimmingCharacters(in: .whitespaces).utf8)
        if digits.first == UInt8(ascii: "#") { digits.removeFirst() }
        let values = digits.compactMap { Self.hexValue($0) }
        guard values.count == digits.count else { return nil }
        switch values.count {
        case 3: return (Double(values[0]) / 15, Double(values[1]) / 15, Double(values[2]) / 15)
        case 6, 8:
            let byte = { (index: Int) in Double(values[index] * 16 + values[index + 1]) / 255 }
            return (byte(0), byte(2), byte(4))
        default: return nil
        }
    }

    private static func hexValue(_ byte: UInt8) -> Int? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): Int(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): Int(byte - UInt8(ascii: "a")) + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): Int(byte - UInt8(ascii: "A")) + 10
        default: nil
        }
    }
}
