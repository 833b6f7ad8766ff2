/// How many terminal columns a Unicode scalar or a grapheme cluster occupies.
///
/// The rules are those of `wcwidth(3)` implementations that follow Unicode 15 (glibc, ncurses'
/// own tables, the wcwidth tables of terminal emulators):
/// - East Asian Wide and Fullwidth characters (`EastAsianWidth.txt` classes W and F, which since
///   Unicode 9 include every emoji with default emoji presentation) take two columns;
/// - nonspacing and enclosing marks (general categories Mn, Me), format characters (Cf: zero
///   width space, joiners, bidi controls, the soft hyphen), line and paragraph separators, the
///   Hangul medial vowels and final consonants that join a leading consonant, and C0/C1 control
///   characters take none;
/// - everything else, unassigned and private-use code points included, takes one.
///
/// A grapheme cluster takes the width of its first scalar, except that a pair of regional
/// indicators (a flag) takes two. ZWJ sequences ("👩‍💻") are one cluster and so take the width
/// of their first emoji: two.
///
/// U+FE0F VARIATION SELECTOR-16 changes nothing: "✈️", "❤️" and the keycap "1️⃣" take the width of
/// their first scalar, one column, as tmux, xterm and VTE lay them out (each measures scalar by
/// scalar with `wcwidth`, where VS16 is zero-width). Counting them two would put every later
/// column of the row one off from the terminal's.
///
/// This is the pure Unicode measure. What a `Screen` draws is `InertText`'s version of a text,
/// where nothing is zero-width: see `InertText.width(of:limit:)` for the columns a text uses.
enum DisplayWidth {
    /// The columns one scalar occupies: 0, 1 or 2.
    /// - Complexity: O(log r) for r ranges in the wide table (about 120); O(1) below U+0300.
    static func of(_ scalar: Unicode.Scalar) -> Int {
        let value = scalar.value
        if value < 0x300 {
            return value < 0x20 || (0x7F...0x9F).contains(value) || value == 0xAD ? 0 : 1
        }
        if isZeroWidth(scalar) {
            return 0
        }
        return isWide(value) ? 2 : 1
    }

    /// The columns one grapheme cluster occupies: 0, 1 or 2.
    /// - Complexity: O(log r); looks at the first two scalars only.
    static func of(_ character: Character) -> Int {
        var scalars = character.unicodeScalars.makeIterator()
        guard let first = scalars.next() else {
            return 0
        }
        let width = of(first)
        guard let second = scalars.next() else {
            return width
        }
        if isRegionalIndicator(first) && isRegionalIndicator(second) {
            return 2
        }
        return width
    }

    private static func isRegionalIndicator(_ scalar: Unicode.Scalar) -> Bool {
        (0x1F1E6...0x1F1FF).contains(scalar.value)
    }

    private static func isZeroWidth(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        // Hangul jungseong and jongseong (conjoining jamo) render inside the leading choseong.
        if (0x1160...0x11FF).contains(value) || (0xD7B0...0xD7FF).contains(value) {
            return true
        }
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format, .lineSeparator, .paragraphSeparator, .control:
            return true
        default:
            return false
        }
    }

    /// Binary search of `wideRanges`, a sorted flat list of inclusive `start, end` pairs.
    private static func isWide(_ value: UInt32) -> Bool {
        guard value >= wideRanges[0] else {
            return false
        }
        var low = 0
        var high = wideRanges.count / 2 - 1
        while low <= high {
            let middle = (low + high) / 2
            if value < wideRanges[2 * middle] {
                high = middle - 1
            } else if value > wideRanges[2 * middle + 1] {
                low = middle + 1
            } else {
                return true
            }
        }
        return false
    }

    /// East Asian Wide (W) and Fullwidth (F) code points of Unicode 15.0 as inclusive ranges,
    /// flattened to `start, end` pairs; planes 2 and 3 and the CJK compatibility block are W as a
    /// whole, assigned or not, as `EastAsianWidth.txt` defaults them.
    private static let wideRanges: [UInt32] = [
        0x1100, 0x115F, 0x231A, 0x231B, 0x2329, 0x232A, 0x23E9, 0x23EC, 0x23F0, 0x23F0,
        0x23F3, 0x23F3, 0x25FD, 0x25FE, 0x2614, 0x2615, 0x2648, 0x2653, 0x267F, 0x267F,
        0x2693, 0x2693, 0x26A1, 0x26A1, 0x26AA, 0x26AB, 0x26BD, 0x26BE, 0x26C4, 0x26C5,
        0x26CE, 0x26CE, 0x26D4, 0x26D4, 0x26EA, 0x26EA, 0x26F2, 0x26F3, 0x26F5, 0x26F5,
        0x26FA, 0x26FA, 0x26FD, 0x26FD, 0x2705, 0x2705, 0x270A, 0x270B, 0x2728, 0x2728,
        0x274C, 0x274C, 0x274E, 0x274E, 0x2753, 0x2755, 0x2757, 0x2757, 0x2795, 0x2797,
        0x27B0, 0x27B0, 0x27BF, 0x27BF, 0x2B1B, 0x2B1C, 0x2B50, 0x2B50, 0x2B55, 0x2B55,
        0x2E80, 0x2E99, 0x2E9B, 0x2EF3, 0x2F00, 0x2FD5, 0x2FF0, 0x2FFB, 0x3000, 0x303E,
        0x3041, 0x3096, 0x3099, 0x30FF, 0x3105, 0x312F, 0x3131, 0x318E, 0x3190, 0x31E3,
        0x31F0, 0x321E, 0x3220, 0x3247, 0x3250, 0x4DBF, 0x4E00, 0xA48C, 0xA490, 0xA4C6,
        0xA960, 0xA97C, 0xAC00, 0xD7A3, 0xF900, 0xFAFF, 0xFE10, 0xFE19, 0xFE30, 0xFE52,
        0xFE54, 0xFE66, 0xFE68, 0xFE6B, 0xFF01, 0xFF60, 0xFFE0, 0xFFE6, 0x16FE0, 0x16FE4,
        0x16FF0, 0x16FF1, 0x17000, 0x187F7, 0x18800, 0x18CD5, 0x18D00, 0x18D08, 0x1AFF0, 0x1AFF3,
        0x1AFF5, 0x1AFFB, 0x1AFFD, 0x1AFFE, 0x1B000, 0x1B122, 0x1B132, 0x1B132, 0x1B150, 0x1B152,
        0x1B155, 0x1B155, 0x1B164, 0x1B167, 0x1B170, 0x1B2FB, 0x1F004, 0x1F004, 0x1F0CF, 0x1F0CF,
        0x1F18E, 0x1F18E, 0x1F191, 0x1F19A, 0x1F200, 0x1F202, 0x1F210, 0x1F23B, 0x1F240, 0x1F248,
        0x1F250, 0x1F251, 0x1F260, 0x1F265, 0x1F300, 0x1F320, 0x1F32D, 0x1F335, 0x1F337, 0x1F37C,
        0x1F37E, 0x1F393, 0x1F3A0, 0x1F3CA, 0x1F3CF, 0x1F3D3, 0x1F3E0, 0x1F3F0, 0x1F3F4, 0x1F3F4,
        0x1F3F8, 0x1F43E, 0x1F440, 0x1F440, 0x1F442, 0x1F4FC, 0x1F4FF, 0x1F53D, 0x1F54B, 0x1F54E,
        0x1F550, 0x1F567, 0x1F57A, 0x1F57A, 0x1F595, 0x1F596, 0x1F5A4, 0x1F5A4, 0x1F5FB, 0x1F64F,
        0x1F680, 0x1F6C5, 0x1F6CC, 0x1F6CC, 0x1F6D0, 0x1F6D2, 0x1F6D5, 0x1F6D7, 0x1F6DC, 0x1F6DF,
        0x1F6EB, 0x1F6EC, 0x1F6F4, 0x1F6FC, 0x1F7E0, 0x1F7EB, 0x1F7F0, 0x1F7F0, 0x1F90C, 0x1F93A,
        0x1F93C, 0x1F945, 0x1F947, 0x1F9FF, 0x1FA70, 0x1FA7C, 0x1FA80, 0x1FA88, 0x1FA90, 0x1FABD,
        0x1FABF, 0x1FAC5, 0x1FACE, 0x1FADB, 0x1FAE0, 0x1FAE8, 0x1FAF0, 0x1FAF8, 0x20000, 0x2FFFD,
        0x30000, 0x3FFFD,
    ]
}
