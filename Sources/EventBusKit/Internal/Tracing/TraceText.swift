// How a trace's pictures name events and notes. Shared by `EventTrace.mermaid` and
// `EventTrace.tree`, so both say the same thing in the same words.

/// The longest label, in characters, a picture shows before cutting it with "…".
let traceLabelLimit = 48

/// `text` on one line, cut to ``traceLabelLimit`` characters plus "…" when longer.
func shortened(_ text: String) -> String {
    var line = text
    if line.contains(where: \.isNewline) {
        line = String(line.map { $0.isNewline ? " " : $0 })
    }
    guard line.count > traceLabelLimit else { return line }
    return line.prefix(traceLabelLimit) + "…"
}

/// How a picture names an event: its description, and for the bus's announcements the
/// announcement's type and the event it is about (`DidConsumeEvent(tap)`); shortened.
func traceLabel(of event: any Event) -> String {
    shortened(fullLabel(of: event))
}

/// How the pictures label each record's event, in order: ``traceLabel(of:)``, except for an
/// announcement about the event of the pass that caused it (a consumption, an event that
/// reached no one, a failure or a drop of that very event), which names that pass:
/// `DidConsumeEvent of pass 2`. Its arrow or line already names the recipient; repeating the
/// event would only make the label long.
func pictureLabels(of records: [EventTrace.Record]) -> [String] {
    var labels: [Int: String] = [:]  // a held pass's sequence → its event's label
    return records.map { record in
        let label = traceLabel(of: record.event)
        defer { labels[record.sequence] = label }
        guard let cause = record.cause, let causeLabel = labels[cause.sequence],
            let (name, about) = announcement(record.event), traceLabel(of: about) == causeLabel
        else { return label }
        return "\(name) of pass \(cause.sequence)"
    }
}

/// The name of one of the bus's announcements and the event it is about; `nil` for any
/// other event.
private func announcement(_ event: any Event) -> (String, any Event)? {
    if let did = event as? DidConsumeEvent { return ("DidConsumeEvent", did.event) }
    if let none = event as? NoConsumerEvent { return ("NoConsumerEvent", none.event) }
    if let drop = event as? DroppedEvent { return ("DroppedEvent", drop.event) }
    if let failure = event as? ConsumerFailedEvent {
        return ("ConsumerFailedEvent", failure.event)
    }
    return nil
}

private func fullLabel(of event: any Event) -> String {
    if let (name, about) = announcement(event) { return "\(name)(\(fullLabel(of: about)))" }
    return String(describing: event)
}

/// How a record names its cause's recipient: shortened, or "the bus" for an announcement
/// made outside any recipient's call.
func causeName(_ cause: EventTrace.Cause) -> String {
    cause.recipient.map(shortened) ?? "the bus"
}

/// How a record names the recipients it reached: shortened and joined, or "no one".
func reachedText(_ recipients: [String]) -> String {
    recipients.isEmpty ? "no one" : recipients.map(shortened).joined(separator: ", ")
}

extension EventTrace.Note {
    /// The note in words, its names and labels shortened:
    /// `"dispatch of 7 by A refused: rejectedFull"`.
    var text: String {
        switch self {
        case .refused(let event, let report, let recipient):
            let by = recipient.map { " by \(shortened($0))" } ?? ""
            return "dispatch of \(traceLabel(of: event))\(by) refused: \(report)"
        case .dropped(let event, let stream):
            return "\(shortened(stream)) dropped \(traceLabel(of: event))"
        case .failed(let event, let recipient, let error):
            return "\(shortened(recipient)) failed on \(traceLabel(of: event)): \(shortened(error))"
        case .discarded(let count):
            return "\(counted(count, "waiting event")) discarded at the drain budget"
        case .stopped(let recipient):
            return "\(recipient.map(shortened) ?? "a recipient") stopped the delivery"
        }
    }
}

/// `text` with what Mermaid would read as syntax replaced by entity codes: `#` and `;`
/// (which start and end entity codes, and `;` ends a statement), quotes, `<` and `>`.
func mermaidEscaped(_ text: String) -> String {
    guard text.contains(where: { "#;\"<>".contains($0) }) else { return text }
    var escaped = ""
    escaped.reserveCapacity(text.utf8.count + 16)
    for character in text {
        switch character {
        case "#": escaped += "#35;"
        case ";": escaped += "#59;"
        case "\"": escaped += "#quot;"
        case "<": escaped += "#lt;"
        case ">": escaped += "#gt;"
        default: escaped.append(character)
        }
    }
    return escaped
}

/// `"1 pass"`, `"2 passes"`: `count` and `noun`, in the plural unless `count` is 1.
func counted(_ count: Int, _ noun: String) -> String {
    let plural = noun.hasSuffix("s") ? noun + "es" : noun + "s"
    return "\(count) \(count == 1 ? noun : plural)"
}

/// The line that says how many passes a trace no longer holds.
func overwrittenText(_ count: Int) -> String {
    "\(counted(count, "earlier pass")) overwritten"
}
