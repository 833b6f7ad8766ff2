import Foundation

extension StoreReader {
    /// Items read in one go, with where each starts and the position of every id in `items`.
    struct ItemRun {
        var items: [TodoItem] = []
        var positions: [UUID: Int32] = [:]
        var starts: [Int] = []

        init(expectedBytes: Int) {
            // A typical item line is 200–300 bytes; reserving avoids rehashing as the table grows.
            let expected = expectedBytes / 256
            items.reserveCapacity(expected)
            positions.reserveCapacity(expected)
            starts.reserveCapacity(expected)
        }
    }
}
