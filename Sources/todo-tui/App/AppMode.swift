import Foundation
import TodoCore

/// What the keyboard is doing now.
enum AppMode: Equatable {
    /// Moving over the list; single keys act on the selected item.
    case browse
    /// Typing a line for `purpose`; Enter applies, Esc cancels.
    case editing(LineEditor, EditPurpose)
    /// Typing the live filter; the list follows each keystroke. Enter keeps it, Esc clears it.
    case filtering(LineEditor)
    /// Typing the notes of the item with this id in the notes editor: Ctrl-S saves, Esc
    /// cancels. Esc on changed notes asks first (`confirmingDiscard`): Esc again discards,
    /// Ctrl-S saves, any other key goes on editing.
    case notes(NotesEditor, UUID, confirmingDiscard: Bool)
    /// The key table, from its line `firstLine` (it scrolls when the window is too short for
    /// it); j/k, the arrows and PgUp/PgDn scroll it, any other key closes it.
    case help(firstLine: Int)
    /// Another writer changed what the user changed, and the merge policy (`error`) leaves the
    /// decision to the user: both values are shown until `m`, `t` or `b` is pressed.
    case resolving([MergeConflict])
    /// The list picker (`ListPicker`): opening a list, moving a to-do, making, renaming or
    /// deleting a list.
    case pickingList(ListPicker)
}
