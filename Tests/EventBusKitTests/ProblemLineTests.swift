import Testing

@testable import EventBusKit

/// Contract §16.4 and §17.7 for problem reports: every kind, provoked with long type names and
/// long call sites, prints one line (`EventBusKit: ` and the message) of at most 120 characters
/// that keeps the call site's `File.swift:line` (its module folder goes first), a recipient's
/// attributes, the count of the others and the whole fix.
@Suite(.noUnexpectedProblems) struct ProblemLineTests {
    typealias Checkout = CheckoutCompletedWithLoyaltyDiscountAppliedAndReceiptEmailedEvent
    typealias Declined = PaymentGatewayRejectedTheCardBecauseTheIssuerDeclinedIt

    /// The ways to provoke each kind of problem.
    enum Provocation: CaseIterable, CustomTestStringConvertible {
        case refusedFull, refusedReentrant, drainLimit, failure, failureNoListenerHandled
        case listenerFailure, drop, dropNoListenerHandled, awaitingNext, postWaiting
        case postsDiscarded, postRejected, listsNothing, namedListsNothing, cancelOutsideCall
        case swiftEventBusHabit

        var testDescription: String { "\(self)" }
    }

    /// `(kind, message)` for each problem `provocation` reports.
    static func problems(of provocation: Provocation) async -> [(EventBus.Problem.Kind, String)] {
        let recorder = ProblemRecorder()
        await provoke(provocation, recorder)
        return recorder.problems.map { ($0.kind, $0.message) }
    }

    /// A bus whose problems go to `recorder`.
    static func bus(_ recorder: ProblemRecorder, _ bus: EventBus = EventBus()) -> EventBus {
        bus.onProblem = { recorder.problems.append($0) }
        return bus
    }

    // Each scenario ends its bus before it returns: what it holds is reported as it goes.
    static func provoke(_ provocation: Provocation, _ recorder: ProblemRecorder) async {
        switch provocation {
        case .refusedFull, .refusedReentrant:
            let bus =
                provocation == .refusedFull
                ? bus(recorder, EventBus(maximumQueuedDispatches: 1))
                : bus(recorder, EventBus(reentrancy: .reject))
            bus.register(
                TraceConsumer("Storm", [Num.self], trace: Trace()) { _ in
                    for _ in 0..<1_000 {
                        bus.dispatch(Checkout(totalCents: 1), fileID: longFileID, line: longLine)
                    }
                })
            bus.dispatch(Num(1))
        case .drainLimit:
            let bus = bus(recorder, EventBus(maximumEventsPerDrain: 10))
            let loop = bus.subscribe(to: Checkout.self) {
                bus.dispatch($0, fileID: longFileID, line: longLine)  // the site: the loop's
            }
            bus.dispatch(Checkout(totalCents: 1))
            withExtendedLifetime(loop) {}
        case .failure, .failureNoListenerHandled:
            let bus = bus(recorder)
            let failing = bus.subscribe(to: Checkout.self, fileID: longFileID, line: longLine) {
                _ in throw Declined(code: 1380)
            }
            let rejecting =
                provocation == .failure
                ? nil : bus.subscribe(to: ConsumerFailedEvent.self, where: { _ in false }) { _ in }
            bus.dispatch(Checkout(totalCents: 13800))
            withExtendedLifetime((failing, rejecting)) {}
        case .listenerFailure:
            let bus = bus(recorder)
            let failing = bus.subscribe(to: Num.self) { _ in throw HandlerError(code: 1) }
            let listener = bus.subscribe(
                to: ConsumerFailedEvent.self, fileID: longFileID, line: longLine
            ) { _ in throw Declined(code: 1380) }
            bus.dispatch(Num(1))
            recorder.problems.removeAll { !$0.message.contains("on ConsumerFailedEvent") }
            withExtendedLifetime((failing, listener)) {}
        case .drop, .dropNoListenerHandled:
            let bus = bus(recorder)
            let stream = bus.events(
                of: Checkout.self, bufferingPolicy: .bufferingNewest(1), fileID: longFileID,
                line: longLine)
            let rejecting =
                provocation == .drop
                ? nil : bus.subscribe(to: DroppedEvent.self, where: { _ in false }) { _ in }
            for cents in 1...3 { bus.dispatch(Checkout(totalCents: cents)) }
            withExtendedLifetime((stream, rejecting)) {}
        case .awaitingNext:
            let bus = bus(recorder)
            func wait() async throws -> Checkout {
                try await bus.next(Checkout.self, timeout: .milliseconds(1), isolation: nil)
            }
            _ = try? await wait()
        case .postWaiting, .postsDiscarded:
            do {  // the bus goes, with what was posted: each post waited for the owner
                let bus = bus(recorder)
                let poster = bus.poster(isolation: nil)
                for cents in 1...3 {
                    poster.post(Checkout(totalCents: cents), fileID: longFileID, line: longLine)
                }
                withExtendedLifetime(bus) {}
            }
            let kept: EventBus.Problem.Kind =
                provocation == .postWaiting ? .postsAwaitDelivery : .postedEventsDiscarded
            recorder.problems.removeAll { $0.kind != kept }
        case .postRejected:
            let bus = bus(recorder, EventBus(maximumWaitingPosts: 1))
            let poster = bus.poster(isolation: nil)
            bus.deliverPosted()  // its owner delivers by hand: no wait to report
            for cents in 1...3 {
                poster.post(Checkout(totalCents: cents), fileID: longFileID, line: longLine)
            }
            bus.deliverPosted()
        case .listsNothing:
            bus(recorder).register(
                LoyaltyProgramCheckoutConfirmationAnalyticsObserverThatListensToNothing())
        case .namedListsNothing:
            bus(recorder).register(
                TraceConsumer("X", [Checkout.self], excluding: [AllEvent.self], trace: Trace()),
                options: .named("the loyalty program's checkout confirmation analytics observer"))
        case .cancelOutsideCall:
            let bus = bus(recorder)
            for _ in 1...10 { bus.cancelDelivery() }
        case .swiftEventBusHabit:
            final class LoyaltyProgramCheckoutObserverWrittenForSwiftEventBus: EventConsumer {
                var willConsume: [any Event.Type] { [Num.self] }
                var excludeList: [any Event.Type] { [NoEvent.self] }
                func consume(_ event: any Event) {}
            }
            bus(recorder).register(LoyaltyProgramCheckoutObserverWrittenForSwiftEventBus())
        }
    }

    /// What each provocation reports, exactly: the names are cut to fit, each keeping its call
    /// site (`CheckoutViewModel.swift:1042`), and the words, the count and the fix stay.
    static func expected(_ provocation: Provocation) -> [(EventBus.Problem.Kind, String)] {
        let site = "CheckoutViewModel.swift:\(longLine)"
        return switch provocation {
        case .refusedFull:
            [
                (
                    .dispatchRejected,
                    "dispatch(Ch…t) at Checkout…del.swift:\(longLine): queue full (and 998 more "
                        + "like it); raise maximumQueuedDispatches"
                )
            ]
        case .refusedReentrant:
            [
                (
                    .dispatchRejected,
                    "dispatch(Chec…t) at …\(site): reentrant (and 999 more like it); use "
                        + "reentrancy: .queue"
                )
            ]
        case .drainLimit:
            [
                (
                    .drainLimitReached,
                    "dispatch at CheckoutFeature/\(site): maximumEventsPerDrain hit; break the loop"
                )
            ]
        case .failure:
            [
                (
                    .unhandledFailure,
                    "Subs…dEvent, at: …\(site)) threw Payment […] on Checko…ent; handle "
                        + "ConsumerFailedEvent"
                )
            ]
        case .failureNoListenerHandled:
            [
                (
                    .unhandledFailure,
                    "S…nt, at: CheckoutVi…Model.swift:1042) threw P […] on Ch…t, unhandled; a "
                        + "listener must accept it and return"
                )
            ]
        case .listenerFailure:
            [
                (
                    .unhandledFailure,
                    "Su…vent, at: …\(site)) threw Paym […] on ConsumerFailedEvent; catch it in the "
                        + "listener"
                )
            ]
        case .drop:
            [
                (
                    .streamDroppedEvents,
                    "e…nt, […], at: \(site)) dropped Ch…t; read faster, buffer more, or handle "
                        + "DroppedEvent"
                )
            ]
        case .dropNoListenerHandled:
            [
                (
                    .streamDroppedEvents,
                    "e…nt, […], at: …\(site)) dropped Ch…t, unhandled; a listener must accept it "
                        + "and return"
                )
            ]
        case .awaitingNext:
            [
                (
                    .postsAwaitDelivery,
                    "next(_:) with no isolation waits; use poster(deliveringOn:), or "
                        + "deliverPosted()"
                )
            ]
        case .postWaiting:
            [
                (
                    .postsAwaitDelivery,
                    "post(_:) at …\(site) waits; use poster(deliveringOn:), or "
                        + "deliverPosted()"
                )
            ]
        case .postsDiscarded:
            [
                (
                    .postedEventsDiscarded,
                    "bus deallocated with posted CheckoutComp…Event undelivered (and 2 more like "
                        + "it); keep it while posters post"
                )
            ]
        case .postRejected:
            [
                (
                    .postRejected,
                    "post(Check…nt) at …\(site): inbox full (and 1 more like it); use send(_:), "
                        + "which waits"
                )
            ]
        case .listsNothing:
            [
                (
                    .consumerListsNothing,
                    "LoyaltyProgramChecko…sToNothing receives no event: its willConsume is empty; "
                        + "list its events in willConsume"
                )
            ]
        case .namedListsNothing:
            [
                (
                    .consumerListsNothing,
                    "the loyalty…erver receives no event: its excludeList covers its willConsume; "
                        + "list its events in willConsume"
                )
            ]
        case .cancelOutsideCall:
            [
                (
                    .cancelOutsideCall,
                    "cancelDelivery() did nothing outside a delivery; call it in consume(_:) or a "
                        + "closure"
                ),
                (
                    .cancelOutsideCall,
                    "cancelDelivery() did nothing outside a delivery (and 8 more like it); call it "
                        + "in consume(_:) or a closure"
                ),
            ]
        case .swiftEventBusHabit:
            MigrationDiagnostics.isEnabled
                ? [
                    (
                        .swiftEventBusHabit,
                        "LoyaltyProgr…ntBus.excludeList's NoEvent excludes nothing; to get every "
                            + "event, list AllEvent in willConsume"
                    )
                ] : []
        }
    }

    @Test(arguments: Provocation.allCases)
    func everyKindOfProblemPrintsOneLineOf120AtMost(_ provocation: Provocation) async {
        let problems = await Self.problems(of: provocation)
        #expect(problems.allSatisfy { (problemPrefix + $0.1).count <= 120 })
        #expect(problems.map(\.0) == Self.expected(provocation).map(\.0))
        #expect(problems.map(\.1) == Self.expected(provocation).map(\.1))
    }

    /// A call site whose file's name has 30 characters: fixes are worded to fit beside it.
    static let thirtyCharacterFile = "CheckoutFeature/CheckoutConfirmationView.swift"

    @Test func aPostThatWaitsIsReportedWithItsWholeFixBesideAThirtyCharacterFileName() throws {
        let recorder = ProblemRecorder()
        do {
            let bus = Self.bus(recorder)
            bus.poster(isolation: nil).post(Num(1), fileID: Self.thirtyCharacterFile, line: 42)
            withExtendedLifetime(bus) {}
        }
        let report = try #require(recorder.problems.first { $0.kind == .postsAwaitDelivery })
        let printed = problemPrefix + report.message
        #expect(printed.count <= 120)
        #expect(printed.hasSuffix("; " + Inbox.waitFix))
        #expect(printed.contains(".swift:42 "))
        // The posting thread's own line, printed when no handler is set, says the same.
        let inbox = Inbox(capacity: 10)
        inbox.setProblemsHaveHandler(true)
        _ = inbox.post(Num(1), from: EventTrace.Origin(fileID: Self.thirtyCharacterFile, line: 42))
        let line = try #require(inbox.takeAll().waited.map(Inbox.waitLine))
        #expect(line == printed)
    }

    @Test func theLineThePostingThreadPrintsForAWaitFitsToo() {
        let inbox = Inbox(capacity: 10)
        inbox.setProblemsHaveHandler(true)  // the bus reports it: nothing printed here
        _ = inbox.post(Num(1), from: EventTrace.Origin(fileID: longFileID, line: longLine))
        let waited = inbox.takeAll().waited
        #expect(
            waited.map(Inbox.waitLine)
                == "EventBusKit: post(_:) at …CheckoutViewModel.swift:\(longLine) waits; use "
                + "poster(deliveringOn:), or deliverPosted()")
    }
}
