/// Where a processed batch goes in the undo history; the context switches it while undoing.
enum UndoRegistration {
    /// A new user change: push onto the undo stack and clear the redo stack.
    case record
    /// An undo in progress: push onto the redo stack.
    case undoing
    /// A redo in progress: push onto the undo stack, keep the redo stack.
    case redoing
    /// Not undoable (rollback, merges from the store).
    case ignore
}
