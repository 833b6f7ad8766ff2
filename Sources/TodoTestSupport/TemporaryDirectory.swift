import Foundation
import Glibc

/// A fresh folder under the system's temporary folder (made by `mkdtemp`, so unique and 0700),
/// removed with everything in it when the value is released.
public final class TemporaryDirectory {
    public let url: URL

    /// The folder's path.
    public var path: String { url.path }

    /// - Throws: `CocoaError` when the folder cannot be made.
    public init() throws {
        let temporary =
            NSTemporaryDirectory().hasSuffix("/") ? String(NSTemporaryDirectory().dropLast()) : NSTemporaryDirectory()
        var template = Array("\(temporary)/todo-tui-test-XXXXXX".utf8CString)
        let created = template.withUnsafeMutableBufferPointer { buffer in
            buffer.baseAddress.flatMap { mkdtemp($0) }.map { String(cString: $0) }
        }
        guard let created else {
            throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: temporary])
        }
        url = URL(fileURLWithPath: created)
    }

    deinit {
        try? FileManager.default.removeItem(at: url)
    }

    /// The path of `name` inside the folder.
    public func path(_ name: String) -> String {
        url.appendingPathComponent(name).path
    }

    /// The names in the folder (or a subfolder), sorted.
    public func entries(_ subfolder: String? = nil) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: subfolder.map(path) ?? path).sorted()
    }
}
