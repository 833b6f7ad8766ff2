/// One picture of a table's viewport: what each of its lines shows, top to bottom.
///
/// Both the resting table and every step of an animation are frames; rendering draws a frame
/// and adds the selection (by row identity) and the styles of the effects. Frames hold the
/// rows' content, so rows that a batch deleted can still be drawn while they leave.
struct TableFrame: Equatable {
    /// The lines, one per viewport line.
    var lines: [TableFrameLine]

    /// A frame of `height` blank lines.
    init(height: Int) {
        lines = Array(repeating: TableFrameLine(.blank), count: max(0, height))
    }

    init(lines: [TableFrameLine]) {
        self.lines = lines
    }
}
