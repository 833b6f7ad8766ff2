import TodoCore

/// A foreground colour as a theme names it: the terminal's own, one of the 256 indexed colours
/// (0–7 the eight named ones), or a `#rrggbb` colour, which the terminal shows as the nearest
/// colour it has (`nearestIndex(amongFirst:)`).
enum TerminalColor: Hashable, Sendable {
    /// The terminal's own foreground.
    case `default`
    /// An indexed colour: 0–7 black, red, green, yellow, blue, magenta, cyan, white; 8–15 their
    /// bright forms; 16–231 a 6 × 6 × 6 cube; 232–255 greys (xterm's palette).
    case indexed(UInt8)
    /// A colour by its red, green and blue.
    case rgb(UInt8, UInt8, UInt8)

    static let black = TerminalColor.indexed(0), red = TerminalColor.indexed(1), green = TerminalColor.indexed(2)
    static let yellow = TerminalColor.indexed(3), blue = TerminalColor.indexed(4), magenta = TerminalColor.indexed(5)
    static let cyan = TerminalColor.indexed(6), white = TerminalColor.indexed(7)

    /// The eight named colours, by their index.
    static let names = ["black", "red", "green", "yellow", "blue", "magenta", "cyan", "white"]

    /// An item's colour as the terminal colour of the same name.
    init(_ color: TodoColor) {
        self = color == .default ? .default : .indexed(UInt8(color.ordinal))
    }

    /// Reads `default`, a colour name (`red`), or `#rrggbb` (`#ff8800`, either case); nil for
    /// anything else. Indexed colours are written as numbers, which `init(index:)` takes.
    init?(name: String) {
        let lowered = name.lowercased()
        if lowered == "default" {
            self = .default
        } else if let index = Self.names.firstIndex(of: lowered) {
            self = .indexed(UInt8(index))
        } else if lowered.count == 7, lowered.first == "#", lowered.dropFirst().allSatisfy(\.isHexDigit),
            let value = UInt32(lowered.dropFirst(), radix: 16)
        {
            self = .rgb(UInt8(value >> 16), UInt8((value >> 8) & 0xFF), UInt8(value & 0xFF))
        } else {
            return nil
        }
    }

    /// The colour numbered `index` of the 256; nil outside 0…255.
    init?(index: Int) {
        guard let byte = UInt8(exactly: index) else { return nil }
        self = .indexed(byte)
    }

    /// How a configuration file writes it: `"default"`, `"red"`, `208`, `"#ff8800"`.
    var configurationText: String {
        switch self {
        case .default: "\"default\""
        case .indexed(let index) where index < 8: "\"\(Self.names[Int(index)])\""
        case .indexed(let index): String(index)
        case .rgb(let red, let green, let blue):
            "\"#" + [red, green, blue].map { ($0 < 16 ? "0" : "") + String($0, radix: 16) }.joined() + "\""
        }
    }

    /// The index of the colour a terminal with `count` colours shows for this one: an indexed
    /// colour it has is itself; any other colour is the nearest (by a red-weighted distance on
    /// xterm's palette) of the terminal's first 8, 16 or 256. Nil for `.default`.
    /// - Complexity: O(count).
    func nearestIndex(amongFirst count: Int) -> Int? {
        let available = count >= 256 ? 256 : count >= 16 ? 16 : 8
        let target: (Int, Int, Int)
        switch self {
        case .default: return nil
        case .indexed(let index) where Int(index) < available: return Int(index)
        case .indexed(let index): target = Self.rgb(ofIndex: Int(index))
        case .rgb(let red, let green, let blue): target = (Int(red), Int(green), Int(blue))
        }
        return (0..<available).min {
            Self.distance(Self.rgb(ofIndex: $0), target) < Self.distance(Self.rgb(ofIndex: $1), target)
        }
    }

    /// xterm's default red, green and blue for colour `index` (0…255).
    static func rgb(ofIndex index: Int) -> (Int, Int, Int) {
        switch index {
        case 0..<16:
            return basic[index]
        case 16..<232:
            let steps = [0, 95, 135, 175, 215, 255]
            let cube = index - 16
            return (steps[cube / 36], steps[cube / 6 % 6], steps[cube % 6])
        default:
            let grey = 8 + 10 * (index - 232)
            return (grey, grey, grey)
        }
    }

    private static let basic: [(Int, Int, Int)] = [
        (0, 0, 0), (205, 0, 0), (0, 205, 0), (205, 205, 0), (0, 0, 238), (205, 0, 205), (0, 205, 205),
        (229, 229, 229), (127, 127, 127), (255, 0, 0), (0, 255, 0), (255, 255, 0), (92, 92, 255), (255, 0, 255),
        (0, 255, 255), (255, 255, 255),
    ]

    /// The "redmean" distance: squared differences weighted by how the eye weighs them.
    private static func distance(_ a: (Int, Int, Int), _ b: (Int, Int, Int)) -> Int {
        let redMean = (a.0 + b.0) / 2
        let red = a.0 - b.0, green = a.1 - b.1, blue = a.2 - b.2
        return ((512 + redMean) * red * red >> 8) + 4 * green * green + ((767 - redMean) * blue * blue >> 8)
    }
}
