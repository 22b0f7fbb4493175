// How a trace's pictures name events and notes. Shared by `EventTrace.mermaid` and
// `EventTrace.tree`, so both say the same thing in the same words.

/// How a picture names an event: its description, and for the bus's announcements the
/// announcement's type and the event it is about (`DidConsumeEvent(tap)`); whole, for the
/// picture to cut (see `ReadableLine`).
func traceLabel(of event: any Event) -> String {
    if let (name, about) = announcement(event) { return "\(name)(\(traceLabel(of: about)))" }
    return String(describing: event)
}

/// The longest name or event label, in characters, that a Mermaid diagram shows: a participant
/// is a column, and an arrow's label spans the columns it crosses.
let mermaidLabelLimit = 48

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

/// How a record names its cause's recipient, to be cut as a name; "the bus" for an
/// announcement made outside any recipient's call.
func causePart(_ cause: EventTrace.Cause) -> ReadableLine {
    cause.recipient.map { "\(name: $0)" } ?? "the bus"
}

/// How a record names the recipients it reached: a list that ends with `and N more` when it
/// does not fit, or "no one".
func reachedPart(_ recipients: [String]) -> ReadableLine {
    recipients.isEmpty ? "no one" : "\(names: recipients)"
}

extension EventTrace.Note {
    /// The note in words, its names and labels whole, to be fitted to a line:
    /// `"dispatch of 7 by A rejected: rejectedFull"`.
    var line: ReadableLine {
        switch self {
        case .refused(let event, let report, let recipient):
            let by: ReadableLine = recipient.map { " by \(name: $0)" } ?? ""
            return "dispatch of \(value: traceLabel(of: event))\(by) rejected: \(report)"
        case .dropped(let event, let stream):
            return "\(name: stream) dropped \(value: traceLabel(of: event))"
        case .failed(let event, let recipient, let error):
            return "\(name: recipient) failed on \(value: traceLabel(of: event)): \(value: error)"
        case .discarded(let count):
            return "\(counted(count, "waiting event")) discarded at the drain budget"
        case .stopped(let recipient):
            let who: ReadableLine = recipient.map { "\(name: $0)" } ?? "a recipient"
            return "\(who) stopped the delivery"
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
