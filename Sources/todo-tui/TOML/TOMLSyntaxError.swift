/// Why a file is not TOML of the subset `TOMLParser` reads: one sentence and where it applies.
struct TOMLSyntaxError: Error, Equatable, Sendable {
    let position: TextPosition
    /// A sentence without the position, e.g. "a string is not closed on its line".
    let message: String
}
