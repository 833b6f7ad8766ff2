import Foundation

extension StoreEncoder {
    /// Writes an item's repetition as `{"completed": 2, "exdates": […], "from": "completion",
    /// "lastCompleted": "…", "rdates": […], "rule": "FREQ=WEEKLY"}`, keys sorted, each key but
    /// `rule` only when it differs from its empty value (0, [], `"due"`, none).
    static func writeRepetition(_ kept: ItemRepetition, to output: inout ByteCursor) {
        let repetition = kept.repetition
        output.write(UInt8(ascii: "{"))
        if kept.completedCount > 0 {
            output.write("\"completed\": ")
            writeInteger(kept.completedCount, to: &output)
            output.write(", ")
        }
        if !repetition.exceptionDates.isEmpty {
            output.write("\"exdates\": ")
            writeTimestamps(repetition.exceptionDates, to: &output)
            output.write(", ")
        }
        if repetition.anchor == .completion {
            output.write("\"from\": \"completion\", ")
        }
        if let last = kept.lastCompletedAt {
            output.write("\"lastCompleted\": \"")
            TimestampFormat.write(last.millisecondsSince1970, to: &output)
            output.write("\", ")
        }
        if !repetition.extraDates.isEmpty {
            output.write("\"rdates\": ")
            writeTimestamps(repetition.extraDates, to: &output)
            output.write(", ")
        }
        output.write("\"rule\": ")
        writeString(repetition.rule.rruleText, to: &output)
        output.write(UInt8(ascii: "}"))
    }

    /// At most how many bytes `writeRepetition` writes.
    static func repetitionBound(_ kept: ItemRepetition) -> Int {
        let repetition = kept.repetition
        return 160 + 6 * repetition.rule.rruleText.utf8.count
            + (repetition.exceptionDates.count + repetition.extraDates.count) * (TimestampFormat.writtenLength + 4)
    }

    private static func writeTimestamps(_ dates: [Date], to output: inout ByteCursor) {
        output.write(UInt8(ascii: "["))
        for (index, date) in dates.enumerated() {
            output.write(index == 0 ? "\"" : ", \"")
            TimestampFormat.write(date.millisecondsSince1970, to: &output)
            output.write(UInt8(ascii: "\""))
        }
        output.write(UInt8(ascii: "]"))
    }
}
