import Foundation
import Testing
import TodoTestSupport

@testable import TodoCore

/// A save writes its items in id order (`TodoContext.sortedIDs`), which must be `UUID`'s own.
@Suite("A save's id order")
struct ContextSortedIDsTests {
    @Test("ids are sorted as UUID's own order sorts them, including ids that differ only in a high or last byte")
    func sameOrderAsUUID() {
        var random = SplitMix64(seed: 30)
        var ids = (0..<2_000).map { _ in
            UUID(
                uuid: (
                    UInt8.random(in: 0...255, using: &random), UInt8.random(in: 0...255, using: &random),
                    UInt8.random(in: 0...255, using: &random), 0, 0, 0, 0x40, 0, 0x80, 0, 0, 0, 0, 0,
                    UInt8.random(in: 0...255, using: &random), UInt8.random(in: 0...255, using: &random)
                ))
        }
        ids += [
            UUID(uuid: (0xFF, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)),
            UUID(uuid: (0x7F, 0xFF, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)),
            UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0x80, 0, 0, 0, 0, 0, 0, 0, 0)),
            UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0x7F, 0xFF, 0, 0, 0, 0, 0, 0, 0)),
            UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1)),
            UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0)),
        ]
        let unique = Set(ids)
        #expect(TodoContext.sortedIDs(unique) == unique.sorted())
        #expect(TodoContext.sortedIDs([UUID]()).isEmpty)
    }
}
