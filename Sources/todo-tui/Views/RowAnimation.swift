/// How rows and sections enter and leave the table in an animated batch, as
/// `UITableView.RowAnimation`.
///
/// A terminal draws whole cells, so each style is translated into steps a grid can show:
/// - `.fade`: the row's characters dissolve (or appear) in a fixed scattered order, dimmed
///   until the row is whole;
/// - `.left`, `.right`: the row's text slides out toward, or in from, that edge;
/// - `.top`, `.bottom`: the row travels a few lines toward, or in from, that direction, drawn
///   over its neighbours and dissolving as it goes;
/// - `.none`: the row disappears at once, or appears once the rows around it have made room;
/// - `.automatic`: the table's choice, `.fade`.
///
/// Rows that stay, move or close a gap always travel to their new lines whatever the style.
enum RowAnimation: Hashable, Sendable, CaseIterable, CustomStringConvertible {
    case fade, right, left, top, bottom, none, automatic

    /// The style actually drawn: `.automatic` becomes `.fade`, every other style is itself.
    var resolved: RowAnimation {
        self == .automatic ? .fade : self
    }

    var description: String {
        switch self {
        case .fade: "fade"
        case .right: "right"
        case .left: "left"
        case .top: "top"
        case .bottom: "bottom"
        case .none: "none"
        case .automatic: "automatic"
        }
    }
}
