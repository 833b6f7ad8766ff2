import Foundation
import TodoSyncModel

/// Saves a sync state round after round, forever, acknowledging each durable save on standard
/// output: the crash-safety test of the state's appended changes.
///
/// The state holds `recordCount` records with ids `00000000-0000-4000-8000-<index>`; round r
/// sets record `r % recordCount` to `localVersion` r and base `round r` (padded), and the
/// collection's sync token to `r`. Each save goes over the last (`SyncStateFile.save(_:over:)`):
/// most append, and every few dozen write the state whole, so a kill can land in either.
/// A loop started on an existing state carries on from its token.
struct StateSaveLoop {
    let file: SyncStateFile
    static let recordCount = 64

    /// Never returns normally.
    /// - Throws: the first error a load or save throws.
    func run() throws -> Never {
        var state: SyncState
        if let existing = try file.load() {
            state = existing
        } else {
            state = SyncState(collections: [
                CollectionLink(url: "http://127.0.0.1:1/c/", listID: nil, marker: CollectionState(syncToken: "0"))
            ])
            state.records = (0..<Self.recordCount).map { index in
                SyncRecord(
                    id: Self.id(index), href: "http://127.0.0.1:1/c/\(index).ics", etag: nil, localVersion: 0,
                    base: Self.base(round: 0))
            }
            try file.save(state, over: nil)
        }
        var round = Int(state.collections.first?.marker?.syncToken ?? "0") ?? 0
        StressOutput.line("\(round)")
        while true {
            round += 1
            var next = state
            let index = round % Self.recordCount
            next.records[index].localVersion = round
            next.records[index].base = Self.base(round: round)
            next.collections[0].marker = CollectionState(syncToken: "\(round)")
            try file.save(next, over: state)
            state = next
            StressOutput.line("\(round)")
        }
    }

    /// The id of record `index` (below 65,536).
    static func id(_ index: Int) -> UUID {
        UUID(uuid: (0, 0, 0, 0, 0, 0, 0x40, 0, 0x80, 0, 0, 0, 0, 0, UInt8(index >> 8), UInt8(index & 0xff)))
    }

    /// The base of a record last set in `round`: long enough that a save takes a few writes'
    /// worth of time.
    static func base(round: Int) -> String {
        "round \(round) " + String(repeating: "x", count: 1_000)
    }
}
