/// The posted events a bus has taken from its inbox and not yet delivered, in posting order.
///
/// A drain takes everything waiting in one locked step and delivers it a slice at a time;
/// what a slice leaves waits here, on the bus's isolation, for the next one. Each event still
/// counts against the inbox's capacity until its dispatch returns (`Inbox.undelivered`).
///
/// Delivered means let go: the drain that handed items out lets go of them as it returns
/// (``takeHandedOut()``, released after the access), so an event nothing else keeps is
/// released by the time the call that delivered it returns. Items are handed out in take
/// order, by index: no pass reorders them, and handing one out changes nothing in the array,
/// so the dispatch loop holds no mutable access to it across anything the optimizer cannot
/// see into.
struct PostedEvents {
    /// The items taken; those before `next` were handed out and wait to be let go of.
    private var items: [Inbox.Item] = []
    /// The slot of the oldest item not handed out.
    private var next = 0

    /// Whether every event taken was handed out.
    var isEmpty: Bool { next == items.count }

    /// Takes the items of `taken`, in order, after what is held; leaves in `taken` the items
    /// handed out before, for the caller to let go of after its access (an event's deinit may
    /// be the app's code).
    mutating func append(_ taken: inout [Inbox.Item]) {
        guard !taken.isEmpty else { return }
        if isEmpty {
            swap(&items, &taken)  // what was handed out goes, with its storage
            next = 0
        } else {
            // A slice left some: the new ones are handed out after them.
            var handedOut = takeHandedOut()
            items.append(contentsOf: taken)
            swap(&handedOut, &taken)
        }
    }

    /// Takes the items handed out, for the caller to let go of after its access: the end of
    /// the drain that delivered them.
    mutating func takeHandedOut() -> [Inbox.Item] {
        guard next > 0 else { return [] }
        var handedOut: [Inbox.Item] = []
        if isEmpty {
            swap(&handedOut, &items)
        } else {
            handedOut = Array(items[..<next])
            items.removeSubrange(..<next)
        }
        next = 0
        return handedOut
    }

    /// Takes everything held, handed out or not, leaving nothing: the bus is going away, and
    /// what it held goes through ``takeRemaining()`` outside the bus's access.
    mutating func takeAllHeld() -> PostedEvents {
        var held = PostedEvents()
        swap(&held, &self)
        return held
    }

    /// Takes every event held and not handed out, and resumes the barriers among them with
    /// `false`: the bus is going away.
    consuming func takeRemaining() -> [any Event & Sendable] {
        var events: [any Event & Sendable] = []
        while !isEmpty {
            switch takeNext() {
            case .event(let event, _): events.append(event)
            case .barrier(let continuation): continuation.resume(returning: false)
            }
        }
        return events
    }

    /// Hands out the oldest item held; it is let go of at ``takeHandedOut()``.
    ///
    /// - Precondition: Not ``isEmpty``.
    mutating func takeNext() -> Inbox.Item {
        defer { next += 1 }
        return items[next]
    }
}
