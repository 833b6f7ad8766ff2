/// Whether a processed batch enters the undo history; merges and undo itself switch it off.
enum UndoRegistration {
    /// A new user change: push onto the undo stack and clear the redo stack.
    case record
    /// Not undoable (rollback, merges from the store, undo and redo replaying a batch).
    case ignore
}
