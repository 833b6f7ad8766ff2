import Foundation

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// Parses an XML document into an `XMLNode` tree with FoundationXML's `XMLParser`, namespaces
/// on, external entities off, once `XMLInputCheck` has turned away what would trap it; and
/// bounded: a document nested deeper than `maximumDepth` or holding more than
/// `maximumElements` elements is refused as soon as the parser reaches the element past the
/// bound, so a hostile answer costs at most its own size (which the transport bounds,
/// `HTTPRequest.maximumResponseBytes`) and a tree of at most that many elements.
public enum XMLTreeParser {
    /// 32 elements open at once: a WebDAV answer nests about eight deep (multistatus, response,
    /// propstat, prop, a property, its values).
    public static let maximumDepth = 32

    /// 1,000,000 elements: a listing takes about eight per member, so this is several times the
    /// listing of the largest collection a response may carry (`ResponseLimits.listing`).
    public static let maximumElements = 1_000_000

    /// The document's root element.
    /// - Throws: `XMLTreeParser.Failure` saying in words why the document cannot be read.
    /// - Complexity: O(size of the document).
    public static func parse(_ data: Data) throws(Failure) -> XMLNode {
        if let refusal = XMLInputCheck.refusal(of: data) { throw Failure(reason: refusal) }
        let parser = XMLParser(data: data)
        parser.shouldProcessNamespaces = true
        parser.shouldResolveExternalEntities = false
        let builder = TreeBuilder()
        parser.delegate = builder
        let finished = parser.parse()
        if let refusal = builder.refusal { throw Failure(reason: refusal) }
        // The parser also reports warnings (a relative namespace URI) as its error: a whole
        // tree is the answer, whatever it warned about.
        if finished, let root = builder.root { return root }
        if let error = parser.parserError {
            throw Failure(reason: reason(error, line: parser.lineNumber, column: parser.columnNumber))
        }
        throw Failure(reason: data.isEmpty ? "the answer is empty" : "the answer ends before its XML is complete")
    }

    /// Why a document could not be parsed.
    public struct Failure: Error, Sendable {
        public var reason: String
    }

    /// The parser's error in words, where it stopped: never Foundation's domain and code.
    private static func reason(_ error: any Error, line: Int, column: Int) -> String {
        let place = "(line \(line), column \(column))"
        switch (error as NSError).code {
        case 4: return "the answer is empty"
        default: return "the answer is not well-formed XML \(place)"
        }
    }
}

/// Collects the parser's events into nodes: open elements on a stack, each closed one appended
/// to its parent; stops the parser at the first element past a bound.
private final class TreeBuilder: NSObject, XMLParserDelegate {
    var stack: [XMLNode] = []
    var root: XMLNode?
    var elements = 0
    /// Why the builder stopped the parser, when it did.
    var refusal: String?

    func parser(
        _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?, qualifiedName: String?,
        attributes: [String: String] = [:]
    ) {
        elements += 1
        if stack.count >= XMLTreeParser.maximumDepth {
            refuse(parser, "its XML nests elements more than \(XMLTreeParser.maximumDepth) deep")
        } else if elements > XMLTreeParser.maximumElements {
            refuse(parser, "its XML holds more than \(XMLTreeParser.maximumElements) elements")
        }
        guard refusal == nil else { return }
        stack.append(XMLNode(namespace: namespaceURI ?? "", name: elementName, attributes: attributes))
    }

    private func refuse(_ parser: XMLParser, _ reason: String) {
        guard refusal == nil else { return }
        refusal = reason
        parser.abortParsing()
    }

    func parser(_ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName: String?) {
        guard refusal == nil, let node = stack.popLast() else { return }
        if stack.isEmpty {
            root = node
        } else {
            stack[stack.count - 1].children.append(node)
        }
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) {
        guard refusal == nil, !stack.isEmpty else { return }
        stack[stack.count - 1].text += string
    }

    func parser(_ parser: XMLParser, foundCDATA CDATABlock: Data) {
        guard refusal == nil, !stack.isEmpty else { return }
        stack[stack.count - 1].text += String(decoding: CDATABlock, as: UTF8.self)
    }
}
