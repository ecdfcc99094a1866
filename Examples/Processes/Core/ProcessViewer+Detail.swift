import ProcessKit
import TermTable

extension ProcessViewer {
    /// Enter: shows everything about `id` instead of the list.
    public func openDetail(of id: ProcessID) {
        detailID = id
        body.isHidden = true
        detailView.isHidden = false
        app?.focus(nil)
        showDetail(of: id)
        root.setNeedsLayout()
        updateBars()
    }

    /// Esc or q: back to the list, the cursor where it was.
    public func closeDetail() {
        detailID = nil
        detailView.isHidden = true
        body.isHidden = false
        app?.focus(table)
        root.setNeedsLayout()
        updateBars()
    }

    /// Fills the detail view; a process that exited keeps its last figures, marked "(exited)".
    func showDetail(of id: ProcessID) {
        let detail = sampler.reader.detail(of: id)
        if let entry = list[id] {
            lastDetailEntry = entry
        }
        guard let entry = list[id] ?? lastDetailEntry, entry.id == id else { return }
        detailView.show(entry, detail: detail)
    }
}
