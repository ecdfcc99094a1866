import ProcessKit
import TermTable

extension ProcessViewer {
    /// The open files screen's columns: FD, TYPE, TARGET (the link's text, taking the room left).
    static let fileColumns = [
        TableColumn("fd", title: "FD", width: .fixed(6), valueType: .integer),
        TableColumn("type", title: "TYPE", width: .fixed(6)),
        TableColumn("target", title: "TARGET", width: .fraction(1)),
    ]

    /// The threads screen's columns: TID, S (the state letter), CPU TIME (seconds), NAME.
    static let threadColumns = [
        TableColumn("tid", title: "TID", width: .fixed(8), valueType: .integer),
        TableColumn("state", title: "S", width: .fixed(1)),
        TableColumn("cpu", title: "CPU TIME", width: .fixed(10), valueType: .integer),
        TableColumn("name", title: "NAME", width: .fraction(1)),
    ]

    /// The hints of `screen`'s actions with the keys in force (a key map's), as the status line shows them.
    func hints(of screen: ProcessListingScreen) -> String {
        let map = app?.keyMap ?? KeyMap()
        let bindings = map.applied(to: screen.screen.actions).map(\.binding).filter(\.showsInHintBar)
        return KeyHintBar.text(for: bindings, width: Int.max / 2, separator: "  ") + " (or Esc)"
    }

    /// `f` on the detail: pushes the open files of the detail's process, read now (at most
    /// ``/ProcessKit/ProcReader/listingBound``, on the main actor: a bounded read).
    public func openFiles() {
        guard let app, let id = detailID, app.topScreen === detailScreen else { return }
        readFiles(of: id)
        app.push(filesScreen.screen)
    }

    /// `t` on the detail: pushes the threads of the detail's process, read now.
    public func openThreads() {
        guard let app, let id = detailID, app.topScreen === detailScreen else { return }
        readThreads(of: id)
        app.push(threadsScreen.screen)
    }

    /// Reads the open files of `id` into the files screen (`r` again).
    func readFiles(of id: ProcessID) {
        filesScreen.show(
            sampler.reader.openFiles(of: id), pid: id.pid, row: Self.row(of:), keys: hints(of: filesScreen))
    }

    /// Reads the threads of `id` into the threads screen (`r` again).
    func readThreads(of id: ProcessID) {
        threadsScreen.show(
            sampler.reader.threads(of: id), pid: id.pid, row: Self.row(of:), keys: hints(of: threadsScreen))
    }

    /// A descriptor's row.
    static func row(of file: OpenFile) -> (Int32, [String: String]) {
        (file.fd, ["fd": String(file.fd), "type": file.kind, "target": file.target])
    }

    /// A thread's row.
    static func row(of thread: ProcessThread) -> (Int32, [String: String]) {
        (
            thread.tid,
            [
                "tid": String(thread.tid), "state": String(thread.state),
                "cpu": ProcessFormat.percent(thread.cpuSeconds), "name": thread.name,
            ]
        )
    }

    /// Pops `screen` when it is on top (Esc does this by default; `q` runs this).
    func close(_ screen: ProcessListingScreen) {
        guard let app, app.topScreen === screen.screen else { return }
        app.popScreen()
    }

    /// The open files screen's actions: re-read, back.
    func makeFilesActions() -> [AppAction] {
        [
            AppAction("files.reread", keys: [Key("r")], help: "read the open files again", hint: "re-read") {
                [unowned self] in if let id = self.detailID { self.readFiles(of: id) }
            },
            AppAction("files.back", keys: [Key("q")], help: "back to the detail", hint: "back") { [unowned self] in
                self.close(self.filesScreen)
            },
        ]
    }

    /// The threads screen's actions: re-read, back.
    func makeThreadsActions() -> [AppAction] {
        [
            AppAction("threads.reread", keys: [Key("r")], help: "read the threads again", hint: "re-read") {
                [unowned self] in if let id = self.detailID { self.readThreads(of: id) }
            },
            AppAction("threads.back", keys: [Key("q")], help: "back to the detail", hint: "back") { [unowned self] in
                self.close(self.threadsScreen)
            },
        ]
    }
}
