import Testing

@testable import EventBusKit

/// Fails a test on any problem a bus reports while it has no `onProblem` handler (CONTRACT
/// §11: no false alarms). Every suite of this target has it. A test that causes problems on
/// purpose either sets `onProblem` and asserts what it received, or carries
/// `.allowsProblems` (below): those tests are the allow-list.
struct NoUnexpectedProblems: TestTrait, SuiteTrait, TestScoping {
    var isRecursive: Bool { true }

    func provideScope(
        for test: Test, testCase: Test.Case?,
        performing function: @concurrent @Sendable () async throws -> Void
    ) async throws {
        try await EventBus.$problemsWithNoHandler.withValue({ problem in
            Issue.record("a bus reported a problem nobody expected: \(problem)")
        }) {
            try await function()
        }
    }
}

extension Trait where Self == NoUnexpectedProblems {
    /// Fails the test on a problem a bus reports with no `onProblem` handler.
    static var noUnexpectedProblems: Self { Self() }
}

/// Lets a test cause problems with no `onProblem` handler: a test of a bound, a refusal, a
/// discard or an edge of the matching table does so on purpose, and the misuse tests assert
/// what is reported with a handler of their own. The allow-list is the tests that carry it.
struct AllowsProblems: TestTrait, TestScoping {
    func provideScope(
        for test: Test, testCase: Test.Case?,
        performing function: @concurrent @Sendable () async throws -> Void
    ) async throws {
        try await EventBus.$problemsWithNoHandler.withValue({ _ in }) {
            try await function()
        }
    }
}

extension Trait where Self == AllowsProblems {
    /// Lets the test cause problems with no `onProblem` handler.
    static var allowsProblems: Self { Self() }
}
