/// Why a configuration file cannot be used: one sentence at a file, line and column, as
/// compilers write it (`config.toml:12:8: …`), so that an editor can jump there. Problems with
/// the file as a whole (a directory, a FIFO, unreadable, too large, missing when named) are at
/// `1:1`. The command that met it starts nothing and exits 78 (EX_CONFIG).
struct ConfigError: Error, Equatable, Sendable, CustomStringConvertible {
    let path: String
    let position: TextPosition
    /// The sentence, ending in a full stop.
    let message: String

    init(path: String, position: TextPosition = .start, message: String) {
        self.path = path
        self.position = position
        self.message = message
    }

    var description: String { "\(path):\(position): \(message)" }
}
