import TodoCore

/// One element of a parsed XML document, named by namespace URI and local name (never by
/// prefix: servers choose different prefixes for the same namespace).
public struct XMLNode: Sendable, Hashable {
    public var namespace: String
    public var name: String
    public var attributes: [String: String]
    public var children: [XMLNode]
    /// The character data directly inside this element (CDATA included), untrimmed.
    public var text: String

    public init(
        namespace: String, name: String, attributes: [String: String] = [:], children: [XMLNode] = [],
        text: String = ""
    ) {
        self.namespace = namespace
        self.name = name
        self.attributes = attributes
        self.children = children
        self.text = text
    }

    /// True when this element is `name` in `namespace`.
    public func isNamed(_ name: String, in namespace: String) -> Bool {
        self.name == name && self.namespace == namespace
    }

    /// The first child named `name` in `namespace`.
    public func child(_ name: String, in namespace: String = DAVNamespace.dav) -> XMLNode? {
        children.first { $0.isNamed(name, in: namespace) }
    }

    /// Every child named `name` in `namespace`, in document order.
    public func children(_ name: String, in namespace: String = DAVNamespace.dav) -> [XMLNode] {
        children.filter { $0.isNamed(name, in: namespace) }
    }

    /// The text trimmed of surrounding white space (`CharacterSet.whitespacesAndNewlines`).
    public var trimmedText: String {
        TrimmedText.of(text)
    }
}
