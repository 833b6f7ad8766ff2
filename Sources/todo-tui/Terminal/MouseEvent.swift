/// A mouse action at a cell of the terminal.
struct MouseEvent: Hashable, Sendable {
    /// What the mouse did.
    enum Kind: Hashable, Sendable {
        /// The first (left) button was pressed and released.
        case click
        /// The wheel turned up (away from the user) or down.
        case wheelUp, wheelDown
    }

    var kind: Kind
    /// Where the pointer was.
    var position: ScreenPosition
}
