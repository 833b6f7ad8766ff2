import Foundation

extension StoreReader {
    /// Items read in one go, with where each starts and the position of every id in `items`.
    struct ItemRun {
        var items: [TodoItem] = []
        var positions: [UUID: Int32] = [:]
        var starts: [Int] = []
        /// What the version, read after the items, decides (`StoreReader.checkItemKeys`): the
        /// first item with each kind of key set that only some versions allow.
        var shapes = ItemShapes()

        init(expectedBytes: Int) {
            // A typical item line is 200–300 bytes; reserving avoids rehashing as the table grows.
            let expected = expectedBytes / 256
            items.reserveCapacity(expected)
            positions.reserveCapacity(expected)
            starts.reserveCapacity(expected)
        }
    }

    /// The first item (its index in the run) of each shape whose validity depends on the format
    /// version: a key an older version did not have, or a key without its partner.
    struct ItemShapes {
        /// For each version (by index) after 1, the first item with a key it introduced
        /// (`StoreKey.introducedIn`) and that key: a file of an older version must not have it.
        var firstKeyOfVersion = [(index: Int, key: StoreKey)?](repeating: nil, count: StoreError.supportedVersion + 1)
        /// An item without `date` (allowed from version 3 on).
        var firstWithoutDate: Int?
        /// An item with `date` and without `hasTime` (a version-1 item; refused from version 2 on).
        var firstWithoutTimeOfDay: Int?
        /// An item with one of a pair of keys that come together and not the other (`hasTime`
        /// without `date`, `start` and `startHasTime`), with the missing key; refused from
        /// version 3 on.
        var firstUnpaired: (index: Int, missing: StoreKey)?

        /// The item keys each version introduced, by version.
        private static let keysOfVersion: [UInt32] = (0...StoreError.supportedVersion).map { version in
            StoreKey.item.filter { $0.introducedIn == version }.reduce(0) { $0 | $1.bit }
        }

        /// Keys that come together from version 3 on: the first needs the second. (`date`
        /// without `hasTime` is `firstWithoutTimeOfDay`.)
        private static let pairs: [(StoreKey, StoreKey)] = [
            (.hasTime, .date), (.start, .startHasTime), (.startHasTime, .start),
        ]

        /// The key set last noted: a file's items mostly share one, and an item of a shape
        /// already noted adds nothing (every mark is the first item of its shape).
        private var lastSeen: UInt32?

        /// Notes the keys of item `index`, `seen` as a set of `StoreKey.bit`s.
        /// - Complexity: O(1).
        mutating func note(index: Int, seen: UInt32) {
            guard seen != lastSeen else { return }
            lastSeen = seen
            for version in 2..<firstKeyOfVersion.count
            where firstKeyOfVersion[version] == nil && seen & Self.keysOfVersion[version] != 0 {
                let key = StoreKey.item.first { seen & Self.keysOfVersion[version] & $0.bit != 0 }
                firstKeyOfVersion[version] = key.map { (index, $0) }
            }
            let hasDate = seen & StoreKey.date.bit != 0
            if !hasDate, firstWithoutDate == nil { firstWithoutDate = index }
            if hasDate, seen & StoreKey.hasTime.bit == 0, firstWithoutTimeOfDay == nil { firstWithoutTimeOfDay = index }
            guard firstUnpaired == nil else { return }
            for (key, partner) in Self.pairs where seen & key.bit != 0 && seen & partner.bit == 0 {
                firstUnpaired = (index, partner)
                return
            }
        }
    }
}
