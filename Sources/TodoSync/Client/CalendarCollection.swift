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

    /// The name a person types: the display name, else the last path segment.
    public var name: String {
        if let displayName, !displayName.isEmpty { return displayName }
        return url.lastPathComponent
    }
}
