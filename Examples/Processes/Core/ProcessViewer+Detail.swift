import ProcessKit
import TermTable

extension ProcessViewer {
    /// Enter: pushes the detail screen of `id` over the list, which keeps its cursor, filter and scroll.
    public func openDetail(of id: ProcessID) {
        guard let app else { return }
        detailID = id
        showDetail(of: id)
        detailScreen.onPop = { [unowned self] in
            self.detailID = nil
            self.updateBars()
        }
        app.push(detailScreen)
        updateBars()
    }

    /// Esc or q: back to the list, the cursor where it was.
    public func closeDetail() {
        guard let app, app.topScreen === detailScreen else { return }
        app.popScreen()
    }

    /// Fills the detail view; a process that exited keeps its last figures, marked "(exited)".
    func showDetail(of id: ProcessID) {
        let detail = sampler.reader.detail(of: id)
        if let entry = list[id] {
            lastDetailEntry = entry
        }
        guard let entry = list[id] ?? lastDetailEntry, entry.id == id else { return }
        detailScreen.title = "\(entry.name) · pid \(entry.pid)"
        detailView.show(entry, detail: detail)
    }
}
