extension EventTrace {
    /// The recorded passes as an indented text tree of causes.
    ///
    /// Each line is one pass: its sequence, its event, where it came from (`from A` for a
    /// pass a recipient caused, `from the bus` for an announcement the bus raised itself), the
    /// line that dispatched or posted it (`at Module/File.swift:12`, its
    /// ``Record/origin``, when recorded) and whom it reached, in call order (`no one` when it reached no one). A pass sits under
    /// the pass that caused it, after that pass's notes (`!` lines: a refused dispatch, a
    /// drop, a failure, the discards); passes with no recorded cause are roots, in delivery
    /// order. A pass whose cause was overwritten is a root that names its cause's sequence.
    /// An announcement about the event of the pass that caused it is labelled with that pass
    /// (`DidConsumeEvent of pass 2`), as in ``mermaid``. Labels longer than 48 characters are
    /// cut with "…".
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

        func line(for index: Int) -> String {
            let record = records[index]
            var text = "\(record.sequence). \(labels[index])"
            if let cause = record.cause {
                text += " from \(causeName(cause))"
                if !held.contains(cause.sequence) {
                    text += " (in overwritten pass \(cause.sequence))"
                }
            }
            if let origin = record.origin { text += " at \(origin)" }
            return text + " → " + reachedText(record.recipients)
        }

        // Depth-first, with an explicit stack: a feedback loop may nest passes deeply.
        var stack: [(index: Int, prefix: String, branch: String)] = roots.reversed().map {
            ($0, "", "")
        }
        while let (index, prefix, branch) = stack.popLast() {
            let record = records[index]
            lines.append(prefix + branch + line(for: index))
            let childPrefix =
                prefix + (branch.isEmpty ? "" : branch == "└─ " ? "   " : "│  ")
            let nested = children[record.sequence] ?? []
            for (offset, note) in record.notes.enumerated() {
                let isLast = offset == record.notes.count - 1 && nested.isEmpty
                lines.append(childPrefix + (isLast ? "└─ " : "├─ ") + "! " + note.text)
            }
            for (offset, child) in nested.enumerated().reversed() {
                stack.append((child, childPrefix, offset == nested.count - 1 ? "└─ " : "├─ "))
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }
}
