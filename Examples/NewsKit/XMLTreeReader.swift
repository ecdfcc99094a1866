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
        let prepared = XMLInput.prepare(data)
        let first = attempt(prepared, rootCheck: rootCheck)
        switch first {
        case .success(let node):
            return node
        case .failure(let failure):
            if let code = failure.code, let retry = XMLInput.retry(data, afterError: code),
               case .success(let node) = attempt(retry, rootCheck: rootCheck) {
                return node
            }
            throw failure.error
        }
    }

    /// One parse; a failure carries the libxml2 code so `read` can decide to retry.
    private static func attempt(_ data: Data, rootCheck: @escaping RootCheck) -> Result<XMLNode, CodedError> {
        let reader = XMLTreeReader(rootCheck: rootCheck)
        let parser = XMLParser(data: data)
        parser.shouldProcessNamespaces = true
        parser.shouldReportNamespacePrefixes = false
        parser.shouldResolveExternalEntities = false
        parser.delegate = reader
        xmlParserLock.lock()
        _ = parser.parse()
        xmlParserLock.unlock()
        if let rejection = reader.rejection { return .failure(CodedError(error: rejection, code: nil)) }
        if let (code, line) = reader.fatalError {
            let error = FeedError.malformed(reason: describe(code), line: line > 0 ? line : nil)
            return .failure(CodedError(error: error, code: code))
        }
        guard let root = reader.root, reader.stack.isEmpty else {
            return .failure(CodedError(error: .malformed(reason: describe(5), line: nil), code: 5))
        }
        return .success(root)
    }

    private struct CodedError: Error {
        /// The error to report.
        var error: FeedError
        /// The libxml2 error code, for malformed documents.
        var code: Int?
    }

    private static func describe(_ code: Int) -> String {
        switch XMLParser.ErrorCode(rawValue: code) {
        case .emptyDocumentError?: "no XML elements found (is this an XML document?)"
        case .prematureDocumentEndError?: "the document ends too early (truncated?)"
        case .invalidCharacterError?: "invalid character for the document's encoding"
        case .undeclaredEntityError?: "undefined entity reference (an & that should be &amp;?)"
        case .encodingNotSupportedError?, .unknownEncodingError?: "unsupported character encoding"
        case .extraContentError?: "extra content after the root element"
        case .tagNameMismatchError?: "closing tag does not match the open element"
        case .gtRequiredError?: "expected '>' to end a tag"
        case .ltRequiredError?: "expected '<'"
        case .attributeNotStartedError?, .attributeNotFinishedError?: "badly quoted attribute value"
        case .attributeRedefinedError?: "attribute given twice"
        case .entityRefLoopError?, .entityBoundaryError?: "bad entity definition"
        case .nameRequiredError?: "expected an element name after '<'"
        case .notWellBalancedError?: "elements are not properly nested"
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
