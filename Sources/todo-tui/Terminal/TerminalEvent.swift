/// Something a terminal reports to the app.
enum TerminalEvent: Hashable, Sendable {
    /// A key was pressed.
    case key(Key)
    /// The terminal now has this size; the next screen presented should have it.
    case resize(TerminalSize)
    /// A click or a wheel turn.
    case mouse(MouseEvent)
}
