import Foundation

extension StoreEncoder {
    /// The journal line for `batch`: one JSON object with sorted keys and a final newline,
    /// `{"generation": N, "items": [{...}, ...], "removed": ["ID", ...]}`, items written as in
    /// the store file. Nothing inside contains a raw newline (strings escape control
    /// characters), so the newline ends the record and a line without it is a torn write.
    ///
    /// - Precondition: every date is within `representableDates`.
    /// - Complexity: O(n) in the total size of the batch's items.
    static func encodeRecord(_ batch: StoreBatch) -> [UInt8] {
        let idBound = UUIDFormat.writtenLength + 4
        let bound = batch.items.reduce(headerBound + idBound * batch.removedIDs.count) { $0 + itemBound($1) }
        return [UInt8](unsafeUninitializedCapacity: bound) { buffer, count in
            var output = ByteCursor(buffer)
            output.reserve(headerBound)
            output.write("{\"generation\": ")
            writeInteger(batch.generation, to: &output)
            output.write(", \"items\": [")
            for (index, item) in batch.items.enumerated() {
                output.reserve(itemBound(item))
                if index > 0 { output.write(", ") }
                writeItem(item, to: &output)
            }
            output.write("], \"removed\": [")
            for (index, id) in batch.removedIDs.enumerated() {
                output.reserve(idBound)
                output.write(index == 0 ? "\"" : ", \"")
                UUIDFormat.write(id, to: &output)
                output.write(UInt8(ascii: "\""))
            }
            output.write("]}\n")
            count = buffer.baseAddress.map { output.position - $0 } ?? 0
        }
    }
}
