import Foundation
import TodoCore

/// What an edited line is for.
enum EditPurpose: Equatable {
    /// A new item's quick-add line (`QuickAddParser`); without a `due:`, the item gets `due`:
    /// the day of the section the selection was in, or no date under "No date".
    case add(due: ItemDate?)
    /// The text of the item with this id.
    case text(UUID)
    /// The date of the item with this id.
    case date(UUID)
    /// The start of the item with this id.
    case start(UUID)
    /// The path of a new file to write the whole list to.
    case copyPath
    /// The tags of the item with this id, space-separated.
    case tags(UUID)
    /// The repetition of the item with this id, in words (`RepeatPhrase`).
    case repetition(UUID)
    /// The reminders of the item with this id, as `AlarmRequest` reads them (`15m, at 9:00`).
    case reminders(UUID)

    /// The edited item's id; nil when adding.
    var itemID: UUID? {
        switch self {
        case .add, .copyPath: nil
        case .text(let id), .date(let id), .start(let id), .tags(let id), .repetition(let id), .reminders(let id): id
        }
    }

    /// The prompt shown before the editor.
    var prompt: String {
        switch self {
        case .add: "Add: "
        case .text: "Edit: "
        case .date: "Date: "
        case .start: "Start: "
        case .copyPath: "Write all to-dos to: "
        case .tags: "Tags: "
        case .repetition: "Repeat: "
        case .reminders: "Remind: "
        }
    }
}
