import Foundation

/// The `lists` array of a store file (format 4 on) and of a journal record that changed them:
/// `[{"color": "red", "id": "…", "name": "Work"}, …]`.
extension StoreReader {
    /// Parses the lists array: at least one list, each with a colour, a UUID and a non-empty
    /// name; no id twice.
    /// - Throws: `StoreError.invalidData` naming the list by its number and what is wrong.
    /// - Complexity: O(n) in the size of the array.
    mutating func readLists() throws(StoreError) -> [TodoList] {
        let arrayStart = scanner.position
        try expectValue(.array, named: "\"lists\"", context: nil)
        scanner.position += 1
        scanner.skipWhitespace()
        guard !scanner.consume(UInt8(ascii: "]")) else {
            throw dataError(at: arrayStart, context: nil, "\"lists\" must hold at least one list")
        }
        var lists: [TodoList] = []
        var ids: Set<UUID> = []
        repeat {
            scanner.skipWhitespace()
            let start = scanner.position
            let list = try readList(number: lists.count + 1)
            guard ids.insert(list.id).inserted else {
                throw dataError(at: start, context: nil, "list \(lists.count + 1) repeats the id \(list.id.uuidString)")
            }
            lists.append(list)
            scanner.skipWhitespace()
        } while scanner.consume(UInt8(ascii: ","))
        try scanner.expect(UInt8(ascii: "]"), "',' or ']'")
        return lists
    }

    private mutating func readList(number: Int) throws(StoreError) -> TodoList {
        try expectValue(.object, named: "list \(number)", context: nil)
        var list = TodoList(id: TodoList.standardID, name: "")
        try readObject(keys: StoreKey.listKeys, context: nil) { (reader, key) throws(StoreError) in
            let offset = reader.scanner.position
            try reader.expectValue(.string, named: "\"\(key.name)\" of list \(number)", context: nil)
            let text = reader.scanner.string(try reader.scanner.scanString())
            switch key {
            case .color:
                guard let color = TodoColor(rawValue: text) else {
                    throw reader.dataError(
                        at: offset, context: nil,
                        "\"color\" of list \(number) must be one of "
                            + "\(TodoColor.allCases.map(\.rawValue).joined(separator: ", ")), found \(StoreError.quoted(text))"
                    )
                }
                list.color = color
            case .id:
                guard let id = UUID(uuidString: text), id.uuidString == text else {
                    throw reader.dataError(
                        at: offset, context: nil,
                        "\"id\" of list \(number) must be a UUID, found \(StoreError.quoted(text))")
                }
                list.id = id
            default:
                guard !text.isEmpty else {
                    throw reader.dataError(at: offset, context: nil, "\"name\" of list \(number) is empty")
                }
                list.name = text
            }
        }
        return list
    }
}
