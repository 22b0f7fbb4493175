import Testing

@testable import EventBusKit

/// The mode a bus delivers posted events in, named as a test reads it.
private func modeName(_ bus: EventBus) -> String {
    switch bus.inbox?.deliveryMode {
    case nil: "no inbox"
    case .undecided: "undecided"
    case .byHand: "by hand"
    case .actor(let actor?): "on \(type(of: actor))"
    case .actor(nil): "on an actor that is gone"
    }
}

/// Contract §19.4: where posts are delivered is decided in sight. A poster states its actor
/// (`poster(deliveringOn:)`) or that its bus is delivered by hand (`posterDeliveredByHand()`);
/// a bus's delivery isolation changes at most once, from none to an actor; a bus delivered by
/// hand never learns one and never reports `.postsAwaitDelivery`.
@MainActor @Suite(.noUnexpectedProblems) struct DeliveryModeTests {
    @Test func aPosterThatStatesItsActorDeliversThereOnItsOwn() async {
        let bus = EventBus()
        let poster = bus.poster(deliveringOn: MainActor.shared)
        var received: [Int] = []
        let token = bus.subscribe(to: Num.self) { number in
            MainActor.assertIsolated()
            received.append(number.value)
        }
        let reports = await Task.detached { (1...2).map { poster.post(Num($0)) } }.value
        #expect(reports == [.accepted, .accepted])
        #expect(await poster.waitUntilDelivered())
        #expect(received == [1, 2])
        #expect(modeName(bus) == "on MainActor")
        withExtendedLifetime(token) {}
    }

    @Test func aPlainPosterAfterAStatedActorOnTheSameActorSharesItsInboxAndMode() async {
        let bus = EventBus()
        let stated = bus.poster(deliveringOn: MainActor.shared)
        let plain = bus.poster()
        let again = bus.poster(deliveringOn: MainActor.shared)
        #expect(stated.inbox === plain.inbox && plain.inbox === again.inbox)
        #expect(plain.post(Num(1)) == .accepted)
        #expect(modeName(bus) == "on MainActor")
        #expect(await again.waitUntilDelivered())
    }

    @Test func aBusThatLearnedAnActorKeepsItWhenAPosterIsMadeOutsideAnyActor() async {
        let bus = EventBus()
        _ = bus.events(of: Other.self)  // on the main actor: the bus learns it
        let outside = bus.poster(isolation: nil)
        #expect(outside.post(Num(1)) == .accepted)
        #expect(modeName(bus) == "on MainActor")
        #expect(await outside.waitUntilDelivered())
    }

    @Test func aBusDeliveredByHandKeepsPostsForItsOwnerAndReportsNothing() {
        let (bus, problems) = (EventBus(), ProblemRecorder())
        bus.onProblem = { problems.problems.append($0) }
        let seen = RecordingConsumer(willConsume: [Num.self])
        bus.register(seen)
        let poster = bus.posterDeliveredByHand()
        #expect(bus.posterDeliveredByHand().inbox === poster.inbox)  // asked again: the same
        #expect(poster.post(Num(1)) == .awaitingDeliverPosted)
        #expect(seen.received(Num.self).isEmpty)
        #expect(bus.deliverPosted() == [.drained(events: 1)])
        #expect(seen.received(Num.self).map(\.value) == [1])
        #expect(problems.problems.map(\.kind) == [])
        #expect(modeName(bus) == "by hand")
    }

    @Test func aBusDeliveredByHandLearnsNoActorFromALaterPosterStreamOrNextOnAnActor() async throws
    {
        let (bus, problems) = (EventBus(), ProblemRecorder())
        bus.onProblem = { problems.problems.append($0) }
        let poster = bus.posterDeliveredByHand()
        let plain = bus.poster()  // on the main actor
        let stream = bus.events(of: Num.self)
        let waiting = Task { try await bus.next(Num.self) }
        while bus.recipientCount < 2 { await Task.yield() }  // the stream and the `next`
        #expect(plain.inbox === poster.inbox)
        #expect(plain.post(Num(7)) == .awaitingDeliverPosted)
        #expect(modeName(bus) == "by hand")
        // The `next` receives the posted event once the owner delivers it.
        #expect(bus.deliverPosted() == [.drained(events: 1)])
        #expect(try await waiting.value.value == 7)
        var iterator = stream.makeAsyncIterator()
        #expect(await iterator.next()?.value == 7)
        #expect(problems.problems.map(\.kind) == [])
        #expect(modeName(bus) == "by hand")
    }

    @Test func aPosterDeliveredByHandFirstDeliversWhatAnEarlierPlainPosterLeftWaiting() {
        let (bus, poster, problems) = busThatKnowsNoActor()
        let seen = RecordingConsumer(willConsume: [Num.self])
        bus.register(seen)
        bus.deliverPosted()  // this owner delivers by hand: the wait below is not reported
        poster.post(Num(1))
        _ = bus.posterDeliveredByHand()  // an owner call: it delivers what waits
        #expect(seen.received(Num.self).map(\.value) == [1])
        #expect(problems.problems.map(\.kind) == [])
        #expect(modeName(bus) == "by hand")
    }

    @Test func anOwnerAwaitingItsByHandBusDrainReturnsAtTheNextOwnerCallThatDelivers() async {
        let (bus, problems) = (EventBus(), ProblemRecorder())
        bus.onProblem = { problems.problems.append($0) }
        let poster = bus.posterDeliveredByHand()
        poster.post(Num(1))
        // The owner awaits its own bus: nothing delivers until an owner call does — here
        // another task on the main actor, once the wait's barrier is queued.
        let delivering = Task {
            while poster.inbox.waitingBarriers == 0 { await Task.yield() }
            return bus.deliverPosted()
        }
        #expect(await poster.waitUntilDelivered())
        #expect(await delivering.value == [.drained(events: 1)])
        #expect(problems.problems.map(\.kind) == [])
    }

    @Test func aPlainPosterMadeOutsideAnyActorLeavesTheBusUndecidedUntilAnActorIsLearned() {
        let (bus, poster, _) = busThatKnowsNoActor()
        bus.deliverPosted()  // by hand, for now: nothing reported
        #expect(modeName(bus) == "undecided")
        _ = bus.poster(deliveringOn: MainActor.shared)
        #expect(modeName(bus) == "on MainActor")
        #expect(poster.post(Num(1)) == .accepted)
    }
}

/// The line a stop printed: the part of standard error from `EventBusKit: ` to the line's end.
private func stopLine(_ result: ExitTest.Result) -> String? {
    let printed = String(decoding: result.standardErrorContent, as: UTF8.self)
    let line = printed.split(separator: "\n").first { $0.contains("EventBusKit: ") }
    guard let line, let start = line.firstRange(of: "EventBusKit: ")?.lowerBound else {
        return nil
    }
    return String(line[start...])
}

/// The line the exit test passes as its call site.
private let handDeliveryLine = 4_242

/// Contract §19.4: a call that states a mode the bus does not have stops, naming both.
@Suite struct DeliveryModeConflictTests {
    private let site = EventTrace.Origin(fileID: "App/Model.swift", line: 12)

    @Test func statingAnActorOnABusDeliveredByHandNamesBoth() {
        #expect(
            EventBus.deliveryModeConflict(stated: MainActor.shared, known: .byHand, at: site)
                == "poster(deliveringOn: MainActor) at App/Model.swift:12: bus is delivered by "
                + "hand; keep one mode")
    }

    @Test func statingAnotherActorNamesBoth() {
        let message = EventBus.deliveryModeConflict(
            stated: MainActor.shared, known: .actor(Home()), at: site)
        #expect(
            message
                == "poster(deliveringOn: MainActor) at App/Model.swift:12: bus is on Home; "
                + "make the poster there")
    }

    @Test func handDeliveryOnABusThatKnowsAnActorNamesBoth() {
        #expect(
            EventBus.deliveryModeConflict(stated: nil, known: .actor(MainActor.shared), at: site)
                == "posterDeliveredByHand() at App/Model.swift:12: bus is on MainActor; "
                + "use poster(deliveringOn:)")
    }

    @Test func aLongCallSiteIsCutSoTheLineFitsAndKeepsItsFix() {
        let far = EventTrace.Origin(
            fileID: "AVeryLongModuleName/Features/Checkout/CheckoutScreenModel.swift", line: 1234)
        let message = EventBus.deliveryModeConflict(
            stated: nil, known: .actor(MainActor.shared), at: far)
        #expect(
            "EventBusKit: " + message
                == "EventBusKit: posterDeliveredByHand() at …CheckoutScreenModel.swift:1234: bus is on "
                + "MainActor; use poster(deliveringOn:)")
    }

    @Test func handDeliveryAfterAStatedActorStopsTheProgram() async throws {
        let result = try await #require(
            processExitsWith: .failure, observing: [\.standardErrorContent]
        ) {
            await MainActor.run {
                let bus = EventBus()
                _ = bus.poster(deliveringOn: MainActor.shared)
                _ = bus.posterDeliveredByHand(line: handDeliveryLine)
            }
        }
        #expect(
            stopLine(result)
                == "EventBusKit: posterDeliveredByHand() at …DeliveryModeTests.swift:"
                + "\(handDeliveryLine): bus is on MainActor; use poster(deliveringOn:)")
    }

    @Test func aStreamOnAnActorThenHandDeliveryStopsTheProgram() async throws {
        let result = try await #require(
            processExitsWith: .failure, observing: [\.standardErrorContent]
        ) {
            await MainActor.run {
                let bus = EventBus()
                _ = bus.events(of: Num.self)
                _ = bus.posterDeliveredByHand()
            }
        }
        #expect(
            stopLine(result)?.hasSuffix(": bus is on MainActor; use poster(deliveringOn:)")
                == true)
    }

    @Test func aStatedActorAfterHandDeliveryStopsTheProgram() async throws {
        let result = try await #require(
            processExitsWith: .failure, observing: [\.standardErrorContent]
        ) {
            await MainActor.run {
                let bus = EventBus()
                _ = bus.posterDeliveredByHand()
                _ = bus.poster(deliveringOn: MainActor.shared)
            }
        }
        #expect(
            stopLine(result)?.hasPrefix("EventBusKit: poster(deliveringOn: MainActor) at ") == true)
        #expect(stopLine(result)?.hasSuffix(": bus is delivered by hand; keep one mode") == true)
    }

    @Test func aStatedActorOtherThanTheOneTheBusLearnedStopsTheProgram() async throws {
        let result = try await #require(
            processExitsWith: .failure, observing: [\.standardErrorContent]
        ) {
            let home = Home()
            let smuggled = await home.makeBus()  // it learned `home`
            await MainActor.run {
                _ = smuggled.bus.poster(deliveringOn: MainActor.shared, line: 4_343)
            }
            withExtendedLifetime(home) {}
        }
        #expect(
            stopLine(result)
                == "EventBusKit: poster(deliveringOn: MainActor) at "
                + "…DeliveryModeTests.swift:4343: bus is on Home; make the poster there")
    }
}
