import Foundation
import Glibc
import Testing
import TodoCore

/// A fresh folder under the system's temporary folder, removed with everything in it when the
/// value is released.
final class TemporaryFolder {
    let path: String

    init() throws {
        let temporary =
            NSTemporaryDirectory().hasSuffix("/") ? String(NSTemporaryDirectory().dropLast()) : NSTemporaryDirectory()
        var template = Array("\(temporary)/todo-store-XXXXXX".utf8CString)
        let created = template.withUnsafeMutableBufferPointer { buffer in
            buffer.baseAddress.flatMap { mkdtemp($0) }.map { String(cString: $0) }
        }
        path = try #require(created)
    }

    deinit {
        try? FileManager.default.removeItem(atPath: path)
    }

    /// The path of `name` inside the folder.
    func path(_ name: String) -> String {
        "\(path)/\(name)"
    }

    /// The names in the folder (or a subfolder), sorted.
    func entries(_ subfolder: String? = nil) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: subfolder.map(path) ?? path).sorted()
    }
}

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
