import TodoCore

extension FilterError {
    /// Spaces, then `^` under every column of the offending token, to print below the filter.
    ///
    /// Widths are `DisplayWidth`'s, the measure the screen uses: CJK and emoji take two columns.
    /// A tab before the token is copied, so the carets line up wherever the terminal puts its
    /// tab stops. TodoCore gives the offset in characters; the columns are the front end's.
    var caretLine: String {
        let lead = filter.prefix(offset).map { $0 == "\t" ? "\t" : String(repeating: " ", count: DisplayWidth.of($0)) }
        let width = token.reduce(0) { $0 + DisplayWidth.of($1) }
        return lead.joined() + String(repeating: "^", count: max(1, width))
    }
}
