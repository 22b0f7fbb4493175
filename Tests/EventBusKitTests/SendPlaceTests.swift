import Testing

@testable import EventBusKit

/// The origin the tests' posts carry.
private let site = EventTrace.Origin(fileID: "Tests/SendPlaceTests.swift", line: 1)

/// The values of the events an inbox holds, in order, taken.
private func takeValues(_ inbox: Inbox) -> [Int] {
    inbox.takeAll().items.compactMap { item in
        guard case .event(let event, _) = item else { return nil }
        return (event as? Num)?.value
    }
}

/// An inbox with no bus, as its owner delivers by hand, full: it holds 1 and 2 of at most 2.
private func fullInbox() -> Inbox {
    let inbox = Inbox(capacity: 2)
    inbox.ownerDeliversByHand()
    _ = inbox.post(Num(1), from: site)
    _ = inbox.post(Num(2), from: site)
    return inbox
}

/// The bus delivered what the inbox held: room for two.
private func deliverBoth(_ inbox: Inbox) {
    #expect(takeValues(inbox) == [1, 2])
    inbox.undelivered.add(-2)
}

/// What another task answered, for the test to read.
private actor Answers {
    var posted: PostReport?
    var sent: Result<PostReport, any Error>?

    func post(_ report: PostReport) { posted = report }
    func send(_ result: Result<PostReport, any Error>) { sent = result }
}

/// Contract §17.6: sends keep their place. A `send` that found no room is admitted before any
/// post or send that began after it found no room; a `send` whose task is cancelled before it
/// is admitted throws and posts nothing, whatever other sends do meanwhile. Each test holds a
/// send between finding no room and waiting (`SendHook`), where it once had no place.
@Suite(.noUnexpectedProblems) struct SendPlaceTests {
    @Test(.hangLimit)
    func aPostThatBeginsAfterASendFoundNoRoomDoesNotGoBeforeIt() async throws {
        let inbox = fullInbox()
        let answers = Answers()
        let held = SendHook {
            deliverBoth(inbox)
            await answers.post(inbox.post(Num(4), from: site))
        }
        let report = try await SendHook.$foundNoRoom.withValue(held) {
            try await inbox.send(Num(3), from: site)
        }
        #expect(report == .awaitingDeliverPosted)
        #expect(await answers.posted == .rejectedFull)  // a send waited before it
        #expect(takeValues(inbox) == [3])
    }

    @Test(.hangLimit)
    func aSendThatBeginsAfterASendFoundNoRoomGoesAfterIt() async throws {
        let inbox = fullInbox()
        let answers = Answers()
        let held = SendHook {
            Task.detached {
                await answers.send(await Result { try await inbox.send(Num(4), from: site) })
            }
            // The later send waits, or (out of place) is admitted.
            while inbox.waitingSends == 0, await answers.sent == nil { await Task.yield() }
            deliverBoth(inbox)
        }
        let report = try await SendHook.$foundNoRoom.withValue(held) {
            try await inbox.send(Num(3), from: site)
        }
        #expect(report == .awaitingDeliverPosted)
        while await answers.sent == nil { await Task.yield() }
        #expect(try await answers.sent?.get() == .awaitingDeliverPosted)
        #expect(takeValues(inbox) == [3, 4])
    }

    @Test(.hangLimit)
    func aSendCancelledBeforeItIsAdmittedPostsNothingWhateverALaterSendDoes() async throws {
        let inbox = fullInbox()
        let answers = Answers()
        let held = SendHook {
            withUnsafeCurrentTask { $0?.cancel() }  // cancelled before it waits
            Task.detached {
                await answers.send(await Result { try await inbox.send(Num(4), from: site) })
            }
            while inbox.waitingSends == 0 { await Task.yield() }  // the later send waits
            deliverBoth(inbox)
            inbox.admitWaitingSends()
        }
        await #expect(throws: CancellationError.self) {
            try await SendHook.$foundNoRoom.withValue(held) {
                try await inbox.send(Num(3), from: site)
            }
        }
        while await answers.sent == nil { await Task.yield() }
        #expect(try await answers.sent?.get() == .awaitingDeliverPosted)
        #expect(takeValues(inbox) == [4])
    }
}

extension Result where Failure == any Error {
    /// The result of `body`: what it returns, or what it throws.
    init(catching body: () async throws -> Success) async {
        do { self = .success(try await body()) } catch { self = .failure(error) }
    }
}
