import EventBusKit
import Foundation
import Testing

/// An app written for SwiftEventBus compiles against EventBusKit and behaves as the article
/// "Migrating from SwiftEventBus" says.
@Suite struct SwiftEventBusAppTests {
    // MARK: What carries over

    @Test func nsObjectEventsReachNSObjectConsumersThatListThem() {
        let eventBus = EventBus()
        let consumer = StubEventConsumer(name: "Stub")
        let stubEvent = StubEvent()
        eventBus.register(consumer)

        eventBus.dispatch(stubEvent)
        eventBus.dispatch(AlternativeStubEvent())

        #expect(check(stubEvent, consumedBy: consumer))
        #expect(consumer.trace.entries == ["Stub(StubEvent)"])
    }

    @Test func anEventReachesTheConsumersOfItsSuperclass() {
        let eventBus = EventBus()
        let trace = Trace()
        let analytics = AnalyticsMediator(name: "Analytics", trace: trace)
        let reward = RewardWatcher(name: "Reward", trace: trace)
        eventBus.register(analytics)
        eventBus.register(reward)

        eventBus.dispatch(PageViewEvent(name: "one"))
        eventBus.dispatch(UserRewardPageViewEvent(name: "three"))

        #expect(
            trace.entries == [
                "Analytics(PageViewEvent one)",
                "Analytics(UserRewardPageViewEvent three)",
                "Reward(UserRewardPageViewEvent three)",
            ])
        #expect(check(UserRewardPageViewEvent(name: "three"), consumedBy: reward))
        #expect(!check(PageViewEvent(name: "three"), consumedBy: reward))
    }

    @Test func anExcludedSubclassIsNotDeliveredWhileItsSuperclassIs() {
        let eventBus = EventBus()
        let counter = PlainPageViewCounter(name: "Counter")
        eventBus.register(counter)

        eventBus.dispatch(PageViewEvent(name: "one"))
        eventBus.dispatch(UserRewardPageViewEvent(name: "three"))

        #expect(counter.trace.entries == ["Counter(PageViewEvent one)"])
    }

    @Test func noEventInWillConsumeMutesAndAllEventInExcludeListExcludesEverything() {
        final class Muted: StubEventConsumer {
            override var willConsume: [Event.Type] { return [AllEvent.self, NoEvent.self] }
        }
        final class Refusing: StubEventConsumer {
            override var excludeList: [Event.Type] { return [AllEvent.self] }
        }
        let eventBus = EventBus()
        var problems: [String] = []
        eventBus.onProblem = { problems.append($0.message) }
        let trace = Trace()
        eventBus.register(Muted(name: "Muted", trace: trace))
        eventBus.register(Refusing(name: "Refusing", trace: trace))

        eventBus.dispatch(StubEvent())

        #expect(trace.entries == [])
        // Muting is deliberate; excluding everything is reported.
        #expect(
            problems == [
                "Refusing receives no event: its excludeList covers its willConsume; list its "
                    + "events in willConsume"
            ])
    }

    // MARK: DidConsumeEvent

    @Test func didConsumeEventIsDeliveredInOrderBeforeDispatchReturns() {
        let eventBus = EventBus()
        let trace = Trace()
        eventBus.register(StubEventConsumer(name: "A", trace: trace))
        eventBus.register(StubEventConsumer(name: "B", trace: trace))
        eventBus.register(Logger(trace: trace))

        let first = eventBus.dispatch(StubEvent())
        let second = eventBus.dispatch(AnotherStubEvent())

        #expect(first == .drained(events: 3))
        #expect(second == .drained(events: 3))
        #expect(
            trace.entries == [
                "A(StubEvent)", "B(StubEvent)",
                "Logger(A consumed StubEvent)", "Logger(B consumed StubEvent)",
                "A(AnotherStubEvent)", "B(AnotherStubEvent)",
                "Logger(A consumed AnotherStubEvent)", "Logger(B consumed AnotherStubEvent)",
            ])
    }

    @Test func didConsumeEventCarriesTheVeryConsumerAndEvent() {
        let eventBus = EventBus()
        let consumer = StubEventConsumer(name: "A")
        let logger = Logger(trace: Trace())
        let stubEvent = StubEvent()
        eventBus.register(consumer)
        eventBus.register(logger)

        eventBus.dispatch(stubEvent)

        #expect(logger.announcements.count == 1)
        let announcement = logger.announcements.first
        #expect(announcement?.consumer === consumer)
        #expect((announcement?.event as? NSObject)?.isEqual(stubEvent) == true)
    }

    @available(*, deprecated, message: "uses SwiftEventBus's names on purpose")
    @Test func swiftEventBusNamesAreTheNewNames() {
        let consumer = StubEventConsumer(name: "A")
        let stubEvent = StubEvent()

        let announcement = DidConsumeEvent(sourceConsumer: consumer, sourceEvent: stubEvent)

        #expect(announcement.consumer === consumer)
        #expect(announcement.sourceConsumer === consumer)
        #expect((announcement.event as? NSObject) === stubEvent)
        #expect((announcement.sourceEvent as? NSObject) === stubEvent)
    }

    // MARK: What changes

    @Test func aDispatchFromAConsumerIsQueuedBreadthFirst() {
        let eventBus = EventBus()
        let trace = Trace()
        let a = StubEventConsumer(name: "A", trace: trace)
        let b = StubEventConsumer(name: "B", trace: trace)
        var nested: DispatchReport?
        a.onConsume = { event in
            if event is StubEvent { nested = eventBus.dispatch(AnotherStubEvent()) }
        }
        eventBus.register(a)
        eventBus.register(b)

        let report = eventBus.dispatch(StubEvent())

        #expect(nested == .queued)
        #expect(report == .drained(events: 2))
        #expect(
            trace.entries == [
                "A(StubEvent)", "B(StubEvent)", "A(AnotherStubEvent)", "B(AnotherStubEvent)",
            ])
    }

    @Test func listsAreReadOnceAtRegistration() {
        let eventBus = EventBus()
        let consumer = SwitchingConsumer(name: "C")
        eventBus.register(consumer)
        consumer.accepting = [AnotherStubEvent.self]

        eventBus.dispatch(AnotherStubEvent())
        eventBus.dispatch(StubEvent())
        eventBus.deregister(consumer)
        eventBus.register(consumer)
        eventBus.dispatch(AnotherStubEvent())
        eventBus.dispatch(StubEvent())

        #expect(consumer.trace.entries == ["C(StubEvent)", "C(AnotherStubEvent)"])
    }

    @Test func noEventInExcludeListExcludesNothingAndAddsNothing() {
        let eventBus = EventBus()
        var problems: [String] = []
        eventBus.onProblem = { problems.append($0.message) }
        let consumer = ExcludeNoneStubEventConsumer(name: "C")
        eventBus.register(consumer)
        #if DEBUG
            #expect(
                problems == [
                    // The consumer's type is cut to keep the printed line within 120 characters.
                    "ExcludeNoneS…sumer.excludeList's NoEvent excludes nothing; to get every "
                        + "event, list AllEvent in willConsume"
                ])
        #else
            #expect(problems.isEmpty)  // release builds compile the migration hints out
        #endif

        eventBus.dispatch(AlternativeStubEvent())
        eventBus.dispatch(StubEvent())
        eventBus.dispatch(AnotherStubEvent())

        #expect(consumer.trace.entries == ["C(AnotherStubEvent)"])
    }

    @Test func allEventInWillConsumeReceivesEveryEventButNotTheAnnouncements() {
        let eventBus = EventBus()
        let trace = Trace()
        let everything = AllEventConsumer(name: "All", trace: trace)
        eventBus.register(everything)
        eventBus.register(Logger(trace: trace))

        eventBus.dispatch(AlternativeStubEvent())
        eventBus.dispatch(UserRewardPageViewEvent(name: "three"))

        #expect(
            trace.entries == [
                "All(AlternativeStubEvent)", "Logger(All consumed AlternativeStubEvent)",
                "All(UserRewardPageViewEvent three)",
                "Logger(All consumed UserRewardPageViewEvent three)",
            ])
        #expect(everything.consumed.count == 2)
    }

    @Test func namingDidConsumeEventBesideAllEventReceivesTheAnnouncementsToo() {
        final class Everything: TestableEventConsumer {
            override var willConsume: [Event.Type] { return [AllEvent.self, DidConsumeEvent.self] }
        }
        let eventBus = EventBus()
        let trace = Trace()
        eventBus.register(StubEventConsumer(name: "A", trace: trace))
        eventBus.register(Everything(name: "All", trace: trace))

        eventBus.dispatch(StubEvent())

        #expect(
            trace.entries == [
                "A(StubEvent)", "All(StubEvent)", "All(DidConsumeEvent)", "All(DidConsumeEvent)",
            ])
    }

    @Test func allEventInExcludeListBeatsAllEventInWillConsume() {
        final class Both: TestableEventConsumer {
            override var willConsume: [Event.Type] { return [AllEvent.self] }
            override var excludeList: [Event.Type] { return [AllEvent.self] }
        }
        let eventBus = EventBus()
        var problems: [String] = []
        eventBus.onProblem = { problems.append($0.message) }
        let both = Both(name: "Both")
        eventBus.register(both)

        eventBus.dispatch(StubEvent())

        #expect(both.trace.entries == [])
        #expect(
            problems == [
                "Both receives no event: its excludeList covers its willConsume; list its events "
                    + "in willConsume"
            ])
    }

    @Test func consumersEqualByIsEqualAreStillTwoConsumers() {
        let eventBus = EventBus()
        let trace = Trace()
        let first = NamedConsumer(name: "A", trace: trace)
        let second = NamedConsumer(name: "A", trace: trace)
        #expect(first.isEqual(second))

        eventBus.register(first)
        eventBus.register(second)
        eventBus.register(first)
        eventBus.dispatch(StubEvent())
        let removedSecond = eventBus.deregister(second)
        eventBus.dispatch(StubEvent())

        #expect(removedSecond)
        #expect(eventBus.recipientCount == 1)
        #expect(trace.entries == ["A(StubEvent)", "A(StubEvent)", "A(StubEvent)"])
        #expect(first.consumed.count == 2)
        #expect(second.consumed.count == 1)
    }
}
