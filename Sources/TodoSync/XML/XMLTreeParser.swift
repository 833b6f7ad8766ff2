import Foundation

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// Parses an XML document into an `XMLNode` tree with FoundationXML's `XMLParser`, namespaces
/// on, external entities off.
public enum XMLTreeParser {
    /// The document's root element.
    /// - Throws: `XMLTreeParser.Failure` with the parser's reason for a malformed document.
    /// - Complexity: O(size of the document).
    public static func parse(_ data: Data) throws(Failure) -> XMLNode {
        let parser = XMLParser(data: data)
        parser.shouldProcessNamespaces = true
        parser.shouldResolveExternalEntities = false
        let builder = TreeBuilder()
        parser.delegate = builder
        guard parser.parse(), let root = builder.root else {
            let reason = parser.parserError.map { ($0 as NSError).localizedDescription } ?? "no root element"
            throw Failure(reason: reason)
        }
        return root
    }

    /// Why a document could not be parsed.
    public struct Failure: Error, Sendable {
        public var reason: String
    }
}

/// Collects the parser's events into nodes: open elements on a stack, each closed one appended
/// to its parent.
private final class TreeBuilder: NSObject, XMLParserDelegate {
    var stack: [XMLNode] = []
    var root: XMLNode?

    func parser(
        _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?, qualifiedName: String?,
        attributes: [String: String] = [:]
    ) {
        stack.append(XMLNode(namespace: namespaceURI ?? "", name: elementName, attributes: attributes))
    }

    func parser(_ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName: String?) {
        guard let node = stack.popLast() else { return }
        if stack.isEmpty {
            root = node
        } else {
            stack[stack.count - 1].children.append(node)
        }
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) {
        guard !stack.isEmpty else { return }
        stack[stack.count - 1].text += string
    }

    func parser(_ parser: XMLParser, foundCDATA CDATABlock: Data) {
        guard !stack.isEmpty else { return }
        stack[stack.count - 1].text += String(decoding: CDATABlock, as: UTF8.self)
    }
}
