#if canImport(Observation)
    extension EventBus {
        /// Returns an observable object that holds the latest `T` and how many arrived, for a
        /// SwiftUI view or `withObservationTracking` to read.
        ///
        /// Call it on the bus's isolation. The object holds a subscription to `T`, made with
        /// `replayingLatest: true` (a sticky event's stored value arrives at once, or after
        /// the running pass), for as long as it lives; see ``ObservedEvent``.
        ///
        /// ```swift
        /// let price = bus.observe(PriceChanged.self)
        /// print(price.latest?.cents ?? 0, price.count)   // 0 0: no price yet
        /// ```
        /// - Parameters:
        ///   - type: The event type to follow.
        ///   - fileID: Where the subscription is made, for traces and `print(bus)`; leave
        ///     the default.
        ///   - line: The line; leave the default.
        /// - Returns: The object; releasing it ends its subscription.
        @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
        public func observe<T: Event>(
            _ type: T.Type, fileID: String = #fileID, line: Int = #line
        ) -> ObservedEvent<T> {
            ObservedEvent(bus: self, fileID: fileID, line: line)
        }
    }
#endif
