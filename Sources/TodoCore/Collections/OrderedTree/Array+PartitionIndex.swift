extension Array {
    /// The first index whose element satisfies `isAfterPartition`, which must be false for a
    /// prefix of the array and true for the rest.
    /// - Complexity: O(log n) calls of `isAfterPartition`.
    @inlinable
    func partitionIndex(where isAfterPartition: (Element) -> Bool) -> Int {
        var low = 0
        var high = count
        while low < high {
            let middle = low + (high - low) / 2
            if isAfterPartition(self[middle]) {
                high = middle
            } else {
                low = middle + 1
            }
        }
        return low
    }
}
