@testable import EventBusKit

/// A bus that knows no actor — its poster was made outside any, as in a synchronous `init` —
/// its poster, and the problems it reports.
func busThatKnowsNoActor(maximumWaitingPosts: Int = 10_000) -> (
    EventBus, EventPoster, ProblemRecorder
) {
    let bus = EventBus(maximumWaitingPosts: maximumWaitingPosts)
    let recorder = ProblemRecorder()
    bus.onProblem = { recorder.problems.append($0) }
    return (bus, bus.poster(isolation: nil), recorder)
}
