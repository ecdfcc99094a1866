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
        lazyHeaders.insert(section)
        return 1
    }

    /// Measures a header not measured yet: its cell's height, 0 when the section has none.
    func measureLazyHeader(_ section: Int) -> Int {
        lazyHeaders.remove(section)
        lazyHeaderMeasurements &+= 1
        let item = TableItem.header(section)
        var height = 0
        makeRoomForAMeasuredCell()
        if let cell = dataSource?.tableView(self, viewForHeaderInSection: section) {
            height = max(0, cell.height)
            measuredCells.append((item, cell))
        }
        metrics.setHeaderHeight(height, forSection: section)
        return height
    }

    /// The height of an item: the delegate's, or its cell's; kept until the row is reloaded or the table resized.
    func height(of item: TableItem) -> Int {
        if let cached = heightCache[item] { return cached }
        let value: Int
        if item.isHeader {
            if lazyHeaders.contains(item.section) {
                value = measureLazyHeader(item.section)
            } else {
                value = item.section < metrics.headerHeights.count ? metrics.headerHeights[item.section] : 0
            }
        } else if let rowHeight {
            value = rowHeight
        } else if let fromDelegate = delegate?.tableView(self, heightForRowAt: item.indexPath!) {
            value = fromDelegate
        } else {
            value = cell(for: item)?.height ?? 1
        }
        heightCache[item] = max(0, value)
        return max(0, value)
    }

    /// The cell for an item, to measure it: on screen already, made while measuring, or asked from the data source.
    ///
    /// Only the last ``measuredCellLimit`` measured cells are kept (for the
    /// rows about to be placed); older ones go back to their queue at once, so
    /// measuring a thousand rows off screen makes no more cells than measuring two.
    func cell(for item: TableItem) -> TableViewCell? {
        if staleItems.isEmpty || !staleItems.contains(item) {
            if let cell = visibleCells[item] { return cell }
        }
        if let index = measuredCells.firstIndex(where: { $0.item == item }) { return measuredCells[index].cell }
        makeRoomForAMeasuredCell()
        guard let cell = makeCell(for: item) else { return nil }
        measuredCells.append((item, cell))
        return cell
    }

    /// Sends the oldest measured cell back to its queue when ``measuredCellLimit`` are kept, before the data
    /// source is asked for another: the new row or header can then reuse it instead of a new cell being made.
    func makeRoomForAMeasuredCell() {
        if measuredCells.count >= TableView.measuredCellLimit { enqueue(measuredCells.removeFirst().cell) }
    }

    /// Takes the measured cell of an item, if one is kept.
    func takeMeasuredCell(for item: TableItem) -> TableViewCell? {
        guard let index = measuredCells.firstIndex(where: { $0.item == item }) else { return nil }
        return measuredCells.remove(at: index).cell
    }

    /// Asks the data source for the cell of an item.
    func makeCell(for item: TableItem) -> TableViewCell? {
        guard let dataSource else { return nil }
        if item.isHeader {
            if let header = dataSource.tableView(self, viewForHeaderInSection: item.section) { return header }
            let title = dataSource.tableView(self, titleForHeaderInSection: item.section) ?? ""
            let cell = dequeueHeaderTitleCell()
            cell.textLabel.text = title
            cell.textLabel.textStyle = headerStyle
            return cell
        }
        statistics.cellRequests += 1
        let cell = dataSource.tableView(self, cellForRowAt: item.indexPath!)
        return cell
    }
}
