@testable import todo_tui

extension TodoApp {
    /// Handles one event and performs its effects as the run loop does, without a sync.
    /// - Returns: whether the app should quit now.
    func receive(_ event: TerminalEvent) -> Bool {
        AppEffectPerformer(app: self).perform(handle(event))
    }
}
