import Foundation
import TodoCore

/// The one loop of the interactive app: it reads events, hands them to the app and performs the
/// effects the app returns (`AppEffectPerformer`, which owns the background sync), polls the
/// clock, the sync and other processes' saves, paces animation frames, and presents
/// (DESIGN §4.3).
///
/// Everything runs on this thread, one step at a time. While an animation plays the loop wakes
/// every `frameInterval` to show the next frame and keeps reading keys meanwhile; a key that
/// changes the list starts a new batch, which finishes the running animation at once.
final class AppRunLoop {
    let terminal: any Terminal
    let app: TodoApp
    /// Does the app's I/O: saves, the sync, copies, merges of other writers' saves.
    let effects: AppEffectPerformer
    /// The wall clock, for the midnight check.
    let clock: () -> Date
    /// How often the store's generation and the clock are checked.
    let pollInterval: Duration
    /// The pace of animation frames.
    let frameInterval: Duration
    /// For scripted runs: stop when the terminal has no event and nothing is animating.
    let stopsWhenIdle: Bool
    /// Shows reminders as they come due; nil for the demo and scripted runs.
    let reminders: AppReminders?

    private var screen: Screen
    /// Something happened since the heap was last trimmed, which may have freed memory.
    private var heapMayHaveShrunk = true

    /// - Parameters:
    ///   - sync: the list's background sync, which the loop owns from now on; nil for the demo.
    ///   - alarmRecord: the record of reminders shown, shared with `todo-tui remind`; nil: the
    ///     list shows none (the demo).
    init(
        terminal: any Terminal,
        app: TodoApp,
        clock: @escaping () -> Date,
        sync: BackgroundSync? = nil,
        pollInterval: Duration = .milliseconds(250),
        frameInterval: Duration = .milliseconds(20),
        stopsWhenIdle: Bool = false,
        alarmRecord: AlarmRecord? = nil
    ) {
        self.terminal = terminal
        self.app = app
        effects = AppEffectPerformer(app: app, sync: sync)
        self.clock = clock
        self.pollInterval = pollInterval
        self.frameInterval = frameInterval
        self.stopsWhenIdle = stopsWhenIdle
        reminders = alarmRecord.map { AppReminders(app: app, record: $0) }
        screen = Screen(size: terminal.size)
    }

    /// Runs until the app asks to quit, or the terminal's input ends (a hang-up), or, with
    /// `stopsWhenIdle`, until the script ends.
    func run() {
        let monotonic = ContinuousClock()
        var nextPoll = monotonic.now + pollInterval
        var nextFrame = monotonic.now + frameInterval
        draw()
        app.prepareListCounts()
        while true {
            var deadline = app.isAnimating ? min(nextPoll, nextFrame) : nextPoll
            // Woken at the next reminder's instant, not only at the next poll.
            if let alarm = reminders?.next {
                deadline = min(deadline, monotonic.now + .milliseconds(Int64(alarm.timeIntervalSince(clock()) * 1_000)))
            }
            let event = terminal.nextEvent(timeout: max(.zero, deadline - monotonic.now))
            if let event {
                heapMayHaveShrunk = true
                if handle(event) { return }
                // A paste (or a key held down) arrives as a burst: what is already waiting is
                // handled before the next draw, so a burst costs one draw, not one per key.
                var taken = 0
                while taken < Self.burstLimit, let pending = terminal.pendingEvent() {
                    if handle(pending) { return }
                    taken += 1
                }
            } else if terminal.isInputClosed {
                // The terminal went away: what can be saved is; the caller compacts the store.
                effects.finishAtEndOfInput()
                return
            } else if stopsWhenIdle, !app.isAnimating {
                return
            } else if heapMayHaveShrunk, !app.isAnimating {
                // Idle for a poll interval after activity: hand freed memory back (HeapTuning).
                HeapTuning.trim()
                heapMayHaveShrunk = false
            }
            if app.isAnimating, monotonic.now >= nextFrame {
                app.advanceAnimation()
                nextFrame = monotonic.now + frameInterval
            } else if !app.isAnimating {
                nextFrame = monotonic.now + frameInterval
            }
            if monotonic.now >= nextPoll {
                poll()
                nextPoll = monotonic.now + pollInterval
            }
            // A message the event just put up stays until the next key; an older one gives way.
            reminders?.fireIfDue(now: clock(), keepingStatus: event != nil)
            draw()
        }
    }

    /// The most waiting events handled between two draws, so a flood of input still shows
    /// progress.
    static let burstLimit = 4096

    /// Handles one event: the key map's `suspend` key (Ctrl-Z) suspends in any mode, anything
    /// else goes to the app.
    /// - Returns: whether the app should quit.
    private func handle(_ event: TerminalEvent) -> Bool {
        if case .key(let key) = event, app.keys.command(for: key) == .suspend {
            suspend()
            return false
        }
        // Read the clock per event: an item added now is dated now, not at the last poll
        // (items added within one poll interval would otherwise share a date and sort by id).
        app.tick(now: clock())
        if case .resize = event {
            screen = Screen(size: terminal.size)
        }
        return effects.perform(app.handle(event))
    }

    /// Ctrl-Z in any mode: the terminal is given back and the process stops until `fg`; then
    /// the app is told about a size that changed meanwhile, and everything is drawn again.
    private func suspend() {
        guard terminal.suspend() else { return }
        let size = terminal.size
        if size != screen.size {
            screen = Screen(size: size)
            _ = app.handle(.resize(size))
        }
    }

    /// Midnight, the background sync and other writers: moves the app's clock, reaps or starts a
    /// sync, then merges other processes' saves (a finished sync's among them).
    private func poll() {
        app.tick(now: clock())
        effects.pollSync()
        effects.mergeOtherWriters()
    }

    private func draw() {
        app.render(into: &screen)
        terminal.present(screen)
    }
}
