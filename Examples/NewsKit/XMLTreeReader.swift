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
///
/// Limits: elements nested deeper than `maxDepth` make the document malformed (no feed
/// nests more than a few dozen levels; unbounded nesting would exhaust the stack of whoever
/// walks the tree). The document is fed to libxml2 in chunks through an `InputStream`:
/// given the whole document at once, libxml2 refuses anything over 10 MB ("Huge input
/// lookup") unless `XML_PARSE_HUGE` is set, which `XMLParser` cannot set. Fed in chunks,
/// documents of any size parse (text arrives in pieces); a single CDATA section, attribute
/// value or name over 10,000,000 bytes is still refused, with an error that says so.
final class XMLTreeReader: NSObject, XMLParserDelegate {
    /// Well-known namespaces and the prefix used for them in `XMLNode.key` ("" for none).
    private static let prefixes: [String: String] = [
        "http://www.w3.org/2005/Atom": "atom",
        "http://purl.org/atom/ns#": "atom",
        "http://purl.org/rss/1.0/": "",
        "http://my.netscape.com/rdf/simple/0.9/": "",
        "http://channel.netscape.com/rdf/simple/0.9/": "",
        "http://www.w3.org/1999/xhtml": "",
        "http://www.w3.org/1999/02/22-rdf-syntax-ns#": "rdf",
        "http://purl.org/dc/elements/1.1/": "dc",
        "http://purl.org/dc/terms/": "dcterms",
        "http://purl.org/rss/1.0/modules/content/": "content",
        "http://backend.userland.com/rss2": "",
        "http://backend.userland.com/rss": "",
        "http://search.yahoo.com/mrss/": "media",
        "http://search.yahoo.com/mrss": "media",
        "http://www.itunes.com/dtds/podcast-1.0.dtd": "itunes",
        "http://www.itunes.com/DTDs/Podcast-1.0.dtd": "itunes",
    ]

    /// The deepest element nesting accepted.
    static let maxDepth = 512

    /// libxml2 codes that are warnings or namespace-only errors, not well-formedness errors.
    /// Also 80, `--` inside a comment: the comment is dropped either way.
    private static let nonFatalCodes = Set([27, 80, 93, 97, 98, 99, 100, 101, 102, 106, 107] + Array(200...205))

    /// Decides whether a root element is acceptable: returns the error to throw, or `nil`.
    typealias RootCheck = (_ localName: String, _ namespace: String, _ qualifiedName: String) -> FeedError?

    private let rootCheck: RootCheck
    private var stack: [XMLNode] = []
    private var root: XMLNode?
    private var rejection: FeedError?
    private var fatalError: (code: Int, line: Int)?
    /// Set when the root is `<feed>` without a namespace: such elements are read as Atom.
    private var unqualifiedIsAtom = false
    /// The root's namespace when it is not a known one, and the prefix its elements get:
    /// `<feed xmlns="http://purl.org/pie/">` is read as Atom, `<rss xmlns="...">` as plain RSS.
    private var adoptedNamespace: (uri: String, prefix: String)?

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
        // In chunks, so that libxml2's 10 MB look-ahead limit applies per chunk, not per document.
        let parser = XMLParser(stream: InputStream(data: data))
        parser.shouldProcessNamespaces = true
        parser.shouldReportNamespacePrefixes = false
        parser.shouldResolveExternalEntities = false
        parser.delegate = reader
        xmlParserLock.lock()
        _ = parser.parse()
        xmlParserLock.unlock()
        if let rejection = reader.rejection { return .failure(rejection) }
        if let (code, line) = reader.fatalError {
            let reason = code == tooDeep ? "elements nested more than \(maxDepth) deep" : describe(code)
            return .failure(.malformed(reason: reason, line: line > 0 ? line : nil))
        }
        guard let root = reader.root, reader.stack.isEmpty else {
            return .failure(.malformed(reason: describe(5), line: nil))
        }
        return .success(root)
    }

    /// The code recorded when the nesting exceeds `maxDepth` (not a libxml2 code).
    private static let tooDeep = -1

    /// A readable reason for a libxml2 error code. (XMLParser reports libxml2's own codes;
    /// Foundation's `XMLParser.ErrorCode` cases are numbered differently on Linux.)
    static func describe(_ code: Int) -> String {
        switch code {
        case 1: "a CDATA section, attribute value or name is over the XML parser's 10 MB limit"
        case 2: "out of memory while parsing"
        case 3: "the document ends before it starts (an empty or cut-off document?)"
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
        case 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 24, 25, 28, 29, 30, 34, 35:
            "a malformed entity, DTD or character reference (libxml2 error \(code))"
        case 37: "'<' or '&' is not allowed here (unescaped markup in text?)"
        case 43, 44, 45, 46, 47, 48, 49, 50, 51, 52, 53, 54, 55, 56, 57, 58, 59, 60, 61, 62, 63:
            "a malformed declaration, comment, CDATA section or processing instruction (libxml2 error \(code))"
        case 64: "the XML declaration is not at the very start of the document"
        case 65, 66, 67: "invalid XML declaration"
        case 69, 70, 71, 72: "a malformed tag (libxml2 error \(code))"
        case 74, 75, 78, 79, 80, 81, 82, 83, 84: "malformed document structure (libxml2 error \(code))"
        case 89:
            "an entity expands too much or refers to itself: over the entity expansion limit (a \"billion laughs\" document?)"
        case 90: "an entity's text does not fit where it is used (libxml2 error 90)"
        case 91, 92: "an invalid URI in a declaration (libxml2 error \(code))"
        case 94, 95, 96: "invalid character in the document (libxml2 error \(code))"
        case 108, 109, 110, 111: "a malformed version, encoding or standalone declaration (libxml2 error \(code))"
        default: "the XML parser reported error \(code) (see libxml2's xmlParserErrors)"
        }
    }

    // MARK: - XMLParserDelegate

    func parser(
        _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?,
        qualifiedName qName: String?, attributes attributeDict: [String: String] = [:]
    ) {
        guard rejection == nil, fatalError == nil else { return }
        let namespace = namespaceURI ?? ""
        if root == nil && stack.isEmpty {
            if let error = rootCheck(elementName, namespace, qName ?? elementName) {
                rejection = error
                parser.abortParsing()
                return
            }
            unqualifiedIsAtom = elementName == "feed" && namespace.isEmpty
            if !namespace.isEmpty, Self.prefixes[namespace] == nil {
                switch elementName {
                case "feed": adoptedNamespace = (namespace, "atom")
                case "rss", "channel": adoptedNamespace = (namespace, "")
                default: break
                }
            }
        }
        guard stack.count < Self.maxDepth else {
            fatalError = (Self.tooDeep, parser.lineNumber)
            parser.abortParsing()
            return
        }
        let node = XMLNode(
            key: key(local: elementName, namespace: namespace, qualified: qName),
            localName: elementName, namespace: namespace, attributes: attributeDict)
        stack.last?.append(node)
        stack.append(node)
    }

    func parser(
        _ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?,
        qualifiedName qName: String?
    ) {
        guard rejection == nil, fatalError == nil, let node = stack.popLast() else { return }
        if stack.isEmpty && root == nil { root = node }
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) {
        stack.last?.append(text: string)
    }

    func parser(_ parser: XMLParser, foundCDATA block: Data) {
        stack.last?.append(text: String(decoding: block, as: UTF8.self))
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
        if let prefix = Self.prefixes[namespace]
            ?? (adoptedNamespace?.uri == namespace ? adoptedNamespace?.prefix : nil)
        {
            return prefix.isEmpty ? local : prefix + ":" + local
        }
        return "{\(namespace)}" + local
    }
}
