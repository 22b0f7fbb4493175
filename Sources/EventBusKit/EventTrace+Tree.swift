extension EventTrace {
    /// The recorded passes as an indented text tree of causes.
    ///
    /// Each line is one pass: its sequence, its event, where it came from (`from A` for a
    /// pass a recipient caused, `from the bus` for an announcement the bus raised itself), the
    /// line that dispatched or posted it (`at Module/File.swift:12`, its
    /// ``Record/origin``, when recorded) and whom it reached, in call order (`no one` when it reached no one). A pass sits under
    /// the pass that caused it, after that pass's notes (`!` lines: a rejected dispatch, a
    /// drop, a failure, the discards); passes with no recorded cause are roots, in delivery
    /// order. A pass whose cause was overwritten is a root that names its cause's sequence.
    /// An announcement about the event of the pass that caused it is labelled with that pass
    /// (`DidConsumeEvent of pass 2`), as in ``mermaid``.
    ///
    /// No line is longer than 120 characters. A line that would be has its call sites' module
    /// folders cut first (`at …Cart.swift:12`), then its event, its cause's recipient and its
    /// recipients, the longest first, to share the room the other words leave: a name in the
    /// middle, keeping its attributes and its call site's `File.swift:line`
    /// (`Subscription(to: Cart…, once, at: …Cart.swift:12)`), an event or an error at its
    /// end, marked ` […]` (`Checkout(items: 3, totalCents: […]`, never a number cut short),
    /// and the recipients after the names that fit (`→ Prize, Audit and 2 more`).
    /// Passes nest by three columns up to depth 8; a deeper pass, or note, stays at depth 8's
    /// column and says its depth: `└─ [depth 9] 10. ping(9) from Echo → Echo`.
    ///
    /// ```text
    /// 1. tap at App/Screen.swift:20 → A, B
    /// ├─ 2. next from A at App/A.swift:8 → B
    /// │  └─ 4. DidConsumeEvent of pass 2 from B → Logger
    /// └─ 3. DidConsumeEvent of pass 1 from A → Logger
    /// ```
    public var tree: String {
        let records = self.records
        var lines: [String] = []
        if overwrittenCount > 0 {
            lines.append("(\(overwrittenText(overwrittenCount)))")
        }
        if records.isEmpty { lines.append("(no passes recorded)") }
        let held = Set(records.map(\.sequence))
        let labels = pictureLabels(of: records)
        var children: [Int: [Int]] = [:]  // a cause's sequence → indices of its passes
        var roots: [Int] = []
        for (index, record) in records.enumerated() {
            if let cause = record.cause, held.contains(cause.sequence) {
                children[cause.sequence, default: []].append(index)
            } else {
                roots.append(index)
            }
        }

        func line(for index: Int) -> ReadableLine {
            let record = records[index]
            var line: ReadableLine = "\(record.sequence). \(value: labels[index])"
            if let cause = record.cause {
                line = line + " from \(causePart(cause))"
                if !held.contains(cause.sequence) {
                    line = line + " (in overwritten pass \(cause.sequence))"
                }
            }
            if let origin = record.origin { line = line + " at \(site: origin)" }
            return line + " → \(reachedPart(record.recipients))"
        }

        // Depth-first, with an explicit stack: a feedback loop may nest passes deeply. A
        // prefix grows up to depth `treeDepthLimit`; deeper lines keep its column.
        var stack: [(index: Int, prefix: String, branch: String, depth: Int)] =
            roots.reversed().map { ($0, "", "", 0) }
        while let (index, prefix, branch, depth) = stack.popLast() {
            let record = records[index]
            lines.append(
                (treeIndent(prefix, branch, depth: depth) + line(for: index)).fitted())
            let childPrefix =
                depth == 0 || depth >= treeDepthLimit
                ? prefix : prefix + (branch == "└─ " ? "   " : "│  ")
            let nested = children[record.sequence] ?? []
            for (offset, note) in record.notes.enumerated() {
                let isLast = offset == record.notes.count - 1 && nested.isEmpty
                let indent = treeIndent(childPrefix, isLast ? "└─ " : "├─ ", depth: depth + 1)
                lines.append((indent + "! \(note.line)").fitted())
            }
            for (offset, child) in nested.enumerated().reversed() {
                let branch = offset == nested.count - 1 ? "└─ " : "├─ "
                stack.append((child, childPrefix, branch, depth + 1))
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }
}

/// The deepest a tree indents: 8 levels, 24 columns.
let treeDepthLimit = 8

/// The start of a tree line at `depth`: its ancestors' bars and its branch, then, past
/// ``treeDepthLimit``, a marker with its depth in place of more indentation.
private func treeIndent(_ prefix: String, _ branch: String, depth: Int) -> ReadableLine {
    let indent = prefix + branch
    return depth > treeDepthLimit ? "\(indent)[depth \(depth)] " : "\(indent)"
}
