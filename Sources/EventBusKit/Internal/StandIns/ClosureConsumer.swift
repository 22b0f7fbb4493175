/// The consumer that stands for a closure subscription or a stream in the registry and in
/// the bus's announcements.
///
/// One stand-in serves every form — plain, throwing and owner-bound subscriptions and
/// streams — so they all obey the matching, order and snapshot rules of consumers. It lists
/// one entry: `T`, or for a category stream `Conforming<P>` (then `T` is `any P`). The bus
/// calls ``consumeRouted(_:)``, which hands the event to the closure without a dynamic cast
/// and, for a class event, without a retain (see `withRouted(_:_:)`), and reports what the
/// bus must announce; anyone else calling ``consume(_:)`` gets a checked cast.
final class ClosureConsumer<T>: RoutedConsumer, CustomStringConvertible {
    /// What the stand-in does with an event.
    enum Body {
        /// Calls a closure.
        case plain((T) -> Void)
        /// Calls a closure that may throw; an error is announced as a ``ConsumerFailedEvent``.
        case throwing((T) throws -> Void)
        /// Yields to a stream (`yield` is its continuation's, made where `T` is known to be
        /// `Sendable`); a dropped element is announced as a ``DroppedEvent``.
        case stream(
            yield: (T) -> AsyncStream<T>.Continuation.YieldResult, finish: @Sendable () -> Void)
    }

    let willConsume: [any Event.Type]
    private let body: Body
    private let label: String
    /// Whether `willConsume` names `T` itself (not a category), so a routed event is a `T`.
    private let listsT: Bool
    /// Whether `T` is a class (see `withRouted(_:_:)`).
    private let isClass: Bool
    /// The bus, for announcing what a direct call of ``consume(_:)`` caused; never retained.
    private weak var bus: EventBus?

    /// A stand-in listing `T` itself.
    convenience init(_ body: Body, label: String, bus: EventBus) where T: Event {
        self.init(listing: T.self, body, label: label, bus: bus)
    }

    /// A stand-in listing `listed`: `T`, or a category whose events are `T`s.
    init(listing listed: any Event.Type, _ body: Body, label: String, bus: EventBus) {
        willConsume = [listed]
        self.body = body
        self.label = label
        self.bus = bus
        listsT = listed == T.self
        isClass = T.self is AnyObject.Type
    }

    deinit {
        // Released without `finish()` (for example deregistered through the object a
        // `DidConsumeEvent` named): end the stream rather than leave its consumer waiting.
        finish()
    }

    /// The bus's entry: its route proved that `event` matches `willConsume`.
    ///
    /// - Returns: What the bus must announce, if anything.
    func consumeRouted(_ event: any Event) -> Incident? {
        guard listsT else {
            guard let value = event as? T else { return nil }
            return run(value, event)
        }
        return withRouted(event) { run($0, event) }
    }

    /// The entry for anyone but the bus (the stand-in is public through announcements): a
    /// checked cast, which stops on an event that is no `T` (a stream ignores it). What it
    /// causes is announced at once.
    func consume(_ event: any Event) {
        let incident: Incident?
        if case .stream = body {
            guard let value = event as? T else { return }
            incident = run(value, event)
        } else {
            incident = run(event as! T, event)
        }
        if let incident { bus?.announce(incident, by: self, of: event) }
    }

    /// Ends a stream: its consumer reads what is buffered, then the stream finishes.
    func finish() {
        if case .stream(_, let finish) = body { finish() }
    }

    /// Whether this stands for a stream.
    var isStream: Bool {
        if case .stream = body { return true }
        return false
    }

    var description: String { label }

    @inline(__always)
    private func run(_ value: T, _ event: any Event) -> Incident? {
        switch body {
        case .plain(let handler):
            handler(value)
            return nil
        case .throwing(let handler):
            do {
                try handler(value)
                return nil
            } catch {
                return .failed(error)
            }
        case .stream(let yield, _):
            switch yield(value) {
            case .dropped(let dropped):
                // Every element came from an event, so it converts back.
                return .dropped(dropped as! any Event)
            case .enqueued, .terminated:
                return nil
            @unknown default:
                return nil
            }
        }
    }

    /// Calls `body` with `event` as a `T`, which a route proved it is (`event is T`), with no
    /// dynamic cast and no copy.
    ///
    /// Sound because `withUnsafePointer(to:)` borrows the value the existential holds (of
    /// type `E`) in place, and that memory is a valid `T` when either `E` is `T`, or `T` is a
    /// class: the route decided `event is T` on the event's dynamic type with a metatype
    /// check, which never bridges, so the one reference the existential holds points to an
    /// instance of `T` or of a subclass, and any such reference is a valid `T` reference.
    @inline(__always)
    private func withRouted<R>(_ event: any Event, _ body: (T) -> R) -> R {
        func open<E: Event>(_ value: E) -> R {
            guard E.self == T.self || isClass else { return body(value as! T) }  // not reached
            return withUnsafePointer(to: value) { pointer in
                body(UnsafeRawPointer(pointer).assumingMemoryBound(to: T.self).pointee)
            }
        }
        return open(event)
    }
}

/// What a recipient's delivery caused that the bus must announce.
enum Incident {
    /// A throwing subscription threw: announced as ``ConsumerFailedEvent``.
    case failed(any Error)
    /// A stream dropped this event: announced as ``DroppedEvent``.
    case dropped(any Event)
}

/// A consumer with a second entry for the bus, one that may skip checks the route already
/// made. Its `consume(_:)` stays the checked entry for anyone else who calls it.
protocol RoutedConsumer: EventConsumer {
    /// Handles an event that a route delivered to this consumer, so its lists match the
    /// event's dynamic type, and returns what the bus must announce.
    func consumeRouted(_ event: any Event) -> Incident?
}

/// Keeps a lifetime-bound recipient alive while its owner wants it: a stream's, held only by
/// the stream's termination handler.
final class Lifeline: Sendable {}
