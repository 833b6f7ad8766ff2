extension TodoColor {
    /// The colour as `#RRGGBB`, what a vdir `color` file, CalDAV's `calendar-color` and
    /// `X-APPLE-CALENDAR-COLOR` hold: CSS's colour of the same name (RFC 7986 `COLOR` names);
    /// nil for `.default`, which is no colour of its own.
    public var hexCode: String? {
        switch self {
        case .default: nil
        case .red: "#FF0000"
        case .green: "#008000"
        case .yellow: "#FFFF00"
        case .blue: "#0000FF"
        case .magenta: "#FF00FF"
        case .cyan: "#00FFFF"
        case .white: "#FFFFFF"
        }
    }

    /// The terminal colour closest in hue to a colour written `#RGB`, `#RRGGBB` or `#RRGGBBAA`
    /// (the `#` optional, the alpha ignored, as calendar programs write them): a grey is white
    /// when light and default when dark; nil for text of another form.
    ///
    /// Calendars pick from many colours (`#3A87AD`); a list here has one of eight, so the hue
    /// decides: within 30° of red, yellow, green, cyan, blue or magenta is that colour.
    /// `TodoColor(hexCode: c.hexCode)` is `c` for every colour but `.default`.
    public init?(hexCode text: String) {
        let digits = text.hasPrefix("#") ? text.dropFirst() : text[...]
        guard [3, 6, 8].contains(digits.count), digits.allSatisfy(\.isHexDigit) else { return nil }
        let hex = digits.count == 3 ? String(digits.flatMap { [$0, $0] }) : String(digits.prefix(6))
        let channels = stride(from: 0, to: 6, by: 2).map { offset -> Double in
            let start = hex.index(hex.startIndex, offsetBy: offset)
            return Double(Int(hex[start..<hex.index(start, offsetBy: 2)], radix: 16) ?? 0) / 255
        }
        let (red, green, blue) = (channels[0], channels[1], channels[2])
        let high = max(red, green, blue)
        let spread = high - min(red, green, blue)
        guard spread >= 0.2 else {
            self = high >= 0.75 ? .white : .default
            return
        }
        let hue: Double
        switch high {
        case red: hue = 60 * ((green - blue) / spread).truncatingRemainder(dividingBy: 6)
        case green: hue = 60 * ((blue - red) / spread + 2)
        default: hue = 60 * ((red - green) / spread + 4)
        }
        let sectors: [TodoColor] = [.red, .yellow, .green, .cyan, .blue, .magenta]
        self = sectors[Int(((hue + 390).truncatingRemainder(dividingBy: 360)) / 60) % 6]
    }
}
