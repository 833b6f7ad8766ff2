import Foundation

extension StoreEncoder {
    /// The journal line for `batch`: one JSON object with sorted keys and a final newline,
    /// `{"generation": N, "items": [{...}, ...], "removed": ["ID", ...]}`, items written as in
    /// the store file, and `"lists": [...]` before `removed` when the batch changed the lists. Nothing inside contains a raw newline (strings escape control
    /// characters), so the newline ends the record and a line without it is a torn write.
    ///
    /// - Precondition: every date is within `representableDates`.
    /// - Complexity: O(n) in the total size of the batch's items.
    static func encodeRecord(_ batch: StoreBatch) -> [UInt8] {
        let idBound = UUIDFormat.writtenLength + 4
        let extra = idBound * batch.removedIDs.count + (batch.lists.map(listsBound) ?? 0)
        return bytes(items: batch.items, extra: extra) { output in
            output.write("{\"generation\": ")
            writeInteger(batch.generation, to: &output)
            output.write(", \"items\": [")
            writeItems(batch.items, first: "", separator: ", ", to: &output)
            if let lists = batch.lists {
                output.write("], \"lists\": ")
                writeLists(lists, first: "[", separator: ", ", last: "]", to: &output)
                output.write(", \"removed\": [")
            } else {
                output.write("], \"removed\": [")
            }
            for (index, id) in batch.removedIDs.enumerated() {
                output.reserve(idBound)
                output.write(index == 0 ? "\"" : ", \"")
                UUIDFormat.write(id, to: &output)
                output.write(UInt8(ascii: "\""))
            }
            output.write("]}\n")
        }
    }
}
