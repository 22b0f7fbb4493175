/// The posted events a bus has taken from its inbox and not yet delivered, in posting order.
///
/// A drain takes everything waiting in one locked step and delivers it a slice at a time;
/// what a slice leaves waits here, on the bus's isolation, for the next one. Each event still
/// counts against the inbox's capacity until its dispatch returns (`Inbox.undelivered`).
struct PostedEvents {
    private var items: [Inbox.Item] = []
    private var next = 0

    /// Whether every event taken was handed out.
    var isEmpty: Bool { next == items.count }

    /// Appends `taken`, in order, after what is held.
    mutating func append(_ taken: [Inbox.Item]) {
        if isEmpty {
            items = taken  // what was handed out goes, with its storage
            next = 0
        } else {
            items.append(contentsOf: taken)
        }
    }

    /// Takes every event held and not handed out, and resumes the barriers among them with
    /// `false`: the bus is going away.
    mutating func takeRemaining() -> [any Event & Sendable] {
        var events: [any Event & Sendable] = []
        while !isEmpty {
            switch takeNext() {
            case .event(let event, _): events.append(event)
            case .barrier(let continuation): continuation.resume(returning: false)
            }
        }
        return events
    }

    /// Hands out the oldest item held.
    ///
    /// - Precondition: Not ``isEmpty``.
    mutating func takeNext() -> Inbox.Item {
        defer { next += 1 }
        return items[next]
    }
}
