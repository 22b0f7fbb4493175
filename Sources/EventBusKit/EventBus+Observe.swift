#if canImport(Observation)
    extension EventBus {
        /// Returns an observable object that holds the latest `T` and how many arrived, for a
        /// SwiftUI view or `withObservationTracking` to read.
        ///
        /// Call it on the bus's isolation. The object holds a subscription to `T` for as long
        /// as it lives; see ``ObservedEvent``. Unless `options` says otherwise, the
        /// subscription replays (``RecipientOptions/replaysLatest-type.property``): a sticky
        /// event's stored value arrives at once, or after the running pass. `predicate` keeps
        /// out the events it rejects.
        ///
        /// ```swift
        /// let price = bus.observe(PriceChanged.self)
        /// print(price.latest?.cents ?? 0, price.count)   // 0 0: no price yet
        /// ```
        /// - Parameters:
        ///   - type: The event type to follow. For ``AllEvent`` and categories
        ///     (``Conforming``), the form whose object holds the category's
        ///     ``EventCategory/Member`` applies; ``NoEvent`` stops with a message naming the
        ///     call.
        ///   - options: How it listens (see ``RecipientOptions``); it replays unless they say
        ///     otherwise.
        ///   - predicate: Which events the object takes; `nil` takes every one.
        ///   - fileID: Where the subscription is made, for traces and `print(bus)`; leave
        ///     the default.
        ///   - line: The line; leave the default.
        /// - Returns: The object; releasing it ends its subscription.
        @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
        @_disfavoredOverload  // for `AllEvent` and `Conforming<P>`, the category form applies
        public func observe<T: Event>(
            _ type: T.Type,
            options: RecipientOptions = RecipientOptions(),
            where predicate: ((T) -> Bool)? = nil,
            fileID: String = #fileID,
            line: Int = #line
        ) -> ObservedEvent<T> {
            let lists = checkListening(
                T.self, typed: true, options: options, call: "observe(_:)")
            return ObservedEvent(
                bus: self, listing: T.self, lists: lists, where: predicate, options,
                storing: howLatestIsStored(type: T.self), fileID: fileID, line: line)
        }

        /// Returns an observable object that holds the latest event of a category — any event
        /// the app dispatches (``AllEvent``), or any event that is a `P` (``Conforming``) —
        /// and how many arrived.
        ///
        /// Same rules as ``observe(_:options:where:fileID:line:)-(T.Type,_,_,_,_)``; the object
        /// holds each event as it came, as the category's ``EventCategory/Member``
        /// (`any Event`, or `P`), and never the bus's own announcements.
        ///
        /// ```swift
        /// protocol Analytics { var name: String { get } }
        ///
        /// let lastTracked = bus.observe(Conforming<any Analytics>.self)
        /// print(lastTracked.latest?.name ?? "none")
        /// ```
        /// - Parameters:
        ///   - category: ``AllEvent`` or `Conforming<any P>`.
        ///   - options: How it listens (see ``RecipientOptions``); it replays unless they say
        ///     otherwise.
        ///   - predicate: Which events the object takes; `nil` takes every one.
        ///   - fileID: Where the subscription is made; leave the default.
        ///   - line: The line; leave the default.
        /// - Returns: The object; releasing it ends its subscription.
        @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
        public func observe<C: EventCategory>(
            _ category: C.Type,
            options: RecipientOptions = RecipientOptions(),
            where predicate: ((C.Member) -> Bool)? = nil,
            fileID: String = #fileID,
            line: Int = #line
        ) -> ObservedEvent<C.Member> {
            let lists = checkListening(
                C.self, typed: false, options: options, call: "observe(_:)")
            // Events of any type: each copied in as it came.
            return ObservedEvent(
                bus: self, listing: C.self, lists: lists, where: predicate, options,
                storing: .value, fileID: fileID, line: line)
        }
    }
#endif
