/// The consumer that stands for a closure subscription or a stream in the registry and in
/// the bus's announcements.
///
/// One stand-in serves every form — plain, throwing and owner-bound subscriptions and
/// streams — so they all obey the matching, order and snapshot rules of consumers. It lists
/// one entry: `T`, or for a category stream `Conforming<P>` (then `T` is `any P`). The bus
/// calls ``consumeRouted(_:)``, which hands the event to the closure without a dynamic cast
/// and, for a class or a struct stored in the existential's buffer, without a copy (see
/// `callRouted(_:)`), and reports what the bus must announce; anyone else calling
/// ``consume(_:)`` gets a checked cast.
final class ClosureConsumer<T>: RoutedConsumer, CustomStringConvertible {
    // What every routed call reads comes first, to share a cache line with the object's header.
    /// Whether `willConsume` names `T` itself (not a category), so a routed event is a `T`.
    private let listsT: Bool
    /// The handler called with the event's existential in place of the `T`, so the value is
    /// borrowed from the existential rather than copied out (for a class, a retain and a
    /// release per delivery; for a struct, a copy and a destroy); used when ``borrowing`` says
    /// so.
    ///
    /// Sound because a closure whose parameter type is a generic `T` takes its argument by
    /// address, as a closure of `any Event` takes the existential's, and when it is used the
    /// existential's buffer starts with a valid `T`: for a class `T`, the existential of an
    /// event a route delivered to `T` holds one reference to an instance of `T` or of a
    /// subclass (the route decided `event is T` on the dynamic type with a metatype check,
    /// which never bridges); for a value type, the value is stored inline, which
    /// `callRouted(_:)` checks once by comparing the value's address with the existential's.
    private let borrowingHandler: (any Event) throws -> Void
    /// Whether ``borrowingHandler`` may be called: `.always` for a class `T` listed as
    /// itself, `.unknown` for a value type until its first event shows whether it is stored
    /// in the existential's buffer, `.never` otherwise.
    private var borrowing: Borrowing

    /// See ``borrowing``.
    private enum Borrowing: UInt8 {
        case unknown, always, never
    }

    let willConsume: [any Event.Type]
    /// The closure, in one shape for every form (a generic enum would make every delivery
    /// look up its metadata): a stream's drop is thrown as a `StreamDrop`.
    private let handler: (T) throws -> Void
    /// A stream's `finish`; `nil` for subscriptions.
    private let finishStream: (@Sendable () -> Void)?
    /// Makes the description when first asked: a type's name is costly to print, and most
    /// stand-ins are never described.
    private let label: () -> String
    /// What the last routed call must announce, until the bus takes it.
    private var incident: Incident?
    /// The bus, for announcing what a direct call of ``consume(_:)`` caused; never retained.
    private weak var bus: EventBus?

    /// A stand-in for a subscription to `T`, plain or throwing (a thrown error is announced
    /// as a ``ConsumerFailedEvent``).
    convenience init(
        _ handler: @escaping (T) throws -> Void, label: @escaping () -> String, bus: EventBus
    ) where T: Event {
        self.init(listing: T.self, handler, finish: nil, label: label, bus: bus)
    }

    /// A stand-in for a stream of the events `listed` covers: `T`, or a category whose events
    /// are `T`s. `yield` is the stream continuation's (made where `T` is known to be
    /// `Sendable`); a dropped element is announced as a ``DroppedEvent``.
    convenience init(
        streaming listed: any Event.Type,
        yield: @escaping (T) -> AsyncStream<T>.Continuation.YieldResult,
        finish: @escaping @Sendable () -> Void, label: @escaping () -> String, bus: EventBus
    ) {
        let handler = { (value: T) throws in
            if case .dropped(let dropped) = yield(value) {
                // Every element came from an event, so it converts back.
                throw StreamDrop(event: dropped as! any Event & Sendable)
            }
        }
        self.init(listing: listed, handler, finish: finish, label: label, bus: bus)
    }

    private init(
        listing listed: any Event.Type, _ handler: @escaping (T) throws -> Void,
        finish: (@Sendable () -> Void)?, label: @escaping () -> String, bus: EventBus
    ) {
        willConsume = [listed]
        self.handler = handler
        self.finishStream = finish
        self.label = label
        self.bus = bus
        listsT = listed == T.self
        borrowing = !listsT ? .never : T.self is AnyObject.Type ? .always : .unknown
        // Sound: both structs are the same generic type, whose one field is a closure taking
        // its argument by address, so they have one layout; the closure is called only as
        // `borrowing` allows (see `borrowingHandler`). Cast inside the structs because a
        // closure handed to a generic function as itself would be rewrapped for the generic's
        // conventions (two thunks per call).
        borrowingHandler =
            unsafeBitCast(Handler(call: handler), to: Handler<any Event>.self).call
    }

    deinit {
        // Released without `finish()` (for example deregistered through the object a
        // `DidConsumeEvent` named): end the stream rather than leave its consumer waiting.
        finish()
    }

    /// The bus's entry: its route proved that `event` matches `willConsume`.
    ///
    /// - Returns: Whether the call caused something to announce (take it with
    ///   ``takeIncident()``).
    func consumeRouted(_ event: any Event) -> Bool {
        do {
            if listsT { try callRouted(event) } else { try callCategory(event) }
            return false
        } catch {
            incident = Self.incident(for: error)
            return true
        }
    }

    /// What the last routed call must announce.
    func takeIncident() -> Incident? {
        var taken: Incident? = nil
        swap(&taken, &incident)
        return taken
    }

    /// The entry for anyone but the bus (the stand-in is public through announcements): a
    /// checked cast, which stops on an event that is no `T` (a stream ignores it). What it
    /// causes is announced at once.
    func consume(_ event: any Event) {
        let value: T
        if finishStream != nil {
            guard let element = event as? T else { return }
            value = element
        } else {
            value = event as! T
        }
        do {
            try handler(value)
        } catch {
            bus?.announce(Self.incident(for: error), by: self, of: event)
        }
    }

    /// Ends a stream: its consumer reads what is buffered, then the stream finishes.
    func finish() {
        finishStream?()
    }

    var description: String { label() }

    private static func incident(for error: any Error) -> Incident {
        if let drop = error as? StreamDrop { return .dropped(drop.event) }
        return .failed(error)
    }

    /// Calls the handler with `event` as a `T`, for a category stream (`T` is `any P`).
    ///
    /// Kept out of line: an `as? T` needs the metadata of `Optional<T>`, which an unspecialized
    /// generic looks up at run time, and inlined it would be looked up on every delivery.
    @inline(never)
    private func callCategory(_ event: any Event) throws {
        if let value = event as? T { try handler(value) }
    }

    /// Calls the handler with `event` as a `T`, which a route proved it is (`event is T`),
    /// with no dynamic cast, and without a copy when it may borrow (see `borrowingHandler`).
    @inline(__always)
    private func callRouted(_ event: any Event) throws {
        if borrowing == .always { return try borrowingHandler(event) }
        if borrowing == .unknown { borrowing = Self.isStoredInline(event) ? .always : .never }
        func open<E: Event>(_ value: E) throws {
            // `E` is `T`: only classes have subtypes. Sound as an identity conversion.
            try handler(E.self == T.self ? unsafeBitCast(value, to: T.self) : value as! T)
        }
        try open(event)
    }

    /// Whether the existential `event` stores its value in its own buffer (not in a box).
    @inline(never)
    private static func isStoredInline(_ event: any Event) -> Bool {
        withUnsafePointer(to: event) { container in
            func open<E: Event>(_ value: E) -> Bool {
                withUnsafePointer(to: value) { UnsafeRawPointer($0) == UnsafeRawPointer(container) }
            }
            return open(event)
        }
    }
}

/// A closure of `T` in a struct, so that casting it does not rewrap it (see `borrowingHandler`).
private struct Handler<Argument> {
    let call: (Argument) throws -> Void
}

/// A stream's drop, carried out of the stand-in's handler as an error.
///
/// `Error` requires `Sendable`; the dropped event is an element of a stream of `Sendable`
/// elements, so it is one.
private struct StreamDrop: Error {
    let event: any Event & Sendable
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
    /// event's dynamic type.
    ///
    /// - Returns: Whether the call caused something the bus must announce.
    func consumeRouted(_ event: any Event) -> Bool
    /// What the last call of ``consumeRouted(_:)`` that returned `true` must announce.
    func takeIncident() -> Incident?
}
