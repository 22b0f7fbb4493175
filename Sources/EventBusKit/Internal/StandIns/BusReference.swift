/// The one weak reference to a bus that its stand-ins share: made with the bus's first
/// stand-in, held strongly by each stand-in after that.
///
/// The rule: a stand-in reaches its bus only through this object, never by a weak reference
/// of its own. A weak reference made per stand-in costs its initialization and its
/// destruction on every subscribe and cancel; a strong reference to this object costs a
/// retain and a release. Written once, in `init`; the runtime zeroes the weak reference when
/// the bus goes, so every stand-in sees the bus gone at once.
final class BusReference {
    /// The bus; `nil` once it is deallocated.
    private(set) weak var bus: EventBus?

    init(_ bus: EventBus) {
        self.bus = bus
    }
}
