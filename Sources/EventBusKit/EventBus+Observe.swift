#if canImport(Observation)
    extension EventBus {
        /// Returns an observable object that holds the latest `T` and how many arrived, for a
        /// SwiftUI view or `withObservationTracking` to read.
        ///
        /// Call it on the bus's isolation. The object holds a subscription to `T`, made with
        /// `replayingLatest: true` (a sticky event's stored value arrives at once, or after
        /// the running pass), for as long as it lives; see ``ObservedEvent``. For ``AllEvent``
        /// and categories (``Conforming``), the forms whose object holds `any Event` or `P`
        /// apply.
        ///
        /// ```swift
        /// let price = bus.observe(PriceChanged.self)
        /// print(price.latest?.cents ?? 0, price.count)   // 0 0: no price yet
        /// ```
        /// - Parameters:
        ///   - type: The event type to follow. ``NoEvent``, or ``AllEvent`` or a category
        ///     reached through generic code (`T` unknown where `observe` is called), stops
        ///     with a message naming `type`.
        ///   - fileID: Where the subscription is made, for traces and `print(bus)`; leave
        ///     the default.
        ///   - line: The line; leave the default.
        /// - Returns: The object; releasing it ends its subscription.
        @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
        @_disfavoredOverload  // for `AllEvent` and `Conforming<P>`, their own forms apply
        public func observe<T: Event>(
            _ type: T.Type, fileID: String = #fileID, line: Int = #line
        ) -> ObservedEvent<T> {
            if let problem = Self.subscriptionProblem(T.self, call: "observe(_:)") {
                preconditionFailure(problem)
            }
            return ObservedEvent(
                bus: self, listing: T.self, storing: howLatestIsStored(type: T.self),
                fileID: fileID, line: line)
        }

        /// Returns an observable object that holds the latest event the app dispatched, of any
        /// type, and how many arrived.
        ///
        /// Same rules as ``observe(_:fileID:line:)-(T.Type,_,_)``; the object follows every
        /// event but the bus's own announcements, and holds each as it came.
        ///
        /// ```swift
        /// let everything = bus.observe(AllEvent.self)
        /// print(everything.count)
        /// ```
        /// - Parameters:
        ///   - type: ``AllEvent``.
        ///   - fileID: Where the subscription is made; leave the default.
        ///   - line: The line; leave the default.
        /// - Returns: The object; releasing it ends its subscription.
        @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
        public func observe(
            _ type: AllEvent.Type, fileID: String = #fileID, line: Int = #line
        ) -> ObservedEvent<any Event> {
            ObservedEvent(bus: self, listing: type, storing: .value, fileID: fileID, line: line)
        }

        /// Returns an observable object that holds the latest event whose type conforms to a
        /// protocol, as a `P`, and how many arrived.
        ///
        /// Same rules as ``observe(_:fileID:line:)-(T.Type,_,_)``; the object follows every
        /// event that `is P`, except the bus's own announcements.
        ///
        /// ```swift
        /// protocol Analytics { var name: String { get } }
        ///
        /// let lastTracked = bus.observe(Conforming<any Analytics>.self)
        /// print(lastTracked.latest?.name ?? "none")
        /// ```
        /// - Parameters:
        ///   - category: The category, `Conforming<any P>.self`.
        ///   - fileID: Where the subscription is made; leave the default.
        ///   - line: The line; leave the default.
        /// - Returns: The object; releasing it ends its subscription.
        @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
        public func observe<P>(
            _ category: Conforming<P>.Type, fileID: String = #fileID, line: Int = #line
        ) -> ObservedEvent<P> {
            ObservedEvent(
                bus: self, listing: category, storing: .value, fileID: fileID, line: line)
        }
    }
#endif
