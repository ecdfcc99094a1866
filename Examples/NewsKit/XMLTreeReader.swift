import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif

/// libxml2 is not thread-safe in every respect, so documents are parsed one at a time.
private let xmlParserLock = NSLock()

/// Reads a whole XML document into an `XMLNode` tree with `XMLParser`.
///
/// `XMLParser` on Linux runs libxml2 in recovery mode: `parse()` can return `true` after a
/// fatal error. So errors are classified here: warnings (namespace problems, undeclared
/// entities under an external DTD) are ignored; anything else makes the document malformed.
final class XMLTreeReader: NSObject, XMLParserDelegate {
    /// Well-known namespaces and the prefix used for them in `XMLNode.key` ("" for none).
    private static let prefixes: [String: String] = [
        "http://www.w3.org/2005/Atom": "atom",
        "http://purl.org/atom/ns#": "atom",
        "http://purl.org/rss/1.0/": "",
        "http://my.netscape.com/rdf/simple/0.9/": "",
        "http://www.w3.org/1999/xhtml": "",
        "http://www.w3.org/1999/02/22-rdf-syntax-ns#": "rdf",
        "http://purl.org/dc/elements/1.1/": "dc",
        "http://purl.org/dc/terms/": "dcterms",
        "http://purl.org/rss/1.0/modules/content/": "content",
    ]

    /// libxml2 codes that are warnings or namespace-only errors, not well-formedness errors.
    private static let nonFatalCodes = Set([27, 93, 97, 98, 99, 100, 101, 102, 106, 107] + Array(200...205))

    /// Decides whether a root element is acceptable: returns the error to throw, or `nil`.
    typealias RootCheck = (_ localName: String, _ namespace: String, _ qualifiedName: String) -> FeedError?

    private let rootCheck: RootCheck
    private var stack: [XMLNode] = []
    private var root: XMLNode?
    private var rejection: FeedError?
    private var fatalError: (code: Int, line: Int)?
    /// Set when the root is `<feed>` without a namespace: such elements are read as Atom.
    private var unqualifiedIsAtom = false

    private init(rootCheck: @escaping RootCheck) {
        self.rootCheck = rootCheck
    }

    /// Parses `data` (after `XMLInput` fixes) into a tree; throws `FeedError`.
    static func read(_ data: Data, rootCheck: @escaping RootCheck) throws(FeedError) -> XMLNode {
        guard data.contains(where: { !($0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D || $0 == 0) }) else {
            throw .empty
        }
        switch attempt(XMLInput.prepare(data), rootCheck: rootCheck) {
        case .success(let node): return node
        case .failure(let error): throw error
        }
    }

    /// One parse of bytes prepared by `XMLInput`.
    private static func attempt(_ data: Data, rootCheck: @escaping RootCheck) -> Result<XMLNode, FeedError> {
        let reader = XMLTreeReader(rootCheck: rootCheck)
        let parser = XMLParser(data: data)
        parser.shouldProcessNamespaces = true
        parser.shouldReportNamespacePrefixes = false
        parser.shouldResolveExternalEntities = false
        parser.delegate = reader
        xmlParserLock.lock()
        _ = parser.parse()
        xmlParserLock.unlock()
        if let rejection = reader.rejection { return .failure(rejection) }
        if let (code, line) = reader.fatalError {
            return .failure(.malformed(reason: describe(code), line: line > 0 ? line : nil))
        }
        guard let root = reader.root, reader.stack.isEmpty else {
            return .failure(.malformed(reason: describe(5), line: nil))
        }
        return .success(root)
    }

    /// A readable reason for a libxml2 error code. (XMLParser reports libxml2's own codes;
    /// Foundation's `XMLParser.ErrorCode` cases are numbered differently on Linux.)
    private static func describe(_ code: Int) -> String {
        switch code {
        case 4: "no XML elements found (is this an XML document?)"
        case 5: "the document ends too early (truncated?) or has extra content after the root element"
        case 6, 7, 8: "invalid character reference"
        case 9: "invalid character for the document's encoding"
        case 23: "entity reference without a closing ';'"
        case 26: "undefined entity reference (an & that should be &amp;?)"
        case 31, 32: "unsupported character encoding"
        case 38: "'<' inside an attribute value"
        case 39, 40: "badly quoted attribute value"
        case 41: "attribute without a value"
        case 42: "attribute given twice"
        case 68: "expected an element name after '<'"
        case 73: "expected '>' to end a tag"
        case 76: "closing tag does not match the open element"
        case 77: "the document ends inside a tag (truncated?)"
        case 85: "elements are not properly nested"
        case 86: "extra content after the root element"
        default: "XML error \(code)"
        }
    }

    // MARK: - XMLParserDelegate

    func parser(_ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?,
                qualifiedName qName: String?, attributes attributeDict: [String: String] = [:]) {
        guard rejection == nil, fatalError == nil else { return }
        let namespace = namespaceURI ?? ""
        if root == nil && stack.isEmpty {
            if let error = rootCheck(elementName, namespace, qName ?? elementName) {
                rejection = error
                parser.abortParsing()
                return
            }
            unqualifiedIsAtom = elementName == "feed" && namespace.isEmpty
        }
        let node = XMLNode(key: key(local: elementName, namespace: namespace, qualified: qName),
                           localName: elementName, namespace: namespace, attributes: attributeDict)
        stack.last?.append(node)
        stack.append(node)
    }

    func parser(_ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?,
                qualifiedName qName: String?) {
        guard rejection == nil, fatalError == nil, let node = stack.popLast() else { return }
        if stack.isEmpty && root == nil { root = node }
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) {
        stack.last?.append(text: string)
    }

    func parser(_ parser: XMLParser, foundCDATA CDATABlock: Data) {
        stack.last?.append(text: String(decoding: CDATABlock, as: UTF8.self))
    }

    func parser(_ parser: XMLParser, parseErrorOccurred parseError: any Error) {
        let code = (parseError as NSError).code
        guard rejection == nil, fatalError == nil, !Self.nonFatalCodes.contains(code) else { return }
        fatalError = (code, parser.lineNumber)
    }

    private func key(local: String, namespace: String, qualified: String?) -> String {
        if namespace.isEmpty {
            if unqualifiedIsAtom, !(qualified ?? local).contains(":") { return "atom:" + local }
            return qualified ?? local
        }
        if let prefix = Self.prefixes[namespace] { return prefix.isEmpty ? local : prefix + ":" + local }
        return "{\(namespace)}" + local
    }
}
