extension Unicode.Scalar {
    /// Whether this scalar can never take part in a case- and diacritic-insensitive match of an
    /// ASCII needle (Foundation's `range(of:options: [.caseInsensitive, .diacriticInsensitive])`):
    /// it folds to something non-empty that holds no ASCII. ASCII scalars are not inert.
    ///
    /// Not inert: Latin letters with diacritics and their blocks (U+0080–U+024F,
    /// U+1E00–U+1EFF), every mark and format character (they vanish or join their base), and
    /// the few others whose folding reaches ASCII or vanishes: the Greek question mark (;), the
    /// Greek varia (`), the Kelvin and Ångström signs, the negated relations ≠ ≮ ≯, the Latin
    /// ligatures ﬀ…ﬆ, the halfwidth kana voicing marks and the emoji skin-tone modifiers. The
    /// list comes from folding every scalar with Foundation; a test checks it against every
    /// scalar up to U+2FFFF and the emoji planes.
    /// - Complexity: O(1).
    var isInertToASCIISearch: Bool {
        let value = value
        guard value >= 0x80 else { return false }
        switch value {
        // Blocks common in to-do texts that hold neither marks nor format characters, answered
        // before the general-category lookup, which costs more than the rest of the search:
        // general punctuation up to the line separator, CJK punctuation, hiragana and katakana
        // letters, CJK ideographs, Hangul syllables, fullwidth forms, pictographs and emoji.
        case 0x2010...0x2027, 0x3000...0x3029, 0x3041...0x3096, 0x30A1...0x30FA, 0x4E00...0x9FFF,
            0xAC00...0xD7A3, 0xFF01...0xFF9D, 0x1F300...0x1F3FA, 0x1F400...0x1FAFF:
            return true
        case 0x80...0x24F, 0x1E00...0x1EFF,
            0x37E, 0x1FEF, 0x212A, 0x212B, 0x2260, 0x226E, 0x226F,
            0xFB00...0xFB06, 0xFF9E, 0xFF9F, 0x1F3FB...0x1F3FF:
            return false
        default:
            switch properties.generalCategory {
            case .nonspacingMark, .spacingMark, .enclosingMark, .format: return false
            default: return true
            }
        }
    }
}
