#if canImport(Observation)
    import EventBusKit
    import Observation
    import Testing

    /// Reads what `read` reads under `withObservationTracking`, as a view's body does, and
    /// adds one to `told` when a change of it is announced.
    @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
    func track(_ read: () -> Void, told: RefusalCounter) {
        withObservationTracking(read) { told.add(1) }
    }

    /// Contract §13.1: `observe(_:)` hands a view an observable object that holds the latest
    /// event of a type and how many arrived.
    @Suite(.noUnexpectedProblems) struct ObservedEventTests {
        @Test func aDeliverySetsLatestAndCountAndTellsAnObserverOnce() throws {
            guard #available(macOS 14, iOS 17, tvOS 17, watchOS 10, *) else { return }
            let bus = EventBus()
            let observed = bus.observe(Num.self)
            #expect(observed.latest == nil)
            #expect(observed.count == 0)
            let told = RefusalCounter()
            for value in 1...3 {
                // An observer is told of one change, then reads again, as a view does.
                track({ _ = observed.latest }, told: told)
                bus.dispatch(Num(value))
                #expect(told.total == value)
                #expect(observed.latest?.value == value)
                #expect(observed.count == value)
            }
        }

        @Test func anObserverOfCountIsToldOfEachDeliveryToo() {
            guard #available(macOS 14, iOS 17, tvOS 17, watchOS 10, *) else { return }
            let bus = EventBus()
            let observed = bus.observe(Num.self)
            let told = RefusalCounter()
            track({ _ = observed.count }, told: told)
            bus.dispatch(Num(1))
            bus.dispatch(Num(2))  // nobody read since the first: nobody to tell
            #expect(told.total == 1)
            #expect(observed.count == 2)
            track({ _ = observed.count }, told: told)
            bus.dispatch(Num(3))
            #expect(told.total == 2)
        }

        @Test func theObserverIsToldDuringTheDeliveryToTheObject() {
            guard #available(macOS 14, iOS 17, tvOS 17, watchOS 10, *) else { return }
            let bus = EventBus()
            let observed = bus.observe(Num.self)
            let told = RefusalCounter()
            track({ _ = observed.latest }, told: told)
            // Subscribed after the object: called after it in the same pass.
            var toldBeforeTheNextRecipient: Int?
            let next = bus.subscribe(to: Num.self) { _ in
                toldBeforeTheNextRecipient = told.total
            }
            bus.dispatch(Num(7))
            #expect(toldBeforeTheNextRecipient == 1)
            withExtendedLifetime(next) {}
        }

        @Test func aStickyEventsLatestValueIsReplayedWhenTheObjectIsMade() {
            guard #available(macOS 14, iOS 17, tvOS 17, watchOS 10, *) else { return }
            let bus = EventBus()
            bus.dispatch(Mood("calm"))
            let observed = bus.observe(Mood.self)
            #expect(observed.latest?.value == "calm")
            #expect(observed.count == 1)
            bus.dispatch(Mood("bright"))
            #expect(observed.latest?.value == "bright")
            #expect(observed.count == 2)
        }

        @Test func madeDuringAPassItsLatestIsNilUntilTheReplayAfterThePass() {
            guard #available(macOS 14, iOS 17, tvOS 17, watchOS 10, *) else { return }
            let bus = EventBus()
            bus.dispatch(Mood("calm"))
            var observed: ObservedEvent<Mood>?
            var latestDuringThePass: String? = "unset"
            let maker = bus.subscribe(to: Num.self) { _ in
                observed = bus.observe(Mood.self)
                latestDuringThePass = observed?.latest?.value
            }
            bus.dispatch(Num(1))
            #expect(latestDuringThePass == nil)
            #expect(observed?.latest?.value == "calm")
            #expect(observed?.count == 1)
            withExtendedLifetime(maker) {}
        }

        @Test func aClassEventKeepsItsSubclassAndReleasesTheInstanceItReplaces() {
            guard #available(macOS 14, iOS 17, tvOS 17, watchOS 10, *) else { return }
            let bus = EventBus()
            let observed = bus.observe(PageViewEvent.self)
            weak var first: PageViewEvent?
            do {
                let page = PageViewEvent(page: "home")
                first = page
                bus.dispatch(page)
            }
            #expect(first != nil)  // the object holds it
            bus.dispatch(UserRewardPageViewEvent(page: "prize"))
            #expect(first == nil)  // replaced, and released
            #expect(observed.latest?.description == "rewardPage(prize)")
            #expect(observed.latest is UserRewardPageViewEvent)
            #expect(observed.count == 2)
        }

        @Test func aStructHoldingAStringIsCopiedInAndOutIntact() {
            guard #available(macOS 14, iOS 17, tvOS 17, watchOS 10, *) else { return }
            let bus = EventBus()
            let observed = bus.observe(Mood.self)
            for word in ["calm", "bright", String(repeating: "long ", count: 20)] {
                bus.dispatch(Mood(word))
            }
            #expect(observed.latest?.value == String(repeating: "long ", count: 20))
            #expect(observed.count == 3)
        }

        @Test func releasingTheObjectEndsItsSubscription() {
            guard #available(macOS 14, iOS 17, tvOS 17, watchOS 10, *) else { return }
            let bus = EventBus()
            var observed: ObservedEvent<Num>? = bus.observe(Num.self)
            #expect(bus.hasRecipients(for: Num.self))
            #expect(bus.recipientCount == 1)
            bus.dispatch(Num(1))
            #expect(observed?.count == 1)
            observed = nil
            #expect(!bus.hasRecipients(for: Num.self))
            #expect(bus.dispatch(Num(2)) == .drained(events: 1))
            #expect(bus.recipientCount == 0)
        }

        /// `observe(AllEvent.self)` follows every event the app dispatches, each kept as it
        /// came: a class instance the app keeps stays the app's (it is retained once, and
        /// released once when a later event replaces it).
        @Test func observingAllEventKeepsEachEventAsItCame() {
            guard #available(macOS 14, iOS 17, tvOS 17, watchOS 10, *) else { return }
            let bus = EventBus()
            let observed = bus.observe(AllEvent.self)
            let kept = PageViewEvent(page: "kept")
            weak var replaced: PageViewEvent?
            do {
                let page = PageViewEvent(page: "home")
                replaced = page
                bus.dispatch(page)
            }
            #expect(replaced != nil)  // the object holds it
            bus.dispatch(kept)
            #expect(replaced == nil)  // replaced, and released
            #expect(observed.count == 2)
            #expect(observed.latest.map { $0 as AnyObject } === kept)
            bus.dispatch(Mood("calm"))  // a struct after a class, in the same slot
            #expect(observed.count == 3)
            #expect((observed.latest as? Mood)?.value == "calm")
            #expect(kept.page == "kept")  // still the app's, intact
        }

        /// `observe(Conforming<any P>.self)` follows every event that is a `P`, as a `P`.
        @Test func observingACategoryKeepsItsEventsAsTheProtocol() {
            guard #available(macOS 14, iOS 17, tvOS 17, watchOS 10, *) else { return }
            let bus = EventBus()
            let observed = bus.observe(Conforming<any Analytics>.self)
            let tracked = TrackedPageViewEvent(page: "prize")
            bus.dispatch(tracked)
            bus.dispatch(Num(1))  // not in the category
            #expect(observed.count == 1)
            #expect(observed.latest.map { $0 as AnyObject } === tracked)
            bus.dispatch(Tap())
            #expect(observed.count == 2)
            #expect(String(describing: observed.latest.map { $0 as Any }) == "Optional(tap)")
        }

        @Test func theSubscriptionIsNamedWhereObserveWasCalled() {
            guard #available(macOS 14, iOS 17, tvOS 17, watchOS 10, *) else { return }
            let bus = EventBus()
            let observed = bus.observe(Num.self)
            let line = #line - 1
            #expect(
                bus.explain(Num(1)).recipients == [
                    "Subscription(to: Num, at: EventBusKitTests/ObservedEventTests.swift:\(line))"
                ])
            withExtendedLifetime(observed) {}
        }
    }
#endif
