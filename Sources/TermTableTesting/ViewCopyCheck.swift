import Foundation
import TermTable
import Testing

/// Checks that `View.copy()` of a view class keeps every stored property and shares nothing mutable, property by property.
///
/// Give it an instance with every stored property set to a value a fresh
/// instance does not have, and a fresh instance. It walks both, and the copy,
/// with `Mirror` (every class level, subviews and other objects recursively)
/// and reports:
///
/// - a stored property whose value in the copy differs from the original's
///   (compared structurally, objects by their own stored properties, with
///   references between objects kept: an outlet must point at the copy's own
///   subview);
/// - an object reachable from the copy that is also reachable from the
///   original, unless the property holding it is listed in ``shared``;
/// - a stored property whose configured value equals the fresh instance's: a
///   property the check cannot see change, often a property added after the
///   test was written. Set it in the test's configuration.
///
/// A view's `subviews` are compared as its `View.subviewsForCopy` (a
/// table's row cells are not copied).
///
/// Properties that a copy deliberately does not take (layout state, caches,
/// what a table shows) are listed in ``notCopied`` with the reason. Handler
/// closures cannot be compared or copied: a copy shares them, and a closure
/// that is not optional cannot be seen to change, so check it by calling it.
///
/// ```swift
/// let check = ViewCopyCheck.toolkit.adding(notCopied: ["ClockView": ["timer": "started when shown"]])
/// check.expectFaithfulCopy(of: configuredClock, fresh: ClockView())
/// ```
@MainActor
public struct ViewCopyCheck {
    /// Stored properties a copy does not take from the original: class name, then property name, then why.
    public var notCopied: [String: [String: String]]
    /// Properties whose objects a copy shares with the original on purpose: class name, then property name, then why.
    public var shared: [String: [String: String]]

    /// Creates a check with these exemptions (see ``toolkit`` for the toolkit's own).
    public init(notCopied: [String: [String: String]] = [:], shared: [String: [String: String]] = [:]) {
        self.notCopied = notCopied
        self.shared = shared
    }

    /// The exemptions of TermTable's own view classes: what their copies leave out or share, and why.
    public static let toolkit = ViewCopyCheck(
        notCopied: [
            "View": [
                "parentPointer": "set by the superview: a copy is a root until it is added somewhere",
                "tagIndex": "a cache of tag look-ups, rebuilt on the first look-up",
                "needsLayout": "layout state: a copy lays out before it first draws",
                "laidOutSize": "layout state: a copy lays out before it first draws",
                "subtreeNeedsLayout": "layout state: a copy lays out before it first draws",
                "isFocused": "set by the app on the one view that has the focus",
                "storedDrawVersion": "a counter of drawing changes, compared by a table between frames",
                "hostOfRoot": "the app showing the tree: no app shows a copy until it joins a tree one shows",
            ],
            "TableViewCell": [
                "placed": "set by the table when the cell appears: its table, row, cursor and marks"
            ],
            "TableView": Dictionary(
                uniqueKeysWithValues: [
                    "dataSource", "dataSourceHold", "delegate", "storedState", "storedMetrics", "storedRows",
                    "measurements", "painter", "requests",
                ].map { ($0, "what the table shows, not its configuration: a copy starts empty, with no data source") }
                    + [
                        (
                            "typeToJump",
                            "the app's text closure and a typing buffer: a copy starts without, like its data source"
                        )
                    ]),
            "CellReuseQueue": Dictionary(
                uniqueKeysWithValues: ["storedPools", "highWater", "storedMeasuredCells", "statistics"].map {
                    ($0, "the cells of what the table showed: a copy's queues start empty")
                }),
            "TableColumnModel": Dictionary(
                uniqueKeysWithValues: [
                    "firstScrolled", "innerOffset", "measured", "cursorColumn", "layout", "room", "warnedTitles",
                    "warnings",
                ].map { ($0, "what the table showed (scroll position, widths measured, cursor): a copy starts anew") }
                    + [("ownHeader", "the header the table made: the copy points at its own copy in didCopy")]),
            "TablePrefetching": Dictionary(
                uniqueKeysWithValues: [
                    "source", "outstanding", "lastFirstRow", "direction", "lastWindow", "countIsEstimated",
                    "statistics",
                ].map { ($0, "what the table asked of its prefetch data source: a copy starts with none") }),
            "ColumnHeaderView": [
                "columnLayout": "set by the table showing the header at each layout pass",
                "fromColumns": "fixed by the initializer (a header made from columns is covered by TableView's)",
            ],
            "ConfirmDialog": ["isAnswered": "a copy is a new question, not yet answered"],
            "Box": ["joinsLeftEdge": "set by the HStack the box is in, at layout"],
        ],
        shared: [
            "CellReuseQueue": ["templates": "cell templates are factories: their prototypes are never handed out"]
        ])

    /// Sets every property `View` declares to a value a fresh view does not have (`frame`, `tag`, `name`, styles,
    /// autoresizing, design frame), and adds a tagged label as a subview unless `addingSubview` is false.
    ///
    /// For the configured instance of a subclass; set the subclass's own properties after it.
    public static func setEveryViewProperty(of view: View, addingSubview: Bool = true) {
        view.frame = Rect(x: 1, y: 2, width: 30, height: 4)
        view.tag = 7
        view.name = "configured"
        view.isHidden = true
        view.backgroundStyle = Style(foreground: .blue)
        view.autoresizing = [.flexibleWidth, .flexibleTopMargin]
        view.shrinkRule = ShrinkRule(minimumWidth: 3, priority: 2, hiddenBelowWidth: 9)
        view.designFrame = Rect(x: 1, y: 2, width: 28, height: 3)
        view.designSuperviewSize = Size(width: 40, height: 5)
        if addingSubview {
            let child = Label(text: "child")
            child.tag = 42
            view.addSubview(child)
        }
    }

    /// This check with more exemptions (for an app's own view classes).
    public func adding(
        notCopied more: [String: [String: String]] = [:],
        shared moreShared: [String: [String: String]] = [:]
    ) -> ViewCopyCheck {
        var check = self
        check.notCopied.merge(more) { $0.merging($1) { _, new in new } }
        check.shared.merge(moreShared) { $0.merging($1) { _, new in new } }
        return check
    }

    /// Copies `configured` and returns what is wrong with the copy (empty when nothing is); `fresh` is a default instance.
    ///
    /// With `ignoringDefaults`, properties left at their default are not reported
    /// (for checking a view as an app left it, rather than a full configuration).
    public func problems(configured: View, fresh: View, ignoringDefaults: Bool = false) -> [String] {
        let className = String(describing: type(of: configured))
        guard type(of: configured) == type(of: fresh) else {
            return ["\(className): the fresh instance is a \(type(of: fresh)), not a \(className)"]
        }
        let copy = configured.copy()
        guard type(of: copy) == type(of: configured) else {
            return ["\(className): copy() made a \(type(of: copy))"]
        }
        var problems: [String] = []
        // (a) The copy equals the original, property by property, references between objects included.
        let originalWalk = Walk(check: self, root: configured)
        let copyWalk = Walk(check: self, root: copy)
        let originalProperties = originalWalk.describeRoot()
        let copyProperties = copyWalk.describeRoot()
        for (original, copied) in zip(originalProperties, copyProperties) where original.text != copied.text {
            problems.append(
                "\(className): \(original.owner).\(original.label) differs in the copy: "
                    + Walk.difference(copied.text, original.text))
        }
        // (b) Nothing the copy reaches is reached by the original, except through shared properties.
        let common = copyWalk.reached.intersection(originalWalk.reached)
        for id in common {
            let path = copyWalk.paths[id] ?? "?"
            problems.append(
                "\(className): the copy shares a \(copyWalk.typeNames[id] ?? "object") with the original "
                    + "at \(path); copy it, or list the property as shared with a reason")
        }
        for property in copyWalk.notCopiedObjects(of: copy) where originalWalk.reached.contains(property.id) {
            problems.append(
                "\(className): \(property.owner).\(property.label) of the copy holds an object of the "
                    + "original (not copied state must start fresh)")
        }
        // (c) The configured instance differs from a fresh one in every property the copy takes.
        for property in originalProperties where !ignoringDefaults {
            let configuredText = Walk(check: self, root: configured).describeProperty(property.owner, property.label)
            let freshText = Walk(check: self, root: fresh).describeProperty(property.owner, property.label)
            // A closure that is not optional cannot be told from another: the test checks it by calling it.
            if configuredText == freshText && configuredText != "(Function)" {
                problems.append(
                    "\(className): \(property.owner).\(property.label) has its default value "
                        + "(\(Walk.shortened(configuredText))) in the configured instance: set it in the "
                        + "test's configuration so the copy check can see it")
            }
        }
        return problems
    }

    /// Records an issue for each problem of copying `configured` (see ``problems(configured:fresh:ignoringDefaults:)``).
    public func expectFaithfulCopy(
        of configured: View, fresh: View, ignoringDefaults: Bool = false,
        sourceLocation: Testing.SourceLocation = #_sourceLocation
    ) {
        for problem in problems(configured: configured, fresh: fresh, ignoringDefaults: ignoringDefaults) {
            Issue.record(Comment(rawValue: problem), sourceLocation: sourceLocation)
        }
    }

    /// The exemptions that name no stored property of their class among `views`' classes (a renamed or removed property).
    public func unknownExemptions(among views: [View]) -> [String] {
        var properties: [String: Set<String>] = [:]
        for view in views {
            var level: Mirror? = Mirror(reflecting: view)
            while let mirror = level {
                let name = String(describing: mirror.subjectType)
                properties[name, default: []].formUnion(mirror.children.compactMap(\.label))
                level = mirror.superclassMirror
            }
        }
        var unknown: [String] = []
        for (kind, lists) in [("not copied", notCopied), ("shared", shared)] {
            for (className, labels) in lists {
                guard let known = properties[className] else { continue }
                for label in labels.keys where !known.contains(label) {
                    unknown.append(
                        "\(className).\(label) is listed as \(kind) but is no stored property of \(className)")
                }
            }
        }
        return unknown.sorted()
    }

    /// The classes declared in the Swift files under `directory` that inherit from `View`, directly or not, with their files.
    ///
    /// Read from the source text (`class Name: Superclass`), so a test can
    /// compare the classes it covers with the classes that exist. The files
    /// under `libraries` are read for superclasses too (an app's cell class
    /// inherits from the toolkit's `TableViewCell`), but their classes are not listed.
    public static func declaredViewSubclasses(under directory: URL, libraries: [URL] = []) -> [String: String] {
        var superclassOf: [String: String] = [:]
        var fileOf: [String: String] = [:]
        for library in libraries {
            for (name, superclass) in declaredClasses(under: library) { superclassOf[name] = superclass.superclass }
        }
        for (name, declaration) in declaredClasses(under: directory) {
            superclassOf[name] = declaration.superclass
            fileOf[name] = declaration.file
        }
        func isView(_ name: String, depth: Int = 0) -> Bool {
            guard depth < 64, let superclass = superclassOf[name] else { return false }
            return superclass == "View" || isView(superclass, depth: depth + 1)
        }
        var result: [String: String] = [:]
        for (name, file) in fileOf where isView(name) { result[name] = file }
        return result
    }

    /// The classes with a superclass declared in the Swift files under `directory`: name, superclass and file.
    static func declaredClasses(under directory: URL) -> [String: (superclass: String, file: String)] {
        var result: [String: (superclass: String, file: String)] = [:]
        let pattern =
            #/(?m)^[ \t]*(?:(?:public|open|final|internal|package|fileprivate|private|@MainActor)[ \t]+)*class[ \t]+([A-Za-z_][A-Za-z0-9_]*)[ \t]*(?:<[^>{]*>)?[ \t]*:[ \t]*([A-Za-z_][A-Za-z0-9_.]*)/#
        let files = FileManager.default.enumerator(at: directory, includingPropertiesForKeys: nil)
        while let url = files?.nextObject() as? URL {
            guard url.pathExtension == "swift", let text = try? String(contentsOf: url, encoding: .utf8) else {
                continue
            }
            for match in text.matches(of: pattern) {
                let name = String(match.1)
                let superclass = String(match.2.split(separator: ".").last ?? match.2)
                result[name] = (superclass, url.path)
            }
        }
        return result
    }
}

/// One walk over a view's object graph: describes values structurally and records the objects it reaches.
@MainActor
private final class Walk {
    /// A root property: the class that declares it, its name and its description.
    struct Property {
        var owner: String
        var label: String
        var text: String
    }

    let check: ViewCopyCheck
    let root: View
    private var numbers: [ObjectIdentifier: Int] = [:]
    /// Objects reached, other than the root and objects behind shared or not-copied properties.
    private(set) var reached: Set<ObjectIdentifier> = []
    private(set) var paths: [ObjectIdentifier: String] = [:]
    private(set) var typeNames: [ObjectIdentifier: String] = [:]

    init(check: ViewCopyCheck, root: View) {
        self.check = check
        self.root = root
        numbers[ObjectIdentifier(root)] = 0
    }

    /// The class levels of an object, base class first.
    static func levels(_ mirror: Mirror) -> [Mirror] {
        var levels: [Mirror] = []
        var level: Mirror? = mirror
        while let m = level {
            levels.append(m)
            level = m.superclassMirror
        }
        return levels.reversed()
    }

    /// What a copy takes of a property when that is not its whole value: of `subviews`, the `View.subviewsForCopy`.
    static func copiedValue(of object: AnyObject, level: String, label: String) -> Any? {
        guard level == "View", label == "storedSubviews", let view = object as? View else { return nil }
        return view.subviewsForCopy
    }

    /// The root's properties (base class first), each described in one shared walk.
    func describeRoot() -> [Property] {
        var result: [Property] = []
        for level in Walk.levels(Mirror(reflecting: root)) {
            let owner = String(describing: level.subjectType)
            for child in level.children {
                guard let label = child.label, check.notCopied[owner]?[label] == nil else { continue }
                result.append(
                    Property(
                        owner: owner, label: label,
                        text: describe(
                            Walk.copiedValue(of: root, level: owner, label: label) ?? child.value, owner: owner,
                            label: label, path: label)))
            }
        }
        return result
    }

    /// One root property described on its own.
    func describeProperty(_ owner: String, _ label: String) -> String {
        for level in Walk.levels(Mirror(reflecting: root)) where String(describing: level.subjectType) == owner {
            for child in level.children where child.label == label {
                return describe(
                    Walk.copiedValue(of: root, level: owner, label: label) ?? child.value, owner: owner, label: label,
                    path: label)
            }
        }
        return "<missing>"
    }

    /// The objects held directly by the root's not-copied properties (through optionals, collections and structs).
    func notCopiedObjects(of view: View) -> [(owner: String, label: String, id: ObjectIdentifier)] {
        var result: [(owner: String, label: String, id: ObjectIdentifier)] = []
        func collect(_ value: Any, owner: String, label: String) {
            let mirror = Mirror(reflecting: value)
            if mirror.displayStyle == .class {
                result.append((owner, label, ObjectIdentifier(value as AnyObject)))
                return
            }
            for child in mirror.children { collect(child.value, owner: owner, label: label) }
        }
        for level in Walk.levels(Mirror(reflecting: view)) {
            let owner = String(describing: level.subjectType)
            for child in level.children {
                guard let label = child.label, check.notCopied[owner]?[label] != nil else { continue }
                collect(child.value, owner: owner, label: label)
            }
        }
        return result
    }

    /// A structural description of `value`: objects by their stored properties, a second visit as `<ref #n>`.
    func describe(_ value: Any, owner: String, label: String, path: String) -> String {
        let mirror = Mirror(reflecting: value)
        switch mirror.displayStyle {
        case .optional:
            guard let child = mirror.children.first else { return "nil" }
            return describe(child.value, owner: owner, label: label, path: path)
        case .class:
            let object = value as AnyObject
            let id = ObjectIdentifier(object)
            if check.shared[owner]?[label] != nil { return "<shared \(type(of: object)) \(id.hashValue)>" }
            if let number = numbers[id] { return "<ref #\(number)>" }
            numbers[id] = numbers.count
            reached.insert(id)
            paths[id] = path
            typeNames[id] = String(describing: type(of: object))
            var parts: [String] = []
            for level in Walk.levels(mirror) {
                let levelOwner = String(describing: level.subjectType)
                for child in level.children {
                    guard let childLabel = child.label, check.notCopied[levelOwner]?[childLabel] == nil else {
                        continue
                    }
                    let value = Walk.copiedValue(of: object, level: levelOwner, label: childLabel) ?? child.value
                    parts.append(
                        "\(childLabel): "
                            + describe(value, owner: levelOwner, label: childLabel, path: "\(path).\(childLabel)"))
                }
            }
            return "\(type(of: object)){\(parts.joined(separator: ", "))}"
        case .collection:
            let items = mirror.children.enumerated().map { index, child in
                describe(child.value, owner: owner, label: label, path: "\(path)[\(index)]")
            }
            return "[\(items.joined(separator: ", "))]"
        case .set:
            let items = mirror.children.map(\.value).sorted { String(reflecting: $0) < String(reflecting: $1) }
            return
                "Set[\(items.map { describe($0, owner: owner, label: label, path: "\(path){}") }.joined(separator: ", "))]"
        case .dictionary:
            // Entries in key order: two equal dictionaries may list their entries in different orders.
            let entries = mirror.children.map { child -> (key: Any, value: Any) in
                let pair = Array(Mirror(reflecting: child.value).children)
                return (pair[0].value, pair[1].value)
            }.sorted { String(reflecting: $0.key) < String(reflecting: $1.key) }
            let items = entries.map { entry in
                let key = String(reflecting: entry.key)
                return "\(key): " + describe(entry.value, owner: owner, label: label, path: "\(path)[\(key)]")
            }
            return "[\(items.joined(separator: ", "))]"
        case .enum:
            guard let child = mirror.children.first else { return String(reflecting: value) }
            return "\(mirror.subjectType).\(child.label ?? "?")("
                + describe(child.value, owner: owner, label: label, path: path) + ")"
        default:
            // Values of the standard library and Foundation (Date, URL, TimeZone) are compared as values: the
            // objects some keep their storage in are theirs, immutable, and shared by every copy of the value.
            if mirror.children.isEmpty || Walk.isPlatformValue(mirror.subjectType) { return String(reflecting: value) }
            let parts = mirror.children.enumerated().map { index, child in
                let name = child.label ?? ".\(index)"
                return "\(name): " + describe(child.value, owner: owner, label: label, path: "\(path).\(name)")
            }
            return "\(mirror.subjectType)(\(parts.joined(separator: ", ")))"
        }
    }

    /// True for a type of the standard library or Foundation.
    static func isPlatformValue(_ type: Any.Type) -> Bool {
        let module = String(reflecting: type).prefix { $0 != "." }
        return ["Swift", "Foundation", "FoundationEssentials", "FoundationInternationalization"].contains(
            String(module))
    }

    /// The two descriptions from where they start to differ, shortened.
    static func difference(_ copy: String, _ original: String) -> String {
        let common = zip(copy, original).prefix { $0 == $1 }.count
        let start = max(0, common - 40)
        func excerpt(_ text: String) -> String {
            let part = text.dropFirst(start)
            return (start > 0 ? "…" : "") + shortened(String(part))
        }
        return "the copy has \(excerpt(copy)), the original \(excerpt(original))"
    }

    /// At most 160 characters of `text`.
    static func shortened(_ text: String) -> String {
        text.count > 160 ? String(text.prefix(160)) + "…" : text
    }
}
