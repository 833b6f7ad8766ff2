import Foundation
import TodoCore

/// Items and files shared by the store tests.
enum StoreFixtures {
    static let milkID = UUID(uuidString: "0E4F2D7A-3B1C-4D5E-8F60-718293A4B5C6")!
    static let reportID = UUID(uuidString: "A1B2C3D4-E5F6-4789-9ABC-DEF012345678")!

    /// 2025-01-30T09:15:00.000Z
    static let morning = Date(millisecondsSince1970: 1_738_228_500_000)

    static let milk = TodoItem(
        id: milkID, text: "Buy milk", date: Date(millisecondsSince1970: 1_738_281_600_000), color: .red,
        createdAt: morning, version: 3
    )
    static let report = TodoItem(
        id: reportID, text: "Send \"Q4\" report\tto C:\\reports — 보고서 ✅",
        date: Date(millisecondsSince1970: 1_738_300_000_123),
        isDone: true, createdAt: Date(millisecondsSince1970: -86_400_001), modifiedAt: morning, version: 1
    )

    static let contents = StoreContents(generation: 12, items: [milk, report])

    /// Exactly what `StoreEncoder` writes for `contents`.
    static let golden = """
        {
          "format": "todo-tui",
          "generation": 12,
          "items": [
            {"color": "red", "createdAt": "2025-01-30T09:15:00.000Z", "date": "2025-01-31T00:00:00.000Z", "hasTime": \
        true, "id": "0E4F2D7A-3B1C-4D5E-8F60-718293A4B5C6", "isDone": false, "modifiedAt": \
        "2025-01-30T09:15:00.000Z", "text": "Buy milk", "version": 3},
            {"color": "default", "createdAt": "1969-12-30T23:59:59.999Z", "date": "2025-01-31T05:06:40.123Z", \
        "hasTime": true, "id": "A1B2C3D4-E5F6-4789-9ABC-DEF012345678", "isDone": true, "modifiedAt": \
        "2025-01-30T09:15:00.000Z", "text": "Send \\"Q4\\" report\\tto C:\\\\reports — 보고서 ✅", "version": 1}
          ],
          "version": 4
        }

        """

    /// A valid file (format version 1, whose items have no `hasTime`, unless `version` says
    /// otherwise) with one item and `itemLine` as its item, for building broken files.
    static func file(itemLine: String, generation: String = "1", version: String = "1") -> [UInt8] {
        Array(
            """
            {
              "format": "todo-tui",
              "generation": \(generation),
              "items": [
                \(itemLine)
              ],
              "version": \(version)
            }

            """.utf8)
    }

    /// The milk item's line (a version-1 item) with `replacement` put in place of `original`.
    static func milkLine(replacing original: String = "", with replacement: String = "") -> String {
        let line =
            #"{"color": "red", "createdAt": "2025-01-30T09:15:00.000Z", "date": "2025-01-31T00:00:00.000Z", "id": "0E4F2D7A-3B1C-4D5E-8F60-718293A4B5C6", "isDone": false, "modifiedAt": "2025-01-30T09:15:00.000Z", "text": "Buy milk", "version": 3}"#
        return original.isEmpty ? line : line.replacingOccurrences(of: original, with: replacement)
    }
}
