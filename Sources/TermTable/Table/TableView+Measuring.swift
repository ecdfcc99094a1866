import TermTableCore

extension TableView {
    // MARK: Measuring

    /// The height of a section's header: the delegate's, else 1 for a title; else measured when first needed.
    ///
    /// A header cell (``TableViewDataSource/tableView(_:viewForHeaderInSection:)``)
    /// is asked for only when its section comes near the screen, not for every
    /// section on every reload: until then the section counts as having a
    /// header (placeholder height 1), which measuring corrects.
    func headerHeight(_ section: Int) -> Int {
        if let height = delegate?.tableView(self, heightForHeaderInSection: section) { return max(0, height) }
        guard let dataSource else { return 0 }
        if dataSource.tableView(self, titleForHeaderInSection: section) != nil { return 1 }
        measurements.lazyHeaders.insert(section)
        return 1
    }

    /// Measures a header not measured yet: its cell's height, 0 when the section has none.
    func measureLazyHeader(_ section: Int) -> Int {
        measurements.lazyHeaders.remove(section)
        measurements.lazyHeaderMeasurements &+= 1
        let item = TableItem.header(section)
        var height = 0
        reuse.makeRoomForAMeasuredCell()
        if let cell = dataSource?.tableView(self, viewForHeaderInSection: section) {
            height = max(0, cell.height)
            reuse.keepMeasuredCell(cell, for: item)
        }
        metrics.setHeaderHeight(height, forSection: section)
        return height
    }

    /// The height of an item: the delegate's, or its cell's; kept until the row is reloaded or the table resized.
    func height(of item: TableItem) -> Int {
        let heights = measurements.heights
        if let cached = heights[item] { return cached }
        let value: Int
        if item.isHeader {
            if measurements.lazyHeaders.contains(item.section) {
                value = measureLazyHeader(item.section)
            } else {
                value = item.section < metrics.headerHeights.count ? metrics.headerHeights[item.section] : 0
            }
        } else if let rowHeight {
            value = rowHeight
        } else if let delegate {
            switch delegateHeight(delegate, item.indexPath!) {
            case .lines(let lines): value = lines
            case .template: value = templateHeight(of: item)
            case .automatic: value = cell(for: item)?.heightThatFits(width: cellWidth) ?? 1
            }
        } else {
            value = templateHeight(of: item)
        }
        heights[item] = max(0, value)
        if measurements.estimatedRowHeight != nil, let indexPath = item.indexPath {
            measurements.ledger.record(value, forRow: metrics.globalRow(of: indexPath))
        }
        return max(0, value)
    }

    /// A row's own height (``RowHeight/template``): its cell's ``TableViewCell/height``, or, for a cell whose
    /// height is automatic (`height=auto`), the lines its content needs at the table's width.
    func templateHeight(of item: TableItem) -> Int {
        guard let cell = cell(for: item) else { return 1 }
        return cell.heightIsAutomatic ? cell.heightThatFits(width: cellWidth) : cell.height
    }

    /// The delegate's height for a row; in a debug build, first a check that it wrote no near miss of the method.
    func delegateHeight(_ delegate: TableViewDelegate, _ indexPath: IndexPath) -> RowHeight {
        #if DEBUG
            let uikitShape: Int = delegate.tableView(self, heightForRowAt: indexPath)
            let formerShape: Int? = delegate.tableView(self, heightForRowAt: indexPath)
            if let message = Self.nearMissReport(delegate, int: uikitShape, optional: formerShape) {
                TerminalGuard.fail(message)
            }
        #endif
        return delegate.tableView(self, heightForRowAt: indexPath)
    }

    /// What the default near misses of `heightForRowAt` answer: a value no height can be.
    static let nearMissHeight = Int.min

    /// The message for a delegate that implements a near miss of `heightForRowAt` (given what each answered), nil when it does not.
    static func nearMissReport(_ delegate: TableViewDelegate, int: Int, optional: Int?) -> String? {
        let shape: String
        if int != nearMissHeight {
            shape = "-> Int"
        } else if optional != nearMissHeight {
            shape = "-> Int?"
        } else {
            return nil
        }
        return "\(type(of: delegate)) implements tableView(_:heightForRowAt:) \(shape), which TableView does not "
            + "use: return a RowHeight (.lines(n) or .template) instead"
    }

    /// The cell for an item, to measure it: on screen already, made while measuring, or asked from the data source.
    ///
    /// Only the last ``CellReuseQueue/measuredCellLimit`` measured cells are kept (for the
    /// rows about to be placed); older ones go back to their queue at once, so
    /// measuring a thousand rows off screen makes no more cells than measuring two.
    func cell(for item: TableItem) -> TableViewCell? {
        if !measurements.isStale(item) {
            if let cell = visibleCells[item] { return cell }
        }
        if let cell = reuse.measuredCell(for: item) { return cell }
        // A row whose stale cell this pass recycled keeps its new cell until the pass places it (one request).
        let held = !measurements.replacedItems.isEmpty && measurements.replacedItems.contains(item)
        if !held { reuse.makeRoomForAMeasuredCell() }
        guard let cell = makeCell(for: item) else { return nil }
        reuse.keepMeasuredCell(cell, for: item, held: held)
        return cell
    }

    /// Asks the data source for the cell of an item.
    func makeCell(for item: TableItem) -> TableViewCell? {
        guard let dataSource else { return nil }
        if item.isHeader {
            if let header = dataSource.tableView(self, viewForHeaderInSection: item.section) { return header }
            let title = dataSource.tableView(self, titleForHeaderInSection: item.section) ?? ""
            let cell = reuse.dequeueHeaderTitleCell()
            cell.textLabel.text = title
            cell.textLabel.textStyle = headerStyle
            return cell
        }
        if let placeholder = placeholderCell(for: item.indexPath!) { return placeholder }
        reuse.noteCellRequested()
        let cell = dataSource.tableView(self, cellForRowAt: item.indexPath!)
        cell.isPlaceholder = false
        return cell
    }
}
