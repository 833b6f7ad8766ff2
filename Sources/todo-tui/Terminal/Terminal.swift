/// The app's only window onto a device: a size, a screen to present, events to read.
///
/// One synchronous loop drives it: read an event (with a timeout while an animation runs or a
/// clock check is due), update the state, render a `Screen`, present it. `NcursesTerminal` is
/// the real device; the tests' `TestTerminal` plays scripted events and records every screen.
protocol Terminal: AnyObject {
    /// The current size. It changes only when `nextEvent` has returned `.resize` with the new
    /// size (a test terminal may be resized by its test directly).
    var size: TerminalSize { get }

    /// Shows `screen`, cursor included (hidden when `screen.cursor` is `nil`).
    ///
    /// A terminal sends only what changed since the last screen presented. A screen of another
    /// size than `size` (rendered before a resize was read) is drawn clipped at the top left,
    /// the rest left blank.
    func present(_ screen: Screen)

    /// The next event, waiting at most `timeout` for it.
    /// - Parameter timeout: how long to wait; `nil` waits until an event comes, `.zero` polls.
    /// - Returns: the event, or `nil` if none came in time or the input has ended
    ///   (`isInputClosed` tells which).
    func nextEvent(timeout: Duration?) -> TerminalEvent?

    /// An event that is already waiting, without waiting for one: `nil` when none is (or the
    /// input has ended). The run loop takes these before it draws, so that a paste is drawn
    /// once rather than once per character.
    func pendingEvent() -> TerminalEvent?

    /// Whether the input has ended: end of file, an error, or a hang-up (the terminal went
    /// away while SIGHUP is ignored). Once true, `nextEvent` returns `nil` at once, so the run
    /// loop must not read on: it ends the session as on quit.
    var isInputClosed: Bool { get }

    /// Suspends the app (Ctrl-Z): gives the device back, stops the process until the shell
    /// continues it (`fg`), then takes the device again, possibly at a new `size`; the next
    /// `present` redraws everything.
    /// - Returns: whether the app was suspended; `false` (nothing happened) when there is no
    ///   job control to continue it (SIGTSTP ignored).
    func suspend() -> Bool

    /// Gives the device back as it was found (for a terminal: cooked mode, visible cursor, the
    /// shell's screen). Idempotent; nothing may be presented afterwards.
    func shutdown()
}
