extension MergePolicy {
    /// The short name command lines and scripts use: `error`, `store-trump`, `object-trump`,
    /// `overwrite` or `rollback`.
    public var name: String {
        switch self {
        case .error: "error"
        case .mergeByPropertyStoreTrump: "store-trump"
        case .mergeByPropertyObjectTrump: "object-trump"
        case .overwrite: "overwrite"
        case .rollback: "rollback"
        }
    }

    /// The policy with the short name (`store-trump`) or the Swift case name
    /// (`mergeByPropertyStoreTrump`), in any letter case; nil for any other text.
    /// - Complexity: O(1): five names of either form are compared.
    public init?(name: String) {
        let wanted = name.lowercased()
        guard let policy = Self.allCases.first(where: { $0.name == wanted || $0.rawValue.lowercased() == wanted })
        else {
            return nil
        }
        self = policy
    }

    /// Every short name, in declaration order, for messages that list the choices.
    public static var names: [String] {
        allCases.map(\.name)
    }
}
