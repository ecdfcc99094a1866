import TermTableCore
import TermTableLayout

/// What `termtable preview` shows: the cells of a layout file as last loaded, its errors, and the cursor.
///
/// The model knows nothing of terminals or files being watched: it is given
/// the file's text (``load(text:)``) or asked to read it (``reload()``), keeps
/// the cells of the last version that loaded, and remembers which cell the
/// cursor is on and which cells are shown selected or highlighted, by
/// identifier, so a save keeps them. ``LayoutPreviewView`` draws it.
///
/// ```swift
/// let model = LayoutPreviewModel(path: "Layouts/News.layout")
/// model.reload()
/// model.moveCursor(by: 1)
/// model.toggleSelected()
/// ```
@MainActor
package final class LayoutPreviewModel {
    /// The state of the file as last read.
    package enum FileState: Equatable {
        /// Not read yet.
        case unread
        /// It loaded: its cells are shown.
        case loaded
        /// It could not be loaded: ``LayoutPreviewModel/problem`` says why.
        case failed
        /// It is not there (an editor between removing and writing it): the last version stays shown.
        case missing
    }

    /// The file shown, as given.
    package let path: String
    /// The one identifier to show, nil for every cell of the file.
    package let only: String?
    /// The state of the file as last read.
    package private(set) var state: FileState = .unread
    /// The library of the last version that loaded, nil before any did.
    package private(set) var library: LayoutLibrary?
    /// The identifiers shown, in file order.
    package private(set) var identifiers: [String] = []
    /// Why the last version did not load, in the compiler's form (located, with the source line, the caret
    /// and the hint; sanitised); nil when it loaded.
    package private(set) var problem: String?
    /// The cell the cursor is on, an index into ``identifiers``.
    package private(set) var cursor = 0
    /// The identifiers of the cells shown selected (marked).
    package private(set) var selected: Set<String> = []
    /// The identifiers of the cells shown highlighted (under a table's cursor).
    package private(set) var highlighted: Set<String> = []
    /// How many times the file was read (or text given).
    package private(set) var loadCount = 0

    /// A model of the file at `path`, showing only the cell `only` when given; nothing is read yet.
    package init(path: String, only: String? = nil) {
        self.path = path
        self.only = only
    }

    /// The identifier under the cursor, nil when no cell is shown.
    package var currentIdentifier: String? { identifiers.indices.contains(cursor) ? identifiers[cursor] : nil }

    // MARK: Loading

    /// Reads the file again; a missing file keeps the last version that loaded (if any) on show.
    package func reload() {
        let text: String
        do {
            text = try LayoutCache.read(path: path)
        } catch {
            if case .fileNotFound = error, library != nil {
                loadCount += 1
                state = .missing
                return
            }
            fail(String(describing: error))
            return
        }
        load(text: text)
    }

    /// Shows `text` as the file's contents: its cells when it loads, its errors otherwise.
    package func load(text: String) {
        do {
            let library = try LayoutLibrary(string: text, name: path)
            if let only, !library.contains(only) {
                _ = try library.spec(only)  // throws the error naming the identifiers there are
            }
            show(library)
        } catch {
            fail(String(describing: error))
        }
    }

    private func show(_ library: LayoutLibrary) {
        loadCount += 1
        let previous = currentIdentifier
        self.library = library
        identifiers = only.map { [$0] } ?? library.identifiers
        if let previous, let index = identifiers.firstIndex(of: previous) {
            cursor = index
        } else {
            cursor = min(cursor, max(0, identifiers.count - 1))
        }
        problem = nil
        state = .loaded
    }

    private func fail(_ description: String) {
        loadCount += 1
        problem = description
        state = .failed
    }

    // MARK: Cursor and states

    /// Moves the cursor `offset` cells down (up when negative), stopping at the ends.
    package func moveCursor(by offset: Int) {
        guard !identifiers.isEmpty else { return }
        cursor = min(max(0, cursor + offset), identifiers.count - 1)
    }

    /// Puts the cursor on the cell at `index` (clamped).
    package func moveCursor(to index: Int) {
        guard !identifiers.isEmpty else { return }
        cursor = min(max(0, index), identifiers.count - 1)
    }

    /// Shows the cell under the cursor selected, or not any more.
    package func toggleSelected() {
        guard let identifier = currentIdentifier else { return }
        if selected.remove(identifier) == nil { selected.insert(identifier) }
    }

    /// Shows the cell under the cursor highlighted, or not any more.
    package func toggleHighlighted() {
        guard let identifier = currentIdentifier else { return }
        if highlighted.remove(identifier) == nil { highlighted.insert(identifier) }
    }
}
