extension Unicode.Scalar {
    /// C0 and C1 control characters and DEL: what a terminal could interpret.
    var isControlCharacter: Bool {
        value < 0x20 || (0x7F...0x9F).contains(value)
    }
}
