extension TodoList {
    /// A list name read from a file, checked as a typed one is (`validatedName`).
    /// - Parameter refusal: the error for the name, given why it cannot be one ("is empty").
    /// - Throws: `refusal`'s error.
    /// - Complexity: O(n) in the length of the name.
    static func importedName(
        _ raw: String, refusal: (String) -> ExchangeError
    ) throws(ExchangeError) -> String {
        do {
            return try validatedName(raw)
        } catch {
            let problem =
                switch error {
                case .textTooLong: "is longer than \(maximumNameLength) characters, the most a list name holds"
                case .controlCharacter: "holds a line break or control character"
                default: "is empty"
                }
            throw refusal(problem)
        }
    }
}
