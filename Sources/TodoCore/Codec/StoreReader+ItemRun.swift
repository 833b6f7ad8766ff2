import Foundation

extension StoreReader {
    /// Items read in one go, with where each starts and the position of every id in `items`.
    struct ItemRun {
        var items: [TodoItem] = []
        var positions: [UUID: Int32] = [:]
        var starts: [Int] = []
        /// The index of the first item without `hasTime` (a version-1 item), if any.
        var firstWithoutTimeOfDay: Int?
        /// The first key of an item that version 1 did not have: the item's index, the key and
        /// where its value starts.
        var firstVersion2Key: (index: Int, key: StoreKey, offset: Int)?

        init(expectedBytes: Int) {
            // A typical item line is 200–300 bytes; reserving avoids rehashing as the table grows.
            let expected = expectedBytes / 256
            items.reserveCapacity(expected)
            positions.reserveCapacity(expected)
            starts.reserveCapacity(expected)
        }
    }
}
