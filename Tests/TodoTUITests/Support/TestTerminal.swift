@testable import todo_tui

/// A terminal for tests: plays a script of events and records every screen presented.
///
/// `nextEvent` returns the scripted events in order, whatever the timeout; a `.resize` event
/// also sets `size`, as a real terminal's would. When the script is used up it returns `nil`
/// (a timeout) and sets `isExhausted`, which is how a test's run loop knows to stop.
final class TestTerminal: Terminal {
    var size: TerminalSize
    /// The screens presented, oldest first; only the last `historyLimit` are kept.
    private(set) var presented: [Screen] = []
    /// How many screens were presented in all, including those no longer kept.
    private(set) var presentCount = 0
    /// The timeouts `nextEvent` was called with, oldest first (same `historyLimit`).
    private(set) var requestedTimeouts: [Duration?] = []
    /// Whether `nextEvent` was called after the last scripted event.
    private(set) var isExhausted = false
    /// Whether the script ended with `enqueueEndOfInput` and `nextEvent` reached that end.
    private(set) var isInputClosed = false
    /// Whether `pendingEvent` hands out scripted events (all of them are "waiting"), as a
    /// burst of typed or pasted keys; off, every event is read and drawn on its own.
    var deliversPendingEvents = false
    /// How many times `suspend` was called.
    private(set) var suspendCount = 0
    /// Whether `shutdown` was called.
    private(set) var isShutDown = false
    /// How many screens and timeouts are kept; long random runs keep few to bound memory.
    let historyLimit: Int
    private var script: [TerminalEvent]
    private var nextIndex = 0
    /// The script's length when `enqueueEndOfInput` was called: input ends there.
    private var endOfInput: Int?

    /// - Parameters:
    ///   - size: the initial size.
    ///   - events: the script.
    ///   - historyLimit: how many presented screens and requested timeouts to keep (at least 1).
    init(
        size: TerminalSize = TerminalSize(rows: 24, columns: 80), events: [TerminalEvent] = [], historyLimit: Int = .max
    ) {
        precondition(historyLimit >= 1, "A test terminal keeps at least one screen.")
        self.size = size
        self.script = events
        self.historyLimit = historyLimit
    }

    /// The last screen presented, if any.
    var lastScreen: Screen? { presented.last }

    /// Scripted events not yet read.
    var remainingEvents: ArraySlice<TerminalEvent> { script[nextIndex...] }

    /// Appends events to the script (and clears `isExhausted`).
    func enqueue(_ events: [TerminalEvent]) {
        script.append(contentsOf: events)
        isExhausted = false
    }

    /// Ends the input after the events scripted so far, as a terminal that hung up: later
    /// `nextEvent` calls return `nil` with `isInputClosed` set.
    func enqueueEndOfInput() {
        endOfInput = script.count
        isExhausted = false
    }

    /// Appends key presses named as for `Key.sequence` ("j j C-r Esc").
    func enqueue(keys names: String) {
        enqueue(Key.sequence(names).map { .key($0) })
    }

    /// Appends the key presses that type `text`.
    func enqueue(typing text: String) {
        enqueue(Key.typing(text).map { .key($0) })
    }

    func present(_ screen: Screen) {
        precondition(!isShutDown, "A screen was presented after shutdown.")
        presentCount += 1
        keep(screen, in: &presented)
    }

    func nextEvent(timeout: Duration?) -> TerminalEvent? {
        keep(timeout, in: &requestedTimeouts)
        if let endOfInput, nextIndex >= endOfInput {
            isInputClosed = true
            return nil
        }
        guard nextIndex < script.count else {
            isExhausted = true
            return nil
        }
        let event = script[nextIndex]
        nextIndex += 1
        if case .resize(let newSize) = event {
            size = newSize
        }
        return event
    }

    /// The next scripted event when `deliversPendingEvents` is on, else `nil`.
    func pendingEvent() -> TerminalEvent? {
        guard deliversPendingEvents, nextIndex < script.count, endOfInput.map({ nextIndex < $0 }) ?? true else {
            return nil
        }
        return nextEvent(timeout: .zero)
    }

    /// Counts the call and reports a suspension; a script may follow with a `.resize`.
    func suspend() -> Bool {
        suspendCount += 1
        return true
    }

    func shutdown() {
        isShutDown = true
    }

    private func keep<Element>(_ element: Element, in history: inout [Element]) {
        if history.count >= historyLimit {
            history.removeFirst(history.count - historyLimit + 1)
        }
        history.append(element)
    }
}
