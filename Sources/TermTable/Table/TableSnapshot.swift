import TermTableCore

/// The content of a table by identity: sections and the items in each, as `Hashable` identifiers.
///
/// Build one from your data and hand it to a ``TableViewDiffableDataSource``;
/// the table then keeps the cursor, the marks and the cursor's screen line on
/// the same items whatever moved, as UIKit's `NSDiffableDataSourceSnapshot` does.
///
/// ```swift
/// var snapshot = TableSnapshot<String, Int32>()
/// for (user, processes) in byUser {
///     snapshot.appendSections([user])
///     snapshot.appendItems(processes.map(\.pid), toSection: user)
/// }
/// dataSource.apply(snapshot)
/// ```
///
/// Identifiers must be unique across the whole snapshot (an item or section
/// appended twice is a programmer error, reported when the snapshot is applied).
public struct TableSnapshot<SectionIdentifier: Hashable, ItemIdentifier: Hashable> {
    /// The sections, in order.
    public private(set) var sectionIdentifiers: [SectionIdentifier] = []
    /// The items of each section, in the order of ``sectionIdentifiers``.
    public private(set) var itemsBySection: [[ItemIdentifier]] = []

    /// Creates an empty snapshot.
    public init() {}

    /// The number of sections.
    public var numberOfSections: Int { sectionIdentifiers.count }
    /// The number of items in all sections.
    public var numberOfItems: Int { itemsBySection.reduce(0) { $0 + $1.count } }
    /// Every item, section by section.
    public var itemIdentifiers: [ItemIdentifier] { itemsBySection.flatMap { $0 } }

    /// Appends sections at the end.
    public mutating func appendSections(_ identifiers: [SectionIdentifier]) {
        sectionIdentifiers += identifiers
        itemsBySection += identifiers.map { _ in [] }
    }

    /// Appends items to `section` (nil: the last section, made if there is none).
    public mutating func appendItems(_ identifiers: [ItemIdentifier], toSection section: SectionIdentifier? = nil) {
        if let section {
            guard let index = sectionIdentifiers.firstIndex(of: section) else {
                preconditionFailure("TableSnapshot.appendItems: no section \(section); append it first")
            }
            itemsBySection[index] += identifiers
        } else {
            if itemsBySection.isEmpty {
                preconditionFailure("TableSnapshot.appendItems: the snapshot has no section; append one first")
            }
            itemsBySection[itemsBySection.count - 1] += identifiers
        }
    }

    /// The items of `section`, empty when there is no such section.
    public func itemIdentifiers(inSection section: SectionIdentifier) -> [ItemIdentifier] {
        sectionIdentifiers.firstIndex(of: section).map { itemsBySection[$0] } ?? []
    }

    /// Removes items wherever they are.
    public mutating func deleteItems(_ identifiers: [ItemIdentifier]) {
        let gone = Set(identifiers)
        for index in itemsBySection.indices { itemsBySection[index].removeAll { gone.contains($0) } }
    }

    /// Removes sections and their items.
    public mutating func deleteSections(_ identifiers: [SectionIdentifier]) {
        let gone = Set(identifiers)
        for index in sectionIdentifiers.indices.reversed() where gone.contains(sectionIdentifiers[index]) {
            sectionIdentifiers.remove(at: index)
            itemsBySection.remove(at: index)
        }
    }

    /// Where every item is, built in one pass (O(items)); inlinable so it is specialised for the app's types.
    ///
    /// Positions are packed integers, not `IndexPath`s (Foundation's allocates
    /// for each). A duplicate identifier is listed in `duplicates` (applying such
    /// a snapshot is refused).
    @inlinable
    func makeIndex() -> (index: [ItemIdentifier: ItemPosition], duplicates: [ItemIdentifier]) {
        var index: [ItemIdentifier: ItemPosition] = [:]
        index.reserveCapacity(numberOfItems)
        var duplicates: [ItemIdentifier] = []
        for section in 0..<itemsBySection.count {
            let items = itemsBySection[section]
            for row in 0..<items.count {
                let item = items[row]
                if index.updateValue(ItemPosition(section: section, row: row), forKey: item) != nil {
                    duplicates.append(item)
                }
            }
        }
        return (index, duplicates)
    }
}

/// A row's place, packed in one integer (section in the high half), for the diffable data source's index.
@usableFromInline
struct ItemPosition: Hashable, Sendable {
    @usableFromInline let packed: Int

    @inlinable
    init(section: Int, row: Int) { packed = section << 32 | row }

    @inlinable
    var indexPath: IndexPath { IndexPath(row: packed & 0xFFFF_FFFF, section: packed >> 32) }
}

extension TableSnapshot: Equatable {}
extension TableSnapshot: Sendable where SectionIdentifier: Sendable, ItemIdentifier: Sendable {}
