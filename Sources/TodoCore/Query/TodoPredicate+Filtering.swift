extension TodoPredicate {
    /// The items of `items` that match, in their order. Every item matches `.all`, so those
    /// are returned without a copy.
    ///
    /// One thread, as everything in TodoCore: filtering in two halves on two threads made the
    /// app's filter keystroke no faster (`todo-bench keys`).
    /// - Complexity: O(n) evaluations.
    func filter(_ items: [TodoItem]) -> [TodoItem] {
        if self == .all { return items }
        return items.filter(evaluate)
    }
}
