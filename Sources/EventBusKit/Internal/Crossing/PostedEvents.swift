/// The posted events a bus has taken from its inbox and not yet delivered, in posting order.
///
/// A drain takes everything waiting in one locked step and delivers it a slice at a time;
/// what a slice leaves waits here, on the bus's isolation, for the next one. Each event still
/// counts against the inbox's capacity until its dispatch returns (`Inbox.undelivered`).
///
/// Delivered means let go: an item handed out is no longer held here, so an event nothing else
/// keeps is released as its dispatch ends. The items are held last first, so that handing one
/// out is `popLast()`, a move that holds nothing back.
struct PostedEvents {
    /// The items not handed out, the oldest last.
    private var items: [Inbox.Item] = []

    /// Whether every event taken was handed out.
    var isEmpty: Bool { items.isEmpty }

    /// Takes the items of `taken`, in order, after what is held; leaves `taken` empty.
    mutating func append(_ taken: inout [Inbox.Item]) {
        guard !taken.isEmpty else { return }
        taken.reverse()  // in place: the take's array is held by no one else
        if isEmpty {
            swap(&items, &taken)
        } else {
            // A slice left some: the new ones are handed out after them.
            taken.append(contentsOf: items)
            swap(&items, &taken)
        }
        taken = []
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

    /// Hands out the oldest item held, and holds it no more.
    ///
    /// - Precondition: Not ``isEmpty``.
    mutating func takeNext() -> Inbox.Item {
        items.removeLast()
    }
}
