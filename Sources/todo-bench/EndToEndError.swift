import Foundation

/// Why an end-to-end benchmark (one that runs `todo-tui` or `task`) could not measure.
enum EndToEndError: Error, Equatable, CustomStringConvertible {
    /// A program to run is not where it was looked for.
    case missingProgram(name: String, hint: String)
    /// `posix_spawn` or a pseudo-terminal call failed with `errno`.
    case systemCall(name: String, errno: Int32)
    /// A program ended with a status other than 0.
    case failed(command: String, status: Int32, output: String)
    /// The app wrote no frame (or not the expected one) in time.
    case noFrame(waitedSeconds: Double, outputTail: String)
    /// The app ended while a frame was awaited.
    case exitedEarly(outputTail: String)

    var description: String {
        switch self {
        case let .missingProgram(name, hint):
            "\(name) was not found; \(hint)."
        case let .systemCall(name, errno):
            "\(name) failed: \(String(cString: strerror(errno)))."
        case let .failed(command, status, output):
            "‘\(command)’ ended with wait status \(status)\(output.isEmpty ? "" : ", saying: \(output)")."
        case let .noFrame(waitedSeconds, outputTail):
            "The app drew no frame within \(waitedSeconds.formatted(digits: 1)) s; its last output was "
                + "\(outputTail.debugDescription)."
        case let .exitedEarly(outputTail):
            "The app ended before drawing a frame; its last output was \(outputTail.debugDescription)."
        }
    }
}
