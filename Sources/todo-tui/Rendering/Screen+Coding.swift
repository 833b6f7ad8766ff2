extension Screen {
    /// The screen as lines of text, for a cache file: `cursor none` or `cursor ROW COLUMN`, then
    /// one line per row holding its cells separated by U+001F. A cell is its width (0–2), its
    /// foreground (`d` the terminal's own, `i` and two hex digits an indexed colour, `r` and six
    /// a `#rrggbb` one), its attributes (two hex digits), then its character.
    ///
    /// Characters on a screen are inert (`InertText`): never U+001F or a line break.
    /// - Complexity: O(rows × columns).
    var encodedLines: [String] {
        var lines = [cursor.map { "cursor \($0.row) \($0.column)" } ?? "cursor none"]
        lines.reserveCapacity(rows + 1)
        for row in 0..<rows {
            var line = ""
            for (index, cell) in cells(inRow: row).enumerated() {
                if index > 0 { line.unicodeScalars.append(Self.cellSeparator) }
                line += "\(cell.width)" + Self.encoded(cell.style.foreground) + Self.hex(cell.style.attributes.rawValue)
                line.append(cell.character)
            }
            lines.append(line)
        }
        return lines
    }

    /// The screen of `rows` × `columns` that `encodedLines` made, or nil when `lines` are not
    /// exactly such lines or break a screen's invariants (`init?(rows:columns:cells:cursor:)`).
    /// - Complexity: O(rows × columns).
    init?(rows: Int, columns: Int, decoding lines: ArraySlice<String>) {
        guard lines.count == rows + 1, let cursorLine = lines.first else { return nil }
        let cursor: ScreenPosition?
        if cursorLine == "cursor none" {
            cursor = nil
        } else {
            let parts = cursorLine.split(separator: " ", omittingEmptySubsequences: false)
            guard parts.count == 3, parts[0] == "cursor", let row = Int(parts[1]), let column = Int(parts[2]) else {
                return nil
            }
            cursor = ScreenPosition(row: row, column: column)
        }
        var cells: [Cell] = []
        cells.reserveCapacity(rows * columns)
        for line in lines.dropFirst() {
            let fields = line.split(separator: Character(Self.cellSeparator), omittingEmptySubsequences: false)
            guard fields.count == columns else { return nil }
            for field in fields {
                guard let cell = Self.cell(decoding: field) else { return nil }
                cells.append(cell)
            }
        }
        self.init(rows: rows, columns: columns, cells: cells, cursor: cursor)
    }

    private static let cellSeparator: Unicode.Scalar = "\u{1F}"

    private static func hex(_ byte: UInt8) -> String {
        (byte < 16 ? "0" : "") + String(byte, radix: 16)
    }

    private static func encoded(_ color: TerminalColor) -> String {
        switch color {
        case .default: "d"
        case .indexed(let index): "i" + hex(index)
        case .rgb(let red, let green, let blue): "r" + hex(red) + hex(green) + hex(blue)
        }
    }

    /// One encoded cell: width, foreground, two hex digits of attributes, one character.
    private static func cell(decoding field: Substring) -> Cell? {
        guard let character = field.last, let width = field.first?.wholeNumberValue, (0...2).contains(width),
            let kind = field.dropFirst().first
        else { return nil }
        let colorDigits = kind == "d" ? 0 : kind == "i" ? 2 : kind == "r" ? 6 : -1
        guard colorDigits >= 0, field.count == 5 + colorDigits, field.dropLast().allSatisfy(\.isASCII),
            let attributes = UInt8(field.dropFirst(2 + colorDigits).prefix(2), radix: 16),
            CellStyle.Attributes.all.isSuperset(of: CellStyle.Attributes(rawValue: attributes))
        else { return nil }
        let digits = field.dropFirst(2).prefix(colorDigits)
        let bytes = stride(from: 0, to: colorDigits, by: 2).compactMap { offset in
            UInt8(digits.dropFirst(offset).prefix(2), radix: 16)
        }
        guard bytes.count == colorDigits / 2 else { return nil }
        let foreground: TerminalColor =
            switch bytes.count {
            case 1: .indexed(bytes[0])
            case 3: .rgb(bytes[0], bytes[1], bytes[2])
            default: .default
            }
        let style = CellStyle(foreground: foreground, attributes: CellStyle.Attributes(rawValue: attributes))
        return Cell(character: character, width: width, style: style)
    }
}
