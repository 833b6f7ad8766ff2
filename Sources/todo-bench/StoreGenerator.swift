import Foundation
import TodoCore

/// `todo-bench generate N PATH [--seed S]`: writes a store file of N `SampleItems` with
/// `StoreEncoder`, the documented way to make the 10,000- and 100,000-item stores measured.
///
/// The same N and seed always write the same bytes. An existing file is never replaced: the
/// file is created exclusively, so not even a race with another writer overwrites one.
enum StoreGenerator {
    static let usage = "usage: todo-bench generate N PATH [--seed S]"
    static let defaultSeed: UInt64 = 1

    /// Parses the arguments after `generate`, writes the store and returns the exit status: 0; 64
    /// for bad arguments; 73 when PATH exists or cannot be created; 74 when writing fails.
    static func main(arguments: [String]) -> Int32 {
        var positional: [String] = []
        var seed = defaultSeed
        var rest = arguments[...]
        while let argument = rest.popFirst() {
            switch argument {
            case "-h", "--help":
                print(usage)
                return 0
            case "--seed":
                guard let value = rest.popFirst().flatMap({ UInt64($0) }) else {
                    return fail("--seed needs a whole number from 0 to \(UInt64.max)", status: 64, showingUsage: true)
                }
                seed = value
            default:
                positional.append(argument)
            }
        }
        guard positional.count == 2 else {
            return fail(
                "expected an item count and a path, got \(positional.count) "
                    + "argument\(positional.count == 1 ? "" : "s")",
                status: 64, showingUsage: true)
        }
        guard let count = Int(positional[0]), count >= 0 else {
            return fail(
                "the item count ‘\(positional[0])’ is not a whole number of 0 or more", status: 64, showingUsage: true)
        }
        let path = positional[1]
        do {
            let bytes = try write(count: count, seed: seed, to: path)
            print("wrote \(count.grouped) items (\(bytes.grouped) bytes, seed \(seed)) to \(path)")
            return 0
        } catch {
            return fail(error.message, status: error.status)
        }
    }

    /// Why `write` failed: a sentence and the exit status `generate` ends with.
    struct Failure: Error {
        let message: String
        let status: Int32
    }

    /// Writes a store of `count` `SampleItems` made from `seed` to a new file at `path`, synced.
    /// - Returns: the number of bytes written.
    /// - Throws: `Failure` with status 73 when `path` exists or cannot be created, 74 when
    ///   writing fails (the partial file is removed).
    /// - Complexity: O(count).
    static func write(count: Int, seed: UInt64, to path: String) throws(Failure) -> Int {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else {
            let reason =
                errno == EEXIST
                ? "it already exists and generate never overwrites a file" : String(cString: strerror(errno))
            throw Failure(message: "cannot create \(path): \(reason)", status: 73)
        }
        // In file order, as todo-tui writes every store it saves.
        let bytes = StoreEncoder.encode(
            StoreContents(generation: 1, items: SampleItems.make(count, seed: seed)).inFileOrder)
        let file = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
        do {
            try file.write(contentsOf: bytes)
            try file.synchronize()
            try file.close()
        } catch {
            // A partial store would fail to load later, far from the cause: remove it now.
            unlink(path)
            throw Failure(message: "cannot write \(path): \(error.localizedDescription)", status: 74)
        }
        return bytes.count
    }

    /// Prints `message` as one line to standard error, optionally with the usage, and returns `status`.
    private static func fail(_ message: String, status: Int32, showingUsage: Bool = false) -> Int32 {
        let text = "todo-bench generate: \(message)\n" + (showingUsage ? usage + "\n" : "")
        FileHandle.standardError.write(Data(text.utf8))
        return status
    }
}
