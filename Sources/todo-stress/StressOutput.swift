import Foundation

/// Standard output one whole line per write, unbuffered: a line a test has read was written
/// before the process went on, even if it is killed a moment later.
enum StressOutput {
    static func line(_ text: String) {
        FileHandle.standardOutput.write(Data("\(text)\n".utf8))
    }
}
