import Foundation
import TodoCore

/// The bytes of the file at `path`.
func fileBytes(_ path: String) throws -> [UInt8] {
    try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
}

/// Writes `bytes` to `path`, replacing what is there.
func writeFile(_ path: String, _ bytes: [UInt8]) throws {
    try Data(bytes).write(to: URL(fileURLWithPath: path))
}

/// Appends `item` and bumps the generation, as a save through a context does.
func adding(_ item: TodoItem, to contents: inout StoreContents) {
    contents.items.append(item)
    contents.generation += 1
}
