#if canImport(Observation)
    import Observation

    /// The latest event of one type or category and how many arrived, for SwiftUI views and
    /// `withObservationTracking`: made by ``EventBus/observe(_:options:where:fileID:line:)-(T.Type,_,_,_,_)``.
    ///
    /// It holds a subscription to the type or category, replaying unless its options say
    /// otherwise, for as long as it lives: each delivery sets ``latest`` and adds one to ``count`` (replays
    /// included), and an observer of either is told, inside the subscription's call. Made during a pass,
    /// ``latest`` is `nil` until the replay runs after that pass. Releasing the object ends
    /// the subscription. It is not `Sendable`: use it on the bus's isolation (for a view,
    /// the main actor), and make it where it lives long, such as a model, not in a view's
    /// initializer, which runs again each time the view is rebuilt.
    ///
    /// ```swift
    /// import Observation
    ///
    /// let price = bus.observe(PriceChanged.self)
    /// withObservationTracking {
    ///     _ = price.latest
    /// } onChange: {
    ///     print("the price changes")
    /// }
    /// ```
    ///
    /// While nothing has read ``latest`` or ``count`` since the last delivery, a delivery
    /// tells no registrar: no observer can be waiting, so it costs a store and an add.
    @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
    public final class ObservedEvent<Value>: Observable {
        /// What the subscription writes into; the subscription's closure holds it, not the
        /// object, so releasing the object ends the subscription.
        private let storage: ObservedEventStorage
        /// The subscription, ended when the object goes.
        private let subscription: EventSubscription

        /// An object following the events `listed` covers that `predicate` accepts, each a
        /// `Value`, through a stand-in with `lists` (its form's check took them), stored as
        /// `storing` says: for a type, as ``howLatestIsStored(type:)`` finds; for a category
        /// (whose events are of any type), copied in. Its subscription replays unless
        /// `options` says otherwise.
        init(
            bus: EventBus, listing listed: any Event.Type, lists: __owned MatchList,
            where predicate: ((Value) -> Bool)?,
            _ options: RecipientOptions, storing: LatestSlot.Storing, fileID: String, line: Int
        ) {
            let storage = ObservedEventStorage(listing: listed, storing: storing)
            self.storage = storage
            var options = options
            options.replaysLatest = options.replaysLatest ?? true
            // A handler that takes `any Event`: the stand-in hands over the event as it came,
            // so a delivery copies no `Value` and allocates nothing. A predicate, if any,
            // takes the event as a `Value`.
            subscription = EventSubscription(
                bus.add(
                    listing: listed, lists: lists,
                    StandIn.Closures(
                        { (event: any Event) in storage.receive(event) },
                        where: predicate.map { accepts in { accepts($0 as! Value) } },
                        listing: listed),
                    label: ClosureLabel(
                        kind: .subscription, listed: listed, fileID: fileID, line: line),
                    options: options))
        }

        /// The last event delivered to this object, replays included; `nil` before the first.
        public var latest: Value? {
            storage.willRead()
            // The subscription lists a type or a category whose every event is a `Value`.
            return storage.latest.map { $0 as! Value }
        }

        /// How many events were delivered to this object, replays included.
        public var count: Int {
            storage.willRead()
            return storage.count
        }
    }

    /// What an ``ObservedEvent`` shows, and the registrar its observers are on: not generic,
    /// so a delivery looks up no generic metadata.
    ///
    /// The event is kept in a ``LatestSlot``, as a sticky event's latest value is: a small
    /// trivial struct by writing its bytes, a class instance by one retain, anything else
    /// copied in. Its stamp counts the deliveries. Both properties are tracked under one key
    /// path (``count``): every delivery changes both, so one mutation tells the observers of
    /// either.
    @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
    final class ObservedEventStorage: Observable {
        private let registrar = ObservationRegistrar()
        private let slot: LatestSlot
        /// Whether a property was read since the last delivery, so an observer may be
        /// waiting. An observer is told of one change, and reads again to be told of the next
        /// (that is how `withObservationTracking` and SwiftUI track), so a delivery with no
        /// read since the last one has nobody to tell. In an ``InPlace`` cell: no access to it
        /// spans a call into app code, so it needs no run-time exclusivity check.
        private let mayBeObserved = InPlace(false)

        init(listing listed: any Event.Type, storing: LatestSlot.Storing) {
            slot = LatestSlot(
                type: ObjectIdentifier(listed), isValueType: !(listed is AnyObject.Type),
                storing: storing)
        }

        /// The last event stored; `nil` before the first.
        var latest: (any Event)? { slot.value }
        /// How many events were stored.
        var count: Int { slot.stamp }

        /// Registers a read with the registrar, for a tracking observer.
        func willRead() {
            mayBeObserved.value = true
            registrar.access(self, keyPath: \.count)
        }

        /// Stores a delivered event, telling the registrar when an observer may be waiting
        /// (its `willSet` observers run before the change, its `didSet` ones after).
        func receive(_ event: any Event) {
            guard mayBeObserved.value else { return store(event) }
            mayBeObserved.value = false
            registrar.withMutation(of: self, keyPath: \.count) { store(event) }
        }

        /// Stores `event`; what it replaces is released after the store, as app code may
        /// run in its deinit (and read this object).
        @inline(__always)
        private func store(_ event: any Event) {
            let stamp = slot.stamp &+ 1
            switch slot.storing {
            case .bytes: slot.storeBytes(event, stamp: stamp)
            case .object: release(afterAccess: slot.storeObject(event, stamp: stamp))
            case .value: release(afterAccess: slot.store(event, stamp: stamp))
            }
        }
    }
#endif
