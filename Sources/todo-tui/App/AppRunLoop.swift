import Foundation
import TodoCore

/// The one loop of the interactive app: input, effects (save, quit), merging other processes'
/// saves, the midnight check, animation frames, and output (DESIGN §4.3).
///
/// Everything runs on this thread, one step at a time. While an animation plays the loop wakes
/// every `frameInterval` to show the next frame and keeps reading keys meanwhile; a key that
/// changes the list starts a new batch, which finishes the running animation at once.
final class AppRunLoop {
    let terminal: any Terminal
    let app: TodoApp
    /// The wall clock, for the midnight check.
    let clock: () -> Date
    /// How often the store's generation and the clock are checked.
    let pollInterval: Duration
    /// The pace of animation frames.
    let frameInterval: Duration
    /// For scripted runs: stop when the terminal has no event and nothing is animating.
    let stopsWhenIdle: Bool

    private var screen: Screen

    init(
        terminal: any Terminal,
        app: TodoApp,
        clock: @escaping () -> Date,
        pollInterval: Duration = .milliseconds(250),
        frameInterval: Duration = .milliseconds(20),
        stopsWhenIdle: Bool = false
    ) {
        self.terminal = terminal
        self.app = app
        self.clock = clock
        self.pollInterval = pollInterval
        self.frameInterval = frameInterval
        self.stopsWhenIdle = stopsWhenIdle
        screen = Screen(size: terminal.size)
    }

    /// Runs until the app asks to quit, or the terminal's input ends (a hang-up), or, with
    /// `stopsWhenIdle`, until the script ends.
    func run() {
        let monotonic = ContinuousClock()
        var nextPoll = monotonic.now + pollInterval
        var nextFrame = monotonic.now + frameInterval
        draw()
        while true {
            let deadline = app.isAnimating ? min(nextPoll, nextFrame) : nextPoll
            let event = terminal.nextEvent(timeout: max(.zero, deadline - monotonic.now))
            if let event {
                if handle(event) { return }
                // A paste (or a key held down) arrives as a burst: what is already waiting is
                // handled before the next draw, so a burst costs one draw, not one per key.
                var taken = 0
                while taken < Self.burstLimit, let pending = terminal.pendingEvent() {
                    if handle(pending) { return }
                    taken += 1
                }
            } else if terminal.isInputClosed {
                finishAtEndOfInput()
                return
            } else if stopsWhenIdle, !app.isAnimating {
                return
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
            draw()
        }
    }

    /// The most waiting events handled between two draws, so a flood of input still shows
    /// progress.
    static let burstLimit = 4096

    /// Handles one event: Ctrl-Z suspends in any mode, anything else goes to the app.
    /// - Returns: whether the app should quit.
    private func handle(_ event: TerminalEvent) -> Bool {
        if case .key(.control("z")) = event {
            suspend()
            return false
        }
        // Read the clock per event: an item added now is dated now, not at the last poll
        // (items added within one poll interval would otherwise share a date and sort by id).
        app.tick(now: clock())
        if case .resize = event {
            screen = Screen(size: terminal.size)
        }
        return perform(app.handle(event))
    }

    /// Performs effects in order; true when the app should quit.
    private func perform(_ effects: [AppEffect]) -> Bool {
        for effect in effects {
            switch effect {
            case .save:
                save()
            case .saveSettling(let policy):
                // The user's answer to a conflict applies to this one save only.
                let chosen = app.context.mergePolicy
                app.context.mergePolicy = policy
                save()
                app.context.mergePolicy = chosen
            case .writeCopy(let path):
                app.writeCopy(to: path)
            case .quit:
                // A change that an earlier save could not write is tried once more; if it still
                // fails, quitting waits for the user (a conflict to decide, or q again).
                if app.context.hasChanges {
                    do {
                        try app.context.save()
                    } catch {
                        guard app.quitsDespiteUnsavedChange(error) else { return false }
                    }
                }
                // The next start can skip the sort when the cache matches the store.
                try? app.controller.persistCache()
                return true
            }
        }
        return false
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

    /// The terminal went away (end of input, an input error, a hang-up with SIGHUP ignored):
    /// nobody can answer a question any more, so a change an earlier save could not write is
    /// tried once more, the cache written, and the session ends; the caller compacts the store.
    private func finishAtEndOfInput() {
        if app.context.hasChanges {
            try? app.context.save()
        }
        try? app.controller.persistCache()
    }

    /// Saves the app's context; a failure goes to the app (shown, or a conflict to decide).
    /// - Returns: whether the save succeeded.
    @discardableResult
    private func save() -> Bool {
        do {
            try app.context.save()
            return true
        } catch {
            app.saveFailed(error)
            return false
        }
    }

    /// Midnight and other writers: moves the app's clock, and when the store's generation is not
    /// the one the context has seen, merges the store in (the table animates the difference).
    ///
    /// Changes a failed save left unsaved are saved first, so the merge policy settles them
    /// against the other writers (a conflict it leaves open goes to the user) — merging the
    /// store in first would settle them the object-trump way whatever the policy. While the
    /// user types or decides a conflict they wait for a later poll.
    private func poll() {
        app.tick(now: clock())
        guard !app.isResolvingConflict else { return }
        do {
            let generation = try app.context.store.currentGeneration()
            guard generation != app.context.storeGeneration else { return }
            if app.context.hasChanges {
                guard app.mode == .browse, save() else { return }
            }
            try app.context.refreshAllObjects()
        } catch {
            app.show(.error("Could not read changes from the store: \(error)"))
        }
    }

    private func draw() {
        app.render(into: &screen)
        terminal.present(screen)
    }
}
