import Foundation

extension Pipe {
    /// Reads one line from a running process's output, without its newline; nil if the output
    /// ended first. Reads a byte at a time, so nothing after the line is consumed.
    func readLine() -> String? {
        var bytes: [UInt8] = []
        while true {
            let byte = fileHandleForReading.readData(ofLength: 1)
            guard let first = byte.first else { return nil }
            if first == UInt8(ascii: "\n") { return String(decoding: bytes, as: UTF8.self) }
            bytes.append(first)
        }
    }
}
