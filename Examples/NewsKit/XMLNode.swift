/// An element of a parsed XML document, as a small in-memory tree.
///
/// `key` is the element's name with its namespace reduced to a conventional prefix
/// (`atom:entry`, `dc:date`, `content:encoded`, `rdf:RDF`); RSS 1.0/0.90 and XHTML
/// elements have no prefix; elements in other namespaces keep their qualified name.
final class XMLNode {
    enum Child {
        case element(XMLNode)
        case text(String)
    }

    let key: String
    let localName: String
    let namespace: String
    let attributes: [String: String]
    private(set) var children: [Child] = []

    init(key: String, localName: String, namespace: String, attributes: [String: String]) {
        self.key = key
        self.localName = localName
        self.namespace = namespace
        self.attributes = attributes
    }

    func append(_ child: XMLNode) {
        children.append(.element(child))
    }

    func append(text: String) {
        if case .text(var previous)? = children.last {
            // Drop the array's reference first so the string is appended to in place.
            children[children.count - 1] = .text("")
            previous += text
            children[children.count - 1] = .text(previous)
        } else {
            children.append(.text(text))
        }
    }

    /// The child elements, in order.
    var elements: [XMLNode] {
        children.compactMap { if case .element(let node) = $0 { node } else { nil } }
    }

    /// The first child element with the given key.
    func child(_ key: String) -> XMLNode? {
        for case .element(let node) in children where node.key == key { return node }
        return nil
    }

    /// All child elements with the given key.
    func children(_ key: String) -> [XMLNode] {
        elements.filter { $0.key == key }
    }

    /// The trimmed text of the first child with the given key, or `nil` if absent or empty.
    func childText(_ key: String) -> String? {
        guard let text = child(key)?.text.trimmingCharacters(in: .whitespacesAndNewlines),
            !text.isEmpty
        else { return nil }
        return text
    }

    /// Whether any child is an element.
    var hasElementChildren: Bool {
        children.contains { if case .element = $0 { true } else { false } }
    }

    /// All text inside the element, markup removed.
    var text: String {
        var result = ""
        walk { event in
            if case .text(let text) = event { result += text }
        }
        return result
    }

    /// The element's content re-serialized as HTML markup (text escaped, tags by local name).
    var innerMarkup: String {
        var result = ""
        walk { event in
            switch event {
            case .text(let text):
                result += Self.escape(text)
            case .start(let node):
                result += "<" + node.localName
                for (name, value) in node.attributes.sorted(by: { $0.key < $1.key }) {
                    result += " \(name)=\"\(Self.escape(value).replacingOccurrences(of: "\"", with: "&quot;"))\""
                }
                result += ">"
            case .end(let node):
                result += "</" + node.localName + ">"
            }
        }
        return result
    }

    /// What `walk` meets, in document order.
    enum WalkEvent {
        case start(XMLNode)
        case text(String)
        case end(XMLNode)
    }

    /// Visits the element's content depth first in document order, with an explicit stack
    /// rather than recursion, so that deep nesting cannot overflow the thread's stack.
    func walk(_ visit: (WalkEvent) -> Void) {
        var stack: [(node: XMLNode, next: Int)] = [(self, 0)]
        while let (node, next) = stack.last {
            guard next < node.children.count else {
                stack.removeLast()
                if !stack.isEmpty { visit(.end(node)) }
                continue
            }
            stack[stack.count - 1].next += 1
            switch node.children[next] {
            case .text(let text):
                visit(.text(text))
            case .element(let child):
                visit(.start(child))
                stack.append((child, 0))
            }
        }
    }

    deinit {
        // Release descendants iteratively: the default teardown recurses once per level.
        // A descendant that something else still holds is left whole.
        var pending: [XMLNode] = []
        for case .element(let child) in children { pending.append(child) }
        children.removeAll()
        while var node = pending.popLast() {
            guard isKnownUniquelyReferenced(&node) else { continue }
            for case .element(let child) in node.children { pending.append(child) }
            node.children.removeAll()
        }
    }

    private static func escape(_ text: String) -> String {
        guard text.contains(where: { $0 == "&" || $0 == "<" || $0 == ">" }) else { return text }
        return text.replacingOccurrences(of: "&", with: "&amp;")
            .replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;")
    }
}
