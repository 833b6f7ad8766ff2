import Foundation

/// A calendar collection discovery found.
public struct CalendarCollection: Sendable, Hashable {
    public var url: URL
    public var displayName: String?
    /// Whether it accepts VTODOs (its `supported-calendar-component-set` names VTODO, or it
    /// has none, which RFC 4791 §5.2.3 reads as every component).
    public var acceptsTodos: Bool
    /// Whether VTODO is all it accepts.
    public var onlyTodos: Bool
    /// Apple's `calendar-color` as the server holds it (`#RRGGBB` or `#RRGGBBAA`), if any.
    public var color: String?
    /// Apple's `calendar-order`, if the server keeps one.
    public var order: Int?
    /// False when `current-user-privilege-set` grants neither `DAV:all`, `DAV:write` nor
    /// `DAV:write-content` (RFC 3744): the account may only read; true when the server does not
    /// say.
    public var writable: Bool = true

    /// The name a person types: the display name, else the last path segment.
    public var name: String {
        if let displayName, !displayName.isEmpty { return displayName }
        return url.lastPathComponent
    }
}
