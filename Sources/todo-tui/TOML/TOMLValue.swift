/// A value read from a TOML file, with the position it starts at, so that a setting that cannot
/// take it is refused at the right line and column.
struct TOMLValue: Sendable, Equatable {
    /// What the value is: the kinds of the TOML subset this reader accepts (`TOMLParser`).
    enum Kind: Sendable, Equatable {
        case string(String)
        case integer(Int)
        case boolean(Bool)
        case array([TOMLValue])
    }

    let kind: Kind
    let position: TextPosition

    /// The kind as a sentence names it: "a string", "an integer", "true or false", "an array".
    var kindName: String {
        switch kind {
        case .string: "a string"
        case .integer: "an integer"
        case .boolean: "true or false"
        case .array: "an array"
        }
    }
}
