import TermTable

extension FileBrowser {
    /// Starts following changes on disk: the root watched now, each directory when its listing opens.
    func startWatching() {
        watcher = DirectoryWatcher.make { [unowned self] directory, name, change in
            self.apply(change, of: name, in: directory)
        }
        watcher?.watch(rootPath, for: nil)
    }

    /// True when changes on disk are followed (inotify was available).
    public var isWatching: Bool { watcher != nil }

    /// A change on disk in a directory whose entries are in the tree: a new entry goes in its place (the cursor
    /// stays on its item), a deleted one goes, a changed file's size and date are read again.
    public func apply(_ change: FileChange, of name: String, in directory: FileItem?) {
        let tree = dataSource.unfilteredSnapshot
        if let directory, !tree.contains(directory) || tree.childrenState(of: directory) != .loaded { return }
        let parentPath = directory?.path ?? rootPath
        let path = parentPath == "/" ? "/" + name : parentPath + "/" + name
        let entry = FileEntry.read(path: path)
        let item = FileItem(entry: entry, in: parentPath)
        switch change {
        case .created:
            guard !tree.contains(item), entry.kind != .other else { return }
            let less = currentOrder
            let streaming = streams[directory] != nil
            dataSource.update { tree in
                // While the directory is still streamed, its entries are sorted when the stream ends.
                if !streaming, let next = tree.children(of: directory).first(where: { less(item, $0) }) {
                    tree.insert([item], before: next)
                    if entry.isExpandable { tree.setChildrenState(.notLoaded, of: item) }
                } else {
                    Self.append([item], to: directory, in: &tree)
                }
            }
        case .deleted:
            guard tree.contains(item), entry.kind == .other else { return }
            dataSource.update { $0.delete([item]) }
        case .changed:
            let siblings = tree.children(of: directory)
            guard let index = siblings.firstIndex(of: item), !siblings[index].entry.isExpandable,
                siblings[index].entry != entry, entry.kind != .other
            else { return }
            dataSource.update { tree in
                tree.delete([item])
                if index + 1 < siblings.count {
                    tree.insert([item], before: siblings[index + 1])
                } else {
                    tree.append([item], to: directory)
                }
            }
            if previewPath == path { previewPath = nil }
        }
        updateBars()
        app?.setNeedsDisplay()
    }
}
