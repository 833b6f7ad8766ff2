import Foundation
import Testing

@testable import TodoCore

/// Snapshots mark changed items by fingerprint: every field must count.
@Suite("TodoItem fingerprint")
struct TodoItemFingerprintTests {
    static let item = TodoItem(
        text: "Buy milk 우유", date: Date(timeIntervalSince1970: 1_763_640_000),
        createdAt: Date(timeIntervalSince1970: 1_763_600_000))

    @Test("the same value gives the same fingerprint; a change to any field gives another")
    func everyFieldCounts() {
        var copy = Self.item
        #expect(copy.fingerprint == Self.item.fingerprint)
        let changes: [(String, (inout TodoItem) -> Void)] = [
            ("text", { $0.text += "!" }),
            ("text of equal length", { $0.text = "Buy mill 우유" }),
            ("date", { $0.date = $0.date.map { $0 + 0.001 } }),
            ("colour", { $0.color = .red }),
            ("done", { $0.isDone.toggle() }),
            ("modified", { $0.modifiedAt += 1 }),
            ("version", { $0.version += 1 }),
        ]
        for (field, change) in changes {
            copy = Self.item
            change(&copy)
            #expect(copy.fingerprint != Self.item.fingerprint, "\(field)")
        }
        let other = TodoItem(id: UUID(), text: Self.item.text, date: Self.item.date, createdAt: Self.item.createdAt)
        #expect(other.fingerprint != Self.item.fingerprint, "id")
    }
}
